import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Document } from '../../../../src/corpus/types.js';
import { posConversion } from '../../../../src/formats/pos/pos-corpus.js';
import { readPosFast, readPosTwoThreads } from '../../../../src/formats/pos/fast/pos-fast.js';
import { loadPosCorpus, posToCorpus, readPosFile } from '../../../../src/formats/pos/pos.js';

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

/**
 * A canonical file: repeated blocks at other INDEX values, an implicit first document, an unindexed
 * one, notes and markers.
 */
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

/** The fast path on one thread, and on two (pos-ring.ts): the same contract. */
const READERS = { 'one thread': readPosFast, 'two threads': readPosTwoThreads };
type Reader = keyof typeof READERS;

function fast(file: string, chunkBytes = 1 << 22, reader: Reader = 'one thread'): { taken: boolean; documents: Document[] } {
  const documents: Document[] = [];
  const taken = READERS[reader](file, posConversion(file), (d) => documents.push(d), chunkBytes);
  return { taken, documents };
}

test('the fast path takes a canonical file and gives the full parser\'s corpus, at any chunk size, on one thread or two', () => {
  withFile(CANONICAL, (file) => {
    const expected = posToCorpus(readPosFile(CANONICAL, file)).documents;
    assert.equal(expected.length, 5);
    for (const chunk of [1, 17, 100, 1 << 22]) {
      const got = fast(file, chunk);
      assert.equal(got.taken, true, `chunk ${chunk}`);
      assert.deepEqual(got.documents, expected, `chunk ${chunk}`);
    }
    // two threads: a slot holds two chunks, and a block longer than that is left to the full parser
    for (const chunk of [200, 1000, 1 << 22]) {
      const got = fast(file, chunk, 'two threads');
      assert.equal(got.taken, true, `two threads, chunk ${chunk}`);
      assert.deepEqual(got.documents, expected, `two threads, chunk ${chunk}`);
    }
    const short = fast(file, 64, 'two threads');
    assert.equal(short.taken, false, 'a block longer than a slot');
    assert.deepEqual(loadPosCorpus(file, { chunkBytes: 64, twoThreads: true }).documents, expected);
  });
  // a byte-order mark and a trailing blank line change nothing; a leading blank line neither
  withFile(`\ufeff\n${CANONICAL}\n`, (file) => {
    for (const [reader, chunk] of [['one thread', 33], ['two threads', 1000]] as const) {
      const got = fast(file, chunk, reader);
      assert.equal(got.taken, true, reader);
      assert.deepEqual(got.documents, posToCorpus(readPosFile(CANONICAL, file)).documents, reader);
    }
  });
});

test('more blocks than the records one pass holds (4,096 on one thread, 16,384 per slot on two) are carried over', () => {
  // 40,000 short tokens (some 45 bytes a block, more than 16,384 in a slot of 1 MB) in a few
  // documents, some Arabic, repeated at other INDEX values
  const docs: string[] = [];
  for (let d = 0; d < 4; d++) {
    const blocks = [`;;; DOCUMENT: d${d}`];
    for (let w = 1; w <= 10_000; w++)
      blocks.push(w % 20 === 0 ? block('كتب', 'ktb', `P${1 + Math.floor(w / 500)}W${w}`, 1 + (w % 2)) : `INPUT STRING: ${w % 13}\n  INDEX: P${1 + Math.floor(w / 500)}W${w}`);
    docs.push(blocks.map((b) => `${b}\n`).join('\n'));
  }
  const text = docs.join('\n');
  withFile(text, (file) => {
    const expected = posToCorpus(readPosFile(text, file)).documents;
    for (const reader of Object.keys(READERS) as Reader[]) {
      const got = fast(file, 1 << 20, reader);
      assert.equal(got.taken, true, reader);
      assert.deepEqual(got.documents, expected, reader);
    }
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
      for (const reader of Object.keys(READERS) as Reader[]) {
        assert.equal(fast(file, 1000, reader).taken, false, `${name}, ${reader}`);
        const seen: string[] = [];
        const corpus = loadPosCorpus(file, { chunkBytes: 1000, twoThreads: reader === 'two threads' }, (d) => seen.push(d.id));
        assert.deepEqual(corpus.documents, posToCorpus(readPosFile(text.replace(/\r\n/g, '\n'), file)).documents, `${name}, ${reader}`);
        assert.deepEqual(seen, corpus.documents.map((d) => d.id), `${name}, ${reader}`);
      }
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
      for (const reader of Object.keys(READERS) as Reader[]) assert.equal(fast(file, 1000, reader).taken, false, `${name}, ${reader}`);
      let expected: { message: string; line?: number } | undefined;
      try {
        posToCorpus(readPosFile(text, file));
      } catch (err) {
        expected = err as { message: string; line?: number };
      }
      assert.ok(expected, `${name}: the full parser rejects it`);
      for (const twoThreads of [false, true])
        assert.throws(() => loadPosCorpus(file, { twoThreads }), (err: { message: string; line?: number }) => {
          assert.equal(err.message, expected!.message, name);
          assert.equal(err.line, expected!.line, name);
          return true;
        });
    });
  }
});
