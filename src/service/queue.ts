/**
 * A FIFO of synchronous jobs run one per event-loop turn. Tagging is CPU work on the main
 * thread; if every request read in one poll phase were tagged in the same turn, a turn
 * under load would take (requests × cost), and since Node accepts one new connection
 * per turn, new clients (and timers such as the slow-client checks) would wait seconds.
 * Running one job per turn keeps each turn short: connections are accepted, requests
 * read and responses written between any two jobs, and a job's wait is measurable.
 */
import { HttpError } from './errors.js';

export class TurnQueue {
  private readonly jobs: Array<() => void> = [];
  private scheduled = false;

  /** `maxLength`: most jobs waiting; one more is refused with 503 OVERLOADED. */
  constructor(readonly maxLength: number) {}

  /** Jobs waiting (not counting one running now). */
  get length(): number {
    return this.jobs.length;
  }

  /** Runs `fn` in a later turn, after the jobs already queued; resolves with its result. */
  run<T>(fn: () => T): Promise<T> {
    if (this.jobs.length >= this.maxLength) {
      return Promise.reject(new HttpError(503, 'OVERLOADED', 'the server is busy; try again later'));
    }
    return new Promise<T>((resolve, reject) => {
      this.jobs.push(() => {
        try {
          resolve(fn());
        } catch (err) {
          reject(err);
        }
      });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.jobs.length === 0) return;
    this.scheduled = true;
    // an immediate queued while immediates run waits for the next turn of the loop
    setImmediate(() => {
      this.scheduled = false;
      this.jobs.shift()?.();
      this.schedule();
    });
  }
}
