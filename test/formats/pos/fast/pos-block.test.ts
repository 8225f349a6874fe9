import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CanonicalBlockReader } from '../../../../src/formats/pos/fast/pos-block.js';
import { BlockCache, hashWords } from '../../../../src/formats/pos/fast/pos-cache.js';
import type { PosToken } from '../../../../src/formats/pos/pos-model.js';
import { readPosFile } from '../../../../src/formats/pos/pos-read.js';

/** What the full parser reads from a one-block text (a part of a file: no end rules); undefined if it rejects it. */
function full(text: string): PosToken | undefined {
  try {
    const pos = readPosFile(`${text}\n`, 'block.pos', null);
    return pos.documents.length === 1 && pos.documents[0].tokens.length === 1 ? pos.documents[0].tokens[0] : undefined;
  } catch {
    return undefined;
  }
}

const view = (buf: Buffer) => new DataView(buf.buffer, buf.byteOffset, buf.length);

/** The canonical reader's token of a one-block text, with the INDEX line found as the fast path finds it. */
function canonical(reader: CanonicalBlockReader, text: string): PosToken | undefined {
  const buf = Buffer.from(text);
  const at = buf.indexOf('\n  INDEX: ');
  const m = at < 0 ? null : /^P(\d+)W(\d+)/.exec(text.slice(text.indexOf('\n  INDEX: ') + 10));
  return reader.token(buf, view(buf), 0, buf.length, at, m ? { paragraph: Number(m[1]), word: Number(m[2]) } : null);
}

const SOL1 = '* SOLUTION 1: (kataba) [katab-u_1] katab/VERB_PERFECT+a/PVSUFF_SUBJ:3MS\n     (GLOSS):  + write + he/it <verb>';
const SOL2 = '  SOLUTION 2: (kutub) [kitAb_1] kutub/NOUN\n     (GLOSS):  + books + ';

test('a canonical block gives the full parser\'s token', () => {
  const blocks = [
    `INPUT STRING: كتب\nLOOK-UP WORD: ktb\n  INDEX: P1W1\n${SOL1}\n${SOL2}`,
    `INPUT STRING: كتب\nLOOK-UP WORD: ktb\n     Comment: a note\n     Comment: ktb NOT FOUND\n  INDEX: P2W7\n${SOL2}`,
    `INPUT STRING: كتب\nLOOK-UP WORD: ktb\n${SOL1}`,
    'INPUT STRING: ،\n     Comment: Non-Alphabetic Data\n  INDEX: P1W2',
    'INPUT STRING: x\n     Comment: before the look-up word',
    'INPUT STRING: \nLOOK-UP WORD: ',
    'INPUT STRING: كتب\nLOOK-UP WORD: ktb\n  SOLUTION 3: (kataba) katab/VERB_PERFECT\n  SOLUTION 4: (kataba) [x_1] y/NOUN\n     (GLOSS):',
    'INPUT STRING: كتب\nLOOK-UP WORD: ktb\n  SOLUTION 12: (a b) [c d] e f \n     (GLOSS): no space',
    // several stars: several gold labels
    `INPUT STRING: كتب\nLOOK-UP WORD: ktb\n${SOL1}\n${SOL1.replace('1:', '2:')}`,
  ];
  const reader = new CanonicalBlockReader();
  for (const text of blocks) {
    const expected = full(text);
    assert.ok(expected, `the full parser takes ${JSON.stringify(text)}`);
    for (let round = 0; round < 2; round++) assert.deepEqual(canonical(reader, text), expected, `${JSON.stringify(text)}, round ${round}`);
  }
});

test('a block not in the canonical layout is left to the full parser (undefined), whether the full parser takes it or not', () => {
  const blocks = [
    `INPUT STRING: كتب\nLOOK-UP WORD: ktb\n${SOL1}\n ALTERNATIVE: ktAb\n${SOL2}`,
    `INPUT STRING: كتب\nLOOK-UP WORD: ktb\n${SOL1}\n     (SCORE): 0.5`,
    `INPUT STRING: كتب\nLOOK-UP WORD: ktb\n\t${SOL1.slice(2)}`,
    'INPUT STRING: كتب\nLOOK-UP WORD: ktb\n  SOLUTION 01: (a) b/NOUN',
    'INPUT STRING: كتب\nLOOK-UP WORD: ktb\n  SOLUTION 1: (a) [b_1] ',
    `INPUT STRING: كتب\nLOOK-UP WORD: ktb\n  INDEX: P1W1\n     Comment: after the index\n${SOL2}`,
    'INPUT STRING: x\n     Comment: a\nLOOK-UP WORD: x',
    `INPUT STRING: كتب\nLOOK-UP WORD: ktb\n${SOL1}\n     (GLOSS): a second gloss`,
    `  INPUT STRING: كتب\nLOOK-UP WORD: ktb\n${SOL1}`,
    `INPUT STRING: كتب\nLOOK-UP WORD:ktb\n${SOL1}`,
  ];
  const reader = new CanonicalBlockReader();
  for (const text of blocks) assert.equal(canonical(reader, text), undefined, JSON.stringify(text));
});

test('a SOLUTION line with its GLOSS line is read once: every block carrying it shares one frozen solution', () => {
  const reader = new CanonicalBlockReader();
  const a = canonical(reader, `INPUT STRING: كتب\nLOOK-UP WORD: ktb\n${SOL1}\n${SOL2}`)!;
  const b = canonical(reader, `INPUT STRING: كتبت\nLOOK-UP WORD: ktbt\n${SOL2}`)!;
  assert.equal(a.solutions[1], b.solutions[0]);
  assert.ok(Object.isFrozen(b.solutions[0]));
  // the same line with a star, or with another gloss, is another solution
  const c = canonical(reader, `INPUT STRING: كتب\nLOOK-UP WORD: ktb\n${SOL2.replace('  SOLUTION', '* SOLUTION')}`)!;
  const d = canonical(reader, `INPUT STRING: كتب\nLOOK-UP WORD: ktb\n${SOL2.replace('books', 'scripts')}`)!;
  assert.equal(c.solutions[0].gold, true);
  assert.equal(b.solutions[0].gold, false);
  assert.equal(d.solutions[0].gloss, ' + scripts + ');
  assert.equal(b.solutions[0].gloss, ' + books + ');
});

