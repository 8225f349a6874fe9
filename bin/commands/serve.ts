/**
 * `lexdis serve --model DIR`: loads the model once and serves the JSON API and the
 * reading page over HTTP until SIGINT/SIGTERM (docs/service.md). `--workers N` runs N
 * server processes on one port (src/service/cluster.ts). Before it listens, each process tags some of
 * the model's training words (Tagger.warmUp), so that the first requests do not pay for
 * compiling the code; --no-warm-up skips it.
 */
import { isIP } from 'node:net';
import type { Command } from 'commander';
import { UsageError } from '../../src/errors.js';
import { Tagger, WARM_UP_WORDS } from '../../src/tagger/tagger-node.js';
import { isClusterWorker, reportListening, superviseWorkers } from '../../src/service/cluster.js';
import { shutdownOnSignals, startServer, type ServiceOptions } from '../../src/service/server.js';
import { log, numberOption } from '../output.js';
import { modelOf, modelOption, quietAndProgress, tablesOption } from '../options.js';
import { progressCallback } from '../progress.js';

interface ServeFlags {
  model?: string;
  port: string;
  host: string;
  tables: string;
  maxTextLength?: string;
  maxResponseBytes?: string;
  requestTimeout?: string;
  workers: string;
  quiet?: boolean;
  /** False with --no-warm-up. */
  warmUp: boolean;
}

const LISTEN_ERRORS: Record<string, string> = {
  EADDRINUSE: 'address already in use',
  EACCES: 'permission denied',
  EADDRNOTAVAIL: 'address not available on this machine',
};

const wholeAtLeastOne = (n: number) => Number.isInteger(n) && n >= 1;

/**
 * The address to listen on, checked without asking any resolver: an IP address as written
 * (127.0.0.1, ::1, 0.0.0.0, ::) or `localhost`. Throws UsageError for anything else (a host name
 * would make a bind address depend on DNS).
 */
function listenHost(host: string): string {
  if (isIP(host) !== 0 || host === 'localhost') return host;
  throw new UsageError(`--host must be an IP address (such as 127.0.0.1, ::1 or 0.0.0.0) or localhost, got "${host}"`);
}

function serviceOptions(flags: ServeFlags): Partial<ServiceOptions> {
  const options: Partial<ServiceOptions> = { logger: !flags.quiet };
  if (flags.maxTextLength !== undefined) {
    options.maxTextLength = numberOption('--max-text-length', flags.maxTextLength, wholeAtLeastOne, 'a whole number ≥ 1');
  }
  if (flags.maxResponseBytes !== undefined) {
    options.maxResponseBytes = numberOption('--max-response-bytes', flags.maxResponseBytes, wholeAtLeastOne, 'a whole number of bytes ≥ 1');
  }
  if (flags.requestTimeout !== undefined) {
    options.requestTimeoutMs = numberOption('--request-timeout', flags.requestTimeout, wholeAtLeastOne, 'a whole number of milliseconds ≥ 1');
  }
  return options;
}

async function run(flags: ServeFlags): Promise<void> {
  const host = listenHost(flags.host);
  const port = numberOption('--port', flags.port, (n) => Number.isInteger(n) && n >= 0 && n <= 65535, 'a port number (0 to 65535)');
  const workers = numberOption('--workers', flags.workers, (n) => Number.isInteger(n) && n >= 1 && n <= 64, 'a whole number from 1 to 64');
  const options = serviceOptions(flags);
  // the default model is looked for before any worker starts: a missing one is one error, not one a worker
  const model = modelOf(flags);
  if (workers > 1 && !isClusterWorker()) {
    const status = await superviseWorkers(workers, {
      log,
      onListening: (url) => { if (flags.quiet) log(`lexdis: serving ${url} with ${workers} workers (Ctrl+C to stop)`); },
    });
    if (status !== 0) process.exit(status);
    return;
  }
  const progress = progressCallback();
  let tagger: Awaited<ReturnType<typeof Tagger.load>>;
  try {
    progress('load the model and tables', 0, 2);
    tagger = await Tagger.load(model, { tables: flags.tables });
    progress('warm up', 1, 2);
    if (flags.warmUp) {
      const w = tagger.warmUp();
      if (!flags.quiet) log(`lexdis: warmed up on ${w.words} of the model's training words in ${Math.round(w.ms)} ms`);
    }
  } finally {
    progress.stop();
  }
  let started: Awaited<ReturnType<typeof startServer>>;
  try {
    started = await startServer(tagger, { host, port }, options);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (LISTEN_ERRORS[code]) throw new UsageError(`cannot listen on ${host}:${port}: ${LISTEN_ERRORS[code]}`);
    throw err;
  }
  if (isClusterWorker()) reportListening(started.url);
  else if (flags.quiet) log(`lexdis: serving ${started.url} (Ctrl+C to stop)`);
  const status = await new Promise<number>((resolve) => { shutdownOnSignals(started.app, resolve); });
  // a worker's channel to the primary would keep it alive
  if (status !== 0 || isClusterWorker()) process.exit(status);
}

export function register(program: Command): void {
  const cmd = program
    .command('serve')
    .summary('serve a model over HTTP: JSON API and the reading page')
    .description(
      'Loads the model once and serves POST /v1/analyze, POST /v1/analyze/batch, GET /v1/model, GET /healthz and, ' +
      'at /, a page for reading Arabic: each word clickable, with its vocalization, lemma, gloss and part of speech ' +
      'ranked in context. A JSON access log goes to stderr. Stops gracefully on SIGINT or SIGTERM. See docs/service.md.',
    )
    .option('--port <n>', 'TCP port (0 picks a free one)', '8080')
    .option('--host <addr>', 'address to listen on: an IP address, or localhost', '127.0.0.1')
    .option('--workers <n>', 'server processes sharing the port (one core each)', '1')
    .option('--max-text-length <n>', 'longest text accepted, in characters (default 20000)')
    .option('--max-response-bytes <n>', 'largest answer a request may ask for, as estimated before tagging (default 16777216)')
    .option('--request-timeout <ms>', 'work deadline per request, in milliseconds (default 10000)')
    .option('--no-warm-up', `listen at once, without first tagging ${WARM_UP_WORDS} of the model's training words (which makes the first requests faster)`);
  modelOption(cmd);
  tablesOption(cmd);
  quietAndProgress(cmd, 'no access log: only the address served');
  cmd.action((flags: ServeFlags) => run(flags));
}
