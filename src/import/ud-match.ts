/**
 * Choosing the gold candidate of one analyzer word from its treebank annotation
 * (docs/ud-projection.md has the whole procedure with examples):
 *  1. the word's tokens are read (annotate): proclitics, content token, enclitics, lemma;
 *  2. the lemma picks candidates: the levels of ud-lemma.ts, `stem` (a candidate's stem
 *     spelled as the lemma, before `normalized` and `sense`), then `compound` (below);
 *  3. candidates that disagree with the treebank's segmentation (ud-agree.ts), with its
 *     verb/non-verb class (UPOS and XPOS agreeing), or, for a passive verb, with its voice
 *     are out; when none is left the word is unmatched with that reason;
 *  4. when no remaining candidate has a POS the XPOS allows, same-spelled lemmas that have
 *     one are taken instead (level `class`);
 *  5. the best agreement score wins; a tie is won by every tied candidate (each of them gold).
 *
 * `compound`: when no level of ud-lemma.ts finds the content token's lemma, a candidate
 * whose stem covers the content token together with its neighbours is accepted when its
 * lemma (normalized, sense dropped) equals their joined look-up forms: BAMA's `bi>an~a_1`
 * for the treebank's `ب` + `أن`, `bimA_1` for `ب` + `ما`. Spans of 1 (see compoundSpan),
 * 2, then 3 tokens around the content token are tried, left-most first; the span becomes
 * the stem.
 */
/* oxlint-disable max-lines -- the steps of one word's match, in the order listed above, read the same annotation */
import type { Candidate } from '../corpus/types.js';
import type { LabelElements } from '../labels/elements.js';
import type { ConlluWord } from './conllu.js';
import { lookupForm } from '../script/buckwalter.js';
import type { SentenceTree } from './ud-tree.js';
import { agreement, candidateShape, expectation, type Agreement, type CandidateShape, type Expectation, type WordAnnotation } from './ud-agree.js';
import { lemmaCore, splitSense, vocalizedLemma } from '../script/lemma.js';
import { lidToBuckwalter, matchLemma, senseAmbiguous, type LemmaLevel } from './ud-lemma.js';
import { posAllowed, PRONOUN_CLITICS, readXpos } from './ud-xpos.js';

export type UnmatchedReason =
  | 'not-found'
  | 'tokenization'
  | 'lemma-not-among-candidates'
  | 'lemma-sense-ambiguous'
  | 'segmentation-disagrees'
  | 'pos-disagrees'
  | 'voice-disagrees';

export type MatchResult =
  | {
      matched: true;
      ann: WordAnnotation;
      exp: Expectation;
      level: LemmaLevel;
      /** Index of the chosen candidate. */
      gold: number;
      /** How many candidates carry the matched lemma(s). */
      lemmaCandidates: number;
      /** How many candidates share the best score (1 = decided). */
      tied: number;
      /** Their indices, in candidate order (the first is `gold`). */
      winners: number[];
      /** True when all tied candidates have the same label elements. */
      tiedSameElements: boolean;
    }
  | { matched: false; ann: WordAnnotation; exp: Expectation; reason: UnmatchedReason; detail: string };

/**
 * Token i is a pronoun enclitic: spelled like one, a PRON or without LId (PUD tags a few
 * NOUN), and with a host before it: not only conjunction clitics (`و`+`هم` is wa + the
 * pronoun huwa, not an enclitic).
 */
function isEnclitic(ws: ConlluWord[], i: number): boolean {
  const w = ws[i];
  if (!PRONOUN_CLITICS.has(lookupForm(w.form)) || (w.upos !== 'PRON' && w.misc.has('LId'))) return false;
  return ws.slice(0, i).some((x) => !['w', 'f'].includes(lookupForm(x.form)));
}

