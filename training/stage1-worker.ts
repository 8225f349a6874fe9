/**
 * Piscina worker of stage one: counts one shard of D1 (an encoding, see features/encode.ts)
 * into its own β* table and hands the table's slot array back by transfer (Piscina.move),
 * never by structured clone. Loaded from the compiled dist/ JS as ./stage1-worker.js.
 */
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { CountTable } from '../features/counts.js';
import type { EncodedCorpus } from '../features/encode.js';
import { tallyTokens } from '../features/tally.js';
import type { Template } from '../features/templates.js';

export interface Stage1Task {
  shard: EncodedCorpus;
  templates: Template[];
  /** Initial table size hint (keys). */
  expectedKeys: number;
  /** Receives `{ done }` (tokens of this shard) now and then. */
  port?: MessagePort;
}

export interface ShardCounts {
  slots: Uint32Array;
  size: number;
  goldTokens: number;
  seconds: number;
}

export default function countShard(task: Stage1Task): unknown {
  const t0 = performance.now();
  const table = new CountTable(task.expectedKeys);
  const port = task.port;
  const goldTokens = tallyTokens(task.shard, task.templates, table, 0, task.shard.nTokens,
    port ? (done) => port.postMessage({ done }) : undefined);
  port?.close();
  const raw = table.toRaw();
  const result: ShardCounts = { slots: raw.slots, size: raw.size, goldTokens, seconds: (performance.now() - t0) / 1000 };
  return Piscina.move({
    [Piscina.transferableSymbol]: [raw.slots.buffer],
    [Piscina.valueSymbol]: result,
  } as unknown as ArrayBuffer);
}
