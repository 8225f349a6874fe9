/**
 * Showing analyses in Arabic script, and reading user text in either script. Only the
 * Buckwalter parts are converted: in a morphology string the forms before each `/` (not the
 * tags), in a lemma ID the part before its `_N` number (as UD Arabic-PUD writes `كَتَب-ُ_1`).
 */
import { fromBuckwalter, hasArabic, type Script } from '../script/buckwalter.js';
import type { Solution } from './types.js';

/** A lemma ID in the script asked for (`katab-u_1` → `كَتَب-ُ_1`). */
export function lemmaInScript(lemma: string, script: Script): string {
  if (script === 'buckwalter') return lemma;
  const m = /^(.*?)(_\d+)$/.exec(lemma);
  return m ? fromBuckwalter(m[1]) + m[2] : fromBuckwalter(lemma);
}

/** A morphology string in the script asked for; tags stay in Latin (`wa/CONJ+…` → `وَ/CONJ+…`). */
export function morphInScript(morph: string, script: Script): string {
  if (script === 'buckwalter') return morph;
  return morph
    .split('+')
    .map((piece) => {
      const slash = piece.indexOf('/');
      if (slash < 0) return piece;
      const form = piece.slice(0, slash);
      return (form === '(null)' ? form : fromBuckwalter(form)) + piece.slice(slash);
    })
    .join('+');
}

/** A vocalization or look-up form in the script asked for. */
export function formInScript(form: string, script: Script): string {
  return script === 'buckwalter' ? form : fromBuckwalter(form);
}

/** A solution with its vocalization, lemma and morphology in the script asked for (gloss unchanged). */
export function solutionInScript(sol: Solution, script: Script): Solution {
  if (script === 'buckwalter') return sol;
  return {
    ...sol,
    voc: fromBuckwalter(sol.voc),
    lemma: lemmaInScript(sol.lemma, script),
    morph: morphInScript(sol.morph, script),
  };
}

/**
 * How raw text is read:
 *  - `arabic`: as it is. Arabic-script words are analyzed; Latin letters, digits and
 *    punctuation are other text and pass through untouched (`Hello world` stays English);
 *  - `buckwalter`: the whole text is Buckwalter transliteration, turned into Arabic first;
 *  - `auto`: Buckwalter when the text has no Arabic letter at all, else as `arabic` (so
 *    `Hello world` alone is read as Buckwalter: ask for it only for transliterated input).
 */
export const INPUT_SCRIPTS = ['arabic', 'buckwalter', 'auto'] as const;
/** One of {@link INPUT_SCRIPTS}. */
export type InputScript = (typeof INPUT_SCRIPTS)[number];

/** The safe default of every text-reading entry point (tagger, service, diacritizer): `arabic`. */
export const DEFAULT_INPUT_SCRIPT: InputScript = 'arabic';

/**
 * Raw text for the analyzer, which reads Arabic script (see {@link INPUT_SCRIPTS}; default
 * {@link DEFAULT_INPUT_SCRIPT}). Buckwalter text is transliterated first; alif wasla `{` is
 * read as `A` and dagger alif `` ` `` dropped, since neither is in the analyzer's Arabic
 * character class (Windows-1256 has neither) and the look-up form ignores both.
 */
export function prepareInput(text: string, inputScript: InputScript = DEFAULT_INPUT_SCRIPT): string {
  const bw = resolveInputScript(text, inputScript) === 'buckwalter';
  return bw ? fromBuckwalter(text.replaceAll('{', 'A').replaceAll('`', '')) : text;
}

/**
 * The script `inputScript` means for input that starts with `sample`: 'auto' is Arabic when the
 * sample has an Arabic letter, else Buckwalter. Streaming commands decide once, on their first
 * batch, and pass the answer to {@link prepareInput} for every later line.
 */
export function resolveInputScript(sample: string, inputScript: InputScript): Script {
  if (inputScript !== 'auto') return inputScript;
  return hasArabic(sample) ? 'arabic' : 'buckwalter';
}
