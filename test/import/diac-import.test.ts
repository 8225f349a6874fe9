/**
 * `lexdis import-diac`: vocalized text → gold corpus. A tie is gold with each of its labels (a
 * star on each, a note naming them); unmatched words are reported with file:line; a text that mostly fails stops
 * with the likely cause and writes nothing.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import type { Token } from '../../src/corpus/types.js';
import { CorpusError } from '../../src/errors.js';
import { importDiacText } from '../../src/import/diac-import.js';
import { posToCorpus, readPosFile } from '../../src/formats/pos/pos.js';
import { stripArabicDiacritics, toBuckwalter } from '../../src/script/buckwalter.js';
import { Analyzer } from '../../src/analyzer/index.js';
import { dataPaths } from '../../bin/data.js';
import { lexdisInProcess } from '../helpers/cli-in-process.js';

const BIN = join(projectRoot(), 'bin', 'lexdis');
let analyzer: Analyzer | undefined;
const an = (): Analyzer => (analyzer ??= Analyzer.load(dataPaths.bama(), { backoff: true, caseEndings: true }));

const TEXT = [
  'ذَهَبَ الوَلَدُ إِلَى المَدرَسَةِ فِي الصَّبَاحِ.',
  'كِتِبَ الطَّالِبُ.',
  '',
  'قَالَ الرَّئِيسُ إِنَّ',
].join('\n');

function tokens(pos: string): Token[] {
  return posToCorpus(readPosFile(pos, 'out.pos')).documents.flatMap((d) => d.sentences.flatMap((s) => s.tokens));
}
const byForm = (ts: Token[], form: string): Token => ts.find((t) => t.form === form)!;

test('one match is the gold; several are a tie, each of them gold, with a note naming them', () => {
  const ungolded: string[] = [];
  const { pos, report } = importDiacText(TEXT, an(), { file: 't.txt', checkAfter: 1, maxUnmatched: 1, onUngolded: (l) => void ungolded.push(l) });
  const ts = tokens(pos);
  const walad = byForm(ts, 'الولد');
  assert.equal(walad.candidates[walad.gold].morph, 'Al/DET+walad/NOUN+u/CASE_DEF_NOM');
  assert.equal(byForm(ts, 'إن').candidates[byForm(ts, 'إن').gold].voc, '<in~a');
  // فِي: the preposition and the abbreviation "V." render alike
  const fy = byForm(ts, 'في');
  assert.deepEqual([fy.gold, fy.golds], [0, [0, 2]]);
  assert.deepEqual(fy.golds!.map((i) => fy.candidates[i].morph), ['fiy/PREP', 'Viy/ABBREV']);
  assert.match(fy.note ?? '', /^vocalized gold tied: 2 candidates match equally, all gold: 1: \(fiy\) \[fiy_1\] fiy\/PREP \| 3: \(fiy\) \[fiy_2\] Viy\/ABBREV \(t\.txt:1\)$/);
  const tied = ts.filter((t) => t.note?.startsWith('vocalized gold tied'));
  assert.equal(report.tied.total, tied.length);
  assert.ok(tied.every((t) => (t.golds?.length ?? 0) >= 2));
  assert.equal(report.matched.total + report.tied.total + report.unmatched.total, report.tokens.arabic);
  assert.equal(report.matched.total, ts.filter((t) => t.gold >= 0 && !t.golds).length);
  assert.equal(report.matched.total + report.tied.total, ts.filter((t) => t.gold >= 0).length);
  assert.ok(!ungolded.some((l) => l.startsWith('t.txt:1\tفِي')), 'a tie has gold marks');
});

test('--ties first: a tie is gold with the tied candidate first in the analyzer\'s order alone; the rest as with all', async () => {
  const options = { file: 't.txt', checkAfter: 1, maxUnmatched: 1 };
  const all = importDiacText(TEXT, an(), options);
  const first = importDiacText(TEXT, an(), { ...options, ties: 'first' });
  const fy = byForm(tokens(first.pos), 'في');
  assert.deepEqual([fy.gold, fy.golds], [0, undefined]);
  assert.match(fy.note ?? '', /^vocalized gold tied: 2 candidates match equally, the first gold: 1: \(fiy\)/);
  assert.deepEqual(first.report, all.report);
  const [a, f] = [tokens(all.pos), tokens(first.pos)];
  assert.ok(f.every((t, i) => t.gold === a[i].gold && (t.golds === undefined || t.golds.length === 0)));
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-ties-'));
  try {
    writeFileSync(join(dir, 't.txt'), `${TEXT}\n`);
    const run = await lexdisInProcess(['import-diac', join(dir, 't.txt'), '-o', join(dir, 't.pos'), '--ties', 'first', '-q']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(byForm(tokens(readFileSync(join(dir, 't.pos'), 'utf8')), 'في').golds, undefined);
    assert.equal((await lexdisInProcess(['import-diac', join(dir, 't.txt'), '-o', join(dir, 'u.pos'), '--ties', 'some'])).status, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a word no candidate spells is kept as context and reported with file:line', () => {
  const ungolded: string[] = [];
  const { pos, report } = importDiacText(TEXT, an(), { file: 't.txt', checkAfter: 1, maxUnmatched: 1, onUngolded: (l) => void ungolded.push(l) });
  const ktb = byForm(tokens(pos), 'كتب');
  assert.equal(ktb.gold, -1);
  assert.ok(ktb.candidates.length > 0, 'its candidates stay: context for its neighbours');
  assert.match(ktb.note ?? '', /^vocalized gold unmatched \(stem\) at t\.txt:2: gold كِتِبَ, nearest/);
  assert.equal(report.unmatched.byReason.stem, 1);
  assert.match(report.unmatched.examples.stem[0], /^t\.txt:2 كتب: /);
  assert.ok(ungolded.includes(ungolded.find((l) => l.startsWith('t.txt:2\tكِتِبَ\tstem\t'))!));
});

test('documents: a blank line ends one, and so does every docLines-th sentence', () => {
  const docs = (text: string, docLines: number) => posToCorpus(readPosFile(importDiacText(text, an(), { docLines, checkAfter: 1, maxUnmatched: 1 }).pos, 'o.pos')).documents;
  assert.deepEqual(docs(TEXT, 20).map((d) => [d.id, d.sentences.length]), [['L1', 2], ['L4', 1]]);
  assert.deepEqual(docs(TEXT, 1).map((d) => d.id), ['L1', 'L2', 'L4']);
  const lines = Array.from({ length: 5 }, () => 'قَالَ الرَّئِيسُ').join('\n');
  assert.deepEqual(docs(lines, 2).map((d) => d.sentences.length), [2, 2, 1]);
  assert.deepEqual(docs(lines, 0).map((d) => d.sentences.length), [5]);
});

test('Buckwalter text gives the same gold as Arabic script', () => {
  const arabic = importDiacText(TEXT, an(), { checkAfter: 1, maxUnmatched: 1 });
  const bw = importDiacText(toBuckwalter(TEXT), an(), { checkAfter: 1, maxUnmatched: 1 });
  const key = (p: string) => tokens(p).map((t) => `${t.form} ${t.gold >= 0 ? t.candidates[t.gold].key : '-'}`);
  assert.deepEqual(key(bw.pos), key(arabic.pos));
});

test('a text that mostly matches nothing stops with the likely cause', () => {
  const fails = (text: string, pattern: RegExp, opts = {}) => assert.throws(() => importDiacText(text, an(), { file: 'x.txt', ...opts }),
    (e: unknown) => e instanceof CorpusError && e.file === 'x.txt' && pattern.test(e.message), String(pattern));
  fails(stripArabicDiacritics(TEXT), /no vowel marks at all/);
  fails('ذَهَبَ الولد الى المدرسة في الصباح', /most words carry no vowel mark/);
  fails('*ahaba Alwaladu <ilaY', /no Arabic word in the text: the text is in Latin letters; if it is Buckwalter.*--script buckwalter/, { script: 'arabic' });
  fails('كِتِبَ مِدِرُسَةِ وِلِدُ', /match no analysis: the words carry vowels but not those of any analysis/);
  fails('', /no Arabic word in the text/);
  // the first check comes once checkAfter words are read, before the end
  const many = Array.from({ length: 50 }, () => 'الولد المدرسة').join('\n');
  assert.throws(() => importDiacText(`${many}\nذَهَبَ`, an(), { checkAfter: 20 }), /no vowel marks at all/);
});

let dir = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-diac-import-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) => spawnSync(BIN, args, { encoding: 'utf8', env: { ...process.env, CI: 'true' } });

test('lexdis import-diac: the corpus, the report and the words without gold; lexdis train reads the corpus', () => {
  const text = Array.from({ length: 30 }, () => TEXT).join('\n\n');
  writeFileSync(join(dir, 'in.txt'), text);
  const r = cli(['import-diac', join(dir, 'in.txt'), '-o', join(dir, 'out.pos'), '--report', join(dir, 'r.json'), '--ungolded', join(dir, 'left.tsv')]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /# Vocalized gold projection: in\.txt/);
  const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
  assert.equal(report.layout, 'text');
  assert.equal(report.documents, 60);
  const left = readFileSync(join(dir, 'left.tsv'), 'utf8').trim().split('\n');
  assert.equal(left[0], 'where\tword\twhy\tdetail');
  assert.equal(left.length - 1, report.unmatched.total);
  assert.match(left.find((l) => l.includes('\tstem\t'))!, new RegExp(`^${join(dir, 'in.txt')}:2\tكِتِبَ\tstem\t`));
  const t = cli(['train', join(dir, 'out.pos'), '-o', join(dir, 'm'), '--workers', '0']);
  assert.equal(t.status, 0, t.stderr);
});

test('lexdis import-diac: bad input fails with file (and line), and nothing is written', () => {
  writeFileSync(join(dir, 'old.pos'), 'old\n');
  const plain = join(dir, 'plain.txt');
  writeFileSync(plain, stripArabicDiacritics(TEXT));
  const r = cli(['import-diac', plain, '-o', join(dir, 'old.pos'), '--ungolded', join(dir, 'left2.tsv')]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, new RegExp(`^Error: ${plain}: .*no vowel marks at all.*\\[CORPUS\\]`, 'm'));
  assert.equal(readFileSync(join(dir, 'old.pos'), 'utf8'), 'old\n', 'the old output stays');
  assert.ok(!existsSync(join(dir, 'left2.tsv')));
  // Windows-1256 bytes read as UTF-8: the first bad byte's line
  const cp = join(dir, 'cp1256.txt');
  writeFileSync(cp, Buffer.from([0x61, 0x0a, 0xc7, 0xe1, 0x0a]));
  const e = cli(['import-diac', cp, '-o', join(dir, 'x.pos')]);
  assert.equal(e.status, 1);
  assert.match(e.stderr, new RegExp(`^Error: ${cp}:2: not valid UTF-8 .*windows-1256`, 'm'));
  // UTF-8 read as Windows-1256
  const utf = join(dir, 'utf8.txt');
  writeFileSync(utf, Array.from({ length: 5 }, () => TEXT).join('\n'));
  const m = cli(['import-diac', utf, '-o', join(dir, 'y.pos'), '--encoding', 'windows-1256']);
  assert.equal(m.status, 1);
  assert.match(m.stderr, /UTF-8 read as Windows-1256/);
  assert.ok(!existsSync(join(dir, 'x.pos')) && !existsSync(join(dir, 'y.pos')));
});
