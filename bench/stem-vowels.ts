/**
 * How well the names' letter-context model (src/analyzer/stem-vowels.ts) vowels names it has
 * not learned from, printed as JSON: k-fold over the lexicon's own name stems (stem i of the
 * file's order in fold i mod k, so no random choice), the share of held-out names whose every
 * letter but the last gets the marks the lexicon writes, overall and for the names with a
 * sheen (`$`, which until 2026-11-27 shared its context key with the stem's end).
 *
 * Run: `node dist/bench/stem-vowels.js [--folds 5]`.
 */
import { loadLexicon } from '../src/analyzer/lexicon.js';
import { StemVowels, vowelModelStems } from '../src/analyzer/stem-vowels.js';
import { dataPaths } from '../bin/data.js';
import { BW_DIACRITICS, stripBwDiacritics } from '../src/script/buckwalter.js';
import { argNumber, errorLine, exitOnHelp, round } from './common.js';

/** Marks after a stem's last letter. */
const FINAL_MARKS = new RegExp(`[${BW_DIACRITICS}]+$`);

/** A vocalized stem's letters and marks up to its last letter (the last letter's marks are the suffix's: the model gives none). */
function expected(voc: string): string {
  return voc.replace(FINAL_MARKS, '');
}

function main(argv: string[]): void {
  exitOnHelp(argv, import.meta.url);
  const folds = argNumber(argv, '--folds', 5);
  if (!Number.isInteger(folds) || folds < 2) throw new Error(`--folds must be an integer ≥ 2, got ${folds}`);
  const stems = vowelModelStems(loadLexicon(dataPaths.bama()));
  let right = 0;
  let sheen = 0;
  let sheenRight = 0;
  for (let f = 0; f < folds; f++) {
    const model = StemVowels.fromVocalizations(stems.filter((_, i) => i % folds !== f));
    stems.forEach((voc, i) => {
      if (i % folds !== f) return;
      const letters = stripBwDiacritics(voc);
      const ok = model.vocalize(letters) === expected(voc);
      right += Number(ok);
      if (letters.includes('$')) {
        sheen++;
        sheenRight += Number(ok);
      }
    });
  }
  const out = {
    kind: 'lexdis-bench-stem-vowels',
    folds,
    names: stems.length,
    namesRight: round(right / stems.length, 4),
    namesWithSheen: sheen,
    namesWithSheenRight: round(sheenRight / Math.max(1, sheen), 4),
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

try {
  main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
}
