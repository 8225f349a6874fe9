// The open data the tests read, made ready before they run (scripts/run-tests.mjs calls it):
// the data folder the command line finds (bin/data.ts: --data is not taken here, $LEXDIS_DATA,
// the user's data folder, ../shared/data beside the checkout) is checked against the manifest;
// what is missing is fetched into it with `lexdis data fetch --to DIR`, which also builds
// bama-1.0-reference with Perl. Nothing is asked of the network when every file is there.
// Where Perl cannot be run and no mirror gave the reference's analyses, the run goes on and
// the tests that read them are skipped, with one line saying so here. Any other file still
// missing stops the run at once, with the command that fixes it.
import { spawnSync } from 'node:child_process';
import { describeChoice, findDataDir } from '../dist/bin/data.js';
import { perlCommand } from '../dist/bin/commands/data-reference.js';
import { checkData } from '../dist/src/data/check.js';
import { BASE_SET_NAMES } from '../dist/src/data/manifest.js';
import { perlVersion } from '../dist/src/data/perl.js';
import { REFERENCE_SET } from '../dist/src/data/reference.js';

/** The files a test reads: every file with a public source of BASE_SET_NAMES's sets, and the reference's. */
const read = (c) => BASE_SET_NAMES.includes(c.set) && (!c.mirrorOnly || c.set === REFERENCE_SET.name);
/** The reference's file that only Perl makes. */
const ANALYSES = `${REFERENCE_SET.name}/${REFERENCE_SET.files[1].name}`;

/** The files the tests read that are missing or damaged in `choice`'s folder. */
async function lacking(choice) {
  if (!choice.exists) return [{ path: 'every data set', status: 'missing' }];
  return (await checkData(choice.dir)).filter((c) => c.status !== 'ok' && read(c));
}

const list = (files) => `${files.slice(0, 3).map((c) => `${c.path} (${c.status})`).join(', ')}${files.length > 3 ? `, and ${files.length - 3} more` : ''}`;

/**
 * Makes the data ready, or ends the process with status 1 and the command that fixes it.
 * Logs go to stderr.
 */
export async function ensureTestData() {
  const choice = findDataDir();
  let missing = await lacking(choice);
  if (missing.length === 0) return;
  const fetch = ['bin/lexdis', 'data', 'fetch', '--to', choice.dir];
  console.error(`npm test: the data folder (${describeChoice(choice)}) lacks ${list(missing)}: ./${fetch.join(' ')}`);
  spawnSync(process.execPath, fetch, { stdio: ['ignore', 'inherit', 'inherit'] });
  missing = await lacking(findDataDir());
  const noPerl = perlVersion(perlCommand()) === undefined;
  if (noPerl && missing.length === 1 && missing[0].path === ANALYSES) {
    console.error(`npm test: ${ANALYSES} is not there and '${perlCommand()}' cannot be run to build it: the tests that read it are skipped`);
    return;
  }
  if (missing.length === 0) return;
  console.error(
    `npm test: stopped before the tests: the data folder ${choice.dir} still lacks ${list(missing)}.\n` +
    'Fix: ./bin/lexdis data fetch --from DIR|URL   (a copy of a data folder, a folder or an http(s) URL; ' +
    'or set LEXDIS_DATA to a folder that has the data)',
  );
  process.exit(1);
}
