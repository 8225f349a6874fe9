/**
 * JSON schemas of every route, request and response. Request schemas are checked by
 * fastify (ajv); response schemas drive its serializer, so nothing outside them is sent.
 * Limits that depend on the configuration (`top`) are built into the schemas here.
 */
import { DEFAULT_INPUT_SCRIPT, INPUT_SCRIPTS } from '../analyzer/script.js';
import { CANDIDATE_SOURCES } from '../corpus/types.js';
import { ANALYSIS_FIELDS, ALWAYS_SENT } from './fields.js';
import type { ServiceOptions } from './options.js';

/** `{ error: { code, message } }`, the body of every error response. */
export const errorSchema = {
  $id: 'lexdisError',
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', description: 'stable machine-readable code, e.g. TEXT_TOO_LONG' },
        message: { type: 'string', description: 'human-readable explanation' },
      },
    },
  },
} as const;

const errorRef = { $ref: 'lexdisError#' } as const;
/** Response entries shared by all routes: any 4xx or 5xx carries the error body. */
export const errorResponses = { '4xx': errorRef, '5xx': errorRef } as const;

/** One analysis: every field, or `rank` and those named in the request's `fields`. */
export const analysisSchema = {
  type: 'object',
  required: [ALWAYS_SENT],
  properties: {
    rank: { type: 'integer' },
    voc: { type: 'string' },
    vocArabic: { type: 'string' },
    vocalized: { type: 'string', description: 'the word as typed, fully vocalized by this analysis' },
    lemma: { type: 'string', description: 'the lemma ID, Buckwalter (Eaqad-i_1)' },
    lemmaArabic: { type: 'string', description: 'the lemma ID in Arabic script' },
    lemmaVocalized: { type: 'string', description: "the lemma's citation form, vocalized in Arabic script (عَقَدَ)" },
    morph: { type: 'string' },
    pos: { type: 'string' },
    caseOrMood: {
      type: 'string',
      description: "the English name of the analysis' case (nominative, accusative, genitive, accusative or genitive) or mood (indicative, subjunctive, jussive, subjunctive or jussive), from the label elements case and mood; '' when it has neither",
    },
    elements: { type: 'object', additionalProperties: { type: 'string' } },
    gloss: { type: 'string' },
    score: { type: 'number' },
    confidence: { type: 'number' },
    source: {
      type: 'string',
      enum: CANDIDATE_SOURCES.filter((s) => s !== 'gold'),
      description: "'analyzer' (the lexicon's analysis), 'backoff' (made up for a word the lexicon lacks: a name with its clitics split off), 'rule' (made by rule from the lexicon's entries: a passive it lacks), or 'train' (a label seen for the word in training only)",
    },
    borrowedReading: {
      type: 'boolean',
      description: "present (true) on a 'train' analysis whose vowels are borrowed from another analysis or only what its morphology spells: the vocalized sentence shows another analysis of the word when there is one",
    },
  },
} as const;

export const tokenSchema = {
  type: 'object',
  required: ['input', 'lookup', 'arabic', 'found', 'analyses'],
  properties: {
    input: { type: 'string' },
    lookup: { type: ['string', 'null'] },
    arabic: { type: 'boolean' },
    found: { type: 'boolean' },
    analyses: { type: 'array', items: analysisSchema },
  },
} as const;

export const sentencesSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['tokens'],
    properties: { tokens: { type: 'array', items: tokenSchema } },
  },
} as const;

/**
 * How the text is read (src/analyzer/script.ts): Arabic by default, Latin words untouched;
 * Buckwalter only on request.
 */
const inputScriptSchema = { type: 'string', enum: [...INPUT_SCRIPTS], default: DEFAULT_INPUT_SCRIPT } as const;
/** The text as sent, its Arabic words vocalized by their top analyses, everything else unchanged. */
const vocalizedSchema = { type: 'string', description: 'the text with every Arabic word vocalized by its top analysis' } as const;

function topSchema(o: ServiceOptions) {
  return { type: 'integer', minimum: 1, maximum: o.maxTop, default: o.defaultTop } as const;
}

/** `fields`: the analysis fields to send (`rank` always comes); all when absent. */
export const fieldsSchema = {
  type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: ANALYSIS_FIELDS },
} as const;

/** POST /v1/analyze */
export function analyzeSchema(o: ServiceOptions) {
  return {
    body: {
      type: 'object',
      required: ['text'],
      additionalProperties: false,
      properties: { text: { type: 'string' }, top: topSchema(o), inputScript: inputScriptSchema, fields: fieldsSchema },
    },
    response: {
      200: {
        type: 'object',
        required: ['top', 'sentences', 'vocalized'],
        properties: { top: { type: 'integer' }, sentences: sentencesSchema, vocalized: vocalizedSchema },
      },
      ...errorResponses,
    },
  };
}

/** POST /v1/analyze/batch */
export function batchSchema(o: ServiceOptions) {
  return {
    body: {
      type: 'object',
      required: ['texts'],
      additionalProperties: false,
      properties: {
        texts: { type: 'array', items: { type: 'string' } },
        top: topSchema(o),
        inputScript: inputScriptSchema,
        fields: fieldsSchema,
      },
    },
    response: {
      200: {
        type: 'object',
        required: ['top', 'results'],
        properties: {
          top: { type: 'integer' },
          results: {
            type: 'array',
            items: { type: 'object', required: ['sentences', 'vocalized'], properties: { sentences: sentencesSchema, vocalized: vocalizedSchema } },
          },
        },
      },
      ...errorResponses,
    },
  };
}

/** GET /healthz */
export const healthSchema = {
  response: {
    200: {
      type: 'object',
      required: ['status', 'uptimeSeconds'],
      properties: { status: { type: 'string', enum: ['ok'] }, uptimeSeconds: { type: 'number' } },
    },
    ...errorResponses,
  },
} as const;

/** GET /v1/model */
export const modelSchema = {
  response: {
    200: {
      type: 'object',
      required: ['model', 'service'],
      properties: {
        model: { type: 'object', additionalProperties: true },
        service: {
          type: 'object',
          required: ['name', 'version', 'limits'],
          properties: {
            name: { type: 'string' },
            version: { type: 'string' },
            limits: { type: 'object', additionalProperties: { type: 'integer' } },
          },
        },
      },
    },
    ...errorResponses,
  },
} as const;

/** GET of a page asset: no input; the body is the file. */
export const assetSchema = {
  response: { 200: { type: 'string', description: 'file contents' }, ...errorResponses },
} as const;

/** GET /fonts/:file; names outside the served set get 404. */
export const fontSchema = {
  params: {
    type: 'object',
    required: ['file'],
    additionalProperties: false,
    // any name: one that is not a font of the page is 404 NOT_FOUND (docs/service.md), never a 400
    properties: { file: { type: 'string' } },
  },
  response: { 200: { type: 'string', description: 'WOFF2 font file' }, ...errorResponses },
} as const;
