/**
 * The command line's one vocabulary (docs/cli.md), as one table over every command: which shared
 * options each has, under the same name with the same choices and default; the old names only as
 * hidden aliases that still work; and the exit statuses: 0 for help, 2 for a usage error (one line,
 * `Error: … [USAGE]`, no help dump), 1 for a failure. Most runs are in-process (bin/cli.ts main);
 * a few go through ./bin/lexdis to prove the real process exits the same way.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import { buildProgram, EXIT_FAILURE, EXIT_USAGE } from '../../bin/cli.js';
import { OUTPUT_FORMATS, SHARED_OPTIONS } from '../../bin/options.js';
import { DEFAULT_INPUT_SCRIPT } from '../../src/analyzer/script.js';
import { projectRoot } from '../../src/config.js';
import { DEFAULT_SEED } from '../../src/random.js';
import { DEFAULT_TOP } from '../../src/tagger/types.js';
import { defaultServiceOptions } from '../../src/service/options.js';
import { defaultCvOptions } from '../../training/cv.js';
import { defaultTrainOptions } from '../../training/train.js';
import { lexdisInProcess } from '../helpers/cli-in-process.js';

type Shared = keyof typeof SHARED_OPTIONS;

/** The spec: the shared options of every leaf command (`data path` prints one line and does no work). */
const TABLE: Record<string, Shared[]> = {
  setup: ['quiet', 'progress'],
  analyze: ['tables', 'format', 'script', 'encoding', 'quiet', 'progress'],
  'import-ud': ['tables', 'seed', 'quiet', 'progress'],
  'import-diac': ['tables', 'script', 'encoding', 'quiet', 'progress'],
  train: ['tables', 'format', 'seed', 'encoding', 'quiet', 'progress'],
  tag: ['tables', 'format', 'script', 'top', 'encoding', 'quiet', 'progress'],
  eval: ['tables', 'format', 'seed', 'encoding', 'quiet', 'progress'],
  cv: ['tables', 'format', 'seed', 'encoding', 'quiet', 'progress'],
  serve: ['tables', 'quiet', 'progress'],
  site: ['quiet'],
  diacritize: ['tables', 'format', 'script', 'encoding', 'quiet', 'progress'],
  'eval-diac': ['format', 'quiet', 'progress'],
  'data fetch': ['quiet', 'progress'],
  'data check': ['format', 'quiet', 'progress'],
  'data path': [],
  'upgrade-model': ['quiet', 'progress'],
};

/** Old names, hidden, and the shared option each stands for. */
const ALIASES: Record<string, Shared> = { '--analyzer': 'tables', '--input-script': 'script', '--json': 'format', '--jsonl': 'format' };

/** Every command that runs something, by its path after `lexdis`. */
async function leafCommands(): Promise<Map<string, Command>> {
  const out = new Map<string, Command>();
  const walk = (c: Command, path: string[]) => {
    if (c.commands.length === 0) out.set(path.join(' '), c);
    for (const sub of c.commands) if (sub.name() !== 'help') walk(sub, [...path, sub.name()]);
  };
  for (const c of (await buildProgram()).commands) walk(c, [c.name()]);
  return out;
}

const attribute = (o: Option): string => o.attributeName();

