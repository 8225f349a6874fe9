/**
 * Choosing the gold candidate of one analyzer word from its treebank annotation:
 * the lemma first (ud-lemma.ts levels, then the `compound` level below), then the scored
 * agreement of ud-agree.ts among the candidates with that lemma, then a fixed tie-break.
 *
 * `compound`: when no level of ud-lemma.ts finds the content token's lemma, a candidate
 * whose stem covers the content token together with its neighbours is accepted when its
 * lemma (normalized, sense dropped) equals their joined look-up forms: BAMA's `bi>an~a_1`
 * for the treebank's `ب` + `أن`, `EinodamA_1` for `عند` + `ما`. Spans of 2, then 3 tokens
 * around the content token are tried, left-most first; the span becomes the stem.
 *
 * Tie-break: among the best-scored candidates the first in the analyzer's order wins.
 */
import type { Candidate } from '../corpus/types.js';
import type { ConlluWord } from './conllu.js';
import { lookupForm } from '../script/buckwalter.js';
import { agreement, candidateShape, expectation, type Agreement, type Expectation, type WordAnnotation } from './ud-agree.js';
import { lemmaCore, lidToBuckwalter, matchLemma, senseAmbiguous, type LemmaLevel } from './ud-lemma.js';
import { PRONOUN_CLITICS, readXpos } from './ud-pos.js';

export type UnmatchedReason =
  | 'not-found'
  | 'tokenization'
  | 'lemma-not-among-candidates'
  | 'lemma-sense-ambiguous'
  | 'segmentation-disagrees';

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
 * tokens spelled like a pronoun clitic (ه ها هم… ك ي نا) after a host are the enclitics; the content token is the last of the rest with an LId (else the last of the
 * rest), and the tokens before it are proclitics. Its lemma is its LId; without one, an LId
 * on an enclitic (PUD sometimes puts the host's LId there: `ب` + `ك`/LId=بِ_1); else its
 * LEMMA column.
 */
export function annotate(words: ConlluWord[]): WordAnnotation {
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
  return { words: ws, content, stemStart: content, stemEnd: end - 1, lemma, lemmaFrom };
}

/**
 * At the `sense` level (lemma known only without its sense index) the lemma is kept only
 * when one of its candidates is a verb exactly when the XPOS says verb: SAMA's sense index
 * often tells an elative adjective (`>akovar_2`) from a verb (`>akovar_1`).
 */
function senseClassAgrees(ann: WordAnnotation, candidates: Candidate[], lemma: string): boolean {
  const verb = readXpos(ann.words[ann.content]).cls === 'verb';
  return candidates.some((c) => c.lemma === lemma && (c.elements.pos === 'VERB') === verb);
}

/** The result for a word the analyzer tokenizes differently from the treebank. */
export function tokenizationMismatch(words: ConlluWord[], detail: string): MatchResult {
  const ann = annotate(words);
  return { matched: false, ann, exp: expectation(ann), reason: 'tokenization', detail };
}

/** The compound span whose joined look-up forms equal some candidate lemmas; null when none. */
function compoundSpan(ann: WordAnnotation, lemmas: string[]): { start: number; end: number; lemmas: string[] } | null {
  const n = ann.stemEnd + 1;
  const c = ann.content;
  for (let len = 2; len <= 3; len++) {
    for (let start = Math.max(0, c - len + 1); start <= c && start + len <= n; start++) {
      const joined = lookupForm(ann.words.slice(start, start + len).map((w) => w.form).join(''));
      const hits = [...new Set(lemmas.filter((l) => lemmaCore(l) === lemmaCore(joined)))].sort();
      if (hits.length > 0) return { start, end: start + len - 1, lemmas: hits };
    }
  }
  return null;
}

/**
 * Picks the gold candidate among `candidates` (analyzer candidates only) for the annotation.
 * `stemGloss(i)` gives candidate i's stem gloss (for BAMA's voice).
 */
export function matchCandidates(words: ConlluWord[], candidates: Candidate[], stemGloss: (i: number) => string = () => ''): MatchResult {
  const ann = annotate(words);
  const gold = ann.lemma;
  const lemmas = candidates.map((c) => c.lemma);
  let level: LemmaLevel;
  let chosen: string[];
  let m = matchLemma(gold, lemmas);
  if (m && m.level === 'sense' && !senseClassAgrees(ann, candidates, m.lemmas[0])) m = null;
  if (m) {
    level = m.level;
    chosen = m.lemmas;
  } else {
    const span = compoundSpan(ann, lemmas);
    if (!span) {
      const exp = expectation(ann);
      if (candidates.length === 0) return { matched: false, ann, exp, reason: 'not-found', detail: gold };
      const amb = senseAmbiguous(gold, lemmas);
      if (amb.length > 0) return { matched: false, ann, exp, reason: 'lemma-sense-ambiguous', detail: `${gold} ~ ${amb.join(' ')}` };
      return { matched: false, ann, exp, reason: 'lemma-not-among-candidates', detail: `${gold} ∉ ${[...new Set(lemmas)].join(' ')}` };
    }
    ann.stemStart = span.start;
    ann.stemEnd = span.end;
    level = 'compound';
    chosen = span.lemmas;
  }
  const exp = expectation(ann);
  const scored = new Map<number, Agreement>();
  candidates.forEach((c, i) => {
    if (chosen.includes(c.lemma)) scored.set(i, agreement(exp, c.elements, candidateShape(c.lemma, c.morph), stemGloss(i), c.voc));
  });
  const fitting = [...scored].filter(([, a]) => a.structural);
  if (fitting.length === 0) {
    const [bi] = [...scored].reduce((x, y) => (y[1].score > x[1].score ? y : x));
    return { matched: false, ann, exp, reason: 'segmentation-disagrees', detail: `${gold}: best ${candidates[bi].morph}` };
  }
  const best = Math.max(...fitting.map(([, a]) => a.score));
  const winners = fitting.filter(([, a]) => a.score === best).map(([i]) => i);
  const first = candidates[winners[0]];
  const sameEl = winners.every((i) => JSON.stringify(candidates[i].elements) === JSON.stringify(first.elements));
  return { matched: true, ann, exp, level, gold: winners[0], lemmaCandidates: scored.size, tied: winners.length, winners, tiedSameElements: sameEl };
}
