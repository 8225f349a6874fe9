import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { corpusToPos, GOLD_UNMATCHED_COMMENT, readPosFile, writePosFile } from '../../src/formats/pos/pos.js';
import { pudCorpus } from '../helpers/pud.js';

const BIN = join(projectRoot(), 'bin', 'lexdis');
let dir = '';

function lexdis(args: string[], input?: string) {
  const r = spawnSync(BIN, args, { input, encoding: 'utf8', timeout: 120_000, env: { ...process.env, CI: 'true' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-cli-'));
  writeFileSync(join(dir, 'gold.pos'), writePosFile(corpusToPos(pudCorpus(250))));
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('train writes a model and a JSON summary; an unwritable output fails before any work', () => {
  const r = lexdis(['train', join(dir, 'gold.pos'), '-o', join(dir, 'm'), '--features', 'aggr', '--workers', '1', '--format', 'json']);
  assert.equal(r.code, 0, r.err);
  const s = JSON.parse(r.out);
  assert.equal(s.kind, 'lexdis-train-summary');
  assert.ok(s.d2.rows > 0 && s.features === 119);
  assert.match(r.err, /model written to/);
  // missing folders above the model are made (docs/reliability.md, output/no-folder); a file in their way is refused
  writeFileSync(join(dir, 'a-file'), '');
  const bad = lexdis(['train', join(dir, 'gold.pos'), '-o', join(dir, 'a-file', 'models', 'm')]);
  assert.equal(bad.code, 1);
  assert.match(bad.err, new RegExp(`^Error: ${join(dir, 'a-file')}: output folder is not a directory \\[OUTPUT\\]$`, 'm'));
  assert.doesNotMatch(bad.err, /\n\s+at /, 'no stack trace');
});

test('train refuses a corpus without gold marks', () => {
  const plain = readFileSync(join(dir, 'gold.pos'), 'utf8').replace(/^\* SOLUTION/gm, '  SOLUTION');
  writeFileSync(join(dir, 'plain.pos'), plain);
  const r = lexdis(['train', join(dir, 'plain.pos'), '-o', join(dir, 'm2')]);
  assert.equal(r.code, 1);
  assert.match(r.err, /no gold marks .*\[CORPUS\]/);
  assert.ok(!existsSync(join(dir, 'm2')));
});

test('tag ranks raw text (text and jsonl) with confidences', () => {
  const text = 'كتبت المساعدة الخاصة في الولايات المتحدة.';
  const t = lexdis(['tag', '-m', join(dir, 'm'), '--top', '2'], text);
  assert.equal(t.code, 0, t.err);
  assert.match(t.out, /^كتبت\t1\t[\d.]+%\t/m);
  const j = lexdis(['tag', '-m', join(dir, 'm'), '--top', '3', '--format', 'jsonl'], text);
  const sents = j.out.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(sents.length, 1);
  for (const tok of sents[0].tokens.filter((x: { found: boolean }) => x.found)) {
    const conf = tok.analyses.map((a: { confidence: number }) => a.confidence);
    assert.ok(tok.analyses.length <= 3);
    assert.deepEqual(conf, [...conf].sort((a: number, b: number) => b - a), 'best first');
  }
});

test('tag reads Latin words as they are unless Buckwalter is asked for; the text format ends with the source', () => {
  const m = join(dir, 'm');
  const inputs = (args: string[], text: string) => {
    const r = lexdis(['tag', '-m', m, '--format', 'jsonl', ...args], text);
    assert.equal(r.code, 0, r.err);
    return r.out.trim().split('\n').flatMap((l) => JSON.parse(l).tokens.map((t: { input: string; arabic: boolean }) => `${t.input}:${t.arabic}`));
  };
  assert.deepEqual(inputs([], 'Hello world كتبت'), ['Hello:false', 'world:false', 'كتبت:true']);
  assert.deepEqual(inputs([], 'Hello world'), ['Hello:false', 'world:false']);
  assert.deepEqual(inputs(['--script', 'buckwalter'], 'ktbt'), ['كتبت:true']);
  assert.deepEqual(inputs(['--script', 'auto'], 'ktbt'), ['كتبت:true']);
  assert.deepEqual(inputs(['--input-script', 'auto'], 'ktbt'), ['كتبت:true'], 'the old name still works');
  const marked = lexdis(['tag', '-m', m, '--format', 'jsonl', '--top', '9'], 'وَقَّعَت');
  const [w] = JSON.parse(marked.out).tokens;
  assert.equal(w.input, 'وَقَّعَت', 'the typed word is kept');
  assert.ok(w.analyses.length > 0);
  for (const a of w.analyses) assert.match(a.voc, /^waq~aEat$/, 'only analyses that agree with the typed marks, marks not doubled');
  // a name neither the lexicon nor the training corpus has: a backoff analysis
  const t = lexdis(['tag', '-m', m], 'كتبت غرينبلاتوف');
  assert.match(t.out, /^كتبت\t1\t.*\tanalyzer$/m);
  assert.match(t.out, /^غرينبلاتوف\t1\t.*\tNOUN\t.*\tbackoff$/m);
});

test('tag re-ranks an analysis file: numbers kept, one star on the best score, SCORE lines', () => {
  const out = join(dir, 'ranked.pos');
  const r = lexdis(['tag', '-m', join(dir, 'm'), '--mark-top', '--format', 'pos', join(dir, 'gold.pos'), '-o', out]);
  assert.equal(r.code, 0, r.err);
  const src = readPosFile(readFileSync(join(dir, 'gold.pos'), 'utf8'), 'gold.pos');
  const ranked = readPosFile(readFileSync(out, 'utf8'), 'ranked.pos');
  const a = src.documents.flatMap((d) => d.tokens);
  const b = ranked.documents.flatMap((d) => d.tokens);
  assert.equal(b.length, a.length);
  b.forEach((t, i) => {
    const own = t.solutions.filter((s) => s.n > 0);
    if (own.length === 0) return;
    // a gold-only solution (a gold label no analyzer candidate matched) is not re-ranked with --mark-top
    const unmatched = a[i].comments.includes(GOLD_UNMATCHED_COMMENT);
    const expected = a[i].solutions.filter((s) => !(unmatched && s.gold)).map((s) => s.n);
    assert.deepEqual(own.map((s) => s.n).sort((x, y) => x - y), expected.sort((x, y) => x - y));
    assert.equal(own.filter((s) => s.gold).length, 1);
    const scores = own.map((s) => s.score!);
    assert.ok(own[0].gold && scores[0] === Math.max(...scores));
  });
  assert.deepEqual(readdirSync(dir).filter((f) => f.startsWith('.lexdis-tmp')), []);
});

test('eval prints A1/A2 as JSON (or to -o FILE); a feature-set mismatch exits 1 naming both', () => {
  const r = lexdis(['eval', join(dir, 'm'), join(dir, 'gold.pos'), '--format', 'json']);
  assert.equal(r.code, 0, r.err);
  const rep = JSON.parse(r.out);
  assert.equal(rep.kind, 'lexdis-eval');
  assert.ok(rep.all.label.A1 > 50 && rep.all.label.A2 >= rep.all.label.A1 && rep.ceiling >= rep.all.label.A2);
  const toFile = lexdis(['eval', join(dir, 'm'), join(dir, 'gold.pos'), '--format', 'json', '-o', join(dir, 'eval.json')]);
  assert.equal(toFile.code, 0, toFile.err);
  assert.equal(toFile.out, '');
  assert.equal(readFileSync(join(dir, 'eval.json'), 'utf8'), r.out, 'eval -o writes what stdout gets');
  const bad = lexdis(['eval', join(dir, 'm'), join(dir, 'gold.pos'), '--features', 'full']);
  assert.equal(bad.code, 1);
  assert.match(bad.err, /'aggr'.*'full'.*\[MODEL_VERSION\]/);
});
