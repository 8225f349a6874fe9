/**
 * The command line run inside the test's own process: bin/cli.ts `main`, the code path of
 * ./bin/lexdis, with stdout and stderr swapped for collectors while it runs and the exit status
 * it sets read back. No process to start, and the modules stay loaded from one run to the next,
 * so a table of cases runs in a fraction of the time. Runs are queued (the streams are the
 * process's own); the test runner's own output goes to the streams it took at start-up.
 * A command that reads stdin must be given a file instead.
 */
import { Writable } from 'node:stream';
import { main } from '../../bin/cli.js';

export interface InProcessRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** A writable stream that keeps what it is given. */
function collector(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      cb();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `lexdis ARGS…` in this process; resolves with its exit status (0 when it set none) and output. */
export function lexdisInProcess(args: readonly string[]): Promise<InProcessRun> {
  const run = queue.then(async () => {
    const out = collector();
    const err = collector();
    const saved = { stdout: Object.getOwnPropertyDescriptor(process, 'stdout')!, stderr: Object.getOwnPropertyDescriptor(process, 'stderr')! };
    Object.defineProperty(process, 'stdout', { configurable: true, enumerable: true, get: () => out.stream });
    Object.defineProperty(process, 'stderr', { configurable: true, enumerable: true, get: () => err.stream });
    const before = process.exitCode;
    process.exitCode = undefined;
    try {
      await main(['node', 'lexdis', ...args]);
      return { status: Number(process.exitCode ?? 0), stdout: out.text(), stderr: err.text() };
    } finally {
      Object.defineProperty(process, 'stdout', saved.stdout);
      Object.defineProperty(process, 'stderr', saved.stderr);
      process.exitCode = before;
    }
  });
  queue = run.catch(() => {});
  return run;
}
