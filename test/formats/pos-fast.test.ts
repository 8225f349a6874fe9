import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Document } from '../../src/corpus/types.js';
import { posConversion } from '../../src/formats/pos-corpus.js';
import { readPosFast } from '../../src/formats/pos-fast.js';
import { loadPosCorpus, posToCorpus, readPosFile } from '../../src/formats/pos.js';

/** A token block; `star` is the starred solution (0: none). */
function block(form: string, lookup: string, index: string | null, star: number, extra: string[] = []): string {
  const sols = [
    ['kataba', 'katab-u_1', 'katab/VERB_PERFECT+a/PVSUFF_SUBJ:3MS', 'write'],
    ['kutub', 'kitAb_1', 'kutub/NOUN', 'books'],
  ];
  return [
    `INPUT STRING: ${form}`, `LOOK-UP WORD: ${lookup}`, ...extra, ...(index ? [`  INDEX: ${index}`] : []),
    ...sols.flatMap(([voc, lemma, morph, gloss], i) => [`${star === i + 1 ? '*' : ' '} SOLUTION ${i + 1}: (${voc}) [${lemma}] ${morph}`, `     (GLOSS):  + ${gloss} + `]),
  ].join('\n');
}

/** A canonical file: repeated blocks at other INDEX values, an implicit first document, an unindexed one, notes and markers. */
const CANONICAL = [
  block('كتب', 'ktb', 'P1W1', 1),
  block('كتب', 'ktb', 'P1W2', 1),
  block('كتب', 'ktb', 'P2W1', 2),
  ';;; DOCUMENT: second',
  block('كتب', 'ktb', 'P1W1', 1),
  'INPUT STRING: ،\n     Comment: Non-Alphabetic Data\n  INDEX: P1W2',
  block('كتب', 'ktb', 'P1W3', 0, ['     Comment: a note of the reader']),
  block('كتب', 'ktb', 'P1W4', 0, ['     Comment: a note of the reader']),
  block('كتب', 'ktb', 'P3W1', 2, ['     Comment: lexdis: gold label not among the analyzer solutions']),
  ';;; DOCUMENT: unindexed',
  block('كتب', 'ktb', null, 1),
  block('كتب', 'ktb', null, 1),
  ';;; DOCUMENT: empty',
  ';;; DOCUMENT: last',
  block('كتاب', 'ktAb', 'P1W1', 2, ['     Comment: analyzer backoff: not in the lexicon']),
].map((b) => `${b}\n`).join('\n');

function withFile<T>(text: string | Buffer, fn: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-fast-'));
  try {
    const file = join(dir, 'c.pos');
    writeFileSync(file, text);
    return fn(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function fast(file: string, chunkBytes = 1 << 22): { taken: boolean; documents: Document[] } {
  const documents: Document[] = [];
  const taken = readPosFast(file, posConversion(file), (d) => documents.push(d), chunkBytes);
  return { taken, documents };
}

test('the fast path takes a canonical file and gives the full parser\'s corpus, at any chunk size', () => {
  withFile(CANONICAL, (file) => {
    const expected = posToCorpus(readPosFile(CANONICAL, file)).documents;
    assert.equal(expected.length, 5);
    for (const chunk of [1, 17, 100, 1 << 22]) {
      const got = fast(file, chunk);
      assert.equal(got.taken, true, `chunk ${chunk}`);
      assert.deepEqual(got.documents, expected, `chunk ${chunk}`);
    }
  });
  // a byte-order mark and a trailing blank line change nothing; a leading blank line neither
  withFile(`\ufeff\n${CANONICAL}\n`, (file) => {
    const got = fast(file, 33);
    assert.equal(got.taken, true);
    assert.deepEqual(got.documents, posToCorpus(readPosFile(CANONICAL, file)).documents);
  });
});

test('tokens of a repeated block are separate objects with their own INDEX, sharing one frozen candidate array', () => {
  withFile(CANONICAL, (file) => {
    const [first] = fast(file).documents;
    const [a, b] = first.sentences[0].tokens;
    assert.notEqual(a, b);
    assert.deepEqual(a.index, { paragraph: 1, word: 1 });
    assert.deepEqual(b.index, { paragraph: 1, word: 2 });
    assert.equal(a.candidates, b.candidates);
    assert.ok(Object.isFrozen(a.candidates));
    assert.throws(() => a.candidates.pop(), TypeError, 'a shared array cannot be changed under another token');
    assert.equal(b.candidates.length, 2);
    // a token's own array can still be replaced
    a.candidates = [];
    assert.equal(b.candidates.length, 2);
  });
});

test('a file the fast path does not take is read by the full parser: the same corpus, each document reported once', () => {
  const tabbed = CANONICAL.replace('  INDEX: P1W3', '\tINDEX: P1W3');
  const variants: Record<string, string> = {
    crlf: CANONICAL.replace(/\n/g, '\r\n'),
    'tab before INDEX': tabbed,
    'space after the INDEX value': CANONICAL.replace('INDEX: P2W1', 'INDEX: P2W1 '),
    'tokens without a blank line between them': CANONICAL.replace(' + \n\nINPUT STRING: ،', ' + \nINPUT STRING: ،'),
  };
  for (const [name, text] of Object.entries(variants)) {
    withFile(text, (file) => {
      assert.equal(fast(file).taken, false, name);
      const seen: string[] = [];
      const corpus = loadPosCorpus(file, { chunkBytes: 64 }, (d) => seen.push(d.id));
      assert.deepEqual(corpus.documents, posToCorpus(readPosFile(text.replace(/\r\n/g, '\n'), file)).documents, name);
      assert.deepEqual(seen, corpus.documents.map((d) => d.id), name);
    });
  }
});

test('rules across tokens broken by a repeated block fail as in the full parser, on the same line', () => {
  const cases: Record<string, string> = {
    'duplicate INDEX': CANONICAL.replace('P1W2', 'P1W1'),
    'paragraph resumed': CANONICAL.replace(block('كتب', 'ktb', 'P2W1', 2), `${block('كتب', 'ktb', 'P2W1', 2)}\n\n${block('كتب', 'ktb', 'P1W3', 1)}`),
    'INDEX on some tokens only': CANONICAL.replace(block('كتب', 'ktb', 'P1W2', 1), block('كتب', 'ktb', null, 1)),
    'duplicate document id': CANONICAL.replace('DOCUMENT: last', 'DOCUMENT: second'),
  };
  for (const [name, text] of Object.entries(cases)) {
    withFile(text, (file) => {
      assert.equal(fast(file).taken, false, name);
      let expected: { message: string; line?: number } | undefined;
      try {
        posToCorpus(readPosFile(text, file));
      } catch (err) {
        expected = err as { message: string; line?: number };
      }
      assert.ok(expected, `${name}: the full parser rejects it`);
      assert.throws(() => loadPosCorpus(file), (err: { message: string; line?: number }) => {
        assert.equal(err.message, expected!.message, name);
        assert.equal(err.line, expected!.line, name);
        return true;
      });
    });
  }
});
