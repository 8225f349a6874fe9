/**
 * Bad input against the command line, cell by cell from the table of docs/reliability.md (see
 * there for the rules each failing run must keep). Every cell runs in this process, through
 * bin/cli.ts main as ./bin/lexdis runs it (test/helpers/cli-in-process.ts), and the first cell
 * of each command runs again as a real process, so that the exit status, the absence of a stack
 * trace and the one error line are those of the process a user starts.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildProgram, EXIT_FAILURE, EXIT_USAGE } from '../../bin/cli.js';
import { lexdisInProcess } from '../helpers/cli-in-process.js';
import { FAULTS, writeGoodInputs, type GoodInputs } from './inputs.js';
import { leftovers, readTable, runLexdis, treeDigest, type Cell, type CliRun } from './harness.js';

const table = readTable();
const root = mkdtempSync(join(tmpdir(), 'lexdis-reliability-'));
let good: GoodInputs;

before(async () => {
  const g = writeGoodInputs(root);
  const model = join(root, 'good-model');
  const run = await lexdisInProcess(['train', g.pos, '-o', model, '--seed', '1', '--progress', 'none']);
  assert.equal(run.status, 0, `training the good model failed: ${run.stderr}`);
  good = { ...g, model };
});

after(() => rmSync(root, { recursive: true, force: true }));

const WRITES: Record<string, 'file' | 'model' | 'dir' | undefined> = {
  setup: 'dir', analyze: 'file', 'import-ud': 'file', 'import-diac': 'file', train: 'model', tag: 'file', cv: 'dir', diacritize: 'file', 'eval-diac': 'file', data: 'dir',
  'upgrade-model': 'model',
};

interface Prepared {
  args: string[];
  /** The bad input (or output) path, which the error must name. */
  bad: string;
  /** Folder holding the command's output; must not change when the command fails. */
  outDir: string;
}

/** Builds the bad input and the command line of one cell. */
async function prepare(c: Cell, dir: string): Promise<Prepared> {
  const bad = await FAULTS[`${c.input}/${c.fault}`](good, dir);
  const tablesFault = c.input === 'tables';
  const corpus = ['pos', 'cand', 'conllu'].includes(c.input) ? bad : tablesFault ? good.conllu : good.pos;
  const s = {
    text: c.input === 'text' ? bad : good.text,
    conllu: c.input === 'conllu' ? bad : good.conllu,
    tables: tablesFault ? bad : good.tables,
    model: c.input === 'model' ? bad : good.model,
  };
  const outDir = join(dir, 'out');
  mkdirSync(outDir);
  const kind = WRITES[c.command];
  let out = join(outDir, kind === 'model' ? 'model' : kind === 'dir' ? 'results' : 'out.txt');
  if (c.input === 'output') out = bad;
  else if (kind === 'file') writeFileSync(out, 'old output\n');
  else if (kind === 'model') cpSync(good.model, out, { recursive: true });
  else if (kind === 'dir') {
    mkdirSync(out);
    writeFileSync(join(out, 'keep.txt'), 'old results\n');
  }
  const tagInput = c.input === 'pos' ? bad : s.text;
  const args: Record<string, string[]> = {
    analyze: ['analyze', s.text, '--tables', s.tables, '-o', out],
    'import-ud': ['import-ud', s.conllu, '--tables', s.tables, '-o', out, '-q'],
    'import-diac': ['import-diac', s.text, '--tables', s.tables, '-o', out, '-q'],
    train: ['train', corpus, '--tables', s.tables, '-o', out],
    tag: ['tag', tagInput, '-m', s.model, '--tables', s.tables, '-o', out, ...(c.input === 'pos' ? ['--format', 'pos'] : [])],
    eval: ['eval', s.model, corpus, '--tables', s.tables],
    cv: ['cv', corpus, '--folds', '2', '--models', 'full', '-o', out, '--tables', s.tables],
    serve: ['serve', '-m', s.model, '--tables', s.tables, '--port', '0', '-q'],
    diacritize: ['diacritize', s.text, '-m', s.model, '--tables', s.tables, '-o', out],
    'eval-diac': ['eval-diac', s.text, good.text, '--reference-format', 'text', '-o', out],
    data: ['data', 'fetch', 'bama-1.0', '--from', dirname(good.tables), '--to', out, '-q'],
    setup: ['setup', '--data', out, '--from', dirname(good.tables), '-q'],
    'upgrade-model': ['upgrade-model', s.model, '-o', out],
    // the good tables' data folder (BAMA 1.0's licence beside them); the good corpus's licence lexdis cannot know
    site: ['site', '-m', s.model, '-o', out, '--data', dirname(s.tables), '--corpus-licence', 'CC0-1.0', '-q'],
  };
  if (!args[c.command]) throw new Error(`no command line for ${c.command}: add it to test/reliability/cli.test.ts`);
  // progress lines (a slow run off a terminal) are not what these runs check; site does no long work: it has none
  const progress = c.command === 'site' ? [] : ['--progress', 'none'];
  return { args: [...args[c.command], ...progress], bad, outDir: c.input === 'output' ? dirname(bad) : outDir };
}

