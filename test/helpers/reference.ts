/**
 * Whether the tests that read the BAMA 1.0 program's output, bama-1.0-reference/pud-analyses.txt,
 * can run here. `npm test` builds that file with Perl before the tests (scripts/test-data.mjs);
 * where Perl cannot be run and no mirror gave the file, those tests are skipped with the reason,
 * never failed. Where Perl runs, a missing file is not a reason: the test runs and fails.
 */
import { existsSync } from 'node:fs';
import { dataPaths } from '../../bin/data.js';
import { perlCommand } from '../../bin/commands/data-reference.js';
import { perlVersion } from '../../src/data/perl.js';

let reason: string | false | undefined;

/**
 * The reason to skip a test that reads pud-analyses.txt (for node:test's `skip` option), or
 * false when it can run. Takes nothing; throws nothing.
 */
export function analysesSkip(): string | false {
  if (reason !== undefined) return reason;
  const file = dataPaths.referenceAnalyses();
  const perl = perlCommand();
  reason = existsSync(file) || perlVersion(perl) !== undefined
    ? false
    : `needs ${file}, built by 'lexdis data fetch' with Perl, and '${perl}' cannot be run here`;
  return reason;
}
