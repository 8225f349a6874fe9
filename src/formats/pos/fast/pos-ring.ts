/**
 * Reading a large pos file on two threads: a worker thread (pos-scan-worker.ts) reads the file
 * and makes the byte-level pass (pos-scan.ts: cutting blocks, the checks across tokens, the
 * table of blocks seen), while the calling thread builds the corpus from its records
 * (pos-fast.ts, TokenBuilder). Nothing is copied or cloned between them: the worker reads each
 * chunk of the file into a slot of a ring in shared memory and writes the chunk's records next
 * to it; the calling thread reads both there and hands the slot back. The two wait for each
 * other on the ring's counters (Atomics.wait: the calling thread stays synchronous, as
 * loadPosCorpus is). The corpus is the same as one thread's, record for record.
 *
 * Why not piscina, the project's pool: a pool runs tasks that return results, and this is a
 * producer feeding a synchronous consumer chunk by chunk through shared memory.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { BlockScanner, checkRead, RECORD_SIZE } from './pos-scan.js';

/** Slots of the ring: one being scanned, one being built, one ready. */
export const SLOTS = 3;
/** Records per slot: a slot holds fewer blocks when they are more (the rest moves to the next slot). */
const SLOT_RECORDS = 1 << 14;
/**
 * Bytes of the first read: the calling thread waits for the first slot (after the worker's
 * start-up), so it is small; each read after it is four times the one before, up to the chunk size.
 */
const FIRST_READ = 1 << 16;
/**
 * The ring's control array, by name: slots filled, slots taken back, the worker's STATUS, the
 * calling thread's request to stop, and whether the worker has started (1).
 */
export const CONTROL = { produced: 0, consumed: 1, status: 2, cancel: 3, started: 4 } as const;
const { produced: PRODUCED, consumed: CONSUMED, status: STATUS, cancel: CANCEL, started: STARTED } = CONTROL;
/** STATUS values: still reading, or the file needs the full parser (what the worker did not take, or its failure). */
const RUNNING = 0;
const GIVEN_UP = 1;
/** A counter value that wakes the other side for good (it then reads STATUS or CANCEL). */
const WAKE = 0x7fffffff;
/** One slot's head, by name: its bytes, its records, and whether it ends the file (1) or not (0). */
const HEAD = { bytes: 0, records: 1, final: 2 } as const;
const HEAD_SIZE = Object.keys(HEAD).length;
/** A calling thread waits this long at most for the worker's next slot before it gives up on it (ms). */
export const STALL_MS = 60_000;
/**
 * …and this long at most for the worker to start (its start-up takes some 60–100 ms; a worker that
 * cannot start never does).
 */
export const START_MS = 10_000;
/**
 * What {@link consume} did: took the whole file, found it needs the full parser, or had no worker
 * (nothing was handed over).
 */
export type Consumed = 'taken' | 'refused' | 'not started';

/** Views of the ring's shared memory (the same layout on both sides, from the same sizes). */
export class Ring {
  readonly control: Int32Array;
  readonly heads: Int32Array[] = [];
  readonly records: Int32Array[] = [];
  readonly data: Buffer[] = [];
  readonly views: DataView[] = [];

  /** Lays the ring out over `memory` (a new one of {@link Ring.bytes}`(slotBytes)` bytes when not given). */
  constructor(
    readonly slotBytes: number,
    readonly memory: SharedArrayBuffer = new SharedArrayBuffer(Ring.bytes(slotBytes)),
  ) {
    let at = 0;
    const ints = (n: number): Int32Array => {
      const a = new Int32Array(memory, at, n);
      at += 4 * n;
      return a;
    };
    this.control = ints(Object.keys(CONTROL).length);
    for (let i = 0; i < SLOTS; i++) {
      this.heads.push(ints(HEAD_SIZE));
      this.records.push(ints(SLOT_RECORDS * RECORD_SIZE));
      this.data.push(Buffer.from(memory, at, slotBytes));
      this.views.push(new DataView(memory, at, slotBytes));
      at += slotBytes + (-slotBytes & 3);
    }
  }

  /** Whether the calling thread has told the worker to stop. */
  get cancelled(): boolean {
    return Atomics.load(this.control, CANCEL) === 1;
  }

  /** The shared memory a ring of slots of `slotBytes` bytes takes. */
  static bytes(slotBytes: number): number {
    return (
      4 * (Object.keys(CONTROL).length + SLOTS * (HEAD_SIZE + SLOT_RECORDS * RECORD_SIZE)) +
      SLOTS * (slotBytes + (-slotBytes & 3))
    );
  }
}

/** Waits until the counter `at` differs from `value`, or `ms` have passed; returns whether it differs. */
function waitChange(control: Int32Array, at: number, value: number, ms: number): boolean {
  return Atomics.wait(control, at, value, ms) !== 'timed-out' || Atomics.load(control, at) !== value;
}

