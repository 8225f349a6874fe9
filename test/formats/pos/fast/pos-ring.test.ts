import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consume, CONTROL, produce, Ring, type RingConsumer } from '../../../../src/formats/pos/fast/pos-ring.js';
import { RECORD, RECORD_SIZE } from '../../../../src/formats/pos/fast/pos-scan.js';

const TEXT = ';;; DOCUMENT: d\n\nINPUT STRING: a\n  INDEX: P1W1\n\nINPUT STRING: b\n  INDEX: P1W2\n\nINPUT STRING: a\n  INDEX: P1W3\n';

/** A small file produced into a fresh ring in this thread (it fits one slot, so the producer never waits). */
function produced(text: string): Ring {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-ring-'));
  try {
    const file = join(dir, 'r.pos');
    writeFileSync(file, text);
    const ring = new Ring(1 << 12);
    produce(ring, file, 1 << 11);
    return ring;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A consumer that records each record's kind and entry, and whether it was ended. */
function recorder(): RingConsumer & { seen: string[]; ended: boolean } {
  const c = {
    seen: [] as string[],
    ended: false,
    take(_buf: Buffer, _view: DataView, records: Int32Array, count: number): boolean {
      for (let r = 0; r < count; r++) c.seen.push(`${records[r * RECORD_SIZE + RECORD.kind]}:${records[r * RECORD_SIZE + RECORD.entry]}`);
      return true;
    },
    end(): boolean {
      c.ended = true;
      return true;
    },
  };
  return c;
}

test('the ring hands the byte-level records of a file to the consumer, a repeated block naming the first one\'s entry', () => {
  const ring = produced(TEXT);
  const c = recorder();
  assert.equal(consume(ring, c), 'taken');
  // a document line, two new blocks, then the first block again (its bytes without the INDEX line)
  assert.deepEqual(c.seen, ['0:-1', '1:0', '1:1', '2:0']);
  assert.equal(c.ended, true);
  assert.equal(ring.cancelled, false);
});

test('the worker is told to stop whenever the consumer does not take the whole file', () => {
  const refusing = produced(TEXT);
  assert.equal(consume(refusing, { take: () => false, end: () => assert.fail('not ended') }), 'refused');
  assert.equal(refusing.cancelled, true);

  const throwing = produced(TEXT);
  assert.throws(() => consume(throwing, { take: () => { throw new Error('from the callback'); }, end: () => true }), /from the callback/);
  assert.equal(throwing.cancelled, true);

  // no worker: the consumer gives up after the start-up time, having been given nothing
  const idle = new Ring(1 << 12);
  const c = recorder();
  assert.equal(consume(idle, c, 20, 20), 'not started');
  assert.deepEqual(c.seen, []);
  assert.equal(idle.cancelled, true);

  // a worker that started and then gave no slot: the consumer gives up after the stall time
  const stalled = new Ring(1 << 12);
  Atomics.store(stalled.control, CONTROL.started, 1);
  assert.equal(consume(stalled, recorder(), 20, 20), 'refused');
  assert.equal(stalled.cancelled, true);
});

test('what the byte-level pass does not take (a carriage return, a duplicate INDEX) reaches the consumer as a refusal', () => {
  for (const text of [TEXT.replace('\n\n', '\r\n\r\n'), TEXT.replace('P1W2', 'P1W1')]) {
    const ring = produced(text);
    const c = recorder();
    assert.equal(consume(ring, c), 'refused');
    assert.equal(c.ended, false);
  }
});
