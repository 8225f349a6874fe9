/**
 * The gold-matching convention: whether an analysis, rendered as `lexdis diacritize` shows it
 * (src/script/vocalize.ts), spells the vocalization of a word of a vocalized corpus (UD
 * Arabic-PADT 1.3, any fully vocalized text). It is how a vocalized word picks its gold
 * analysis (src/import/voc-match.ts), so it evens out spelling habits and nothing else
 * (docs/ud-projection.md, "PADT"). On both sides:
 *
 * - the letters are read with their marks by diac-compare.ts (parseDiacritized; tatweel
 *   dropped) and evened out as EvalDiac's relaxed scoring does (relaxLetters): sukun dropped;
 *   fatha before alif, kasra before ya, damma before waw dropped (implied by the long letter);
 *   kasra on a lam before alif dropped (the article's lam before hamzat wasl, الِاسْتِثْمَار);
 *   tanween fatha written on a final alif counted on the letter before (عَامًا = عَامًا);
 * - any vowel on a bare alif or alif wasla is dropped: the article's alif (PADT writes اَل,
 *   the renderer ال) and hamzat wasl (اِنتَخَبَ, اُنتُخِبَ);
 * - tanween fatha on a final alif maqsura counts on the letter before too (مُسْتَوًى);
 * - the dagger alif is set aside: a letter that carries one reads as a letter with fatha,
 *   whether or not the fatha is written (هٰذَا = هَٰذَا = هَذَا).
 *
 * Then the two words must be the same letter for letter, marks included. Unlike EvalDiac's
 * relaxed scoring, a bare letter accepts nothing but a bare letter: a vocalized corpus that
 * never writes sukun (PADT) means sukun by a bare letter, and a letter the analysis leaves
 * bare is not a guess at any vowel.
 */
import { parseDiacritized, relaxLetters, type DiacLetter } from './diac-compare.js';

const ALIF = '\u0627';
const ALIF_WASLA = '\u0671';
const ALIF_MAQSURA = '\u0649';

/** The letters of a vocalized word (Arabic script) in the matching convention (see the module comment). */
export function matchLetters(word: string): DiacLetter[] {
  const letters = parseDiacritized(word).map((l) => {
    const out = { ...l, letter: l.letter === ALIF_WASLA ? ALIF : l.letter };
    if (out.dagger) {
      out.dagger = false;
      if (!/[aiuFNK]/.test(out.vowel)) out.vowel = 'a';
    }
    return out;
  });
  const relaxed = relaxLetters(letters);
  relaxed.forEach((l, k) => {
    if (l.letter === ALIF) l.vowel = l.vowel.replace(/[aiu]/g, '');
    if (k > 0 && k === relaxed.length - 1 && l.letter === ALIF_MAQSURA && l.vowel.includes('F')) {
      l.vowel = l.vowel.replace('F', '');
      if (!relaxed[k - 1].vowel.includes('F')) relaxed[k - 1].vowel += 'F';
    }
  });
  // the same marks in any order, each once
  for (const l of relaxed) l.vowel = [...new Set(l.vowel)].sort().join('');
  return relaxed;
}

function letterKey(l: DiacLetter): string {
  return `${l.letter}${l.shadda ? '~' : ''}${l.vowel}`;
}

/**
 * The word's spelling in the matching convention as one string: two vocalized words match
 * exactly when their keys are equal. Takes a word in Arabic script, marks included.
 */
export function matchKey(word: string): string {
  return matchLetters(word).map(letterKey).join('|');
}

/** True when a rendered analysis and a gold word spell the same vocalization in the matching convention. */
export function sameVocalization(rendered: string, gold: string): boolean {
  return matchKey(rendered) === matchKey(gold);
}

/**
 * Where a rendered analysis differs from a gold word in the matching convention: 'none', only
 * the last letter's marks ('case-ending'), a letter's shadda and nothing else but shaddas
 * ('shadda'), other marks before the last letter ('stem'), or the letters themselves ('letters').
 */
export function vocalizationDifference(rendered: string, gold: string): 'none' | 'case-ending' | 'shadda' | 'stem' | 'letters' {
  const a = matchLetters(rendered);
  const b = matchLetters(gold);
  if (a.length !== b.length || a.some((l, i) => l.letter !== b[i].letter)) return 'letters';
  const differ = a.map((l, i) => letterKey(l) !== letterKey(b[i]));
  if (!differ.some(Boolean)) return 'none';
  if (!differ.slice(0, -1).some(Boolean)) return 'case-ending';
  const shaddaOnly = differ.every((d, i) => !d || (a[i].vowel === b[i].vowel && a[i].shadda !== b[i].shadda));
  return shaddaOnly ? 'shadda' : 'stem';
}
