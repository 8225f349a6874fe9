/**
 * The Buckwalter-family morphological tags (BAMA 1.0 and SAMA 3.1 / Penn Arabic Treebank)
 * and what each says about the label elements. The rules here are the ones documented,
 * row by row, in docs/label-elements.md; factorize.ts applies them to a whole label.
 */
import { CASE_CODES, CASE_NAMES, MOOD_CODES } from './inflection.js';

/** Person, number and gender as the label elements store them ('' when absent). */
export interface Png {
  per: string;
  num: string;
  gen: string;
}

/** What a stem tag says: basic POS, extra POS data and any person/number/gender. */
export interface StemInfo extends Png {
  pos: string;
  dpos: string;
}

/** An inflectional suffix (suf, persuf…, mood, case) or a pronoun clitic (pron). */
export interface SuffixInfo extends Png {
  kind: 'infl' | 'pron';
  /** Suffix type for `suf` (inflectional suffixes only). */
  type: string;
  mood: string;
  case: string;
  /** False when the tag belongs to a suffix family but its details did not parse. */
  known: boolean;
}

const NO_PNG: Png = { per: '', num: '', gen: '' };

/** Person/number/gender codes as in `3MS`, `2D`, `1P`, `FP`, `MS`, `F`: `[123]?[MF]?[SDP]?`. */
export function parsePng(code: string): Png | undefined {
  const m = /^([123]?)([MF]?)([SDP]?)$/.exec(code);
  if (!m || code === '') return undefined;
  return { per: m[1], gen: m[2], num: m[3] };
}

/** Stem tags with a fixed basic POS and extra POS data: tag → [pos, dpos]. */
const STEM_TAGS: Readonly<Record<string, readonly [string, string]>> = {
  // Nominals
  NOUN: ['NOUN', ''],
  NOUN_PROP: ['NOUN', 'PROP'],
  NOUN_NUM: ['NOUN', 'NUM'],
  NOUN_QUANT: ['NOUN', 'QUANT'],
  'NOUN.VN': ['NOUN', 'VN'],
  ADJ: ['ADJ', ''],
  ADJ_COMP: ['ADJ', 'COMP'],
  ADJ_NUM: ['ADJ', 'NUM'],
  ADJ_PROP: ['ADJ', 'PROP'],
  'ADJ.VN': ['ADJ', 'VN'],
  // Verbs: BAMA 1.0 names, then SAMA 3.1 names
  VERB_PERFECT: ['VERB', 'PERFECT'],
  VERB_IMPERFECT: ['VERB', 'IMPERFECT'],
  VERB_IMPERATIVE: ['VERB', 'IMPERATIVE'],
  PV: ['VERB', 'PERFECT'],
  PV_PASS: ['VERB', 'PERFECT_PASS'],
  IV: ['VERB', 'IMPERFECT'],
  IV_PASS: ['VERB', 'IMPERFECT_PASS'],
  CV: ['VERB', 'IMPERATIVE'],
  VERB: ['VERB', ''],
  // Adverbs, prepositions, conjunctions
  ADV: ['ADV', ''],
  REL_ADV: ['ADV', 'REL'],
  INTERROG_ADV: ['ADV', 'INTERROG'],
  PREP: ['PREP', ''],
  CONJ: ['CONJ', ''],
  SUB_CONJ: ['CONJ', 'SUB'],
  // Pronouns (PRON_<png> and DEM_PRON_<png> are handled by pattern)
  PRON: ['PRON', ''],
  DEM_PRON: ['PRON', 'DEM'],
  REL_PRON: ['PRON', 'REL'],
  INTERROG_PRON: ['PRON', 'INTERROG'],
  EXCLAM_PRON: ['PRON', 'EXCLAM'],
  // Particles
  PART: ['PART', ''],
  NEG_PART: ['PART', 'NEG'],
  INTERROG_PART: ['PART', 'INTERROG'],
  INTERROG: ['PART', 'INTERROG'],
  FUT_PART: ['PART', 'FUT'],
  FUT: ['PART', 'FUT'],
  SUBJUNC: ['PART', 'SUBJUNC'],
  JUS_PART: ['PART', 'JUS'],
  FOCUS_PART: ['PART', 'FOCUS'],
  VERB_PART: ['PART', 'VERB'],
  VOC_PART: ['PART', 'VOC'],
  CONNEC_PART: ['PART', 'CONNEC'],
  RC_PART: ['PART', 'RC'],
  RESULT_CLAUSE_PARTICLE: ['PART', 'RC'],
  EMPHATIC_PART: ['PART', 'EMPHATIC'],
  EMPHATIC_PARTICLE: ['PART', 'EMPHATIC'],
  RESTRIC_PART: ['PART', 'RESTRIC'],
  EXCEPT_PART: ['PART', 'EXCEPT'],
  PSEUDO_VERB: ['PART', 'PSEUDO_VERB'],
  // Closed classes that keep their own name
  FUNC_WORD: ['FUNC_WORD', ''],
  DET: ['DET', ''],
  INTERJ: ['INTERJ', ''],
  ABBREV: ['ABBREV', ''],
  // Non-words
  PUNC: ['PUNC', ''],
  NUMERIC_COMMA: ['PUNC', 'NUMERIC_COMMA'],
  NON_ALPHABETIC: ['PUNC', 'NON_ALPHABETIC'],
  NON_ARABIC: ['FOREIGN', 'NON_ARABIC'],
  FOREIGN: ['FOREIGN', ''],
  LATIN: ['FOREIGN', 'LATIN'],
  NO_FUNC: ['OTHER', 'NO_FUNC'],
  TYPO: ['OTHER', 'TYPO'],
  DIALECT: ['OTHER', 'DIALECT'],
  GRAMMAR_PROBLEM: ['OTHER', 'GRAMMAR_PROBLEM'],
};

