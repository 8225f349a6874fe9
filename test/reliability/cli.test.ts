/**
 * Bad input against the real command line, cell by cell from the table of
 * docs/reliability.md (see there for the rules each failing run must keep).
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildProgram } from '../../bin/cli.js';
import { FAULTS, writeGoodInputs, type GoodInputs } from './inputs.js';
import { leftovers, readTable, runLexdis, treeDigest, type Cell } from './harness.js';

const table = readTable();
const root = mkdtempSync(join(tmpdir(), 'lexdis-reliability-'));
let good: GoodInputs;

before(async () => {
  const g = writeGoodInputs(root);
  const model = join(root, 'good-model');
  const run = await runLexdis(['train', g.pos, '-o', model, '--seed', '1'], 120_000);
  assert.equal(run.status, 0, `training the good model failed: ${run.stderr}`);
  good = { ...g, model };
});

after(() => rmSync(root, { recursive: true, force: true }));

const WRITES: Record<string, 'file' | 'model' | 'dir' | undefined> = {
  analyze: 'file', 'import-ud': 'file', 'import-diac': 'file', train: 'model', tag: 'file', cv: 'dir', diacritize: 'file', 'eval-diac': 'file', data: 'dir',
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
    'import-ud': ['import-ud', s.conllu, '--analyzer', s.tables, '-o', out, '-q'],
    'import-diac': ['import-diac', s.text, '--analyzer', s.tables, '-o', out, '-q'],
    train: ['train', corpus, '--tables', s.tables, '-o', out],
    tag: ['tag', tagInput, '-m', s.model, '--tables', s.tables, '-o', out, ...(c.input === 'pos' ? ['--format', 'pos'] : [])],
    eval: ['eval', s.model, corpus, '--tables', s.tables],
    cv: ['cv', corpus, '--folds', '2', '--models', 'full', '-o', out, '--tables', s.tables],
    serve: ['serve', '-m', s.model, '--tables', s.tables, '--port', '0', '--quiet'],
    diacritize: ['diacritize', s.text, '-m', s.model, '--tables', s.tables, '-o', out],
    'eval-diac': ['eval-diac', s.text, good.text, '--reference', 'text', '-o', out],
    data: ['data', 'fetch', 'bama-1.0', '--from', dirname(good.tables), '--to', out, '-q'],
  };
  if (!args[c.command]) throw new Error(`no command line for ${c.command}: add it to test/reliability/cli.test.ts`);
  return { args: args[c.command], bad, outDir: c.input === 'output' ? dirname(bad) : outDir };
}

/** Runs one cell and checks its rules. */
async function check(c: Cell): Promise<void> {
  const dir = mkdtempSync(join(root, `${c.input}-${c.fault}-${c.command}-`));
  const p = await prepare(c, dir);
  const before = treeDigest(p.outDir);
  const run = await runLexdis(p.args, c.command === 'serve' ? 30_000 : 90_000);
  const what = `lexdis ${p.args.join(' ')}\nstatus ${run.status} ${run.signal ?? ''}\nstderr: ${run.stderr.slice(0, 1500)}`;
  assert.ok(!run.timedOut, `timed out (killed): ${what}`);
  assert.doesNotMatch(run.stderr, /^\s+at .+:\d+:\d+\)?$|node:internal/m, `stack trace on stderr: ${what}`);
  assert.deepEqual(leftovers(p.outDir), [], `temporary files left: ${what}`);
  if (c.code === null) {
    assert.equal(run.status, 0, what);
    return;
  }
  assert.equal(run.status, 1, `exit status: ${what}`);
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

test('bad input × command, as docs/reliability.md says', { concurrency: 2 }, async (t) => {
  await Promise.all(table.cells.map((c) => {
    const name = `${c.input}/${c.fault} × ${c.command} → ${c.code ?? 'ok'}`;
    return t.test(name, c.open ? { todo: 'known defect (docs/reliability.md)' } : {}, () => check(c));
  }));
});

test('a failing command creates no output where there was none', { concurrency: 2 }, async (t) => {
  const cases: Cell[] = [
    { input: 'conllu', fault: 'truncated', command: 'import-ud', code: 'INPUT_PARSE', open: false },
    { input: 'pos', fault: 'truncated', command: 'train', code: 'INPUT_PARSE', open: false },
    { input: 'text', fault: 'binary', command: 'tag', code: 'INPUT_PARSE', open: false },
    { input: 'pos', fault: 'no-gold', command: 'cv', code: 'CORPUS', open: false },
  ];
  await Promise.all(cases.map((c) => t.test(`${c.command} with ${c.input}/${c.fault}`, c.open ? { todo: 'known defect (docs/reliability.md)' } : {}, async () => {
    const dir = mkdtempSync(join(root, `new-${c.command}-`));
    const p = await prepare(c, dir);
    rmSync(p.outDir, { recursive: true, force: true });
    mkdirSync(p.outDir);
    const run = await runLexdis(p.args, 90_000);
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(readdirSync(p.outDir), [], `lexdis ${p.args.join(' ')} left ${readdirSync(p.outDir).join(', ')}`);
  })));
});
