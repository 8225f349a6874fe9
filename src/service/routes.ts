/**
 * The JSON API: POST /v1/analyze, POST /v1/analyze/batch, GET /healthz, GET /v1/model.
 * Shapes are in schemas.ts; limits and error codes in docs/service.md.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { InputScript } from '../analyzer/script.js';
import { HttpError } from './errors.js';
import { publicLimits, type ServiceOptions } from './options.js';
import { TurnQueue } from './queue.js';
import { analyzeSchema, batchSchema, healthSchema, modelSchema } from './schemas.js';
import type { TaggerLike } from './types.js';
import { tagTexts } from './work.js';

interface AnalyzeBody { text: string; top?: number; inputScript?: InputScript }
interface BatchBody { texts: string[]; top?: number; inputScript?: InputScript }

/** Name and version of the service, as GET /v1/model reports them. */
export interface ServiceIdentity { name: string; version: string }

function checkLength(text: string, o: ServiceOptions, where: string): void {
  if (text.length > o.maxTextLength) {
    throw new HttpError(422, 'TEXT_TOO_LONG',
      `${where} has ${text.length} characters; the limit is ${o.maxTextLength}`);
  }
}

/** Milliseconds on the performance clock when a request that has run `reply.elapsedTime` must stop. */
function deadlineOf(reply: FastifyReply, o: ServiceOptions): number {
  return performance.now() - reply.elapsedTime + o.requestTimeoutMs;
}

export function registerApiRoutes(
  app: FastifyInstance, tagger: TaggerLike, o: ServiceOptions, identity: ServiceIdentity,
): void {
  const startedAt = Date.now();
  const modelInfo = tagger.modelInfo();
  const queue = new TurnQueue(o.maxQueue);

  app.post<{ Body: AnalyzeBody }>('/v1/analyze', { schema: analyzeSchema(o) }, async (request, reply) => {
    const { text } = request.body;
    const top = request.body.top ?? o.defaultTop;
    checkLength(text, o, 'text');
    const [sentences] = await tagTexts(tagger, queue, [text], top, deadlineOf(reply, o), undefined, request.body.inputScript);
    return { top, sentences };
  });

  app.post<{ Body: BatchBody }>('/v1/analyze/batch', { schema: batchSchema(o) }, async (request, reply) => {
    const { texts } = request.body;
    const top = request.body.top ?? o.defaultTop;
    if (texts.length > o.maxBatch) {
      throw new HttpError(422, 'TOO_MANY_TEXTS', `the batch has ${texts.length} texts; the limit is ${o.maxBatch}`);
    }
    texts.forEach((t, i) => checkLength(t, o, `texts[${i}]`));
    const all = await tagTexts(tagger, queue, texts, top, deadlineOf(reply, o), undefined, request.body.inputScript);
    return { top, results: all.map((sentences) => ({ sentences })) };
  });

  app.get('/healthz', { schema: healthSchema }, async () => ({
    status: 'ok', uptimeSeconds: Math.round((Date.now() - startedAt) / 100) / 10,
  }));

  app.get('/v1/model', { schema: modelSchema }, async () => ({
    model: modelInfo,
    service: { ...identity, limits: publicLimits(o) },
  }));
}
