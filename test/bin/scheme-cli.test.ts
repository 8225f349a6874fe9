/**
 * Label elements for another tag set, end to end (issue 11): a Turkish-like candidates corpus
 * (test/helpers/turkish-like.ts) with a scheme file and with the automatic scheme; bad scheme
 * files and corpora a model's scheme cannot factor are refused with `Error: FILE:LINE: …`.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { loadCorpus } from '../../src/import/load.js';
import { turkishLikeCandidates } from '../helpers/turkish-like.js';

const BIN = join(projectRoot(), 'bin', 'lexdis');
const SCHEME = join(projectRoot(), 'test', 'fixtures', 'schemes', 'turkish-like.json');
let dir = '';
let corpus = '';

function lexdis(args: string[]) {
  const r = spawnSync(BIN, args, { encoding: 'utf8', timeout: 300_000, env: { ...process.env, CI: 'true' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-scheme-'));
  corpus = join(dir, 'tr.cand');
  writeFileSync(corpus, turkishLikeCandidates({ seed: 3, documents: 30 }));
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('cv with a scheme file: Table 4 rows are the tag set\'s categories', () => {
  const r = lexdis(['cv', corpus, '--folds', '3', '--models', 'table4', '--scheme', SCHEME, '--seed', '5', '-o', join(dir, 'cv'), '--format', 'json']);
  assert.equal(r.code, 0, r.err);
  const rep = JSON.parse(r.out);
  assert.deepEqual(rep.corpus.scheme, { name: 'turkish-like', elements: ['lemma', 'pos', 'agreement', 'possessive', 'case', 'polarity', 'tense'] });
  assert.deepEqual(rep.tables.table4.map((x: { name: string }) => x.name), rep.corpus.scheme.elements);
  for (const row of rep.tables.table4) assert.ok(row.own && row.full, row.name);
  const caseRow = rep.tables.table4.find((x: { name: string }) => x.name === 'case');
  assert.ok(caseRow.own.A1 > 50 && caseRow.full.A1 > 50, JSON.stringify(caseRow));
  const md = readFileSync(join(dir, 'cv', 'report.md'), 'utf8');
  assert.match(md, /\| agreement \|/);
  assert.match(md, /Label elements \(scheme 'turkish-like'\): lemma, pos, agreement/);
  assert.match(md, /\| case \| \d/);
});

test('without a scheme the automatic one: lemma, main POS, one element per tag position', () => {
  const c = loadCorpus([corpus]);
  assert.equal(c.scheme?.name, 'auto');
  assert.deepEqual(c.scheme!.elements.map((e) => e.name), ['pos', 'tag2', 'tag3', 'tag4']);
  const t = c.documents[0].sentences[0].tokens.find((x) => x.candidates.length > 1)!;
  assert.ok(t.candidates.every((x) => x.elements.pos !== '' && x.elements.lemma !== ''));
});

test('train --scheme --features <element>, eval by element name; a model refuses tags its scheme cannot factor', () => {
  const model = join(dir, 'm');
  const t = lexdis(['train', corpus, '--scheme', SCHEME, '--features', 'case', '-o', model, '--workers', '0', '--format', 'json']);
  assert.equal(t.code, 0, t.err);
  assert.equal(JSON.parse(t.out).features, 7, 'Table 3 for one element');
  const e = lexdis(['eval', model, corpus, '--features', 'case']);
  assert.equal(e.code, 0, e.err);
  assert.match(e.out, /\| case \| \d/);
  assert.match(e.out, /\| agreement \| \d/);
  assert.doesNotMatch(e.out, /\| pre1 \|/);
  const other = lexdis(['eval', model, corpus, '--features', 'tense']);
  assert.equal(other.code, 1);
  assert.match(other.err, /feature set 'case', not 'tense'/);
  const odd = join(dir, 'odd.cand');
  writeFileSync(odd, '<S>\nevde\tev+Noun+A3sg+Pnon+Loc\nevce\tev+Noun+A3sg+Pnon+Equ\tev+Adv\n</S>\n');
  const bad = lexdis(['eval', model, odd]);
  assert.equal(bad.code, 1);
  assert.match(bad.err, new RegExp(`^Error: ${odd.replace(/[.]/g, '\\.')}:3: cannot factor analysis "ev\\+Noun\\+A3sg\\+Pnon\\+Equ": tag "Equ" fills no element of the label scheme 'turkish-like'`, 'm'));
});

test('bad scheme files: Error: FILE:LINE', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['unknown.json', '{\n  "elements": ["pos"],\n  "tags": {\n    "pos": ["Noun", "Verb", "Adj", "Postp"],\n    "kase": ["Nom"]\n  }\n}', /:5: unknown element "kase"/],
    ['twice.json', '{\n  "elements": ["pos", "case"],\n  "tags": {\n    "pos": ["Noun"],\n    "case": ["Noun"]\n  }\n}', /:5: tag "Noun" is given to two elements/],
    ['nomatch.json', readFileSync(SCHEME, 'utf8').replace('"tense"]', '"tense", "zed"]').replace('"tense": [', '"zed": ["/^Z/"],\n    "tense": ['),
      /:12: pattern \/\^Z\/ of element "zed" matches no tag of the corpus/],
  ];
  for (const [name, text, message] of cases) {
    const file = join(dir, name);
    writeFileSync(file, text);
    const r = lexdis(['train', corpus, '--scheme', file, '-o', join(dir, `m-${name}`)]);
    assert.equal(r.code, 1, name);
    assert.match(r.err, new RegExp(`^Error: ${file.replace(/[.]/g, '\\.')}${message.source}`, 'm'), r.err);
  }
});
