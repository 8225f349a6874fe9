/** `lexdis analyze` as a user runs it (child process on the built CLI, mini tables; with -m, in-process). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { MINI_DIR } from './fixtures.js';
import { lexdisInProcess } from '../helpers/cli-in-process.js';
import { Analyzer } from '../../src/analyzer/index.js';
import { dataPaths } from '../../bin/data.js';
import { Model, modelAnalyzerOptions } from '../../src/model/model-node.js';
import { analyzerCandidates, WordTypeCache } from '../../src/tagger/word-types.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';

const BIN = join(projectRoot(), 'bin', 'lexdis');
const run = (args: string[], input: string | Buffer = '') =>
  spawnSync(process.execPath, [BIN, 'analyze', '--tables', MINI_DIR, ...args], { input, encoding: 'utf8' });
/** The reference program's output: its layout, no backoff, no case endings. */
const REFERENCE = ['--format', 'pos', '--no-backoff', '--no-case-endings'];

test('by default: each word\'s candidates, a line each with the word vocalized by it, nothing on stderr', () => {
  const r = run([], 'كتبت .\n');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  const lines = r.stdout.split('\n');
  // word, n, vocalized, voc, [lemma], pos, gloss, source; the word only on its first line
  assert.match(lines[0], /^كتبت\t1\tكَتَبَتْ\tkatabat\t\[katab-u_1\]\tVERB\t[^\t]*\tanalyzer$/);
  assert.ok(lines.slice(1).filter((l) => l.startsWith('\t')).length >= 1, 'the other candidates follow, without the word');
  assert.ok(!r.stdout.includes('Non-Alphabetic'), 'punctuation is not listed');
  assert.ok(r.stdout.endsWith('\n\n'), 'a blank line after the input line');
});

test('--format pos --no-backoff --no-case-endings: the reference layout', () => {
  const r = run(REFERENCE, 'كتبت .\n');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  assert.match(r.stdout, /^\nINPUT STRING: كتبت\nLOOK-UP WORD: ktbt\n {2}SOLUTION 1: \(katabat\) \[katab-u_1\]/);
  assert.match(r.stdout, /INPUT STRING: \.\n {5}Comment: Non-Alphabetic Data\n$/);
});

test('empty input: empty output, exit 0', () => {
  for (const args of [[], REFERENCE]) {
    const r = run(args);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '');
  }
});

test('file argument, Buckwalter input, jsonl with Arabic-script output, Windows-1256 input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-cli-'));
  try {
    const file = join(dir, 'in.txt');
    writeFileSync(file, 'ktbt\n');
    const r = run([file, '--format', 'jsonl', '--script', 'buckwalter', '--output-script', 'arabic']);
    assert.equal(r.status, 0, r.stderr);
    const obj = JSON.parse(r.stdout.trim().split('\n')[0]);
    assert.deepEqual([obj.sentence, obj.token, obj.kind, obj.input, obj.lookup], [1, 1, 'word', 'كتبت', 'كتبت']);
    assert.deepEqual(Object.keys(obj.candidates[0]), ['n', 'vocalized', 'voc', 'lemma', 'morph', 'pos', 'caseOrMood', 'gloss', 'source']);
    assert.deepEqual([obj.candidates[0].voc, obj.candidates[0].vocalized], ['كَتَبَت', 'كَتَبَتْ']);
    // read as Arabic script (the default), Latin letters are not Arabic words
    const latin = JSON.parse(run([file, '--format', 'jsonl']).stdout.trim());
    assert.equal(latin.kind, 'other');
    writeFileSync(file, Buffer.from([0xdf, 0xca, 0xc8, 0x0a])); // كتب in Windows-1256
    assert.equal(run([file]).status, 1, 'not UTF-8');
    assert.match(run([file, '--encoding', 'windows-1256', ...REFERENCE]).stdout, /LOOK-UP WORD: ktb\n/);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('backoff analyses by default (source backoff, in every format); none with --no-backoff', () => {
  const off = run(REFERENCE, 'وبوتين\n');
  assert.match(off.stdout, /Comment: wbwtyn NOT FOUND\n$/);
  const pos = run(['--format', 'pos'], 'وبوتين\n');
  assert.equal(pos.status, 0, pos.stderr);
  assert.match(pos.stdout, /Comment: wbwtyn NOT FOUND\n {5}Comment: lexdis: backoff analyses \(word not in the lexicon\)\n {2}SOLUTION 1: \([^)]+\) \[wbwtyn_0\] wbwtyn\/NOUN_PROP/);
  const json = JSON.parse(run(['--format', 'jsonl'], 'وبوتين\n').stdout);
  // a name with its clitics split off or not, each with the case endings of a diptote
  const stems = new Set(json.candidates.map((s: { morph: string }) => s.morph.replace(/\+[a-z]*\/CASE_[A-Z_]+$/, '')));
  assert.deepEqual([...stems], ['wbwtyn/NOUN_PROP', 'wa/CONJ+bwtyn/NOUN_PROP']);
  assert.ok(json.candidates.every((s: { source: string }) => s.source === 'backoff'));
  const text = run([], 'وبوتين\n');
  assert.match(text.stdout, /\tbackoff\n/);
  assert.match(run(['--no-backoff'], 'وبوتين\n').stdout, /^وبوتين\t\(not found\)\n/);
});