/**
 * Reads the treebank words of one analyzer word: PUNCT/SYM words are left out; trailing
 * tokens spelled like a pronoun clitic (ه ها هم… ك ي نا) after a host are the enclitics;
 * the content token is the last of the rest with an LId (else the last of the rest), and
 * the tokens before it are proclitics. Its lemma is its LId; without one, an LId
 * on an enclitic (PUD sometimes puts the host's LId there: `ب` + `ك`/LId=بِ_1); else its
 * LEMMA column. With the sentence's `tree`, a content token without Case also gets the case
 * its place in the tree gives, and a construct head is marked (ud-tree.ts).
 */
export function annotate(words: ConlluWord[], tree?: SentenceTree): WordAnnotation {
  const kept = words.filter((w) => w.upos !== 'PUNCT' && w.upos !== 'SYM');
  const ws = kept.length > 0 ? kept : words;
  let end = ws.length;
  while (end > 1 && isEnclitic(ws, end - 1)) end--;
  let content = end - 1;
  for (let i = end - 1; i >= 0; i--) {
    if (ws[i].misc.has('LId')) {
      content = i;
      break;
    }
  }
  const own = ws[content].misc.get('LId');
  const fromEnclitic = ws.slice(end).find((w) => w.misc.has('LId'))?.misc.get('LId');
  const [lemma, lemmaFrom]: [string, WordAnnotation['lemmaFrom']] = own
    ? [lidToBuckwalter(own), 'LId']
    : fromEnclitic
      ? [lidToBuckwalter(fromEnclitic), 'enclitic LId']
      : [lidToBuckwalter(ws[content].lemma), 'LEMMA'];
  const ann: WordAnnotation = { words: ws, content, stemStart: content, stemEnd: end - 1, lemma, lemmaFrom };
  const syntaxCase = tree?.syntacticCase(ws[content]);
  if (syntaxCase !== undefined) ann.syntaxCase = syntaxCase;
  if (tree?.isConstructHead(ws[content])) ann.constructHead = true;
  return ann;
}

/**
 * Whether a label is verbal: a verb; a particle conjugated like one (BAMA's
 * `layos/NEG_PART+at/PVSUFF_SUBJ:3FS`, tagged VBC or RP in PUD) is either.
 */
function verbality(el: LabelElements): 'verb' | 'other' | 'either' {
  if (el.pos === 'VERB') return 'verb';
  return /^[PIC]VSUFF_SUBJ/.test(el.suf) ? 'either' : 'other';
}

/**
 * Whether the annotation says verb: 'verb' when UPOS (VERB, AUX) and XPOS (VBC) both do,
 * 'other' when neither does or the XPOS is a participle or verbal noun (VBN, VBG), null when
 * they disagree otherwise (PUD has NOUN/VBC words).
 */
function annotatedVerbality(w: ConlluWord): 'verb' | 'other' | null {
  if (w.xpos === 'VBN' || w.xpos === 'VBG') return 'other'; // participles and verbal nouns are nominals
  const u = w.upos === 'VERB' || w.upos === 'AUX';
  const x = w.xpos === 'VBC';
  return u === x ? (u ? 'verb' : 'other') : null;
}

/** A lemma's vocalized spelling without sense index and final short vowel (`mivola_1` → `mivol`). */
function looseVocalized(lemma: string): string {
  return vocalizedLemma(splitSense(lemma).base).replace(/[aiu]$/, '');
}

function classFits(el: LabelElements, want: 'verb' | 'other' | null): boolean {
  const v = verbality(el);
  return want === null || v === 'either' || v === want;
}

/** The result for a word the analyzer tokenizes differently from the treebank (`tree`: as for {@link annotate}). */
export function tokenizationMismatch(words: ConlluWord[], detail: string, tree?: SentenceTree): MatchResult {
  const ann = annotate(words, tree);
  return { matched: false, ann, exp: expectation(ann), reason: 'tokenization', detail };
}

/**
 * The compound span whose joined look-up forms spell some candidate lemmas; null when none.
 * A span of the content token alone counts only when the treebank lemma is a proper part of
 * its spelling (`عندما`, LId `عِنْد_1`: BAMA's lemma `EinodamA_1` spells the whole token).
 */
