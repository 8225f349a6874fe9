/**
 * A queue of synchronous jobs run one per event-loop turn. Tagging is CPU work on the main
 * thread; if every request read in one poll phase were tagged in the same turn, a turn
 * under load would take (requests × cost), and since Node accepts one new connection
 * per turn, new clients (and timers such as the slow-client checks) would wait seconds.
 * Running one job per turn keeps each turn short: connections are accepted, requests
 * read and responses written between any two jobs, and a job's wait is measurable.
 *
 * Order: each job carries a ticket (a number; by default a new one, so first come first
 * served); the waiting job with the smallest ticket runs next. A unit of work cut into
 * several jobs (a text tagged in slices, src/service/work.ts) gives all of them the ticket
 * it took when it started, so it finishes before later work begins, yet the event loop
 * (other I/O, /healthz) runs between its slices.
 */
import { HttpError } from './errors.js';

interface Job {
  ticket: number;
  run: () => void;
}

export class TurnQueue {
  private readonly jobs: Job[] = [];
  private scheduled = false;
  private nextTicket = 0;

  /** `maxLength`: most jobs waiting; one more is refused with 503 OVERLOADED. */
  constructor(readonly maxLength: number) {}

  /** Jobs waiting (not counting one running now). */
  get length(): number {
    return this.jobs.length;
  }

  /** A new ticket, later than every ticket handed out before. */
  ticket(): number {
    return this.nextTicket++;
  }

  /**
   * Runs `fn` in a later turn, before waiting jobs with a larger ticket and after those with
   * a smaller one (equal tickets: first come first served); resolves with its result.
   */
  run<T>(fn: () => T, ticket = this.ticket()): Promise<T> {
    if (this.jobs.length >= this.maxLength) {
      return Promise.reject(new HttpError(503, 'OVERLOADED', 'the server is busy; try again later'));
    }
    return new Promise<T>((resolve, reject) => {
      this.jobs.push({
        ticket,
        run: () => {
          try {
            resolve(fn());
          } catch (err) {
            reject(err);
          }
        },
      });
      this.schedule();
    });
  }

  /** Removes and returns the waiting job with the smallest ticket (the first such one). */
  private take(): Job | undefined {
    let best = 0;
    for (let i = 1; i < this.jobs.length; i++) if (this.jobs[i].ticket < this.jobs[best].ticket) best = i;
    return this.jobs.splice(best, 1)[0];
  }

  private schedule(): void {
    if (this.scheduled || this.jobs.length === 0) return;
    this.scheduled = true;
    // an immediate queued while immediates run waits for the next turn of the loop
    setImmediate(() => {
      this.scheduled = false;
      this.take()?.run();
      this.schedule();
    });
  }
}
