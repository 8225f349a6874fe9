/**
 * The HTTP service: a fastify app serving one loaded tagger (shared read-only by all
 * requests), the JSON API and the reading page. `buildServer` makes the app;
 * `startServer` listens; `shutdownOnSignals` closes it gracefully on SIGINT/SIGTERM
 * (in-flight requests finish, new ones get 503 SHUTTING_DOWN).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { projectRoot } from '../config.js';
import { registerAssets } from './assets.js';
import { limitConnections } from './connections.js';
import { onPrimaryShutdown } from './cluster.js';
import { checkCharset, clientErrorHandler, errorBody, frameworkErrorHandler, installErrorHandling } from './errors.js';
import { resolveOptions, type ServiceOptions } from './options.js';
import { installJsonParser } from './json-body.js';
import { registerApiRoutes, type ServiceIdentity } from './routes.js';
import { errorSchema } from './schemas.js';
import type { TaggerLike } from './types.js';

export { defaultServiceOptions, type ServiceOptions } from './options.js';
export type { TaggerLike } from './types.js';

function identity(): ServiceIdentity {
  const pkg = JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version?: string };
  return { name: 'lexdis', version: pkg.version ?? '0.0.0' };
}

/**
 * Bytes of a body declared over `bodyLimit` that are read and thrown away after its 413 answer,
 * so that the client, still sending, reads the answer instead of a reset (a socket closed with
 * unread bytes is reset by the kernel). A body declared larger than this is answered and its
 * connection closed at once.
 */
export const DISCARD_BYTES = 64 * 2 ** 20;

/**
 * 413 BODY_TOO_LARGE for a request whose Content-Length passes the limit, before any of the
 * body is read; the body is then read and thrown away on a connection kept open (up to
 * {@link DISCARD_BYTES}; beyond, the connection is closed), see DISCARD_BYTES.
 */
function refuseDeclaredBody(
  request: FastifyRequest,
  reply: FastifyReply,
  declared: number,
  limit: number,
): FastifyReply {
  const raw = request.raw;
  if (declared > DISCARD_BYTES) reply.header('connection', 'close');
  else {
    // a client that asked to close (Connection: close, HTTP/1.0) would have its connection closed
    // as soon as the answer is out, with its body unread: it is closed once the body is read
    const closeAfter = !reply.raw.shouldKeepAlive;
    reply.raw.shouldKeepAlive = true;
    let read = 0;
    raw.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > DISCARD_BYTES) raw.socket.destroy();
    });
    raw.on('end', () => {
      if (closeAfter) raw.socket.end();
    });
  }
  return reply
    .code(413)
    .send(errorBody('BODY_TOO_LARGE', `the body declares ${declared} bytes; the limit is ${limit}`));
}

/**
 * Builds (does not start) the service for `tagger`; `options` are merged over
 * `defaultServiceOptions`. Returns the fastify app. Throws UsageError for a bad option.
 */
export function buildServer(tagger: TaggerLike, options: Partial<ServiceOptions> = {}): FastifyInstance {
  const o = resolveOptions(options);
  const app = Fastify({
    bodyLimit: o.bodyLimit,
    logger: o.logger ? { level: o.logLevel, stream: o.logStream } : false,
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: false,
    requestTimeout: o.receiveTimeoutMs,
    keepAliveTimeout: o.keepAliveTimeoutMs,
    http: { headersTimeout: o.headersTimeoutMs, connectionsCheckingInterval: Math.min(1000, o.headersTimeoutMs) },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });
  const connections = limitConnections(app.server, o.maxConnections);
  // JSON only: a text/plain body is 415, not a string that fails the schema
  app.removeContentTypeParser('text/plain');
  installJsonParser(app);
  app.addSchema(errorSchema);
  installErrorHandling(app);

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    connections.closeIdle();
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id).header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer');
    if (closing) {
      return reply.code(503).header('connection', 'close').header('retry-after', '1')
        .send(errorBody('SHUTTING_DOWN', 'the server is shutting down'));
    }
    const declared = Number(request.headers['content-length']);
    if (declared > o.bodyLimit) return refuseDeclaredBody(request, reply, declared, o.bodyLimit);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({
      method: request.method,
      url: request.url.slice(0, 200),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      bytes: Number(reply.getHeader('content-length') ?? 0),
      ip: request.ip,
    }, 'access');
  });

  // before the body is read: a body in another charset would be misread as UTF-8
  app.addHook('preParsing', async (request) => { checkCharset(request.headers['content-type']); });

  registerApiRoutes(app, tagger, o, identity());
  registerAssets(app);
  return app;
}

/** Where {@link startServer} listens. */
export interface ListenOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
}

/**
 * Builds the server and listens. Takes the tagger, where to listen and the options; resolves
 * with the app and its base URL. Throws UsageError for a bad option; rejects with the
 * listener's error (an address in use) as node gives it.
 */
export async function startServer(
  tagger: TaggerLike, listen: ListenOptions, options: Partial<ServiceOptions> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const app = buildServer(tagger, options);
  await app.listen({ host: listen.host, port: listen.port });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : listen.port;
  const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  return { app, url: `http://${host}:${port}` };
}

/**
 * Closes `app` gracefully on the first SIGINT or SIGTERM (or, in a worker of
 * `serve --workers`, the primary's request to stop), then calls `done(0)`; a second
 * signal, or a close that takes longer than `graceMs`, calls `done(1)` at once.
 * Returns a function that removes the handlers. Throws nothing.
 */
export function shutdownOnSignals(
  app: FastifyInstance, done: (code: number) => void, graceMs = 10_000,
): () => void {
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      app.log.warn({ signal }, 'second signal: exiting now');
      done(1);
      return;
    }
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error({ graceMs }, 'shutdown took too long: exiting');
      done(1);
    }, graceMs);
    timer.unref();
    app.close().then(
      () => { clearTimeout(timer); app.log.info('closed'); done(0); },
      (err: unknown) => { clearTimeout(timer); app.log.error({ err }, 'close failed'); done(1); },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // a worker of `serve --workers`: the primary's request to stop is a first signal (Ctrl+C
  // reaches the workers directly as well, so a second request must not count as a second signal)
  const offPrimary = onPrimaryShutdown(() => { if (!shuttingDown) onSignal('SIGTERM'); });
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    offPrimary();
  };
}