function compoundSpan(ann: WordAnnotation, lemmas: string[]): { start: number; end: number; lemmas: string[] } | null {
  const n = ann.stemEnd + 1;
  const c = ann.content;
  for (let len = 1; len <= 3; len++) {
    for (let start = Math.max(0, c - len + 1); start <= c && start + len <= n; start++) {
      const joined = lookupForm(ann.words.slice(start, start + len).map((w) => w.form).join(''));
      const core = lemmaCore(ann.lemma);
      if (len === 1 && (joined === core || !joined.includes(core))) continue;
      const hits = [...new Set(lemmas.filter((l) => lemmaCore(l) === lemmaCore(joined)))].sort();
      if (hits.length > 0) return { start, end: start + len - 1, lemmas: hits };
    }
  }
  return null;
}

/**
 * Level `stem`: the lemmas of the non-verb candidates whose stem is spelled, vowels included,
 * as the treebank lemma (sense dropped) and whose POS the tags allow. SAMA renamed lemmas that
 * BAMA 1.0 keeps under another ID (SAMA's `Ea$ar_1` "ten" is BAMA's `Ea$arap_1`, stem `Ea$ar`;
 * the consonants alone would pick `Eu$or_1` "tenth"). Agreement chooses among several such
 * lemmas of nouns and adjectives (`muwal~id_1` "generating", `muwal~id_2` "generator"), but a
 * function word's must be one (ما, LId `mA_8` after غالبا, is none of the several `mA_N`).
 * Never for verbs, whose stems are not their lemma's spelling (يُقاس, LId `qAs-i_1`, is not
 * `qAsaY_1` with imperfect stem `qAs`), nor for a `_0` LId, a word SAMA lacks (the name دين is
 * not `diyn_1` "religion", which its tag NNP keeps out as well). Returns the lemmas, sorted
 * (none: the level does not apply); `shapes` gives the candidates' shapes.
 */
function stemLemmas(ann: WordAnnotation, candidates: readonly Candidate[], shapes: CandidateShapes): string[] {
  const { base, sense } = splitSense(ann.lemma);
  if (sense === '0') return [];
  const v = vocalizedLemma(base);
  const reading = readXpos(ann.words[ann.content]);
  const fits = (c: Candidate, i: number): boolean =>
    c.elements.pos !== 'VERB' && posAllowed(reading, c.elements.pos, c.elements.dpos) && shapes.of(i).stemVoc === v;
  const hits = candidates.filter(fits);
  const lemmas = new Set(hits.map((c) => c.lemma));
  const nominal = hits.every((c) => c.elements.pos === 'NOUN' || c.elements.pos === 'ADJ');
  return lemmas.size === 1 || nominal ? [...lemmas].sort() : [];
}

/**
 * Picks the gold candidate among `candidates` (analyzer candidates only) for the annotation
 * (`tree`, the sentence's dependency tree, gives a word without Case its syntactic case).
 */
export function matchCandidates(words: ConlluWord[], candidates: Candidate[], tree?: SentenceTree): MatchResult {
  const ann = annotate(words, tree);
  const shapes = new CandidateShapes(candidates);
  const pick = lemmaPick(ann, candidates, shapes);
  if (!pick) return lemmaUnmatched(ann, candidates);
  return new CandidateFit(ann, candidates, shapes).decide(pick);
}

/** The candidates' shapes (ud-agree.ts), each computed at its first use. */
class CandidateShapes {
  private readonly shapes = new Map<number, CandidateShape>();

  constructor(private readonly candidates: readonly Candidate[]) {}

  /** Takes a candidate index; gives its shape. */
  of(i: number): CandidateShape {
    let sh = this.shapes.get(i);
    if (!sh) this.shapes.set(i, (sh = candidateShape(this.candidates[i].lemma, this.candidates[i].morph)));
    return sh;
  }
}

