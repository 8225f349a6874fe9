/**
 * writeCorpus, the package root's writer: a corpus written as pos or candidates (by extension or
 * `format`) reads back with the same documents, tokens, candidates and gold; the pos file is
 * what corpusToPos and writePosFile give; a bad argument writes nothing.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Corpus } from '../../src/corpus/types.js';
import { UsageError } from '../../src/errors.js';
import { loadCorpus } from '../../src/import/load.js';
import { corpusToPos, writePosFile } from '../../src/formats/pos/pos.js';
import { writeCorpus } from '../../src/formats/write.js';
import { projectRoot } from '../../src/config.js';

const GOLD = join(projectRoot(), 'test', 'fixtures', 'formats', 'gold.pos');
let dir = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-write-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Per token: the form, the candidates' keys and the gold's key. */
const shape = (c: Corpus) =>
  c.documents.map((d) =>
    d.sentences.map((s) =>
      s.tokens.map((t) => [t.form, t.candidates.map((x) => x.key), t.gold >= 0 ? t.candidates[t.gold].key : null]),
    ),
  );

test('a corpus written as pos or candidates reads back the same', () => {
  const corpus = loadCorpus([GOLD]);
  const pos = join(dir, 'out.pos');
  writeCorpus(pos, corpus);
  assert.equal(readFileSync(pos, 'utf8'), writePosFile(corpusToPos(corpus)));
  assert.deepEqual(shape(loadCorpus([pos])), shape(corpus));
  for (const [path, options] of [[join(dir, 'out.cand'), {}], [join(dir, 'cand.txt'), { format: 'candidates' as const }]] as const) {
    writeCorpus(path, corpus, options);
    assert.match(readFileSync(path, 'utf8'), /^<DOC/);
    assert.deepEqual(shape(loadCorpus([path], { format: 'candidates' })).flat(2).map(([form, , gold]) => [form, gold !== null]),
      shape(corpus).flat(2).map(([form, , gold]) => [form, gold !== null]));
  }
});

test('a bad argument is a UsageError and writes nothing', () => {
  const target = join(dir, 'never.pos');
  assert.throws(() => writeCorpus(target, { documents: [] }, { format: 'xml' as never }), UsageError);
  assert.throws(() => writeCorpus(target, null as never), UsageError);
  assert.equal(existsSync(target), false);
});
