/**
 * What a treebank word's annotation expects of its analysis, and how well a candidate
 * agrees with it (the scored agreement of docs/ud-projection.md).
 *
 * Segmentation (structural) parts, each +3 when they agree and −3 when not:
 *   proclitics  the candidate's proclitics (pre2 + pre1 segments, outermost first) against the
 *               treebank's clitic tokens before the stem, pairwise, each tag one the token
 *               allows. Two spelling-based allowances: segments that spell the candidate's
 *               lemma together with its stem are part of the stem, not proclitics (BAMA's
 *               `fiy/PREP+mA/REL_PRON` for the lemma `fiymA_1`); treebank clitic tokens left
 *               over at the stem end are fine when the candidate's stem starts with their
 *               letters (`biHayovu/CONJ` for `ب` + `حيث`). A candidate proclitic with no
 *               treebank token disagrees.
 *   pronoun     a pronoun clitic (pron) exactly when the treebank has an enclitic token;
 *               then ±1 per person / number / gender
 *   det         (nominals only) a DET, or a stem spelled with the article, exactly when the
 *               stem token starts with the article (after `ل`: when Definite=Def; unknown
 *               without Definite)
 * Other parts: pos +4 when the XPOS allows it, +2 when only its coarse class agrees, +1 when
 * both are at least not verbs (or both verbs); +1 when a segment's vocalization is the
 * treebank lemma's (vocalized, see ud-lemma.ts: tells `>an~a` from `>an` in a compound);
 * ±2 for verbs, ±1 otherwise: dpos (VBC → the aspect, NNP → PROP, NN → not PROP, negative
 * RP → NEG…); ±2 voice of verbs (passive = dpos `…PASS`, or read from a BAMA 1.0
 * vocalization, see passiveByVoc); ±1 each, only when both sides say something: person,
 * number, gender (stem and subject), mood, case, and the diacritics the treebank form
 * carries (see diacriticAgreement); ±½ the ending's nunation against Definite (tanween
 * exactly when Definite=Ind or the form is written with tanween, see nunation; a construct
 * head by the tree takes none, as PUD marks it Definite=Ind: ud-tree.ts), less than
 * case so that a wrong Definite cannot outvote Case; ±½ the case the dependency tree gives a
 * word without Case (ud-tree.ts: PUD's proper nouns carry none). Two quarter points break ties between
 * case endings the annotation leaves open: +¼ for an ending without tanween when Definite is
 * absent, +¼ for the accusative of an adverb or adposition without Case (the adverbial
 * accusative: قبلَ, يومَ).
 */
import type { LabelElements } from '../labels/elements.js';
import { factorizeDetailed } from '../labels/factorize.js';
import { lookupForm, toBuckwalter } from '../script/buckwalter.js';
import type { ConlluWord } from './conllu.js';
import { lemmaCore, splitSense, vocalizedLemma } from '../script/lemma.js';
import { caseValues, moodValues, pngOf, posClass, procliticTags, readXpos, type XposReading } from './ud-xpos.js';

/** A treebank word split the way the projection reads it. */
export interface WordAnnotation {
  /** Treebank words aligned with the analyzer word (punctuation and symbols excluded). */
  words: ConlluWord[];
  /** Index (in words) of the content token. */
  content: number;
  /** First and last index of the tokens that make the stem; enclitics follow stemEnd. */
  stemStart: number;
  stemEnd: number;
  /** The treebank lemma (Buckwalter) and where it was read. */
  lemma: string;
  lemmaFrom: 'LId' | 'enclitic LId' | 'LEMMA';
  /** The content word's case by its place in the tree when its FEATS have no Case (ud-tree.ts), else undefined. */
  syntaxCase?: string;
  /** The content word is the first term of a construct by the tree (ud-tree.ts): no tanween, whatever Definite says. */
  constructHead?: boolean;
}

export interface PngParts {
  per: string;
  num: string;
  gen: string;
}