/** The lemmas step 2 picks, and the level that picked them. */
interface LemmaPick {
  level: LemmaLevel;
  lemmas: string[];
}

/**
 * Step 2: takes the annotation and the candidates; gives the lemmas the annotation's lemma picks
 * (the levels of ud-lemma.ts, `stem`, then `compound`, which sets the annotation's stem span to
 * the compound's tokens), or null when none does.
 */
function lemmaPick(ann: WordAnnotation, candidates: readonly Candidate[], shapes: CandidateShapes): LemmaPick | null {
  const lemmas = candidates.map((c) => c.lemma);
  const m = lemmaLevelPick(ann, candidates, lemmas, shapes);
  if (m) return m;
  const span = compoundSpan(ann, lemmas);
  if (span) {
    ann.stemStart = span.start;
    ann.stemEnd = span.end;
    return { level: 'compound', lemmas: span.lemmas };
  }
  const byStem = stemLemmas(ann, candidates, shapes);
  return byStem.length > 0 ? { level: 'stem', lemmas: byStem } : null;
}

/**
 * Takes the annotation, the candidates and their lemmas; gives the lemmas a level of ud-lemma.ts
 * picks, or `stem`'s where they differ from a `normalized` or `sense` pick, or null.
 */
function lemmaLevelPick(
  ann: WordAnnotation, candidates: readonly Candidate[], lemmas: string[], shapes: CandidateShapes,
): LemmaPick | null {
  const gold = ann.lemma;
  let m = matchLemma(gold, lemmas);
  if (m && m.level === 'sense') {
    // a lemma known only up to its sense index must have a candidate of the right verb/non-verb
    // class; for a `_0` LId (a word SAMA does not list) one whose POS the tags allow
    const want = annotatedVerbality(ann.words[ann.content]);
    const reading = readXpos(ann.words[ann.content]);
    const ok = (c: Candidate): boolean =>
      classFits(c.elements, want) && (splitSense(gold).sense !== '0' || posAllowed(reading, c.elements.pos, c.elements.dpos));
    if (!candidates.some((c) => c.lemma === m!.lemmas[0] && ok(c))) m = null;
  }
  if (m && (m.level === 'normalized' || m.level === 'sense')) {
    const byStem = stemLemmas(ann, candidates, shapes);
    if (byStem.length > 0 && byStem.join() !== m.lemmas.join()) m = { level: 'stem', lemmas: byStem };
  }
  return m;
}

/** Takes an annotation whose lemma picks no candidate; gives the unmatched result saying why. */
function lemmaUnmatched(ann: WordAnnotation, candidates: readonly Candidate[]): MatchResult {
  const gold = ann.lemma;
  const lemmas = candidates.map((c) => c.lemma);
  const exp = expectation(ann);
  if (candidates.length === 0) return { matched: false, ann, exp, reason: 'not-found', detail: gold };
  const amb = senseAmbiguous(gold, lemmas);
  if (amb.length > 0) return { matched: false, ann, exp, reason: 'lemma-sense-ambiguous', detail: `${gold} ~ ${amb.join(' ')}` };
  return { matched: false, ann, exp, reason: 'lemma-not-among-candidates', detail: `${gold} ∉ ${[...new Set(lemmas)].join(' ')}` };
}

/** A candidate index and its agreement with the annotation. */
type Scored = [number, Agreement];

/**
 * Steps 3 to 5 for the lemmas picked: their candidates' agreement with the annotation (as its stem
 * span stands after step 2), which of them fit, the `class` fallback, and the best.
 */
class CandidateFit {
  private readonly exp: Expectation;
  private readonly want: 'verb' | 'other' | null;

  constructor(
    private readonly ann: WordAnnotation,
    private readonly candidates: readonly Candidate[],
    private readonly shapes: CandidateShapes,
  ) {
    this.exp = expectation(ann);
    this.want = annotatedVerbality(ann.words[ann.content]);
  }

