/**
 * How `lexdis data fetch` gets `bama-1.0-reference`, the one set made on the user's machine
 * (src/data/reference.ts): built from the sets it is made from, with the Perl that
 * `$LEXDIS_PERL` names (default `perl` on PATH). Without Perl, a mirror's copy is fetched as any
 * other file; with neither, its sentences are still made and its analyses are skipped.
 */
import { checkData } from '../../src/data/check.js';
import { BASE_SET_NAMES } from '../../src/data/manifest.js';
import { buildReference, REFERENCE_SET, type ReferenceReport } from '../../src/data/reference.js';
import { perlVersion } from '../../src/data/perl.js';
import { LexdisError, UsageError } from '../../src/errors.js';
import { log } from '../output.js';
import { progressCallback } from '../progress.js';

/** The Perl the reference is built with: `$LEXDIS_PERL`, else `perl` on PATH. */
export function perlCommand(): string {
  return process.env.LEXDIS_PERL || 'perl';
}

/** What a fetch does about the reference. */
export interface ReferencePlan {
  /** The sets to hand to fetchData (never empty when `build` is set). */
  fetch: string[];
  /** Build the reference after the fetch: the Perl to run, or false for the sentences alone. */
  build?: { perl: string | false; version?: string };
}

/**
 * The sets to fetch and whether to build the reference, for the sets named (for none, every set
 * but those only training reads, which are fetched when named or by `lexdis setup`) and the mirror
 * given. Naming the reference fetches the sets it is built from too. Throws UsageError when the
 * reference is named and can be neither built (no Perl) nor fetched (no mirror).
 */
export function referencePlan(sets: readonly string[], from: string | undefined): ReferencePlan {
  const wanted = sets.length === 0 || sets.includes(REFERENCE_SET.name);
  if (!wanted) return { fetch: [...sets] };
  const perl = perlCommand();
  const version = perlVersion(perl);
  if (version === undefined && from !== undefined) return { fetch: sets.length > 0 ? [...sets] : [...BASE_SET_NAMES] };
  if (version === undefined && sets.length > 0) {
    throw new UsageError(
      `${REFERENCE_SET.name}: its analyses are built with Perl, and '${perl}' cannot be run ` +
      '(install perl, or set LEXDIS_PERL to one); or fetch the set from a mirror (--from DIR|URL)',
    );
  }
  const others = (sets.length === 0 ? BASE_SET_NAMES : sets).filter((s) => s !== REFERENCE_SET.name);
  const fetch = [...new Set([...others, ...(sets.length > 0 ? REFERENCE_SET.builtFrom! : [])])];
  return { fetch, build: { perl: version === undefined ? false : perl, version } };
}

/** One built file as a log line, in the columns of fetch's lines. */
function line(r: ReferenceReport, plan: NonNullable<ReferencePlan['build']>): string {
  const size = `${(r.bytes / 1e6).toFixed(1)} MB`;
  switch (r.status) {
    case 'built': return `built    ${r.path}  ${size}${r.path.endsWith('analyses.txt') ? ` (AraMorph.pl, perl ${plan.version})` : ''}`;
    case 'present': return `present  ${r.path}  (already there, verified)`;
    case 'skipped': return `skipped  ${r.path}  (built with Perl, and '${perlCommand()}' cannot be run: install perl, or fetch it from a mirror, --from DIR|URL)`;
  }
}

/** The outcome of the build step: the statuses of the reference's files, and the error that stopped it. */
export interface BuildOutcome {
  statuses: Array<ReferenceReport['status'] | 'failed'>;
  error?: LexdisError;
}

/**
 * Builds the reference into the data folder `to` as `plan` says, logging a line per file (unless
 * `quiet`; a failure always) and, on a terminal, a bar of the sentences analysed. A failure is
 * the outcome's error (its files `failed`), not a throw; throws only what is not a LexdisError.
 */
export async function buildStep(to: string, plan: ReferencePlan, quiet: boolean | undefined): Promise<BuildOutcome> {
  if (!plan.build) return { statuses: [] };
  const bar = progressCallback();
  try {
    const reports = await buildReference({
      dataDir: to, perl: plan.build.perl, onProgress: (done, total) => bar('sentences analysed by AraMorph.pl', done, total),
    }).finally(() => bar.stop());
    if (!quiet) for (const r of reports) log(line(r, plan.build));
    return { statuses: reports.map((r) => r.status) };
  } catch (err) {
    if (!(err instanceof LexdisError)) throw err;
    log(`failed   ${err.describe()} [${err.code}]`);
    // A file made before the failure (the sentences) is there and verified.
    const after = await checkData(to, [REFERENCE_SET]);
    return { statuses: after.map((c) => (c.status === 'ok' ? 'present' : 'failed')), error: err };
  }
}