/** The stem tags with a fixed reading (patterned PRON_/DEM_PRON_ tags not included). */
export const FIXED_STEM_TAGS: readonly string[] = Object.keys(STEM_TAGS);

/** What a stem tag says, or undefined for a tag outside the inventory. */
export function stemInfo(tag: string): StemInfo | undefined {
  const fixed = STEM_TAGS[tag];
  if (fixed) return { pos: fixed[0], dpos: fixed[1], ...NO_PNG };
  let m = /^PRON_(\w+)$/.exec(tag);
  let png = m ? parsePng(m[1]) : undefined;
  if (png) return { pos: 'PRON', dpos: '', ...png };
  m = /^DEM_PRON_(\w+)$/.exec(tag);
  png = m ? parsePng(m[1]) : undefined;
  if (png) return { pos: 'PRON', dpos: 'DEM', ...png };
  return undefined;
}

/** The imperfect-verb person prefix (`IV3MS`, `IV2D`, `IV1P`…): its person/number/gender. */
export function ivPrefixPng(tag: string): Png | undefined {
  const m = /^IV([123][MF]?[SDP])$/.exec(tag);
  return m ? parsePng(m[1]) : undefined;
}

/** A pronoun tag (`PRON_3MS`) that is a clitic after a host and a stem otherwise. */
export function isPronTag(tag: string): boolean {
  const m = /^PRON_(\w+)$/.exec(tag);
  return m !== null && parsePng(m[1]) !== undefined;
}

const NSUFF_WORDS: Readonly<Record<string, [keyof NsuffParts, string]>> = {
  MASC: ['gen', 'M'], FEM: ['gen', 'F'],
  SG: ['num', 'S'], DU: ['num', 'D'], PL: ['num', 'P'],
  POSS: ['poss', '_POSS'], INDEF: ['def', '_INDEF'], DEF: ['def', '_DEF'],
  ...Object.fromEntries(Object.keys(CASE_NAMES).map((c): [string, [keyof NsuffParts, string]] => [c, ['case', c]])),
};
interface NsuffParts { gen: string; num: string; case: string; poss: string; def: string }

function suffix(kind: 'infl' | 'pron', type: string, png: Png | undefined, more: Partial<SuffixInfo> = {}): SuffixInfo {
  return { kind, type, ...NO_PNG, ...png, mood: '', case: '', known: png !== undefined, ...more };
}

function parseNsuff(tag: string): SuffixInfo {
  const parts: NsuffParts = { gen: '', num: '', case: '', poss: '', def: '' };
  let known = true;
  for (const word of tag.split('_').slice(1)) {
    const hit = NSUFF_WORDS[word];
    if (!hit || parts[hit[0]] !== '') known = false;
    else parts[hit[0]] = hit[1];
  }
  return {
    kind: 'infl', type: `NSUFF${parts.poss}${parts.def}`, per: '', num: parts.num, gen: parts.gen,
    mood: '', case: parts.case, known: known && (parts.num !== '' || parts.gen !== ''),
  };
}

