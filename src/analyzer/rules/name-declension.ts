/**
 * Case endings of proper names by their declension (docs/case-endings.md, rule 10). The
 * tables give names whatever their stem category takes: nothing at all for most of them
 * (`N0`: أحمد, بغداد, حسين come out bare), the triptote endings of a common noun (`N`, `N-ap`:
 * إيرانٍ, غزةٍ), the diptote ones (`Ndip`, and `Nprop-dip` of names.ts). A careful writer
 * declines a name by what it is: a diptote (ممنوع من الصرف: foreign names, feminine names,
 * names in -ān after three letters, names on a verb's pattern such as أحمد, عُمَر) takes u, a
 * and a genitive a; an Arabic masculine name on a noun's pattern (حَسَن, هاشِم, حُسَيْن, مُحَمَّد,
 * عَلِيّ) is a triptote and takes tanween (ٌ ً ٍ) or, in a construct, u, a, i.
 *
 * With the `caseEndings` option every analysis whose stem is a proper name without a pronoun
 * clitic gets exactly the endings of its declension ({@link nameDeclension}; after the article,
 * u, a, i as every noun there):
 * endings the tables give that the declension lacks are left out, endings it has that the
 * tables lack are added (the vowel after the stem, or after its ta marbuta), and the caseless
 * analysis goes when endings replace it (as every case ending replaces the null suffix). After
 * a preposition only the genitive is offered. A name that ends in a long vowel (سوريا) keeps
 * what it has. Backoff names (a word the lexicon lacks: mostly foreign) are diptotes, and take
 * their caseless reading as well (caseless-names.ts).
 */
import { caselessName, takesCaselessReading } from './caseless-names.js';
import { DIPTOTE_GENITIVE, endsInConsonant, nameStemVoc, withNameEnding } from './names.js';
import type { Solution } from '../types.js';

/** How a name takes its case: diptote, triptote, or no visible case (a long vowel at the end). */
export type Declension = 'diptote' | 'triptote' | 'none';

/**
 * Arabic masculine names that are triptotes, one for each noun pattern such names are on:
 * حَسَن, بَكْر, هاشِم, حُسَيْن, سَعِيد, عَبّاس, هِلال, جَمال, حُسام, مُحَمَّد, مُصَوِّر, مَحْمُود, مُنْعِم.
 * Declared once: a name is a triptote when its stem has the template of one of them
 * ({@link TRIPTOTE_TEMPLATES}); any other template is a diptote's.
 */
export const TRIPTOTE_EXAMPLES: readonly string[] = [
  'Hasan', 'bakor', 'hA$im', 'Husayon', 'saEiyd', 'Eab~As', 'hilAl', 'jamAl', 'HusAm',
  'muHam~ad', 'muSaw~ir', 'maHomuwd', 'munoEim',
];

type Ending = { voc: string; tag: string; gloss: string };
/** The case endings a name may take, by declension and case (declared once; the tag names the case). */
const ENDINGS: Record<'diptote' | 'triptote' | 'definite', Record<'NOM' | 'ACC' | 'GEN', readonly Ending[]>> = {
  // after the article, every name as every noun: u, a, i
  definite: {
    NOM: [{ voc: 'u', tag: 'CASE_DEF_NOM', gloss: '[def.nom.]' }],
    ACC: [{ voc: 'a', tag: 'CASE_DEF_ACC', gloss: '[def.acc.]' }],
    GEN: [{ voc: 'i', tag: 'CASE_DEF_GEN', gloss: '[def.gen.]' }],
  },
  diptote: {
    NOM: [{ voc: 'u', tag: 'CASE_DEF_NOM', gloss: '[def.nom.]' }],
    ACC: [{ voc: 'a', tag: 'CASE_DEF_ACC', gloss: '[def.acc.]' }],
    GEN: [{ voc: DIPTOTE_GENITIVE.voc, tag: DIPTOTE_GENITIVE.pos.slice(DIPTOTE_GENITIVE.pos.indexOf('/') + 1), gloss: DIPTOTE_GENITIVE.gloss }],
  },
  triptote: {
    NOM: [{ voc: 'N', tag: 'CASE_INDEF_NOM', gloss: '[indef.nom.]' }, { voc: 'u', tag: 'CASE_DEF_NOM', gloss: '[def.nom.]' }],
    // the accusative tanween of a stem in a consonant is written with an alif (محمدًا): only after ta marbuta here
    ACC: [{ voc: 'F', tag: 'CASE_INDEF_ACC', gloss: '[indef.acc.]' }, { voc: 'a', tag: 'CASE_DEF_ACC', gloss: '[def.acc.]' }],
    GEN: [{ voc: 'K', tag: 'CASE_INDEF_GEN', gloss: '[indef.gen.]' }, { voc: 'i', tag: 'CASE_DEF_GEN', gloss: '[def.gen.]' }],
  },
};

