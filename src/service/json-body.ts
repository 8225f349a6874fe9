/**
 * How a JSON request body is read: as bytes, checked to be UTF-8 as the command line checks its
 * input (`isUtf8`, then the first bad byte's offset: src/io/paragraphs.ts), then parsed by
 * fastify's own JSON parser (empty bodies, `__proto__` and `constructor` keys handled as it
 * handles them). A byte that is not UTF-8 is a 400 INPUT_PARSE naming its offset, never a
 * U+FFFD in the text.
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { InputParseError } from '../errors.js';
import { firstInvalidUtf8 } from '../io/paragraphs.js';

/**
 * Replaces `app`'s `application/json` parser by one that refuses a body that is not UTF-8 with
 * InputParseError (400 INPUT_PARSE, src/service/errors.ts), before any JSON is parsed. Takes the
 * app (not yet listening); returns nothing; throws nothing itself.
 */
export function installJsonParser(app: FastifyInstance): void {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (!isUtf8(body)) {
      done(new InputParseError(`the body is not valid UTF-8: a bad byte at byte offset ${firstInvalidUtf8(body)}`), undefined);
      return;
    }
    parseJson(request, body.toString('utf8'), done);
  });
}
