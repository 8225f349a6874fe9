/**
 * The set `bama-1.0-reference`, made on the user's machine from the sets it is built from
 * (the manifest's `builtFrom`) rather than downloaded:
 * - `pud-sentences.txt`: the `# text = ` lines of UD Arabic-PUD's CoNLL-U file, in order;
 * - `pud-analyses.txt`: what the original BAMA 1.0 program, `AraMorph.pl`, prints for them, run
 *   with the system's Perl in a temporary folder holding the bama-1.0 tables: the sentences
 *   converted to Windows-1256, its output converted back to UTF-8, and the carriage returns
 *   removed (dictStems has CRLF lines, and the program copies the CR into each solution's lemma ID).
 * Each file is kept only when its sha256 is the manifest's. Nothing in the data folder is written
 * but the set's folder (made when missing) and its two files, each replaced atomically, under
 * the data folder's lock (one fetch or build writes a folder at a time).
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireOptions, requireString } from '../args.js';
import { DataBuildError, DataNotFoundError } from '../errors.js';
import { encodeWindows1256 } from '../io/encoding.js';
import { writeFileAtomic } from '../io/files.js';
import { checkFile } from './check.js';
import { lockDataFolder } from './lock.js';
import { checkReplaceable, ensureFolder } from './part-file.js';
import { DATA_SETS, type DataFile, type DataSet } from './manifest.js';
import { runPerl } from './perl.js';

/** The set this module makes. */
export const REFERENCE_SET: DataSet = DATA_SETS.find((s) => s.builtFrom !== undefined)!;

const setNamed = (name: string): DataSet => DATA_SETS.find((s) => s.name === name)!;
const fileNamed = (set: DataSet, name: string): DataFile => set.files.find((f) => f.name === name)!;
const [SENTENCES, ANALYSES] = REFERENCE_SET.files;
/** The input each file is made from: PUD's CoNLL-U file, and the program. */
const PUD = { set: setNamed('ud-arabic-pud'), name: 'ar_pud-ud-test.conllu' };
const PROGRAM = { set: setNamed('bama-1.0-program'), name: 'AraMorph.pl' };
const TABLES = setNamed('bama-1.0');

export interface BuildReferenceOptions {
  /** The data folder: it holds the sets the reference is built from, and gets the reference's folder. */
  dataDir: string;
  /** The Perl to run (a command on PATH, or a path); `false` when there is none: only the sentences are made. */
  perl: string | false;
  /** Sentences the program has analysed so far, of all. */
  onProgress?: (done: number, total: number) => void;
}

/** What became of one file of the reference. */
export interface ReferenceReport {
  /** `SET/NAME`, relative to the data folder. */
  path: string;
  /** `present`: already there with its recorded sha256; `skipped`: needs Perl and `perl` was false. */
  status: 'built' | 'present' | 'skipped';
  bytes: number;
}

/** The `# text = ` lines of a CoNLL-U text, in order, each ended by a newline. */
export function conlluSentences(conllu: string): string {
  const prefix = '# text = ';
  return conllu.split('\n').filter((l) => l.startsWith(prefix)).map((l) => `${l.slice(prefix.length).replace(/\r$/, '')}\n`).join('');
}

/**
 * Throws DataNotFoundError (missing) or DataBuildError (damaged) unless the file of `set` called
 * `name` is in `dataDir` with its recorded size and sha256; returns its path.
 */
async function verifiedInput(dataDir: string, set: DataSet, name: string): Promise<string> {
  const path = join(dataDir, set.name, name);
  const state = await checkFile(path, fileNamed(set, name));
  const fix = `'lexdis data fetch ${set.name}' fetches it`;
  if (state.status === 'missing') throw new DataNotFoundError(`missing: the reference is built from it; ${fix}`, { file: path });
  if (state.status !== 'ok') throw new DataBuildError(`damaged (${state.detail}); ${fix} again`, { file: path });
  return path;
}

/**
 * Writes `bytes` as `file` of the reference when their sha256 is the manifest's (else throws
 * DataBuildError, naming both hashes and `what` made them, and writes nothing). The file is
 * replaced atomically; something other than a regular file in its place (a link included) is
 * an OutputError, and is left as it is.
 */
