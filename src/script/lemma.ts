/**
 * A lemma as a reader looks it up: the citation form a lemma ID stands for, in Arabic script and
 * vocalized by the word renderer (./vocalize.ts), so that it follows the same spelling rules as
 * the words of the text. BAMA and UD write a lemma ID as the stem's vocalization, an imperfect
 * vowel mark for a verb and a sense number: `Eaqad-i_1` (عَقَدَ), `kitAb_1` (كِتَاب),
 * `{ijotimAE_1` (اجْتِمَاع). A lemma ID also has spellings that differ only in convention, evened
 * out here to compare IDs from two sources (a treebank's and the analyzer's).
 */
import { fromBuckwalter } from './buckwalter.js';
import { vocalizeWord } from './vocalize.js';

/** What follows the stem in a lemma ID: the imperfect vowel(s) of a verb (`-u`, `-ia`) and the sense number (`_1`). */
const ID_TAIL = /(?:-[aiu]+)?(?:_\d+)?$/;
/** Buckwalter marks: the vowels, sukun, tanween, shadda and dagger alif. */
const MARKS = /[aiuoFNK~`]/g;
const HAS_MARK = /[aiuoFNK~`]/;
/** Sense 0: a word the lexicon does not list (the backoff's names, `AwbAmA_0`; src/analyzer/backoff.ts). */
const UNLISTED = /_0$/;
/** A verb stem that already ends in a vowel or a long-vowel letter takes no final fatha (دَعَا, رَمَى, بَقِيَ). */
const ENDS_IN_VOWEL = /[AYaiuoFNK]$/;

/**
 * The citation form of a lemma, vocalized in Arabic script: the stem of its ID, and for a verb
 * (`pos` `VERB`) the perfect's third person masculine singular (the stem with its final fatha:
 * `Eaqad-i_1` → عَقَدَ), a nominal without a case ending, any other word as its ID spells it. An
 * alif wasla is written as a bare alif, with no vowel, as in vocalized text. The ID of a word
 * the lexicon does not list (sense 0) that carries no vowel (the backoff's names, `AwbAmA_0`) is
 * given as its letters, with no vowel guessed.
 * @param lemma a lemma ID in Buckwalter (`Eaqad-i_1`)
 * @param pos the analysis' basic part of speech, the label element `pos` (`VERB`, `NOUN`…)
 * @returns the citation form in Arabic script; never throws
 */
export function lemmaVocalized(lemma: string, pos: string): string {
  const stem = lemma.replace(ID_TAIL, '');
  const letters = fromBuckwalter(stem.replace(MARKS, '').replaceAll('{', 'A'));
  if (UNLISTED.test(lemma) && !HAS_MARK.test(stem)) return letters;
  const voc = pos === 'VERB' && !ENDS_IN_VOWEL.test(stem) ? `${stem}a` : stem;
  // the morphology tells the renderer the word's kind: a nominal's last letter, its case slot, stays bare
  return vocalizeWord(letters, voc, `${voc}/${pos}`);
}

/** Splits `base_N` into base and sense index ('' when there is none). */
export function splitSense(lemma: string): { base: string; sense: string } {
  const m = /^(.*)_(\d+)$/.exec(lemma);
  return m ? { base: m[1], sense: m[2] } : { base: lemma, sense: '' };
}

/**
 * The normalized form of a Buckwalter lemma base (no sense index): SAMA's verb-class marker
 * (a final `-` with its vowels: `-u`, `-a`, `-i`, `-ui`, or a bare `-`) removed; a final
 * tanween-fath with its alif seat (`AF`/`FA`, adverbial accusative) removed; short vowels,
 * tanween, shadda, sukun and dagger alif removed; alif wasla written as bare alif.
 */
function normalizeBase(base: string): string {
  return base
    .replace(/-[aui]*$/, '')
    .replace(/(AF|FA)$/, '')
    .replace(/[FNKaui~o`]/g, '')
    .replace(/\{/g, 'A');
}

/**
 * A lemma with only its spelling conventions evened out, vowels and shadda kept: the
 * verb-class marker, a final `AF`/`FA`, tanween and sukun removed, alif wasla as bare alif,
 * and a shadda written after its vowel (`>ana~`) moved before it (`>an~a`).
 */
export function vocalizedLemma(lemma: string): string {
  const { base, sense } = splitSense(lemma);
  const v = base
    .replace(/-[aui]*$/, '')
    .replace(/(AF|FA)$/, '')
    .replace(/[FNKo]/g, '')
    .replace(/\{/g, 'A')
    .replace(/([aui])~/g, '~$1');
  return sense ? `${v}_${sense}` : v;
}

/** {@link normalizeBase} applied to the base, the sense index kept: `katab-u_1` → `ktb_1`. */
export function normalizeLemma(lemma: string): string {
  const { base, sense } = splitSense(lemma);
  return sense ? `${normalizeBase(base)}_${sense}` : normalizeBase(base);
}

/** {@link normalizeLemma} without the sense index: `katab-u_1` → `ktb`. */
export function lemmaCore(lemma: string): string {
  return normalizeBase(splitSense(lemma).base);
}
