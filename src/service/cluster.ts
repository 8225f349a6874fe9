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
  return new Promise((resolve) => new Supervisor(n, options, resolve).run());
}

/**
 * The primary's state: the live workers, those that listen, recent restarts, and whether the
 * service has been announced or is stopping. Settles with the exit status once every worker is gone.
 */
class Supervisor {
  private readonly log: (line: string) => void;
  private readonly live = new Set<Worker>();
  /** The live workers that have said they listen. */
  private readonly up = new Set<Worker>();
  /** When workers died, within the last RESTART_WINDOW_MS. */
  private readonly restarts: number[] = [];
  private listening = 0;
  private forkedAll = false;
  private announced = false;
  private url = '';
  private stopping = false;
  private status = 0;

  /** Takes the number of workers, the options and the function that settles superviseWorkers' promise. */
  constructor(
    private readonly n: number,
    private readonly options: SuperviseOptions,
    private readonly resolve: (status: number) => void,
  ) {
    this.log = options.log ?? (() => undefined);
  }

  /** Listens for SIGINT and SIGTERM and starts the first worker. */
  run(): void {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
    this.start();
  }

  /** SIGINT or SIGTERM: the first stops the workers gracefully, a second kills them. */
  private readonly onSignal = (): void => {
    if (this.stopping) {
      for (const w of this.live) w.process.kill('SIGKILL');
      return;
    }
    this.log('lexdis: stopping the workers');
    this.stopAll(0);
  };

  /** Forks a worker and follows its messages and its exit; gives it. */
  private start(): Worker {
    const w = cluster.fork();
    this.live.add(w);
    w.on('message', (m: { type?: string; url?: string }) => this.onMessage(w, m));
    w.on('exit', (code, signal) => this.onExit(w, code, signal));
    return w;
  }

  /**
   * Takes a worker and its message; on its first "listening", the first worker's starts the others, and
   * the last one's announces the URL.
   */
  private onMessage(w: Worker, m: { type?: string; url?: string }): void {
    if (m?.type !== LISTENING_MESSAGE || this.up.has(w)) return;
    this.up.add(w);
    if (this.stopping) return void w.send(SHUTDOWN_MESSAGE);
    this.url = m.url ?? this.url;
    this.listening++;
    if (!this.forkedAll) {
      this.forkedAll = true;
      for (let i = 1; i < this.n; i++) this.start();
    }
    if (this.listening === this.n && !this.announced) {
      this.announced = true;
      this.options.onListening?.(this.url);
    }
  }

  /** Takes a worker that exited, its code and signal; stops the service, finishes it, or starts another worker. */
  private onExit(w: Worker, code: number, signal: string): void {
    this.live.delete(w);
    const wasUp = this.up.delete(w);
    if (this.stopping) {
      if (wasUp && code !== 0 && this.status === 0) this.status = 1;
      if (this.live.size === 0) this.finish();
      return;
    }
    // at start-up a worker that never listened has printed why (a bad model, a port in use);
    // later, a replacement killed while it loads is replaced like any other
    if (!wasUp && !this.announced) return this.stopAll(code || 1);
    if (wasUp) this.listening--;
    const now = Date.now();
    const restarts = this.restarts;
    restarts.push(now);
    while (restarts.length > 0 && restarts[0] < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      this.log(`lexdis: workers died ${restarts.length} times within ${RESTART_WINDOW_MS / 1000} s; stopping`);
      return this.stopAll(1);
    }
    this.log(`lexdis: worker ${w.process.pid} died (${signal ?? `exit ${code}`}); starting another`);
    this.start();
  }

  /** Takes the exit status; stops every worker (the first call's status stands), finishing when none is left. */
  private stopAll(code: number): void {
    if (!this.stopping) this.status = code;
    this.stopping = true;
    // a worker still loading has nothing to finish: it is simply ended
    for (const w of this.live) {
      if (!this.up.has(w)) w.process.kill('SIGKILL');
      else if (w.isConnected()) w.send(SHUTDOWN_MESSAGE);
    }
    if (this.live.size === 0) this.finish();
  }

  /** Stops listening for signals and settles with the status. */
  private finish(): void {
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
    this.resolve(this.status);
  }
}
