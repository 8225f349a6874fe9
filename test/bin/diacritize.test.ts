import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { corpusToPos, writePosFile } from '../../src/formats/pos/pos.js';
import { pudCorpus } from '../helpers/pud.js';
import { dataPaths } from '../../bin/data.js';
import { tablesFingerprint } from '../../src/analyzer/image.js';
import { readModel } from '../../src/model/store.js';

const BIN = join(projectRoot(), 'bin', 'lexdis');
const MARKS = /[\u064b-\u0652\u0670]/g;
const TEXT = 'أعلن  الرئيس الجديد، أنه سيزور (المدينة) في 2024 with Obama.\n\nكتب الطالب الدرس\n';
let dir = '';

function lexdis(args: string[], input?: string) {
  const r = spawnSync(BIN, args, { input, encoding: 'utf8', timeout: 120_000, env: { ...process.env, CI: 'true' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-diac-'));
  writeFileSync(join(dir, 'gold.pos'), writePosFile(corpusToPos(pudCorpus(250))));
  const r = lexdis(['train', join(dir, 'gold.pos'), '-o', join(dir, 'm'), '--features', 'aggr', '--workers', '1']);
  assert.equal(r.code, 0, r.err);
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('diacritize keeps every letter, space, digit, Latin word and punctuation mark; it only adds vowels', () => {
  const r = lexdis(['diacritize', '-m', join(dir, 'm')], TEXT);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out.replace(MARKS, ''), TEXT);
  assert.notEqual(r.out, TEXT);
  assert.match(r.out, /with Obama\./);
  assert.ok(r.out.includes('\u0627\u0644\u0631\u0651'), 'shadda on the sun letter after the article (الرّ)');
  const plain = lexdis(['diacritize', '-m', join(dir, 'm'), '--no-sukun'], TEXT);
  assert.doesNotMatch(plain.out, /\u0652/);
});

test('diacritize never doubles the marks a text already has', () => {
  const r = lexdis(['diacritize', '-m', join(dir, 'm')], 'كَتَبَ الطالبُ\n');
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out.replace(MARKS, ''), 'كتب الطالب\n');
  assert.doesNotMatch(r.out, /[\u064b-\u0650][\u064b-\u0650]/);
  assert.ok(r.out.startsWith('كَتَبَ '));
});

test('diacritize --format jsonl gives each line\'s words with their analysis (as the old --jsonl); eval-diac reads it', () => {
  const r = lexdis(['diacritize', '-m', join(dir, 'm'), '--format', 'jsonl', '--candidates'], 'كتب الطالب الدرس\n');
  assert.equal(lexdis(['diacritize', '-m', join(dir, 'm'), '--jsonl', '--candidates'], 'كتب الطالب الدرس\n').out, r.out, 'the old name still works');
  assert.equal(r.code, 0, r.err);
  const line = JSON.parse(r.out);
  assert.equal(line.words.length, 3);
  for (const w of line.words) {
    assert.equal(w.vocalized.replace(MARKS, ''), w.input);
    assert.ok(Array.isArray(w.candidates) && typeof w.source === 'string');
  }
  writeFileSync(join(dir, 'sys.jsonl'), r.out);
  writeFileSync(join(dir, 'ref.txt'), 'كَتَبَ الطَّالِبُ الدَّرْسَ\n');
  const e = lexdis(['eval-diac', join(dir, 'sys.jsonl'), join(dir, 'ref.txt'), '--format', 'json']);
  assert.equal(e.code, 0, e.err);
  const rep = JSON.parse(e.out);
  assert.equal(rep.words, 3);
  assert.ok(rep.rates.relaxed.wer >= 0 && rep.rates.strict.wer >= rep.rates.relaxed.wer);
  assert.ok(rep.oracle && typeof rep.errorClasses.unknownWord === 'number');
});

test('eval-diac: a reference that does not align stops with file:line and writes nothing', () => {
  writeFileSync(join(dir, 'sys.txt'), 'كَتَبَ الطَّالِبُ\nذَهَبَ\n');
  writeFileSync(join(dir, 'ref2.txt'), 'كَتَبَ الطَّالِبُ\nذَهَبَ الْوَلَدُ\n');
  const out = join(dir, 'report.md');
  const e = lexdis(['eval-diac', join(dir, 'sys.txt'), join(dir, 'ref2.txt'), '-o', out]);
  assert.equal(e.code, 1);
  assert.match(e.err, new RegExp(`^Error: ${join(dir, 'sys.txt').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: `, 'm'));
  assert.ok(!existsSync(out));
  const good = lexdis(['eval-diac', join(dir, 'sys.txt'), join(dir, 'sys.txt')]);
  assert.equal(good.code, 0, good.err);
  assert.match(good.out, /\| relaxed \| 0\.00 \| 0\.00 \|/);
});

test('tag --format jsonl carries the rendered word beside the analyzer\'s vocalization', () => {
  const r = lexdis(['tag', '-m', join(dir, 'm'), '--format', 'jsonl'], 'الرئيس\n');
  assert.equal(r.code, 0, r.err);
  const a = JSON.parse(r.out).tokens[0].analyses[0];
  assert.equal(a.vocalized.replace(MARKS, ''), 'الرئيس');
  assert.equal(typeof a.vocArabic, 'string');
});

test('a word typed with a dagger alif is vocalized whole, its dagger kept once', () => {
  const r = lexdis(['diacritize', '-m', join(dir, 'm')], 'هٰذا الكتاب\n');
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out.replace(MARKS, ''), 'هذا الكتاب\n');
  assert.equal((r.out.match(/\u0670/g) ?? []).length, 1);
  assert.ok(r.out.startsWith('\u0647\u064e\u0670'), 'هَٰ: fatha before the typed dagger alif');
});

test('diacritize --workers 2 writes what one thread writes; a bad --workers is a usage error', () => {
  const text = `${TEXT.repeat(40)}`;
  writeFileSync(join(dir, 'many.txt'), text);
  const one = lexdis(['diacritize', '-m', join(dir, 'm'), '--workers', '1', join(dir, 'many.txt')]);
  const two = lexdis(['diacritize', '-m', join(dir, 'm'), '--workers', '2', join(dir, 'many.txt'), '-o', join(dir, 'many-2.txt')]);
  assert.equal(one.code, 0, one.err);
  assert.equal(two.code, 0, two.err);
  assert.equal(readFileSync(join(dir, 'many-2.txt'), 'utf8'), one.out);
  const many = lexdis(['diacritize', '-m', join(dir, 'm'), '--workers', '99999999', join(dir, 'many.txt')]);
  assert.equal(many.code, 0, many.err);
  assert.equal(many.out, one.out);
  assert.match(many.err, new RegExp(`^warning: --workers 99999999 is more than the machine's ${availableParallelism()} cores`, 'm'));
  for (const bad of ['0', 'two', '1.5']) {
    const r = lexdis(['diacritize', '-m', join(dir, 'm'), '--workers', bad], TEXT);
    assert.equal(r.code, 2, 'a usage error exits 2');
    assert.match(r.err, /--workers must be a whole number ≥ 1 or 'auto'.*\[USAGE\]/);
  }
});

test('the bundled train compiles the tables with the fingerprint of tsc\'s analyzer code', async () => {
  const m = await readModel(join(dir, 'm'));
  const written = (m.json.analyzer as { fingerprint: string }).fingerprint.split(' ');
  const here = tablesFingerprint(dataPaths.bama(), false).split(' ');
  assert.match(written.at(-1)!, /^code:[0-9a-f]+$/);
  assert.equal(written.at(-1), here.at(-1), 'the bundle fingerprints the code tsc compiled, so either loads the tables');
});

test('train --model-compression none writes a larger format-3 model that diacritizes as the deflated one does', () => {
  const r = lexdis(['train', join(dir, 'gold.pos'), '-o', join(dir, 'm-stored'), '--features', 'aggr', '--workers', '1',
    '--model-compression', 'none']);
  assert.equal(r.code, 0, r.err);
  const stored = readFileSync(join(dir, 'm-stored', 'model.lexdis'));
  const deflated = readFileSync(join(dir, 'm', 'model.lexdis'));
  assert.deepEqual([stored.readUInt32LE(16), deflated.readUInt32LE(16)], [3, 2], 'format versions 3 and 2');
  assert.ok(stored.byteLength > 2 * deflated.byteLength, `${stored.byteLength} bytes against ${deflated.byteLength}`);
  const a = lexdis(['diacritize', '-m', join(dir, 'm-stored')], TEXT);
  const b = lexdis(['diacritize', '-m', join(dir, 'm')], TEXT);
  assert.equal(a.code, 0, a.err);
  assert.equal(a.out, b.out);
  const bad = lexdis(['train', join(dir, 'gold.pos'), '-o', join(dir, 'm-bad'), '--model-compression', 'zip']);
  assert.equal(bad.code, 2, 'a usage error exits 2');
  assert.match(bad.err, /--model-compression.*zip/);
});