test('every command has the shared options the table gives it, each with the one name, choices and default', async () => {
  const commands = await leafCommands();
  assert.deepEqual([...commands.keys()].sort(), Object.keys(TABLE).sort(), 'the table lists every command');
  for (const [path, cmd] of commands) {
    const visible = cmd.options.filter((o) => !o.hidden);
    const shared = visible.filter((o) => Object.hasOwn(SHARED_OPTIONS, attribute(o))).map(attribute).sort();
    assert.deepEqual(shared, [...TABLE[path]].sort(), `lexdis ${path}: its shared options`);
    for (const o of visible) {
      const name = attribute(o);
      if (!Object.hasOwn(SHARED_OPTIONS, name)) continue;
      const d = SHARED_OPTIONS[name as Shared];
      assert.equal(o.flags, d.flags, `lexdis ${path} ${o.long}: flags`);
      assert.deepEqual(o.defaultValue, d.default(), `lexdis ${path} ${o.long}: default`);
      if (name === 'format') {
        assert.ok(o.argChoices && o.argChoices.every((c) => (OUTPUT_FORMATS as readonly string[]).includes(c)), `lexdis ${path} --format: ${o.argChoices}`);
        assert.ok(o.argChoices!.includes('text'), `lexdis ${path} --format has text`);
      } else if ('choices' in d) assert.deepEqual(o.argChoices, [...d.choices], `lexdis ${path} ${o.long}: choices`);
    }
    for (const o of cmd.options) {
      const alias = o.long && ALIASES[o.long];
      if (!alias) continue;
      assert.ok(o.hidden, `lexdis ${path} ${o.long}: an old name is hidden`);
      assert.ok(TABLE[path].includes(alias), `lexdis ${path} ${o.long}: an alias of --${alias}, which it has`);
    }
    assert.ok(!visible.some((o) => o.long && Object.hasOwn(ALIASES, o.long)), `lexdis ${path}: no old name in its help`);
  }
});

test('the shared defaults are the library\'s and the HTTP API\'s', () => {
  assert.equal(SHARED_OPTIONS.top.default(), String(defaultServiceOptions.defaultTop));
  assert.equal(DEFAULT_TOP, defaultServiceOptions.defaultTop);
  assert.equal(SHARED_OPTIONS.script.default(), DEFAULT_INPUT_SCRIPT);
  assert.equal(SHARED_OPTIONS.seed.default(), String(DEFAULT_SEED));
  assert.equal(defaultTrainOptions.seed, DEFAULT_SEED);
  assert.equal(defaultCvOptions().seed, DEFAULT_SEED);
});