  /** Takes the lemmas picked; gives the match: the best fitting candidate, or unmatched with the reason. */
  decide(pick: LemmaPick): MatchResult {
    let { level, lemmas: chosen } = pick;
    let scored = this.score(chosen);
    let fit = this.fitting(scored);
    if (this.want !== null && !fit.some(([i]) => this.allowed(i))) {
      const good = this.sameSpelledLemmas(chosen, scored);
      if (good) {
        [level, chosen] = ['class', good];
        scored = this.score(chosen);
        fit = this.fitting(scored);
      }
    }
    if (fit.length === 0) return this.misfitResult(scored);
    const best = Math.max(...fit.map(([, a]) => a.score));
    const winners = fit.filter(([, a]) => a.score === best).map(([i]) => i);
    return matchedResult(this.ann, this.exp, level, this.candidates, winners, scored.size);
  }

  /** Takes a set of lemmas; gives the agreement of each of their candidates, by index. */
  private score(set: string[]): Map<number, Agreement> {
    const out = new Map<number, Agreement>();
    this.candidates.forEach((c, i) => {
      if (set.includes(c.lemma)) out.set(i, agreement(this.exp, c.elements, this.shapes.of(i), c.voc));
    });
    return out;
  }

  /**
   * Takes a candidate index; gives whether its voice keeps it out of a passive in the treebank: an
   * active candidate, or a passive of another aspect than the treebank's (BAMA 1.0 lacks most perfect
   * passives (أُعْلِنَ), and its passive imperfect of another person (أُعْلَنُ, "I am announced") is no
   * better a gold than none).
   */
  private voiceMisfit(i: number): boolean {
    const el = this.candidates[i].elements;
    const exp = this.exp;
    return el.pos === 'VERB' && (!this.shapes.of(i).passive || (exp.pos.dpos !== undefined && !exp.pos.dpos.includes(el.dpos)));
  }

  /** Takes a candidate and its agreement; gives what keeps it out, in the order checked (null: it fits). */
  private misfit(i: number, a: Agreement): 'segmentation' | 'class' | 'voice' | null {
    const el = this.candidates[i].elements;
    if (!a.structural) return 'segmentation';
    if (!classFits(el, this.want)) return 'class';
    if (this.exp.voice === 'Pass' && this.voiceMisfit(i)) return 'voice';
    return null;
  }

  /** Takes scored candidates; gives those that fit, in order. */
  private fitting(sc: Map<number, Agreement>): Scored[] {
    return [...sc].filter(([i, a]) => this.misfit(i, a) === null);
  }

  /** Takes a candidate index; gives whether the tags allow its POS. */
  private allowed(i: number): boolean {
    return posAllowed(this.exp.pos, this.candidates[i].elements.pos, this.candidates[i].elements.dpos);
  }

  /**
   * Step 4: takes the lemmas chosen, none of whose fitting candidates has a POS the tags allow, and
   * their scores; gives the lemmas spelled the same that have one (level `class`), or null. Same
   * spelling: vocalized, sense and a final short vowel dropped (`mivol_1` → `mivola_1` PREP;
   * `>aqoSaY_2` NOUN_PROP → `>aqoSaY_3`, `_4`: agreement and the tie-break choose) while the lemma
   * has candidates of the right verb/non-verb class; letters only (lemmaCore) when it has none
   * (`Eamal_1` for a VBC), and then only when one lemma qualifies.
   */
  private sameSpelledLemmas(chosen: string[], scored: Map<number, Agreement>): string[] | null {
    const gold = this.ann.lemma;
    const rightClass = [...scored].some(([i, a]) => a.structural && classFits(this.candidates[i].elements, this.want));
    const key = rightClass ? looseVocalized : lemmaCore;
    const other = [...new Set(this.candidates.map((c) => c.lemma))].filter(
      (l) => !chosen.includes(l) && key(l) === key(gold),
    );
    const good = other.filter((l) => this.fitting(this.score([l])).some(([i]) => this.allowed(i)));
    return good.length === 1 || (good.length > 1 && rightClass) ? good : null;
  }

