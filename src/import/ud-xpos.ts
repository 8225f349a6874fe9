/**
 * What the treebank's tags say in the analyzer's terms: the XPOS → POS map, the proclitic
 * map and the FEATS readings used by the projection (docs/ud-projection.md has the same
 * tables with examples).
 *
 * XPOS (PUD's Google-style tags) → a Buckwalter stem tag (BAMA 1.0 names, used to build gold
 * labels) and the label-element `pos` values it agrees with (see src/labels/tags.ts).
 */
import type { ConlluWord } from './conllu.js';

export interface XposReading {
  /** Stem tag for a gold label built from the annotation. */
  tag: string;
  /** Values of the `pos` label element that agree with the tag. */
  pos: readonly string[];
  /** Coarse class: candidates of the same class agree partly. */
  cls: PosClass;
  /** Values of the `dpos` element that agree, when the tag says something about it. */
  dpos?: readonly string[];
}

export type PosClass = 'nominal' | 'verb' | 'pronoun' | 'function' | 'other';

/** Coarse class of a `pos` label-element value. */
export function posClass(pos: string): PosClass {
  switch (pos) {
    case 'NOUN': case 'ADJ': case 'ABBREV': case 'ADV':
      return 'nominal';
    case 'VERB':
      return 'verb';
    case 'PRON':
      return 'pronoun';
    case 'PREP': case 'CONJ': case 'PART': case 'FUNC_WORD': case 'DET': case 'INTERJ':
      return 'function';
    default:
      return 'other';
  }
}

/** `dpos` values of a common (not proper) nominal. */
const COMMON: readonly string[] = ['', 'VN', 'NUM', 'QUANT', 'COMP'];

/** XPOS → reading, for tags whose reading does not depend on FEATS. */
const XPOS_MAP: Readonly<Record<string, XposReading>> = {
  NN: { tag: 'NOUN', pos: ['NOUN'], cls: 'nominal', dpos: COMMON },
  NNP: { tag: 'NOUN_PROP', pos: ['NOUN'], cls: 'nominal', dpos: ['PROP'] },
  JJ: { tag: 'ADJ', pos: ['ADJ'], cls: 'nominal', dpos: COMMON },
  JJR: { tag: 'ADJ', pos: ['ADJ', 'NOUN'], cls: 'nominal', dpos: COMMON },
  VBN: { tag: 'ADJ', pos: ['ADJ', 'NOUN'], cls: 'nominal', dpos: COMMON },
  VBG: { tag: 'NOUN', pos: ['NOUN'], cls: 'nominal', dpos: COMMON },
  CD: { tag: 'NOUN', pos: ['NOUN', 'ADJ'], cls: 'nominal', dpos: COMMON },
  PDT: { tag: 'NOUN', pos: ['NOUN'], cls: 'nominal', dpos: COMMON },
  RB: { tag: 'ADV', pos: ['ADV'], cls: 'nominal' },
  CC: { tag: 'CONJ', pos: ['CONJ'], cls: 'function' },
  DT: { tag: 'DET', pos: ['DET'], cls: 'function' },
  UH: { tag: 'INTERJ', pos: ['INTERJ'], cls: 'function' },
  REL: { tag: 'REL_PRON', pos: ['PRON'], cls: 'pronoun', dpos: ['REL'] },
  WP: { tag: 'REL_PRON', pos: ['PRON'], cls: 'pronoun' },
  WDT: { tag: 'REL_PRON', pos: ['PRON'], cls: 'pronoun' },
  WRB: { tag: 'ADV', pos: ['ADV', 'PRON', 'PART'], cls: 'function' },
  EX: { tag: 'ADV', pos: ['ADV', 'PRON'], cls: 'nominal' },
};

/** True when a label's pos (and dpos, where the XPOS says something about it) is one the XPOS allows. */
export function posAllowed(r: XposReading, pos: string, dpos: string): boolean {
  return r.pos.includes(pos) && (!r.dpos || r.dpos.includes(dpos));
}

/** Person/gender/number code of a word's FEATS (`3MS`, `FP`, ''), in tag order PGN. */
export function pngOf(w: ConlluWord): string {
  const per = w.feats.get('Person') ?? '';
  const gen = { Masc: 'M', Fem: 'F' }[w.feats.get('Gender') ?? ''] ?? '';
  const num = { Sing: 'S', Dual: 'D', Plur: 'P' }[w.feats.get('Number') ?? ''] ?? '';
  return `${per}${gen}${num}`;
}

