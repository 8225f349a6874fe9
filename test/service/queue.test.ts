import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '../../src/service/errors.js';
import { TurnQueue } from '../../src/service/queue.js';

test('jobs run first come first served, and resolve or reject with their own outcome', async () => {
  const q = new TurnQueue(10);
  const order: number[] = [];
  const results = await Promise.allSettled([1, 2, 3].map((n) => q.run(() => {
    order.push(n);
    if (n === 2) throw new Error('job 2 failed');
    return n * 10;
  })));
  assert.deepEqual(order, [1, 2, 3]);
  assert.deepEqual(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)), [10, 'job 2 failed', 30]);
});

test('one job per event-loop turn: I/O-phase work scheduled by a job runs before the next job', async () => {
  const q = new TurnQueue(10);
  const events: string[] = [];
  await Promise.all([
    q.run(() => {
      events.push('job 1');
      // a callback of the next turn's earlier phases (as socket I/O would be)
      setTimeout(() => events.push('timer'), 0);
      const until = performance.now() + 5;
      while (performance.now() < until) { /* let the timer expire */ }
    }),
    q.run(() => { events.push('job 2'); }),
  ]);
  assert.deepEqual(events, ['job 1', 'timer', 'job 2']);
});

test('a full queue refuses new jobs with 503 OVERLOADED; it drains and accepts again', async () => {
  const q = new TurnQueue(2);
  const ok = [q.run(() => 1), q.run(() => 2)];
  assert.equal(q.length, 2);
  await assert.rejects(q.run(() => 3), (err: unknown) => err instanceof HttpError && err.statusCode === 503 && err.code === 'OVERLOADED');
  assert.deepEqual(await Promise.all(ok), [1, 2]);
  assert.equal(q.length, 0);
  assert.equal(await q.run(() => 4), 4);
});

test('a job with an earlier ticket runs before jobs queued ahead of it with later ones', async () => {
  const q = new TurnQueue(10);
  const order: string[] = [];
  const early = q.ticket();
  const jobs = [q.run(() => order.push('later 1')), q.run(() => order.push('later 2')), q.run(() => order.push('early'), early)];
  await Promise.all(jobs);
  assert.deepEqual(order, ['early', 'later 1', 'later 2']);
});
