/**
 * The worker thread of reading a large pos file on two threads (pos-ring.ts): it reads the file
 * into the ring it is given and makes the byte-level pass, then ends. Started by readPosTwoThreads
 * (pos-fast.ts) with the file, the ring's shared memory and its sizes as workerData.
 */
import { workerData } from 'node:worker_threads';
import { produce, Ring } from './pos-ring.js';

/** What readPosTwoThreads hands the worker. */
export interface ScanWorkerData {
  file: string;
  memory: SharedArrayBuffer;
  slotBytes: number;
  chunkBytes: number;
}

const { file, memory, slotBytes, chunkBytes } = workerData as ScanWorkerData;
produce(new Ring(slotBytes, memory), file, chunkBytes);
