/**
 * The projection of a vocalized UD treebank (UD Arabic-PADT 1.3): the fixture's sentences
 * checked word by word, the whole dev part's figures, and `lexdis import-ud` on it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../../bin/data.js';
import { Analyzer } from '../../src/analyzer/index.js';
import { projectRoot } from '../../src/config.js';
import type { Token } from '../../src/corpus/types.js';
import { loadCorpus } from '../../src/import/load.js';
import { plainText, projectTreebank, vocalizedReference } from '../../src/import/treebank.js';
import type { VocalizedReport } from '../../src/import/voc-report.js';

const FIX = join(projectRoot(), 'test', 'fixtures', 'ud');
const BIN = join(projectRoot(), 'bin', 'lexdis');
const PADT_DEV = dataPaths.padtConllu('dev');
let analyzer: Analyzer | undefined;
const getAnalyzer = (): Analyzer =>
  (analyzer ??= Analyzer.load(dataPaths.bama(), { backoff: true, caseEndings: true }));

let projected: ReturnType<typeof projectTreebank> | undefined;
const fixture = () => (projected ??= projectTreebank(readFileSync(join(FIX, 'padt-small.conllu'), 'utf8'), getAnalyzer(), { file: 'padt-small.conllu' }));

function tokenOf(lookup: string, sentence?: string): Token {
  const docs = fixture().corpus.documents;
  for (const d of docs) for (const s of d.sentences) {
    if (sentence && s.id !== sentence) continue;
    const t = s.tokens.find((x) => x.lookup === lookup);
    if (t) return t;
  }
  throw new Error(`no token ${lookup}`);
}
const goldMorph = (lookup: string, sentence?: string): string => {
  const t = tokenOf(lookup, sentence);
  return t.gold >= 0 ? t.candidates[t.gold].morph : '(none)';
};

test('a vocalized treebank is recognised; documents are its files, sentences its sentences', () => {
  const p = fixture();
  assert.equal(p.layout, 'vocalized');
  assert.deepEqual(p.corpus.documents.map((d) => d.id), [
    'AFP_ARB_20000715.0011', 'UMH_ARB_20040726.0007', 'UMH_ARB_20040407.0030', 'UMH_ARB_20040715.0008', 'UMH_ARB_20040906.0013', 'NHR_ARB_20021130.0099',
  ]);
  assert.equal(p.corpus.documents[4].sentences.length, 2);
  assert.equal(p.vocalizedText?.length, 7);
});

test('the vocalization picks the gold; the lemma, then UPOS and features, then the gloss decide among several', () => {
  // one candidate spells لِلحَظرِ
  assert.equal(goldMorph('llHZr'), 'li/PREP+Al/DET+HaZor/NOUN+i/CASE_DEF_GEN');
  // تَزُورُ is spelled alike by "she visits" and "you visit": Person=3 decides
  assert.equal(goldMorph('tzwr'), 'ta/IV3FS+zuwr/VERB_IMPERFECT+u/IVSUFF_MOOD:I');
  // the fatha of a feminine plural's genitive: اَلهَيئَاتِ is Case=Acc here, spelled like the genitive
  assert.equal(goldMorph('Alhy}At'), 'Al/DET+hayo}/NOUN+At/NSUFF_FEM_PL+i/CASE_DEF_ACC');
  // enclitics, and a free pronoun
  assert.equal(goldMorph('EAnAh'), 'EAnA/VERB_PERFECT+(null)/PVSUFF_SUBJ:3MS+hu/PVSUFF_DO:3MS');
  assert.equal(goldMorph('bqA}hA'), 'baqA}/NOUN+i/CASE_DEF_GEN+hA/POSS_PRON_3FS');
  assert.equal(goldMorph('hy'), 'hiya/PRON_3FS');
  assert.equal(goldMorph('lljnp'), 'li/PREP+Al/DET+lajon/NOUN+ap/NSUFF_FEM_SG+i/CASE_DEF_GEN');
});

test('a tie is never broken: each tied candidate is gold, and a note names them', () => {
  const t = tokenOf('>hdAf');
  assert.deepEqual([t.gold, t.golds], [3, [3, 8]]);
  assert.match(t.note ?? '', /^vocalized gold tied: 2 candidates match equally, all gold: 4: \(>ahodAfN\) \[hadaf_1\].* \| 9: \(>ahodAfN\) \[hadaf_2\]/);
  const u = tokenOf('Al>myrkyyn');
  assert.equal(u.gold, -1);
  assert.match(u.note ?? '', /^vocalized gold unmatched \(stem\): gold \S+, nearest \S+ \(Al>amiyrokiy~ayoni /);
});

test('the whole PADT dev part: shares that add up, ≥ 95% of the vocalized words matched', () => {
  const p = projectTreebank(readFileSync(PADT_DEV, 'utf8'), getAnalyzer(), { file: PADT_DEV });
  const r = p.report as VocalizedReport;
  assert.equal(r.kind, 'lexdis-vocalized-projection-report');
  assert.equal(r.documents, 80);
  assert.equal(r.sentences, 786);
  assert.equal(r.syntacticWords, 28263);
  assert.equal(r.matched.total + r.tied.total + r.unmatched.total, r.tokens.arabic);
  assert.equal(Object.values(r.matched.decidedBy).reduce((a, b) => a + b, 0), r.matched.total);
  assert.equal(r.unmatched.byReason.tokenization, 0, 'the analyzer reads the rebuilt words as the treebank has them');
  assert.ok(r.matched.rateVocalized >= 0.95, `matched ${r.matched.rateVocalized} of the vocalized words`);
  assert.ok((r.matched.total + r.tied.total) / r.tokens.vocalized >= 0.97);
  let gold = 0;
  let tied = 0;
  for (const d of p.corpus.documents) for (const s of d.sentences) for (const t of s.tokens) {
    if (t.gold >= 0 && !t.golds) gold++;
    if (t.golds) tied++;
    if (t.note?.startsWith('vocalized gold unmatched')) assert.equal(t.gold, -1, t.note);
    if (t.note?.startsWith('vocalized gold tied')) assert.ok(t.golds && t.golds.length >= 2, t.note);
  }
  assert.equal(gold, r.matched.total);
  assert.equal(tied, r.tied.total);
});

test('the reference text: one sentence a line, a dagger alif\'s fatha written; the plain text: the same letters without marks', () => {
  assert.equal(vocalizedReference(['هٰذَا اَللّٰهِ', 'كَتَبَ']).normalize('NFC'), 'هَٰذَا اَللَّٰهِ\nكَتَبَ\n'.normalize('NFC'));
  assert.equal(plainText(['هٰذَا اَللّٰهِ', 'كَتَبَ، 12']), 'هذا الله\nكتب، 12\n');
});

test('lexdis import-ud: a vocalized treebank with --text; --text on PUD\'s layout and --sample on PADT\'s are refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-padt-'));
  try {
    const run = (args: string[]) => spawnSync(BIN, args, { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    const ok = run(['import-ud', join(FIX, 'padt-small.conllu'), '-o', join(dir, 'p.pos'), '--text', join(dir, 'p.txt'), '--plain', join(dir, 'p.plain'), '--report', join(dir, 'r.json')]);
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stderr, /# Vocalized gold projection: padt-small\.conllu/);
    const lines = readFileSync(join(dir, 'p.txt'), 'utf8').split('\n');
    assert.equal(lines.length, 8);
    assert.equal(lines[0].normalize('NFC'), 'مَجمُوعَةٌ مِن اَلأَمِيرِكِيِّينَ اَلمُعَارِضِينَ لِلحَظرِ تَزُورُ اَلبَصرَةَ'.normalize('NFC'));
    assert.equal(readFileSync(join(dir, 'p.plain'), 'utf8').split('\n')[0], 'مجموعة من الأميركيين المعارضين للحظر تزور البصرة');
    assert.equal(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')).tied.total, 1);
    const corpus = loadCorpus([join(dir, 'p.pos')]);
    assert.equal(corpus.documents.length, 6);
    const pud = run(['import-ud', join(FIX, 'small.conllu'), '-o', join(dir, 'q.pos'), '--text', join(dir, 'q.txt')]);
    assert.equal(pud.status, 2, 'a usage error');
    assert.match(pud.stderr, /--text needs a vocalized treebank/);
    const plain = run(['import-ud', join(FIX, 'small.conllu'), '-o', join(dir, 'q.pos'), '--plain', join(dir, 'q.plain')]);
    assert.match(plain.stderr, /--plain needs a vocalized treebank/);
    const sample = run(['import-ud', join(FIX, 'padt-small.conllu'), '-o', join(dir, 's.pos'), '--sample', join(dir, 's.md')]);
    assert.equal(sample.status, 2, 'a usage error');
    assert.match(sample.stderr, /--sample is for LId-annotated treebanks/);
    for (const f of ['q.pos', 'q.txt', 'q.plain', 's.pos', 's.md']) assert.throws(() => readFileSync(join(dir, f)), `${f} not written`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