/**
 * The template of a vocalized stem: each consonant C, the vowels and shadda kept, ā as A and the y
 * of ī, the w of ū as I, U (`saEiyd` → `CaCiIC`).
 */
export function stemTemplate(voc: string): string {
  let out = '';
  for (let i = 0; i < voc.length; i++) {
    const c = voc[i];
    const next = voc[i + 1] ?? '';
    const long = next === '' || !'aiuoA~'.includes(next);
    if ('aiuo~A'.includes(c)) out += c;
    else if (c === 'y' && voc[i - 1] === 'i' && long) out += 'I';
    else if (c === 'w' && voc[i - 1] === 'u' && long) out += 'U';
    else out += 'C';
  }
  return out;
}

/**
 * The declension of a name without the article: `stem` its vocalized stem, `feminine` whether
 * it ends in ta marbuta (then a diptote: فاطمة, غزة). A nisba name in -iyy (عَلِيّ, الهاشِمِيّ) and
 * the templates of {@link TRIPTOTE_TEMPLATES} are triptotes; a stem in a long vowel shows no case.
 */
export function nameDeclension(stem: string, feminine: boolean): Declension {
  if (feminine) return 'diptote';
  if (stem.endsWith('iy~')) return 'triptote';
  if (!endsInConsonant(stem)) return 'none';
  return TRIPTOTE_TEMPLATES.has(stemTemplate(stem)) ? 'triptote' : 'diptote';
}

/** The templates of {@link TRIPTOTE_EXAMPLES}. */
export const TRIPTOTE_TEMPLATES: ReadonlySet<string> = new Set(TRIPTOTE_EXAMPLES.map(stemTemplate));

interface Segment { voc: string; tag: string }

/**
 * A name stem that spells the article itself (`All~`h` الله, `Alojaziyrap` الجزيرة): `Al`, then a
 * doubled sun letter, or sukun and a letter.
 */
const FUSED_ARTICLE = /^Al(?:o[^aiuo~`]|[^aiuo~`]~)/;

function segmentsOf(morph: string): Segment[] {
  return morph.split('+').filter((s) => s !== '').map((s) => {
    const k = s.lastIndexOf('/');
    return { voc: s.slice(0, k), tag: s.slice(k + 1) };
  });
}

/** A name analysis to decline, as {@link nameOf} reads it. */
interface NameAnalysis {
  stem: string;
  /** After the article (`Al/DET`): declined as every noun after it. */
  article: boolean;
  feminine: boolean;
  genitiveOnly: boolean;
  /** The morphology without its case ending. */
  morph: string;
  /** The lemma and `morph`: the analyses of one name that differ only by their ending share it. */
  key: string;
  /** The case ending's vocalization ('' for none). */
  caseVoc: string;
}

/**
 * An analysis whose stem is a proper name: its stem, article (a stem that spells the article
 * itself, such as الله, counts as after it), ta marbuta, whether a preposition governs it, and
 * its morphology without the case ending; null for any other analysis, a name with a pronoun
 * clitic or a suffix other than ta marbuta, a stem in `Al` that is not the article, or an
 * analysis whose vocalization spells an ending its morphology does not name.
 */