async function keep(dir: string, file: DataFile, bytes: Uint8Array, what: string): Promise<void> {
  const path = join(dir, file.name);
  const sha = createHash('sha256').update(bytes).digest('hex');
  if (sha !== file.sha256 || bytes.length !== file.bytes) {
    throw new DataBuildError(`${what} gave ${bytes.length} bytes, sha256 ${sha}; expected ${file.bytes} bytes, sha256 ${file.sha256}: not kept`, { file: path });
  }
  await checkReplaceable(path);
  writeFileAtomic(path, bytes);
}

/** The program's path and the tables', each verified (see verifiedInput, which throws). */
async function programInputs(dataDir: string): Promise<string[]> {
  const script = await verifiedInput(dataDir, PROGRAM.set, PROGRAM.name);
  return [script, ...(await Promise.all(TABLES.files.map((f) => verifiedInput(dataDir, TABLES, f.name))))];
}

/**
 * Runs AraMorph.pl on the sentences in a temporary folder holding the bama-1.0 tables (removed
 * afterwards) and returns its output as UTF-8 text without carriage returns. Throws DataBuildError.
 */
async function analyses(
  dataDir: string,
  perl: string,
  sentences: string,
  onProgress: BuildReferenceOptions['onProgress'],
): Promise<Uint8Array> {
  const [script, ...tables] = await programInputs(dataDir);
  const total = sentences.split('\n').length - 1;
  const work = await mkdtemp(join(tmpdir(), 'lexdis-aramorph-'));
  try {
    await Promise.all(tables.map((t, i) => copyFile(t, join(work, TABLES.files[i].name))));
    const input = encodeWindows1256(sentences, join(dataDir, REFERENCE_SET.name, SENTENCES.name));
    const out = await runPerl({ perl, script, cwd: work, input, onLine: (n) => onProgress?.(n, total) });
    return Buffer.from(new TextDecoder('windows-1256').decode(out).replace(/\r/g, ''), 'utf8');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Builds `bama-1.0-reference` in `options.dataDir` from the sets there (see the module's comment):
 * a file already there with its recorded sha256 is kept as it is. Returns a report per file, in
 * the manifest's order. Throws UsageError for bad options, DataNotFoundError or DataBuildError for
 * an input missing or damaged, DataBuildError when Perl fails or its output is not the recorded
 * bytes, OutputError when a file cannot be written, DataBusyError when a fetch is writing the
 * data folder (the build holds the folder's lock, src/data/lock.ts, while it writes).
 */
export async function buildReference(options: BuildReferenceOptions): Promise<ReferenceReport[]> {
  const o = requireOptions<BuildReferenceOptions>('options', options, false);
  const dataDir = requireString('dataDir', o.dataDir);
  const perl = o.perl === false ? false : requireString('perl', o.perl);
  const report = (file: DataFile, status: ReferenceReport['status']): ReferenceReport =>
    ({ path: `${REFERENCE_SET.name}/${file.name}`, status, bytes: file.bytes });
  const here = async (file: DataFile) => (await checkFile(join(dataDir, REFERENCE_SET.name, file.name), file)).status === 'ok';
  const haveSentences = await here(SENTENCES);
  const haveAnalyses = await here(ANALYSES);
  if (haveSentences && (haveAnalyses || perl === false))
    return [report(SENTENCES, 'present'), report(ANALYSES, haveAnalyses ? 'present' : 'skipped')];
  const conllu = await readFile(await verifiedInput(dataDir, PUD.set, PUD.name), 'utf8');
  if (!haveAnalyses && perl !== false) await programInputs(dataDir); // every input checked before anything is written
  const sentences = conlluSentences(conllu);
  const lock = await lockDataFolder(dataDir);
  try {
    const dir = join(dataDir, REFERENCE_SET.name);
    await ensureFolder(dir);
    if (!haveSentences) await keep(dir, SENTENCES, Buffer.from(sentences, 'utf8'), `the '# text' lines of ${PUD.name}`);
    const out = [report(SENTENCES, haveSentences ? 'present' : 'built')];
    if (haveAnalyses || perl === false) return [...out, report(ANALYSES, haveAnalyses ? 'present' : 'skipped')];
    await keep(dir, ANALYSES, await analyses(dataDir, perl, sentences, o.onProgress), `${perl} -w ${PROGRAM.name}`);
    return [...out, report(ANALYSES, 'built')];
  } finally {
    lock.release();
  }
}