test('the default candidates are the list a model ranks: the analyzer\'s, one per label, with case endings', () => {
  const tables = dataPaths.bama();
  const analyzer = Analyzer.load(tables, { backoff: true, caseEndings: true });
  const r = spawnSync(process.execPath, [BIN, 'analyze', '--tables', tables, '--format', 'jsonl'], { input: 'الرئيس\n', encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const got = JSON.parse(r.stdout).candidates.map((c: { lemma: string; morph: string }) => `${c.lemma} ${c.morph}`);
  const [word] = analyzer.analyzeLine('الرئيس');
  assert.equal(word.kind, 'word');
  const expected = analyzerCandidates(word as never).map((c) => `${c.lemma} ${c.morph}`);
  assert.deepEqual(got, expected);
  assert.ok(got.some((k: string) => /CASE_DEF_GEN/.test(k)), 'with the case endings');
});

test('-m MODEL: the model\'s C(t), with the labels it saw in training (source train); in-process', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-analyze-m-'));
  try {
    const corpus = pudCorpus(60);
    const { model } = await train(corpus, { workers: 0, seed: 1 });
    const modelDir = join(dir, 'm');
    await model.save(modelDir);
    const loaded = await Model.load(modelDir);
    const lines = corpus.documents.flatMap((d) => d.sentences).slice(0, 30).map((s) => s.tokens.map((t) => t.form).join(' '));
    const file = join(dir, 'in.txt');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const out = join(dir, 'out.jsonl');
    const r = await lexdisInProcess(['analyze', file, '-m', modelDir, '--format', 'jsonl', '-o', out, '--progress', 'none']);
    assert.equal(r.status, 0, r.stderr);
    const got = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((o) => o.kind === 'word')
      .map((o) => o.candidates.map((c: { lemma: string; morph: string; source: string }) => `${c.lemma} ${c.morph} ${c.source}`));
    // what the tagger ranks for the same lines: the WordTypeCache of the model's seen labels
    const analyzer = Analyzer.load(dataPaths.bama(), modelAnalyzerOptions(loaded.info));
    const types = new WordTypeCache(loaded.lexicon);
    const expected = lines.flatMap((l) => types.sentences([analyzer.analyzeLine(l)])[0].tokens.filter((t) => t.arabic)
      .map((t) => t.candidates.map((c) => `${c.lemma} ${c.morph} ${c.source}`)));
    assert.deepEqual(got, expected);
    assert.ok(got.flat().some((k) => k.endsWith(' train')), 'some word has a label seen only in training');
    const refused = await lexdisInProcess(['analyze', file, '-m', modelDir, '--no-backoff']);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /--no-backoff with -m/);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('missing tables and bad options: exit 1 for a failure, 2 for a usage error', () => {
  const r = spawnSync(process.execPath, [BIN, 'analyze', '--tables', '/nonexistent/tables'], { input: 'x', encoding: 'utf8' });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^Error: \/nonexistent\/tables: .*\[DATA_NOT_FOUND\]/);
  assert.equal(run(['--format', 'xml']).status, 2);
  const help = spawnSync(process.execPath, [BIN, 'analyze', '--help'], { encoding: 'utf8' });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /--format <format>/);
  assert.match(help.stdout, /--script <script>/);
  assert.doesNotMatch(help.stdout, /--input-script/);
});