export interface Expectation {
  /** Each proclitic token, outermost first: allowed tags and its letters. */
  proclitics: { tags: readonly string[]; letters: string }[];
  /** Whether a DET is expected; null when the annotation does not say. */
  det: boolean | null;
  /** The pronoun clitic expected (its person/number/gender), or null for none. */
  pron: PngParts | null;
  pos: XposReading;
  stem: PngParts;
  mood: readonly string[];
  case: readonly string[];
  /** Case values the tree gives a word without Case (ud-tree.ts): a weaker vote than `case`. */
  syntaxCase: readonly string[];
  /** Whether the ending should carry tanween: 'Ind' (Definite=Ind), 'Def' (any other Definite), '' (not said). */
  definite: '' | 'Def' | 'Ind';
  /** An adverb or adposition (UPOS ADV/ADP) without Case: an adverbial accusative is likeliest. */
  adverbial: boolean;
  voice: '' | 'Act' | 'Pass';
  /** The treebank lemma without sense index, through vocalizedLemma. */
  lemmaVoc: string;
  /** The treebank's spelling of the whole word with its diacritics (see letterMarks). */
  diacritics: [string, string][];
}

export interface Agreement {
  score: number;
  /** True when proclitics, pronoun and det all agree (or are not determined). */
  structural: boolean;
}

/** A candidate's segmentation: real proclitics, article, stem letters. */
export interface CandidateShape {
  /** True for a passive verb: dpos `…PASS` (SAMA), or read from the vocalization (BAMA 1.0). */
  passive: boolean;
  procs: { tag: string; letters: string }[];
  det: boolean;
  stemLetters: string;
  /** The stem segment's vocalization through vocalizedLemma ('' when there is no stem). */
  stemVoc: string;
  /** Every segment's vocalization, through vocalizedLemma. */
  segmentVocs: string[];
}

/** Splits `3MS`-style codes. */
function splitPng(code: string): PngParts {
  const m = /^([123]?)([MF]?)([SDP]?)$/.exec(code);
  return m ? { per: m[1], gen: m[2], num: m[3] } : { per: '', gen: '', num: '' };
}

/** Person/number/gender of a pronoun tag (`POSS_PRON_3MS`, `PVSUFF_DO:3FS`, `PRON_1P`). */
function pronPng(tag: string): PngParts {
  const m = /(?:PRON_|DO:)([123]?[MF]?[SDP]?)$/.exec(tag);
  return splitPng(m ? m[1] : '');
}

/**
 * Passive voice from a BAMA 1.0 vocalization, whose tags do not mark it: a perfect whose first
 * short vowel is u with an i after it (`kutib`, `>uqiym`, `{unotuxib`; not `kun` of kuntu), or
 * a hollow CiyC stem (`qiyl`); an imperfect whose person prefix ends in u and whose
 * stem's last vowel is a (`yu`+`ktab`, `yu`+`qAm`, `yu`+`loqaY`; active `yu`+`qiym`, `yu`+`faD~il`).
 */
export function passiveByVoc(dpos: string, before: readonly { voc: string; tag: string }[], stem: string): boolean {
  if (dpos === 'PERFECT') return /^[^aiu]*u.*i/.test(stem) || /^[^aiu]*iy[^aiuAwy]$/.test(stem);
  if (dpos !== 'IMPERFECT') return false;
  const prefix = before.find((s) => /^IV[123]/.test(s.tag));
  const last = /[aiuAY](?=[^aiuAY]*$)/.exec(stem)?.[0];
  return prefix !== undefined && prefix.voc.endsWith('u') && (last === 'a' || last === 'A' || last === 'Y');
}