function nameOf(s: Solution): NameAnalysis | null {
  if (!s.morph.includes('/NOUN_PROP')) return null;
  const segs = segmentsOf(s.morph);
  const k = segs.findIndex((g) => g.tag === 'NOUN_PROP');
  if (k < 0 || segs.some((g) => g.tag.startsWith('POSS_PRON'))) return null;
  const fused = FUSED_ARTICLE.test(segs[k].voc);
  if (segs[k].voc.startsWith('Al') && !fused) return null;
  const last = segs[segs.length - 1];
  const hasCase = last.tag.startsWith('CASE_');
  // an ending the vocalization spells although the morphology names none (لِلَّٰهِ as one entry), or a caseless
  // reading (sukun: caseless-names.ts), stays as it is
  if (!hasCase && /[aiuo]$/.test(s.voc)) return null;
  const rest = hasCase ? segs.slice(k + 1, -1) : segs.slice(k + 1);
  if (rest.some((g) => g.tag !== 'NSUFF_FEM_SG')) return null;
  const morph = hasCase ? s.morph.slice(0, s.morph.lastIndexOf('+')) : s.morph;
  return {
    stem: segs[k].voc,
    article: fused || segs.some((g) => g.tag === 'DET'),
    feminine: rest.length > 0,
    genitiveOnly: segs.slice(0, k).some((g) => g.tag === 'PREP'),
    morph,
    key: `${s.lemma}\t${morph}`,
    caseVoc: hasCase ? last.voc : '',
  };
}

/** The analysis of a name with another ending, made from one of the same name (`from`, read as `n`). */
function withEnding(from: Solution, n: NameAnalysis, e: Ending): Solution {
  const suffixGloss = n.feminine ? from.glossParts.suffix : e.gloss;
  return withNameEnding(from, nameStemVoc(from, n.caseVoc) + e.voc, `${n.morph}+${e.voc}/${e.tag}`, suffixGloss);
}

/**
 * The analyses of a word with every proper name given the endings of its declension (see the
 * module comment); other analyses unchanged, in their order, a name's endings where its first
 * analysis stood. Takes the solutions and whether they are backoff analyses; returns the same
 * array when nothing changes, else a new frozen one.
 */
export function declineNames(solutions: readonly Solution[], backoff = false): readonly Solution[] {
  if (!solutions.some((s) => s.morph.includes('/NOUN_PROP'))) return solutions;
  const groups = new Map<string, Solution[]>();
  const names = solutions.map((s) => nameOf(s));
  solutions.forEach((s, i) => {
    const n = names[i];
    if (n) groups.set(n.key, [...(groups.get(n.key) ?? []), s]);
  });
  const out: Solution[] = [];
  let changed = false;
  solutions.forEach((s, i) => {
    const n = names[i];
    if (!n) return void out.push(s);
    const group = groups.get(n.key);
    if (!group) return; // declined where its first analysis stood
    groups.delete(n.key);
    const own = backoff ? 'diptote' : nameDeclension(n.stem, n.feminine);
    if (own === 'none') return void out.push(...group);
    const decl = n.article ? 'definite' : own;
    const cases = n.genitiveOnly ? (['GEN'] as const) : (['NOM', 'ACC', 'GEN'] as const);
    const declined: Solution[] = [];
    for (const c of cases) {
      for (const e of ENDINGS[decl][c]) {
        if (e.voc === 'F' && !n.feminine) continue;
        const given = group.find((g) => g.morph.endsWith(`+${e.voc}/${e.tag}`));
        declined.push(given ?? withEnding(s, n, e));
      }
    }
    // the caseless reading, unless the solutions hold it already (declined before: nameOf reads it as no name)
    const has = (): boolean => solutions.some((x, k) => !names[k] && x.morph === n.morph && x.lemma === s.lemma);
    if (backoff && takesCaselessReading(n) && !has()) declined.push(caselessName(s, n));
    changed ||= declined.length !== group.length || declined.some((d, k) => d !== group[k]);
    out.push(...declined);
  });
  return changed ? Object.freeze(out) : solutions;
}
