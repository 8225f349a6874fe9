/**
 * `lexdis serve --workers N`: N server processes sharing one port (node:cluster). Each
 * worker is a whole service — HTTP parsing, tagging, serialization — with its own copy of
 * the model (format-2 models are read without a lock, so all load at once), each accepting
 * connections from the one listening socket (the kernel gives each new connection to a
 * worker waiting for one). Not handed over by the primary (node:cluster's round robin): a
 * connection on its way to a worker that died stayed open in the primary, unanswered and never
 * closed; a worker's own connections are closed by the kernel when it dies. Whole processes rather than tagging
 * threads because the HTTP work of a short request costs as much as its tagging: a
 * tagging thread would leave that on one core. The primary loads no model and serves
 * nothing; it starts the workers, restarts one that dies, and stops them all on a signal.
 *
 * Start-up: one worker first; once it listens the others start (so a bad model or port is
 * reported once, by that worker, and the primary exits with its status).
 */
import cluster, { type Worker } from 'node:cluster';

/** Message a worker sends the primary once it listens: `{ type, url }`. */
export const LISTENING_MESSAGE = 'lexdis:listening';
/** Message the primary sends each worker to stop gracefully (as SIGTERM would). */
export const SHUTDOWN_MESSAGE = 'lexdis:shutdown';
/** More restarts than this within {@link RESTART_WINDOW_MS} stop the whole service. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/** True in a process started by {@link superviseWorkers}. */
export const isClusterWorker = (): boolean => cluster.isWorker;

/** In a worker: tells the primary that the service listens at `url` (no-op elsewhere). */
export function reportListening(url: string): void {
  if (cluster.isWorker) process.send?.({ type: LISTENING_MESSAGE, url });
}

/** In a worker: calls `stop` when the primary asks it to stop. Returns a function that removes the listener. */
export function onPrimaryShutdown(stop: () => void): () => void {
  if (!cluster.isWorker) return () => undefined;
  const onMessage = (m: unknown) => { if (m === SHUTDOWN_MESSAGE) stop(); };
  process.on('message', onMessage);
  return () => { process.off('message', onMessage); };
}

export interface SuperviseOptions {
  /** Called once, when all workers listen, with the service's URL. */
  onListening?: (url: string) => void;
  /** Where the primary's own lines go (worker restarts, shutdown). */
  log?: (line: string) => void;
}

/**
 * In the primary: runs `n` workers (this same program, same arguments) until SIGINT or
 * SIGTERM, restarting a worker that dies. Resolves with the exit status: 0 after a graceful
 * stop, else the status of a worker that failed to start, or 1 when workers keep dying.
 * Takes the number of workers and the options. Throws nothing (a worker's failure is its status).
 */
export function superviseWorkers(n: number, options: SuperviseOptions = {}): Promise<number> {
  // before the first fork: the workers accept from the shared socket themselves (see the module comment)
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const log = options.log ?? (() => undefined);
  const live = new Set<Worker>();
  const restarts: number[] = [];
  let listening = 0;
  let forkedAll = false;
  let announced = false;
  let url = '';
  let stopping = false;
  let status = 0;
  return new Promise((resolve) => {
    const up = new Set<Worker>();
    const stopAll = (code: number) => {
      if (!stopping) status = code;
      stopping = true;
      // a worker still loading has nothing to finish: it is simply ended
      for (const w of live) {
        if (!up.has(w)) w.process.kill('SIGKILL');
        else if (w.isConnected()) w.send(SHUTDOWN_MESSAGE);
      }
      if (live.size === 0) finish();
    };
    const finish = () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(status);
    };
    const onSignal = () => {
      if (stopping) {
        for (const w of live) w.process.kill('SIGKILL');
        return;
      }
      log('lexdis: stopping the workers');
      stopAll(0);
    };
    const start = (): Worker => {
      const w = cluster.fork();
      live.add(w);
      w.on('message', (m: { type?: string; url?: string }) => {
        if (m?.type !== LISTENING_MESSAGE || up.has(w)) return;
        up.add(w);
        if (stopping) return void w.send(SHUTDOWN_MESSAGE);
        url = m.url ?? url;
        listening++;
        if (!forkedAll) {
          forkedAll = true;
          for (let i = 1; i < n; i++) start();
        }
        if (listening === n && !announced) {
          announced = true;
          options.onListening?.(url);
        }
      });
      w.on('exit', (code, signal) => {
        live.delete(w);
        const wasUp = up.delete(w);
        if (stopping) {
          if (wasUp && code !== 0 && status === 0) status = 1;
          if (live.size === 0) finish();
          return;
        }
        // at start-up a worker that never listened has printed why (a bad model, a port in use);
        // later, a replacement killed while it loads is replaced like any other
        if (!wasUp && !announced) return stopAll(code || 1);
        if (wasUp) listening--;
        const now = Date.now();
        restarts.push(now);
        while (restarts.length > 0 && restarts[0] < now - RESTART_WINDOW_MS) restarts.shift();
        if (restarts.length > MAX_RESTARTS) {
          log(`lexdis: workers died ${restarts.length} times within ${RESTART_WINDOW_MS / 1000} s; stopping`);
          return stopAll(1);
        }
        log(`lexdis: worker ${w.process.pid} died (${signal ?? `exit ${code}`}); starting another`);
        start();
      });
      return w;
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    start();
  });
}
