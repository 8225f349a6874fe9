/**
 * The JSON API: POST /v1/analyze, POST /v1/analyze/batch (JSON, or NDJSON when the client
 * accepts `application/x-ndjson`), GET /healthz, GET /v1/model. Shapes are in schemas.ts;
 * limits and error codes in docs/service.md.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_INPUT_SCRIPT, prepareInput, type InputScript } from '../analyzer/script.js';
import { vocalizedText } from '../tagger/diacritize.js';
import { classifyError, errorBody, HttpError } from './errors.js';
import { type AnalysisField, estimateAnswerBytes, selectFields } from './fields.js';
import { publicModelInfo } from './model-info.js';
import { publicLimits, type ServiceOptions } from './options.js';
import { TurnQueue } from './queue.js';
import { analyzeSchema, batchSchema, healthSchema, modelSchema } from './schemas.js';
import type { TaggedSentence, TaggerLike } from './types.js';
import { type AnswerBudget, spend, type TagJob, tagTextJson } from './work.js';

interface AnalyzeBody { text: string; top?: number; inputScript?: InputScript; fields?: string[] }
interface BatchBody { texts: string[]; top?: number; inputScript?: InputScript; fields?: string[] }

/** Name and version of the service, as GET /v1/model reports them. */
export interface ServiceIdentity { name: string; version: string }

/** Media type of a streamed batch answer: one JSON object per line. */
export const NDJSON = 'application/x-ndjson';

function checkLength(text: string, o: ServiceOptions, where: string): void {
  if (text.length > o.maxTextLength) {
    throw new HttpError(422, 'TEXT_TOO_LONG',
      `${where} has ${text.length} characters; the limit is ${o.maxTextLength}`);
  }
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/**
 * Refuses, before any tagging, an answer estimated above the limit (422 RESPONSE_TOO_LARGE), the
 * texts read in `inputScript` as the tagger will read them; returns the budget the answer is then
 * made within (src/service/work.ts spend).
 */
function checkBudget(
  texts: readonly string[],
  top: number,
  fields: readonly AnalysisField[],
  inputScript: InputScript | undefined,
  o: ServiceOptions,
  what: string,
): AnswerBudget {
  const estimate = estimateAnswerBytes(texts, top, fields, inputScript);
  if (estimate > o.maxResponseBytes) {
    throw new HttpError(
      422,
      'RESPONSE_TOO_LARGE',
      `the answer ${what} is estimated at ${estimate} bytes (${mb(estimate)}: every token with top ${top} analyses of ` +
        `${fields.length} fields); the limit is ${o.maxResponseBytes} bytes (${mb(o.maxResponseBytes)}). ` +
        'Send less text, a lower top, or fewer fields',
    );
  }
  return { left: o.maxResponseBytes, limit: o.maxResponseBytes, estimate };
}

/** Milliseconds on the performance clock when a request that has run `reply.elapsedTime` must stop. */
function deadlineOf(reply: FastifyReply, o: ServiceOptions): number {
  return performance.now() - reply.elapsedTime + o.requestTimeoutMs;
}

/** True when the client lists NDJSON in its Accept header. */
function wantsNdjson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.split(',').some((m) => m.split(';')[0].trim().toLowerCase() === NDJSON);
}

/**
 * The lines of an NDJSON batch answer: `{"index":i,"sentences":[…]}` per text, in order;
 * on a failure (timeout, overload) a last line `{"index":i,"error":{"code","message"}}`.
 */
/**
 * The text (as read) with its Arabic words vocalized by their top analyses, as a JSON string (taken
 * from the job's budget).
 */
function vocalizedJson(text: string, job: TagJob, tagged: readonly TaggedSentence[]): string {
  const json = JSON.stringify(vocalizedText(prepareInput(text, job.inputScript ?? DEFAULT_INPUT_SCRIPT), tagged).text);
  spend(job.budget, json);
  return json;
}

async function* ndjsonLines(
  tagger: TaggerLike,
  queue: TurnQueue,
  texts: readonly string[],
  job: TagJob,
  budgets: readonly AnswerBudget[],
): AsyncGenerator<string> {
  for (let i = 0; i < texts.length; i++) {
    try {
      const tagged: TaggedSentence[] = [];
      const textJob = { ...job, budget: budgets[i] };
      const sentences = await tagTextJson(tagger, queue, texts[i], textJob, tagged);
      yield `{"index":${i},"sentences":${sentences},"vocalized":${vocalizedJson(texts[i], textJob, tagged)}}\n`;
    } catch (err) {
      const c = classifyError(err);
      yield `${JSON.stringify({ index: i, ...errorBody(c.code, c.message) })}\n`;
      return;
    }
  }
}

export function registerApiRoutes(
  app: FastifyInstance, tagger: TaggerLike, o: ServiceOptions, identity: ServiceIdentity,
): void {
  const startedAt = Date.now();
  const modelInfo = publicModelInfo(tagger.modelInfo());
  const queue = new TurnQueue(o.maxQueue);

  app.post<{ Body: AnalyzeBody }>('/v1/analyze', { schema: analyzeSchema(o) }, async (request, reply) => {
    const { text } = request.body;
    const top = request.body.top ?? o.defaultTop;
    const fields = selectFields(request.body.fields);
    checkLength(text, o, 'text');
    const budget = checkBudget([text], top, fields, request.body.inputScript, o, 'for this text');
    const job: TagJob = { top, fields, inputScript: request.body.inputScript, deadline: deadlineOf(reply, o), budget };
    const tagged: TaggedSentence[] = [];
    const sentences = await tagTextJson(tagger, queue, text, job, tagged);
    return reply.type('application/json; charset=utf-8').send(`{"top":${top},"sentences":${sentences},"vocalized":${vocalizedJson(text, job, tagged)}}`);
  });

  app.post<{ Body: BatchBody }>('/v1/analyze/batch', { schema: batchSchema(o) }, async (request, reply) => {
    const { texts } = request.body;
    const top = request.body.top ?? o.defaultTop;
    const fields = selectFields(request.body.fields);
    if (texts.length > o.maxBatch) {
      throw new HttpError(422, 'TOO_MANY_TEXTS', `the batch has ${texts.length} texts; the limit is ${o.maxBatch}`);
    }
    texts.forEach((t, i) => checkLength(t, o, `texts[${i}]`));
    const job: TagJob = { top, fields, inputScript: request.body.inputScript, deadline: deadlineOf(reply, o) };
    if (wantsNdjson(request)) {
      const budgets = texts.map((t, i) => checkBudget([t], top, fields, job.inputScript, o, `for texts[${i}]`));
      return reply.type(`${NDJSON}; charset=utf-8`).send(Readable.from(ndjsonLines(tagger, queue, texts, job, budgets)));
    }
    job.budget = checkBudget(texts, top, fields, job.inputScript, o, 'for this batch');
    const results: string[] = [];
    for (const text of texts) {
      const tagged: TaggedSentence[] = [];
      const sentences = await tagTextJson(tagger, queue, text, job, tagged);
      results.push(`{"sentences":${sentences},"vocalized":${vocalizedJson(text, job, tagged)}}`);
    }
    return reply.type('application/json; charset=utf-8').send(`{"top":${top},"results":[${results.join(',')}]}`);
  });

  app.get('/healthz', { schema: healthSchema }, async () => ({
    status: 'ok', uptimeSeconds: Math.round((Date.now() - startedAt) / 100) / 10,
  }));

  app.get('/v1/model', { schema: modelSchema }, async () => ({
    model: modelInfo,
    service: { ...identity, limits: publicLimits(o) },
  }));
}
