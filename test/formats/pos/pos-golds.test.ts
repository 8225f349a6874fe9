import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../../src/config.js';
import { CorpusError } from '../../../src/errors.js';
import { goldIndices, multiGoldCount, type Corpus } from '../../../src/corpus/types.js';
import { corpusToPos, loadPosCorpus, posToCorpus, readPosFile, writePosFile } from '../../../src/formats/pos/pos.js';
import { writeCandidatesFile } from '../../../src/formats/candidates-write.js';
import { readCandidatesFile } from '../../../src/formats/candidates.js';

const FIX = join(projectRoot(), 'test', 'fixtures', 'formats');
const fixture = (name: string) => readFileSync(join(FIX, name), 'utf-8');
const tokens = (c: Corpus) => c.documents.flatMap((d) => d.sentences.flatMap((s) => s.tokens));

test('several stars on one token: every starred candidate is gold, the first is `gold`', () => {
  const c = posToCorpus(readPosFile(fixture('several-golds.pos'), 'several-golds.pos'));
  const [tEln, fy, arADy, fY] = tokens(c);
  assert.deepEqual([tEln.gold, tEln.golds], [0, [0, 1]]);
  // solution 4 repeats solution 1's label: one candidate, one gold
  assert.deepEqual(fy.candidates.map((x) => x.solutionNo), [1, 2, 3]);
  assert.deepEqual([fy.gold, fy.golds], [0, [0, 2]]);
  // one star: one gold label, no `golds`
  assert.deepEqual([arADy.gold, arADy.golds, goldIndices(arADy)], [1, undefined, [1]]);
  // stars on an alternative's solutions when the word has none of its own
  assert.deepEqual([fY.gold, fY.golds], [0, [0, 1]]);
  assert.equal(multiGoldCount(c), 3);
});

test('two stars on solutions of one label: one gold label, no `golds` (with the gold-unmatched comment too)', () => {
  const text = [
    'INPUT STRING: x', 'LOOK-UP WORD: x', '* SOLUTION 1: (x) [x_1] x/NOUN', '  SOLUTION 2: (y) [y_1] y/NOUN',
    '* SOLUTION 3: (x) [x_1]   x/NOUN', '',
    'INPUT STRING: z', 'LOOK-UP WORD: z', '     Comment: lexdis: gold label not among the analyzer solutions',
    '* SOLUTION 1: (x) [x_1] x/NOUN', '* SOLUTION 2: (x) [x_1] x/NOUN', '',
  ].join('\n');
  const [twice, unmatched] = tokens(posToCorpus(readPosFile(text, 'twice.pos')));
  assert.deepEqual([twice.gold, twice.golds, twice.candidates.length], [0, undefined, 2]);
  const { gold, golds, goldUnmatched, candidates } = unmatched;
  assert.deepEqual([gold, golds, goldUnmatched, candidates[0].source], [0, undefined, true, 'gold']);
});

test('a file with several stars reads back as written, and through the corpus keeps every star', () => {
  const text = fixture('several-golds.pos');
  assert.equal(writePosFile(readPosFile(text, 'several-golds.pos')), text);
  const c = posToCorpus(readPosFile(text, 'several-golds.pos'));
  const written = writePosFile(corpusToPos(c));
  assert.equal((written.match(/^\* SOLUTION/gm) ?? []).length, 7);
  const again = posToCorpus(readPosFile(written, 'several-golds.pos'));
  assert.deepEqual(tokens(again).map((t) => goldIndices(t)), tokens(c).map((t) => goldIndices(t)));
  assert.equal(writePosFile(corpusToPos(again)), written);
});

test('the streaming reader (fast path) gives the same tokens with several golds as the full one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-golds-'));
  try {
    const text = fixture('several-golds.pos');
    const file = join(dir, 'g.pos');
    // the same blocks twice: the second is read from the block table
    writeFileSync(file, `${text}\n${text.replace(';;; DOCUMENT: tied', ';;; DOCUMENT: again')}`);
    const streamed = await loadPosCorpus(file);
    const full = posToCorpus(readPosFile(readFileSync(file, 'utf8'), file));
    assert.deepEqual(tokens(streamed).map((t) => [t.gold, t.golds]), tokens(full).map((t) => [t.gold, t.golds]));
    assert.equal(multiGoldCount(streamed), 6);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a file with one star a token reads and writes as before: no token has `golds`', () => {
  for (const name of ['gold.pos', 'bama.pos']) {
    const text = fixture(name);
    const c = posToCorpus(readPosFile(text, name));
    assert.equal(multiGoldCount(c), 0, name);
    assert.ok(tokens(c).every((t) => !('golds' in t)), name);
    const written = writePosFile(corpusToPos(c));
    assert.equal(writePosFile(corpusToPos(posToCorpus(readPosFile(written, name)))), written, name);
  }
  assert.equal(writePosFile(readPosFile(fixture('gold.pos'), 'gold.pos')), fixture('gold.pos'));
});

test('several stars with the gold-unmatched comment are refused; the candidates file (starred) keeps several golds', () => {
  const text = [
    'INPUT STRING: x', 'LOOK-UP WORD: x', '     Comment: lexdis: gold label not among the analyzer solutions',
    '* SOLUTION 1: (x) [x_1] x/NOUN', '* SOLUTION 2: (y) [y_1] y/NOUN', '',
  ].join('\n');
  assert.throws(() => posToCorpus(readPosFile(text, 'u.pos')), CorpusError);
  const c = posToCorpus(readPosFile(fixture('several-golds.pos'), 'several-golds.pos'));
  assert.ok(multiGoldCount(c) > 0, 'the fixture has a token with several golds');
  const back = readCandidatesFile(writeCandidatesFile(c), 'c.cand');
  assert.equal(multiGoldCount(back), multiGoldCount(c), 'each token keeps its gold labels');
});