/** The segmentation of a candidate label (see the module comment for lemma-internal segments). */
export function candidateShape(lemma: string, morph: string): CandidateShape {
  const f = factorizeDetailed(lemma, morph);
  const segmentVocs = f.segments.map((s) => vocalizedLemma(s.voc));
  if (f.stem < 0) return { passive: false, procs: [], det: f.elements.det !== '', stemLetters: '', stemVoc: '', segmentVocs };
  const passive = f.elements.dpos.endsWith('PASS') || passiveByVoc(f.elements.dpos, f.segments.slice(0, f.stem), f.segments[f.stem].voc);
  const pre = f.segments.slice(0, f.stem).filter((s) => s.tag !== 'DET' && !/^IV[123]/.test(s.tag));
  let procs = pre.map((s) => ({ tag: s.tag, letters: lookupForm(s.voc) }));
  let stemLetters = lookupForm(f.segments[f.stem].voc);
  const core = lemmaCore(lemma);
  for (let k = 1; k <= procs.length; k++) {
    const joined = procs.slice(procs.length - k).map((p) => p.letters).join('') + stemLetters;
    if (joined === core) {
      procs = procs.slice(0, procs.length - k);
      stemLetters = joined;
      break;
    }
  }
  return { passive, procs, det: f.elements.det !== '' || stemLetters.startsWith('Al'), stemLetters, stemVoc: segmentVocs[f.stem], segmentVocs };
}

/** What the annotation expects. */
export function expectation(ann: WordAnnotation): Expectation {
  const content = ann.words[ann.content];
  const pos = readXpos(content);
  const proclitics = ann.words.slice(0, ann.stemStart).map((w) => {
    const letters = lookupForm(w.form);
    return { tags: procliticTags(letters, w.upos, pos.cls === 'verb') ?? [readXpos(w).tag], letters };
  });
  const stemLookup = lookupForm(ann.words.slice(ann.stemStart, ann.stemEnd + 1).map((w) => w.form).join(''));
  const prev = proclitics.length > 0 ? proclitics[proclitics.length - 1].letters : '';
  let det: boolean | null = null;
  if (pos.cls === 'nominal') {
    const definite = content.feats.get('Definite');
    if (prev === 'l' && stemLookup.startsWith('l') && !stemLookup.startsWith('Al')) det = definite ? definite === 'Def' : null;
    else det = stemLookup.startsWith('Al');
  }
  const enclitics = ann.words.slice(ann.stemEnd + 1);
  const pronWord = enclitics.find((w) => w.upos === 'PRON') ?? enclitics[0];
  const stem = splitPng(pngOf(content));
  if (pos.cls === 'nominal') stem.per = '';
  const voice = content.feats.get('Voice');
  const diacritics = letterMarks(toBuckwalter(ann.words.map((w) => w.form).join('').replace(/\u0640/g, '')));
  const written = diacritics.slice(-2).some(([, m]) => /[FNK]/.test(m)); // tanween as the text writes it
  return {
    proclitics,
    det,
    pron: pronWord ? splitPng(pngOf(pronWord)) : null,
    pos,
    stem,
    mood: moodValues(content.feats.get('Mood')),
    case: caseValues(content.feats.get('Case')),
    syntaxCase: caseValues(ann.syntaxCase),
    definite: written ? 'Ind' : ann.constructHead ? 'Def' : definiteOf(content.feats.get('Definite')),
    adverbial: (content.upos === 'ADV' || content.upos === 'ADP') && !content.feats.has('Case'),
    voice: pos.cls === 'verb' && (voice === 'Act' || voice === 'Pass') ? voice : '',
    lemmaVoc: vocalizedLemma(splitSense(ann.lemma).base),
    diacritics,
  };
}

/** Definite=Ind asks for tanween; Def, Cons and Com for none; absent says nothing. */
function definiteOf(d: string | undefined): Expectation['definite'] {
  return d === undefined ? '' : d === 'Ind' ? 'Ind' : 'Def';
}

/**
 * Whether a label's ending carries tanween: 'Ind' for CASE_INDEF_… and BAMA's `…_INDEF` noun
 * suffixes (`AF`), 'Def' for CASE_DEF_…, '' for an ending that says neither.
 */
export function nunation(el: LabelElements): Expectation['definite'] {
  if (/(^|\+|_)INDEF/.test(el.suf) || el.suf.includes('CASE_INDEF')) return 'Ind';
  return el.suf.includes('CASE_DEF') ? 'Def' : '';
}

function pm(a: string, b: string): number {
  return a === '' || b === '' ? 0 : a === b ? 1 : -1;
}