/** One stderr line `Error: … [USAGE]` matching `what`, exit 2, nothing on stdout. */
async function usageError(args: string[], what: RegExp): Promise<string> {
  const r = await lexdisInProcess(args);
  assert.equal(r.status, EXIT_USAGE, `lexdis ${args.join(' ')}: ${r.stderr}`);
  assert.equal(r.stdout, '');
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line expected, got:\n${r.stderr}`);
  assert.match(lines[0], /^Error: .+ \[USAGE\]$/);
  assert.match(lines[0], what);
  return lines[0];
}

test('every command: --help exits 0, an unknown option and a bad --progress exit 2 with one line', async () => {
  for (const path of Object.keys(TABLE)) {
    const args = path.split(' ');
    const help = await lexdisInProcess([...args, '--help']);
    assert.equal(help.status, 0, `lexdis ${path} --help`);
    assert.match(help.stdout, new RegExp(`^Usage: lexdis ${path}`));
    await usageError([...args, '--no-such-option'], /unknown option '--no-such-option'/);
    if (TABLE[path].includes('progress')) await usageError([...args, '--progress', 'loud'], /argument 'loud' is invalid/);
  }
});

test('an invalid choice names the value and the allowed ones', async () => {
  await usageError(['tag', '-m', 'x', '--format', 'xml'], /argument 'xml' is invalid. Allowed choices are text, jsonl, pos/);
  await usageError(['analyze', '--format', 'xml'], /'xml' is invalid/);
  await usageError(['train', 'x.pos', '-o', 'm', '--format', 'candidates'], /--format is the output format \(text, json\); the corpus format is --corpus-format/);
});

test('a misspelt option is unknown (with a suggestion), not a missing required one', async () => {
  const line = await usageError(['tag', '--modle', 'models/pud'], /unknown option '--modle' \(Did you mean --model\?\)/);
  assert.doesNotMatch(line, /required/);
  await usageError(['train', 'x.pos', '--outptu', 'm'], /unknown option '--outptu'/);
});

test('missing arguments, too many arguments, unknown commands and bad values are usage errors too', async () => {
  await usageError(['eval'], /missing required argument 'corpus'/);
  await usageError(['tag', 'a.txt', 'b.txt', '-m', 'x'], /too many arguments/);
  await usageError(['tga'], /unknown command 'tga'/);
  await usageError(['tag', '--top', '0', '-m', 'x'], /--top must be a whole number ≥ 1/);
});

test('an old name and its new one, given two values, are a usage error; the same value is fine', async () => {
  await usageError(['eval-diac', 'a', 'b', '--json', '--format', 'text'], /--json is an old name of --format json: give one of them/);
  await usageError(['import-ud', 'x.conllu', '-o', 'y', '--analyzer', '/a', '--tables', '/b'], /--analyzer is an old name of --tables/);
  await usageError(['eval-diac', 'a', 'b', '--reference', 'max', '--reference-format', 'text'], /--reference is an old name of --reference-format/);
  await usageError(['cv', 'a.pos', '--jobs', '2', '--workers', '1'], /--jobs is an old name of --workers/);
  // the same value twice passes the options and fails on the missing file: a failure, exit 1
  const r = await lexdisInProcess(['eval-diac', '/nonexistent/a', '/nonexistent/b', '--json', '--format', 'json']);
  assert.equal(r.status, EXIT_FAILURE, r.stderr);
  assert.match(r.stderr, /\[DATA_NOT_FOUND\]/);
});

test('the old names still work: --analyzer, --input-script, --json (--jsonl: test/bin/diacritize.test.ts)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-aliases-'));
  try {
    const text = join(dir, 'in.txt');
    writeFileSync(text, 'ktb\n');
    const out = join(dir, 'out.jsonl');
    const ok = await lexdisInProcess(['analyze', text, '--input-script', 'buckwalter', '--format', 'jsonl', '-o', out, '--analyzer', SHARED_OPTIONS.tables.default()]);
    assert.equal(ok.status, 0, ok.stderr);
    assert.equal(JSON.parse(readFileSync(out, 'utf8').split('\n')[0]).input, 'كتب');
    const ref = join(dir, 'ref.txt');
    writeFileSync(ref, 'كَتَبَ\n');
    const sys = join(dir, 'sys.txt');
    writeFileSync(sys, 'كَتَبَ\n');
    const json = await lexdisInProcess(['eval-diac', sys, ref, '--json']);
    assert.equal(json.status, 0, json.stderr);
    assert.equal(JSON.parse(json.stdout).reference, ref);
    // eval-diac's old --reference and --system name the formats now called --reference-format and --system-format
    const old = await lexdisInProcess(['eval-diac', sys, ref, '--json', '--reference', 'text', '--system', 'text']);
    const now = await lexdisInProcess(['eval-diac', sys, ref, '--json', '--reference-format', 'text', '--system-format', 'text']);
    assert.equal(old.status, 0, old.stderr);
    assert.equal(old.stdout, now.stdout);
    assert.equal(JSON.parse(now.stdout).referenceFormat, 'text');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the real process: help and version exit 0 on stdout, a usage error 2, a failure 1', () => {
  const bin = join(projectRoot(), 'bin', 'lexdis');
  const run = (args: string[]) => spawnSync(bin, args, { input: '', encoding: 'utf8', timeout: 60_000 });
  for (const args of [['--help'], ['tag', '--modle', 'x', '--help'], ['help', 'train']]) {
    const r = run(args);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^Usage: lexdis/);
  }
  assert.match(run(['--version']).stdout, /^\d+\.\d+\.\d+/);
  const usage = run(['tag', '--modle', 'x']);
  assert.equal(usage.status, EXIT_USAGE);
  assert.match(usage.stderr, /^Error: unknown option '--modle'.* \[USAGE\]\n$/);
  // no subcommand: the help on stderr, as a usage error
  const bare = run([]);
  assert.equal(bare.status, EXIT_USAGE);
  assert.match(bare.stderr, /^Usage: lexdis/);
  const failure = run(['eval-diac', '/nonexistent/a', '/nonexistent/b']);
  assert.equal(failure.status, EXIT_FAILURE);
  assert.match(failure.stderr, /^Error: .*\[DATA_NOT_FOUND\]\n$/);
});