/** The reading of a word's XPOS (with UPOS and FEATS where the tag depends on them). */
export function readXpos(w: ConlluWord): XposReading {
  const x = w.xpos;
  if (x === 'VBC') {
    const mood = w.feats.get('Mood');
    const aspect = w.feats.get('Aspect');
    const [tag, dpos] =
      mood === 'Imp' ? ['VERB_IMPERATIVE', 'IMPERATIVE'] : aspect === 'Imp' ? ['VERB_IMPERFECT', 'IMPERFECT'] : ['VERB_PERFECT', 'PERFECT'];
    return { tag, pos: ['VERB'], cls: 'verb', dpos: [dpos, `${dpos}_PASS`] };
  }
  if (x === 'IN') {
    return w.upos === 'SCONJ'
      ? { tag: 'FUNC_WORD', pos: ['FUNC_WORD', 'CONJ', 'PART'], cls: 'function' }
      : { tag: 'PREP', pos: ['PREP'], cls: 'function' };
  }
  if (x === 'RP') {
    return w.feats.get('Polarity') === 'Neg'
      ? { tag: 'NEG_PART', pos: ['PART'], cls: 'function', dpos: ['NEG'] }
      : { tag: 'FUNC_WORD', pos: ['PART', 'FUNC_WORD', 'CONJ'], cls: 'function' };
  }
  if (x === 'PRP') {
    const png = pngOf(w);
    return { tag: png ? `PRON_${png}` : 'PRON', pos: ['PRON'], cls: 'pronoun' };
  }
  if (x === 'PDEM') {
    const png = pngOf(w).replace(/^\d/, '');
    return { tag: png ? `DEM_PRON_${png}` : 'DEM_PRON', pos: ['PRON'], cls: 'pronoun', dpos: ['DEM'] };
  }
  const fixed = XPOS_MAP[x];
  if (fixed) return fixed;
  return { tag: w.upos === 'PROPN' ? 'NOUN_PROP' : 'NOUN', pos: ['NOUN'], cls: 'other' };
}

/**
 * A one-letter clitic token before the stem: the proclitic tags (`pre1`/`pre2` values) it
 * agrees with, first the one used for gold labels. Keyed by look-up form, UPOS and whether
 * the stem is a verb (`l` before a verb is the subjunctive/jussive particle, which PUD tags
 * ADP as often as PART).
 */
export function procliticTags(lookup: string, upos: string, beforeVerb = false): readonly string[] | undefined {
  switch (lookup) {
    case 'w':
      return ['CONJ'];
    case 'f':
      return ['CONJ', 'RESULT_CLAUSE_PARTICLE', 'RC_PART', 'CONNEC_PART', 'SUB_CONJ'];
    case 'b':
    case 'k':
      return ['PREP'];
    case 'l':
      if (beforeVerb) return ['SUBJUNC', 'JUS_PART', 'RESULT_CLAUSE_PARTICLE', 'RC_PART', 'EMPHATIC_PARTICLE', 'EMPHATIC_PART'];
      return upos === 'PART'
        ? ['EMPHATIC_PARTICLE', 'EMPHATIC_PART', 'RESULT_CLAUSE_PARTICLE', 'RC_PART', 'PREP']
        : ['PREP'];
    case 's':
      return ['FUT', 'FUT_PART'];
    case '>':
      return ['INTERROG_PART', 'INTERROG'];
    default:
      return undefined;
  }
}

/** Look-up forms of the pronoun clitics (an enclitic token is a PRON with one of these). */
export const PRONOUN_CLITICS: ReadonlySet<string> = new Set(['h', 'hA', 'hm', 'hmA', 'hn', 'k', 'km', 'kmA', 'kn', 'y', 'ny', 'nA']);

/** Vocalization of a proclitic for a gold label (Buckwalter). */
export function procliticVoc(lookup: string, tag: string): string {
  if (lookup === 'l') return tag === 'PREP' || tag === 'SUBJUNC' || tag === 'JUS_PART' ? 'li' : 'la';
  return { w: 'wa', f: 'fa', b: 'bi', k: 'ka', s: 'sa', '>': '>a' }[lookup] ?? lookup;
}

/** Case values (`case` element) a UD Case agrees with. */
export function caseValues(c: string | undefined): readonly string[] {
  if (c === 'Nom') return ['NOM'];
  if (c === 'Acc') return ['ACC', 'ACCGEN'];
  if (c === 'Gen') return ['GEN', 'ACCGEN'];
  return [];
}

/** Mood values (`mood` element) a UD Mood agrees with. */
export function moodValues(m: string | undefined): readonly string[] {
  if (m === 'Ind') return ['I'];
  if (m === 'Sub') return ['S', 'SJ'];
  if (m === 'Jus') return ['J', 'SJ'];
  return [];
}