  /**
   * Takes the scored candidates, none of which fits; gives the unmatched result: the reason is the
   * last check that kept any out (voice, then class, then segmentation), shown with its best-scored.
   */
  private misfitResult(scored: Map<number, Agreement>): MatchResult {
    const { ann, exp, want, candidates } = this;
    const why = [...scored].map(([i, a]) => [i, this.misfit(i, a)] as const);
    const stage = (['voice', 'class', 'segmentation'] as const).find((k) => why.some(([, m]) => m === k))!;
    const [bi] = [...scored]
      .filter(([i]) => why.find(([j]) => j === i)![1] === stage)
      .reduce((x, y) => (y[1].score > x[1].score ? y : x));
    const reason: UnmatchedReason = stage === 'voice' ? 'voice-disagrees' : stage === 'class' ? 'pos-disagrees' : 'segmentation-disagrees';
    const what = stage === 'voice' ? 'passive' : stage === 'class' ? (want === 'verb' ? 'verb' : 'not a verb') : 'segmentation';
    return { matched: false, ann, exp, reason, detail: `${ann.lemma} (${what}): ${candidates[bi].morph}` };
  }
}

/**
 * The result of a match won by `winners` (candidate indices, the first one the gold), with whether
 * they tie on every label element.
 */
function matchedResult(
  ann: WordAnnotation,
  exp: Expectation,
  level: LemmaLevel,
  candidates: readonly Candidate[],
  winners: number[],
  lemmaCandidates: number,
): MatchResult {
  const first = JSON.stringify(candidates[winners[0]].elements);
  const sameEl = winners.every((i) => JSON.stringify(candidates[i].elements) === first);
  return {
    matched: true,
    ann,
    exp,
    level,
    gold: winners[0],
    lemmaCandidates,
    tied: winners.length,
    winners,
    tiedSameElements: sameEl,
  };
}

/**
 * The gold of a proper noun among backoff analyses (src/analyzer/backoff.ts), for a word the
 * treebank tags NNP (PROPN when it has no XPOS) whose lemma no candidate carries (level `name`). PUD's lemmas of
 * names the lexicon lacks are often another word's, an automatic lemmatizer's pick (فيسبوك
 * with LId سَبّ "to insult", كورونا with كَوَّر, سيغال with غالى), so the lemma is not asked:
 * among the `candidates` with source 'backoff', those that agree with the segmentation, the
 * best agreement score (case, pronoun…, and +1 for the treebank's lemma when it is the
 * candidate's) wins, ties to the first. Null when the word is not a
 * proper noun or no backoff analysis agrees with its segmentation. `tree` as for annotate.
 */
export function matchName(
  words: ConlluWord[],
  candidates: readonly Candidate[],
  tree?: SentenceTree,
): MatchResult | null {
  const ann = annotate(words, tree);
  const content = ann.words[ann.content];
  // the XPOS when there is one: PUD tags common nouns of a name PROPN with XPOS NN (جمهورية, جزر),
  // and the lexicon has them
  if (content.xpos !== '_' && content.xpos !== '' ? content.xpos !== 'NNP' : content.upos !== 'PROPN') return null;
  const exp = expectation(ann);
  const core = lemmaCore(ann.lemma);
  let best = -Infinity;
  let winners: number[] = [];
  let considered = 0;
  candidates.forEach((c, i) => {
    if (c.source !== 'backoff') return;
    considered++;
    const a = agreement(exp, c.elements, candidateShape(c.lemma, c.morph), c.voc);
    // the treebank lemma, when it is the backoff's, splits the clitics as the treebank does (ل + أوباما, not لأوباما)
    const score = a.score + (lemmaCore(c.lemma) === core ? 1 : 0);
    if (!a.structural || score < best) return;
    if (score > best) [best, winners] = [score, []];
    winners.push(i);
  });
  return winners.length === 0 ? null : matchedResult(ann, exp, 'name', candidates, winners, considered);
}