/** Two different strings of one length (prefix + a number) whose hashes are equal (a birthday search). */
function collision(hash: (s: string) => number, prefix: string): [string, string] {
  const seen = new Map<number, string>();
  for (let i = 0; ; i++) {
    const s = `${prefix}${i.toString(36).padStart(6, '0')}`;
    const h = hash(s);
    const other = seen.get(h);
    if (other !== undefined) return [other, s];
    seen.set(h, s);
  }
}

/**
 * Two vocalizations whose SOLUTION lines hash alike: what `collision(lineHash, 'v')` finds, after
 * some 7 million tries (about 20 s), so the pair is kept here and checked to collide still.
 */
const LINE_COLLISION = ['v011a0v', 'v04ap0a'] as const;

test('two SOLUTION lines whose bytes hash alike stay two solutions (told apart by their bytes)', () => {
  const line = (voc: string) => `  SOLUTION 1: (${voc}) [x_1] x/NOUN`;
  const lineHash = (v: string) => {
    const b = Buffer.from(line(v));
    return hashWords(view(b), 0, b.length, 0x811c9dc5);
  };
  const [v1, v2] = LINE_COLLISION;
  assert.equal(lineHash(v1), lineHash(v2), `${v1} and ${v2} no longer hash alike: find a new pair with collision(lineHash, 'v')`);
  const reader = new CanonicalBlockReader();
  const a = canonical(reader, `INPUT STRING: a\nLOOK-UP WORD: a\n${line(v1)}`)!;
  const b = canonical(reader, `INPUT STRING: a\nLOOK-UP WORD: a\n${line(v2)}`)!;
  assert.equal(a.solutions[0].voc, v1);
  assert.equal(b.solutions[0].voc, v2);
  assert.equal(canonical(reader, `INPUT STRING: b\nLOOK-UP WORD: b\n${line(v1)}`)!.solutions[0], a.solutions[0]);
});

test('the block table finds a block by its bytes without the INDEX line, and tells apart blocks whose hashes collide', () => {
  const key = (text: string) => {
    const buf = Buffer.from(text);
    const at = buf.indexOf('\n  INDEX: ');
    const tail = at < 0 ? buf.length : buf.indexOf('\n', at + 1) < 0 ? buf.length : buf.indexOf('\n', at + 1);
    return { buf, at, tail, hash: BlockCache.hash(view(buf), 0, at, tail, buf.length) };
  };
  const [x, y] = collision((s) => key(`INPUT STRING: ${s}\n  INDEX: P1W1\n  SOLUTION 1: (a) a/NOUN`).hash, 'w');
  const text = (w: string, index: string) => `INPUT STRING: ${w}\n  INDEX: ${index}\n  SOLUTION 1: (a) a/NOUN`;
  const cache = new BlockCache(3);
  // what the caller keeps of each entry
  const values: string[] = [];
  const add = (t: string, v: string) => {
    const k = key(t);
    values[cache.add(k.buf, 0, k.at, k.tail, k.buf.length, k.hash)] = v;
  };
  const find = (t: string) => {
    const k = key(t);
    const entry = cache.find(k.buf, 0, k.at, k.tail, k.buf.length, k.hash);
    return entry < 0 ? undefined : values[entry];
  };
  add(text(x, 'P1W1'), 'x');
  assert.equal(find(text(y, 'P1W1')), undefined, 'same hash, other bytes');
  add(text(y, 'P1W1'), 'y');
  assert.equal(find(text(x, 'P7W30')), 'x', 'another INDEX is the same key');
  assert.equal(find(text(y, 'P2W2')), 'y');
  assert.equal(find(`INPUT STRING: ${x}\n  SOLUTION 1: (a) a/NOUN`), undefined, 'no INDEX line is another key');
  add('INPUT STRING: z', 'z');
  assert.equal(find('INPUT STRING: z'), 'z');
  // a fourth block starts the table afresh (it holds at most 3)
  add('INPUT STRING: q', 'q');
  assert.equal(find(text(x, 'P1W1')), undefined);
  assert.equal(find('INPUT STRING: q'), 'q');
});

test('BlockCache: bounded in bytes too: a block that needs a slab past maxBytes starts the table afresh', () => {
  const cache = new BlockCache(1000, 3 * 2 ** 20);
  const block = (c: string) => Buffer.from(`INPUT STRING: ${c.repeat(2 ** 20)}`);
  const add = (c: string) => {
    const buf = block(c);
    return cache.add(buf, 0, -1, -1, buf.length, BlockCache.hash(view(buf), 0, -1, -1, buf.length));
  };
  const found = (c: string) => {
    const buf = block(c);
    return cache.find(buf, 0, -1, -1, buf.length, BlockCache.hash(view(buf), 0, -1, -1, buf.length)) >= 0;
  };
  // each block of just over 1 MiB takes a slab of its own: three fit in 3 MiB only as two
  assert.equal(add('a'), 0);
  assert.equal(add('b'), 1);
  assert.ok(found('a') && found('b'));
  assert.equal(add('c'), 0, 'a third slab would pass 3 MiB: the table starts afresh');
  assert.ok(!found('a') && !found('b') && found('c'));
});