/** How a cell is run: in this process, or as a real process (with a time limit). */
type Runner = (args: string[], c: Cell) => Promise<CliRun>;

const inProcess: Runner = async (args) => ({ ...(await lexdisInProcess(args)), signal: null, timedOut: false });
const asProcess: Runner = (args, c) => runLexdis(args, c.command === 'serve' ? 30_000 : 90_000);

/** Runs one cell and checks its rules. */
async function check(c: Cell, runner: Runner): Promise<void> {
  const dir = mkdtempSync(join(root, `${c.input}-${c.fault}-${c.command}-`));
  const p = await prepare(c, dir);
  const before = treeDigest(p.outDir);
  const run = await runner(p.args, c);
  const what = `lexdis ${p.args.join(' ')}\nstatus ${run.status} ${run.signal ?? ''}\nstderr: ${run.stderr.slice(0, 1500)}`;
  assert.ok(!run.timedOut, `timed out (killed): ${what}`);
  assert.doesNotMatch(run.stderr, /^\s+at .+:\d+:\d+\)?$|node:internal/m, `stack trace on stderr: ${what}`);
  assert.deepEqual(leftovers(p.outDir), [], `temporary files left: ${what}`);
  if (c.code === null) {
    assert.equal(run.status, 0, what);
    // train makes a model's missing folders (the one output whose parents are made)
    if (c.input === 'output' && c.fault === 'no-folder') assert.ok(existsSync(p.bad), `no output at ${p.bad}: ${what}`);
    return;
  }
  assert.equal(run.status, c.code === 'USAGE' ? EXIT_USAGE : EXIT_FAILURE, `exit status: ${what}`);
  const lines = run.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one error line expected: ${what}`);
  const m = /^Error: (.+) \[([A-Z_]+)\]$/.exec(lines[0]);
  assert.ok(m, `not "Error: … [CODE]": ${what}`);
  assert.equal(m[2], c.code, what);
  const named = c.input === 'output' ? dirname(p.bad) : p.bad;
  assert.ok(m[1].startsWith(named), `the error does not name ${named}: ${what}`);
  const lineBased = c.code === 'INPUT_PARSE' && ['pos', 'conllu', 'cand', 'text', 'tables'].includes(c.input);
  if (lineBased) assert.match(m[1], /^[^\n]+:\d+: /, `no line number: ${what}`);
  assert.deepEqual(treeDigest(p.outDir), before, `the output folder changed: ${what}`);
  if (c.input === 'output' && c.fault === 'no-folder') assert.ok(!existsSync(dirname(p.bad)), what);
}

test('the table covers every registered command and every fault builder, and nothing else', async () => {
  const registered = (await buildProgram()).commands.map((cmd) => cmd.name()).sort();
  assert.deepEqual([...table.commands].sort(), registered);
  assert.deepEqual([...table.rows].sort(), Object.keys(FAULTS).sort());
  for (const cmd of table.commands) assert.ok(table.cells.some((c) => c.command === cmd), `no cell runs ${cmd}`);
  for (const row of table.rows) assert.ok(table.cells.some((c) => `${c.input}/${c.fault}` === row), `row ${row} runs nothing`);
});

const cellName = (c: Cell) => `${c.input}/${c.fault} × ${c.command} → ${c.code ?? 'ok'}`;
const cellOptions = (c: Cell) => (c.open ? { todo: 'known defect (docs/reliability.md)' } : {});

test('bad input × command, as docs/reliability.md says (in-process)', { timeout: 600_000 }, async (t) => {
  for (const c of table.cells) await t.test(cellName(c), cellOptions(c), () => check(c, inProcess));
});

test('the first cell of each command, as a real process', { concurrency: 2, timeout: 600_000 }, async (t) => {
  const first = table.commands.map((cmd) => table.cells.find((c) => c.command === cmd)!);
  await Promise.all(first.map((c) => t.test(cellName(c), cellOptions(c), () => check(c, asProcess))));
});

test('a failing command creates no output where there was none', async (t) => {
  const cases: Cell[] = [
    { input: 'conllu', fault: 'truncated', command: 'import-ud', code: 'INPUT_PARSE', open: false },
    { input: 'pos', fault: 'truncated', command: 'train', code: 'INPUT_PARSE', open: false },
    { input: 'text', fault: 'binary', command: 'tag', code: 'INPUT_PARSE', open: false },
    { input: 'pos', fault: 'no-gold', command: 'cv', code: 'CORPUS', open: false },
  ];
  for (const c of cases) {
    await t.test(`${c.command} with ${c.input}/${c.fault}`, cellOptions(c), async () => {
      const dir = mkdtempSync(join(root, `new-${c.command}-`));
      const p = await prepare(c, dir);
      rmSync(p.outDir, { recursive: true, force: true });
      mkdirSync(p.outDir);
      const run = await lexdisInProcess(p.args);
      assert.equal(run.status, EXIT_FAILURE, run.stderr);
      assert.deepEqual(readdirSync(p.outDir), [], `lexdis ${p.args.join(' ')} left ${readdirSync(p.outDir).join(', ')}`);
    });
  }
});