const MOOD = `(${MOOD_CODES})`;
/** A case ending's tag (`CASE_DEF_NOM`, `CASE_INDEF_ACC`): its definiteness and its case. */
const CASE_TAG = new RegExp(`^CASE_(DEF|INDEF)_(${CASE_CODES})$`);

/**
 * What a suffix-family tag says (NSUFF_, PVSUFF_, IVSUFF_, CVSUFF_, CASE_, POSS_PRON_),
 * or undefined for a tag outside those families. `PRON_<png>` is not included: whether
 * it is a clitic depends on its position (see isPronTag).
 */
export function suffixInfo(tag: string): SuffixInfo | undefined {
  let m = /^POSS_PRON_(\w+)$/.exec(tag);
  if (m) return suffix('pron', '', parsePng(m[1]));
  m = /^([PIC]VSUFF)_DO:(\w+)$/.exec(tag);
  if (m) return suffix('pron', '', parsePng(m[2]));
  m = new RegExp(`^([PIC]VSUFF)_SUBJ:([^_]+)(?:_MOOD:${MOOD})?$`).exec(tag);
  if (m) return suffix('infl', `${m[1]}_SUBJ`, parsePng(m[2]), { mood: m[3] ?? '' });
  m = new RegExp(`^IVSUFF_MOOD:${MOOD}$`).exec(tag);
  if (m) return suffix('infl', 'IVSUFF_MOOD', NO_PNG, { mood: m[1] });
  m = CASE_TAG.exec(tag);
  if (m) return suffix('infl', `CASE_${m[1]}`, NO_PNG, { case: m[2] });
  if (tag.startsWith('NSUFF_')) return parseNsuff(tag);
  if (/^(POSS_PRON|[PIC]VSUFF|CASE)_/.test(tag)) {
    return { kind: tag.includes('_DO') || tag.startsWith('POSS') ? 'pron' : 'infl', type: tag, ...NO_PNG, mood: '', case: '', known: false };
  }
  return undefined;
}

/**
 * Proclitic tags after which a `PRON_<png>` is an independent pronoun (`wa/CONJ+huwa/PRON_3MS`),
 * provided the proclitic is a single letter. Prepositions are left out on purpose: after
 * `bi/PREP` a pronoun is always the preposition's object (`bi/PREP+hi/PRON_3MS`).
 */
const PRON_STEM_PROCLITICS: ReadonlySet<string> = new Set([
  'CONJ', 'SUB_CONJ', 'CONNEC_PART', 'RC_PART', 'RESULT_CLAUSE_PARTICLE', 'EMPHATIC_PART',
  'EMPHATIC_PARTICLE', 'INTERROG_PART', 'INTERROG', 'VOC_PART', 'PART', 'NEG_PART',
]);

/**
 * True when a segment's vocalization (`voc`, or its characters [from, to)) spells at most one
 * letter (vowels and other marks aside): the only thing about a segment's vocalization that
 * factorization reads (see {@link introducesPronounStem}; src/labels/factorize-cache.ts keys on it).
 */
export function isShortVocalization(voc: string, from = 0, to = voc.length): boolean {
  let n = 0;
  for (let i = from; i < to && n <= 1; i++) if (!MARKS.has(voc.charCodeAt(i))) n++;
  return n <= 1;
}

/** Short vowels, sukun, shadda, tanween and dagger alif (Buckwalter), as UTF-16 code units: not letters. */
const MARKS: ReadonlySet<number> = new Set(Array.from('aiuo~FNK`', (ch) => ch.charCodeAt(0)));

/** Tags that only ever occur as prefixes, so they can host no clitic. */
const PREFIX_ONLY: ReadonlySet<string> = new Set(['DET', 'FUT', 'SUBJUNC']);

/**
 * True when a `PRON_<png>` right after this segment is a stem, not a clitic: the segment
 * is a prefix-only tag (DET, FUT, SUBJUNC, IV<png>), or a one-letter CONJ or particle.
 */
export function introducesPronounStem(prev: { voc: string; tag: string }): boolean {
  if (PREFIX_ONLY.has(prev.tag) || ivPrefixPng(prev.tag)) return true;
  return PRON_STEM_PROCLITICS.has(prev.tag) && isShortVocalization(prev.voc);
}

/** Every person/number/gender code that occurs in tags: for inventories and tests. */
export const PNG_CODES: readonly string[] = [
  '1S', '1P', '2MS', '2FS', '2D', '2MD', '2FD', '2MP', '2FP', '3MS', '3FS', '3D', '3MD', '3FD', '3MP', '3FP',
];
