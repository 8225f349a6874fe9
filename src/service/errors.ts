/**
 * Every error the service sends has the body `{ error: { code, message } }`. This module
 * maps fastify's own errors (bad JSON, schema violations, body limit, unknown routes),
 * Node's HTTP parser errors (slow or malformed requests) and the service's own
 * {@link HttpError}s onto that shape.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InputParseError, UsageError } from '../errors.js';

/** An error with a chosen HTTP status and a stable code; thrown by route handlers. */
export class HttpError extends Error {
  constructor(readonly statusCode: number, readonly code: string, message: string) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface ErrorBody {
  error: { code: string; message: string };
}

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

/** Fastify error codes → (status, service code). */
const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'BODY_TOO_LARGE'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'MALFORMED_JSON'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'MALFORMED_JSON'],
  FST_ERR_CTP_INVALID_CHARSET: [415, 'UNSUPPORTED_MEDIA_TYPE'],
};

/** Status, code and message for any error thrown while handling a request. */
export function classifyError(err: unknown): { status: number; code: string; message: string; internal: boolean } {
  if (err instanceof HttpError)
    return { status: err.statusCode, code: err.code, message: err.message, internal: false };
  const fe = err as Partial<FastifyError> & Error;
  if (fe && fe.validation) {
    return { status: 400, code: 'VALIDATION', message: fe.message, internal: false };
  }
  const known = fe?.code ? FASTIFY_CODES[fe.code] : undefined;
  if (known) return { status: known[0], code: known[1], message: cleanMessage(fe.message), internal: false };
  if (fe instanceof SyntaxError && fe.statusCode === 400) {
    return { status: 400, code: 'MALFORMED_JSON', message: `malformed JSON: ${fe.message}`, internal: false };
  }
  if (err instanceof UsageError || err instanceof InputParseError) {
    return { status: 400, code: err.code, message: err.message, internal: false };
  }
  const status = fe?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, code: 'BAD_REQUEST', message: cleanMessage(fe.message ?? 'bad request'), internal: false };
  }
  return { status: 500, code: 'INTERNAL', message: 'internal error (see the server log)', internal: true };
}

function cleanMessage(message: string): string {
  return message.replace(/^FST_ERR_\w+:\s*/, '');
}

/**
 * For fastify's `frameworkErrors` option: errors its router raises before a route runs
 * (a URL that is not valid percent-encoding: 400; an over-long parameter: 404, as any name
 * not served), in the error shape.
 */
export function frameworkErrorHandler(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // a path parameter longer than the router takes names nothing served (a font file): as an unknown one, 404
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return void reply.code(404).send(errorBody('NOT_FOUND', 'no such file'));
  const message = err.code === 'FST_ERR_BAD_URL' ? 'the URL is not valid (bad percent-encoding)' : cleanMessage(err.message);
  void reply.code(400).send(errorBody('BAD_REQUEST', message));
}

/** Charsets a request body may declare (names compared in lower case). */
const UTF8_NAMES = new Set(['utf-8', 'utf8']);

/**
 * Refuses, with 415 UNSUPPORTED_MEDIA_TYPE, a request body that declares a charset other
 * than UTF-8 (bodies are always read as UTF-8, so anything else would be misread silently).
 */
export function checkCharset(contentType: string | undefined): void {
  if (!contentType) return;
  const m = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType);
  if (m && !UTF8_NAMES.has(m[1].toLowerCase())) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `charset "${m[1].slice(0, 40)}" is not supported; send the body as UTF-8`);
  }
}

/** Installs the error handler, the 404 handler and the low-level client error handler. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const c = classifyError(err);
    if (c.internal) request.log.error({ err }, 'request failed');
    if (c.status === 503) reply.header('retry-after', '1');
    return reply.code(c.status).send(errorBody(c.code, c.message));
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const what = `${request.method} ${request.url}`.slice(0, 200);
    return reply.code(404).send(errorBody('NOT_FOUND', `no route ${what}`));
  });
}

/**
 * For fastify's `clientErrorHandler` option: errors Node's HTTP parser raises before a
 * request exists (headers too large, malformed request line, a client too slow to send
 * its request). Answers with the JSON error body when the socket can still take it.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  let status = 400;
  let code = 'BAD_REQUEST';
  let message = 'malformed HTTP request';
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408; code = 'REQUEST_TIMEOUT'; message = 'the request was not received in time';
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431; code = 'HEADERS_TOO_LARGE'; message = 'request headers too large';
  }
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const body = JSON.stringify(errorBody(code, message));
  const reason = status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n`
      + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