/** Proclitics agree: pairwise from the outermost; leftover treebank tokens absorbed by the stem. */
function procliticsAgree(exp: Expectation, shape: CandidateShape): boolean {
  const ud = exp.proclitics;
  const cand = shape.procs;
  if (cand.length > ud.length) return false;
  for (let i = 0; i < cand.length; i++) if (!ud[i].tags.includes(cand[i].tag)) return false;
  const absorbed = ud.slice(cand.length).map((p) => p.letters).join('');
  return absorbed === '' || shape.stemLetters.startsWith(absorbed);
}

/**
 * Letters of a Buckwalter word, each with the diacritics written after it (shadda first):
 * `nawoEAF` → [[n,a],[w,o],[E,''],[A,F]].
 */
export function letterMarks(bw: string): [string, string][] {
  const out: [string, string][] = [];
  for (const ch of bw) {
    if ('aiuoFNK~`'.includes(ch)) {
      if (out.length > 0) out[out.length - 1][1] += ch;
    } else if (ch !== '_') out.push([ch === '{' ? 'A' : ch, '']);
  }
  for (const lm of out) lm[1] = [...lm[1]].sort((a, b) => (a === '~' ? -1 : b === '~' ? 1 : 0)).join('');
  return out;
}

/**
 * ±1 when the treebank form carries diacritics (PUD writes some tanween and shadda): +1 when
 * the candidate's vocalization has every mark the form has, letter by letter; −1 when not;
 * 0 when the form has none or the letters do not line up.
 */
export function diacriticAgreement(form: [string, string][], voc: string): number {
  if (!voc || !form.some(([, m]) => m !== '')) return 0;
  const v = letterMarks(voc);
  if (v.length !== form.length || v.some(([l], i) => l !== form[i][0])) return 0;
  return form.every(([, m], i) => [...m].every((c) => v[i][1].includes(c))) ? 1 : -1;
}

/** Scores a candidate against the expectation (`voc`: its vocalization, for the diacritics). */
export function agreement(exp: Expectation, el: LabelElements, shape: CandidateShape, voc = ''): Agreement {
  let score = 0;
  let structural = true;
  const procOk = procliticsAgree(exp, shape);
  score += procOk ? 3 : -3;
  structural &&= procOk;
  const pronOk = (el.pron !== '') === (exp.pron !== null);
  score += pronOk ? 3 : -3;
  structural &&= pronOk;
  if (pronOk && exp.pron && el.pron) {
    const c = pronPng(el.pron.split('+').pop() ?? '');
    score += pm(exp.pron.per, c.per) + pm(exp.pron.num, c.num) + pm(exp.pron.gen, c.gen);
  }
  if (exp.det !== null) {
    const detOk = shape.det === exp.det;
    score += detOk ? 3 : -3;
    structural &&= detOk;
  }
  const cls = posClass(el.pos);
  score += exp.pos.pos.includes(el.pos) ? 4 : cls === exp.pos.cls ? 2 : (cls === 'verb') === (exp.pos.cls === 'verb') ? 1 : 0;
  if (exp.pos.dpos) score += (exp.pos.dpos.includes(el.dpos) ? 1 : -1) * (exp.pos.cls === 'verb' ? 2 : 1);
  score += diacriticAgreement(exp.diacritics, voc);
  if (shape.segmentVocs.includes(exp.lemmaVoc)) score += 1;
  score += pm(exp.stem.per, el.persuf || el.perpos);
  score += pm(exp.stem.num, el.numsuf || el.numpos);
  score += pm(exp.stem.gen, el.gensuf || el.genpos);
  if (exp.mood.length > 0 && el.mood) score += exp.mood.includes(el.mood) ? 1 : -1;
  if (exp.case.length > 0 && el.case) score += exp.case.includes(el.case) ? 1 : -1;
  else if (exp.syntaxCase.length > 0 && el.case) score += exp.syntaxCase.includes(el.case) ? 0.5 : -0.5;
  const nun = nunation(el);
  score += exp.definite ? pm(exp.definite, nun) / 2 : nun === 'Def' ? 0.25 : 0;
  if (exp.adverbial && el.case === 'ACC') score += 0.25;
  if (exp.voice && el.pos === 'VERB') score += shape.passive === (exp.voice === 'Pass') ? 2 : -2;
  return { score, structural };
}
