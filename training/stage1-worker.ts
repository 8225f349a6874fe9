/**
 * Piscina worker of stage one: counts one key slice of every group of β* over the whole of D1
 * (whose encoding it reads from SharedArrayBuffers, no copy) and hands the blocks back by
 * transfer (Piscina.move), never by structured clone. Loaded from the compiled dist/ JS as
 * ./stage1-worker.js.
 */
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { GroupBlock } from '../features/beta.js';
import type { EncodedCorpus } from '../features/encode.js';
import { countGroup, type GroupSpec, type IdSizes } from '../features/tally.js';

export interface Stage1Task {
  enc: EncodedCorpus;
  specs: GroupSpec[];
  /** Per spec: slice bounds of its primary key (see sliceBounds). */
  bounds: number[][];
  /** Which slice this task counts. */
  slice: number;
  sizes: IdSizes;
  /** Receives `{ done }` (groups finished) after each group. */
  port?: MessagePort;
}

export interface SliceCounts {
  blocks: GroupBlock[];
  seconds: number;
}

export default function countSlice(task: Stage1Task): unknown {
  const t0 = performance.now();
  const blocks: GroupBlock[] = [];
  task.specs.forEach((spec, s) => {
    blocks.push(countGroup(task.enc, spec, task.bounds[s][task.slice], task.bounds[s][task.slice + 1], task.sizes));
    task.port?.postMessage({ done: s + 1 });
  });
  task.port?.close();
  const result: SliceCounts = { blocks, seconds: (performance.now() - t0) / 1000 };
  const buffers = blocks.flatMap((b) => [b.word, b.ctx, b.marginal, b.runEnd, b.key, b.count].map((a) => a.buffer));
  return Piscina.move({
    [Piscina.transferableSymbol]: buffers,
    [Piscina.valueSymbol]: result,
  } as unknown as ArrayBuffer);
}