/**
 * The worker's side: reads `file` `chunkBytes` at a time into the ring's slots and writes each
 * slot's records, until the file ends, the calling thread cancels, or the file needs the full
 * parser (then STATUS says so). Never throws: any failure is a STATUS for the calling thread.
 */
export function produce(ring: Ring, file: string, chunkBytes: number): void {
  const { control } = ring;
  const giveUp = (): void => {
    Atomics.store(control, STATUS, GIVEN_UP);
    Atomics.store(control, PRODUCED, WAKE);
    Atomics.notify(control, PRODUCED);
  };
  Atomics.store(control, STARTED, 1);
  Atomics.notify(control, PRODUCED);
  if (Atomics.load(control, CANCEL)) return;
  let fd = -1;
  try {
    fd = openSync(file, 'r');
    const scanner = new BlockScanner();
    let carry: Buffer | undefined;
    let eof = false;
    for (let seq = 0; ; seq++) {
      // the slot is free once the calling thread has taken the one SLOTS before it
      while (Atomics.load(control, CONSUMED) < seq - SLOTS + 1) {
        if (Atomics.load(control, CANCEL)) return;
        Atomics.wait(control, CONSUMED, Atomics.load(control, CONSUMED), 1000);
      }
      if (Atomics.load(control, CANCEL)) return;
      const slot = seq % SLOTS;
      const buf = ring.data[slot];
      let len = carry ? carry.copy(buf, 0) : 0;
      const fresh = len;
      const room = Math.min(chunkBytes, FIRST_READ * 4 ** Math.min(seq, 8), buf.length - len);
      if (!eof && room > 0) {
        const n = readSync(fd, buf, len, room, null);
        if (n === 0) eof = true;
        len += n;
      }
      const view = buf.subarray(0, len);
      const start = checkRead(view, 0, fresh, eof, seq === 0);
      if (start < 0 || !scanner.scan(view, ring.views[slot], start, eof, ring.records[slot])) return giveUp();
      // a block longer than a slot: the full parser reads it
      if (scanner.records === 0 && room === 0) return giveUp();
      const final = eof && scanner.next === len;
      carry = final ? undefined : Buffer.from(view.subarray(scanner.next));
      const head = ring.heads[slot];
      head[HEAD.bytes] = len;
      head[HEAD.records] = scanner.records;
      head[HEAD.final] = final ? 1 : 0;
      Atomics.store(control, PRODUCED, seq + 1);
      Atomics.notify(control, PRODUCED);
      if (final) return;
    }
  } catch {
    giveUp();
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}

/**
 * What the calling thread does with each slot: `take` its records, `end` after the last (either
 * false: the file needs the full parser).
 */
export interface RingConsumer {
  take(buf: Buffer, view: DataView, records: Int32Array, count: number): boolean;
  end(): boolean;
}

/**
 * The calling thread's side: takes the ring's slots in order as the worker fills them.
 * Returns 'taken' when the whole file was taken; 'refused' when it needs the full parser (the
 * worker gave up, `consumer.take` or `consumer.end` did, or the worker gave no slot for `stallMs`); 'not started'
 * when the worker did not start within `startMs` (the consumer was given nothing). Whenever it
 * does not take the whole file, a throw of the consumer's included, it tells the worker to stop.
 */
export function consume(ring: Ring, consumer: RingConsumer, stallMs = STALL_MS, startMs = START_MS): Consumed {
  const { control } = ring;
  let taken = false;
  try {
    const startBy = performance.now() + startMs;
    while (Atomics.load(control, STARTED) === 0 && Atomics.load(control, PRODUCED) === 0) {
      const left = startBy - performance.now();
      if (left <= 0) return 'not started';
      Atomics.wait(control, PRODUCED, 0, left);
    }
    for (let seq = 0; ; seq++) {
      while (Atomics.load(control, PRODUCED) <= seq) if (!waitChange(control, PRODUCED, seq, stallMs)) return 'refused';
      if (Atomics.load(control, STATUS) !== RUNNING) return 'refused';
      const slot = seq % SLOTS;
      const head = ring.heads[slot];
      if (!consumer.take(ring.data[slot], ring.views[slot], ring.records[slot], head[HEAD.records])) return 'refused';
      const final = head[HEAD.final] === 1;
      Atomics.store(control, CONSUMED, seq + 1);
      Atomics.notify(control, CONSUMED);
      if (final) {
        if (!consumer.end()) return 'refused';
        taken = true;
        return 'taken';
      }
    }
  } finally {
    if (!taken) {
      Atomics.store(control, CANCEL, 1);
      Atomics.store(control, CONSUMED, WAKE);
      Atomics.notify(control, CONSUMED);
    }
  }
}
