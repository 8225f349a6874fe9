/**
 * What every model store holds and checks, whatever its layout: the header (magic, format
 * version, kind), the parts (named JSON values and typed arrays) and their validation before
 * anything is written, and the registry of format versions. Formats 2 (one file, its chunks
 * deflated) and 3 (the same, its chunks stored as they are too) are the ones this lexdis reads and
 * writes (./store-file.ts); format 1 (a LevelDB directory) is read only by `lexdis upgrade-model`
 * (./upgrade/), which converts it.
 */
import { ModelFormatError, ModelVersionError, UsageError } from '../errors.js';

/** First field of every model header. */
export const MODEL_MAGIC = 'LEXDIS-MODEL';
/**
 * The newest format version this lexdis reads and writes (3: one immutable file whose chunks may
 * be stored as they are; a file is written at the oldest version that holds it, ./store-file.ts).
 */
export const MODEL_FORMAT_VERSION = 3;
/** The oldest format version this lexdis reads: older ones go through `lexdis upgrade-model` (./upgrade/). */
export const MIN_MODEL_FORMAT_VERSION = 2;
/** The oldest format version `lexdis upgrade-model` converts. */
export const MIN_UPGRADE_FORMAT_VERSION = 1;
/** What a user is told to do with a model of a version below {@link MIN_MODEL_FORMAT_VERSION}. */
export const UPGRADE_HINT = 'convert it with `lexdis upgrade-model DIR` (or retrain it)';
/** `kind` written when the caller's header does not set one. */
export const DEFAULT_MODEL_KIND = 'lexdis-model';
/** Name of the marker file inside a model directory. */
export const MARKER_FILE = 'LEXDIS-MODEL';
/** Name of the single model file inside a format-2 model directory. */
export const MODEL_FILE = 'model.lexdis';
/** Binary parts are stored in chunks of at most this many raw bytes. */
export const CHUNK_BYTES = 16 * 1024 * 1024;

/** Typed arrays a binary part may hold. */
export type BinaryArray = Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array;

export const DTYPES = {
  uint8: Uint8Array,
  int32: Int32Array,
  uint32: Uint32Array,
  float32: Float32Array,
  float64: Float64Array,
} as const;
export type DType = keyof typeof DTYPES;

/** The dtype name of a supported typed array, or undefined for anything else. */
export function dtypeOf(value: unknown): DType | undefined {
  if (value instanceof Uint8Array) return 'uint8';
  if (value instanceof Int32Array) return 'int32';
  if (value instanceof Uint32Array) return 'uint32';
  if (value instanceof Float32Array) return 'float32';
  if (value instanceof Float64Array) return 'float64';
  return undefined;
}

/** The header every model carries; callers add their own fields. */
export interface ModelHeader {
  magic: typeof MODEL_MAGIC;
  formatVersion: number;
  kind: string;
  /** `lexdis <version>` of the writer. */
  createdBy: string;
  /** ISO time of writing. */
  createdAt: string;
  [field: string]: unknown;
}

/** Part names: path-like words (`vocab/lemma`, `beta.counts`). */
export const PART_NAME = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;

/**
 * Checks magic, format version and kind, in that order, before anything else is read. Takes
 * the raw header, the path (for errors), the kind expected and the oldest version accepted
 * ({@link MIN_MODEL_FORMAT_VERSION}; the upgrade passes its own); returns the header.
 * Not a header → ModelFormatError; a version this lexdis cannot read → ModelVersionError.
 */
export function checkHeader(
  raw: unknown,
  dir: string,
  expectKind?: string,
  oldest = MIN_MODEL_FORMAT_VERSION,
): ModelHeader {
  if (
    typeof raw !== 'object' ||
    raw === null ||
    Array.isArray(raw) ||
    (raw as { magic?: unknown }).magic !== MODEL_MAGIC
  ) {
    throw new ModelFormatError('not a lexdis model (the header has no LEXDIS-MODEL magic)', { file: dir });
  }
  const h = raw as Record<string, unknown>;
  const v = h.formatVersion;
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw new ModelFormatError('damaged model header: formatVersion is not an integer', { file: dir });
  }
  if (v > MODEL_FORMAT_VERSION) {
    throw new ModelVersionError(
      `model format version ${v} is newer than this lexdis can read (format version ${MODEL_FORMAT_VERSION}); ` +
        'use a newer lexdis or retrain the model',
      { file: dir },
    );
  }
  if (v < oldest) {
    const hint = v >= MIN_UPGRADE_FORMAT_VERSION ? UPGRADE_HINT : 'retrain the model';
    const converts = oldest < MIN_MODEL_FORMAT_VERSION ? `, and converts version ${oldest}` : '';
    throw new ModelVersionError(
      `model format version ${v} is no longer read (this lexdis reads format versions ${MIN_MODEL_FORMAT_VERSION} to ${MODEL_FORMAT_VERSION}${converts}); ${hint}`,
      { file: dir },
    );
  }
  if (typeof h.kind !== 'string') throw new ModelFormatError('damaged model header: no kind', { file: dir });
  if (expectKind !== undefined && h.kind !== expectKind) {
    throw new ModelFormatError(`model kind is "${h.kind}", expected "${expectKind}"`, { file: dir });
  }
  return h as ModelHeader;
}

/** What a model holds. JSON parts go through JSON (undefined fields vanish, NaN becomes null). */
export interface ModelParts {
  header: Record<string, unknown>;
  json: Record<string, unknown>;
  binary: Record<string, BinaryArray>;
}

const enc = new TextEncoder();

/** Parts validated and serialized, ready to write. */
export interface Plan {
  header: ModelHeader;
  headerText: string;
  json: [string, Uint8Array][];
  binary: [string, DType, BinaryArray][];
}

function toJsonText(value: unknown, what: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (err) {
    throw new UsageError(`${what} cannot be stored as JSON: ${(err as Error).message}`);
  }
  if (text === undefined) throw new UsageError(`${what} cannot be stored as JSON`);
  return text;
}

/**
 * Validates and serializes the parts before anything touches the disk. Takes the parts, the
 * format version to write and the writer's name for the header's `createdBy` (`lexdis 0.1.0`);
 * returns the plan. Throws UsageError for parts that cannot be stored.
 */
export function plan(parts: ModelParts, formatVersion: number, createdBy: string): Plan {
  const given = parts?.header;
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw new UsageError('model header must be an object');
  for (const reserved of ['magic', 'formatVersion']) {
    if (Object.hasOwn(given, reserved)) throw new UsageError(`model header field "${reserved}" is set by the store`);
  }
  const header = {
    magic: MODEL_MAGIC, formatVersion, kind: DEFAULT_MODEL_KIND,
    createdBy, createdAt: new Date().toISOString(), ...given,
  } as ModelHeader;
  if (typeof header.kind !== 'string' || header.kind === '') throw new UsageError('model kind must be a non-empty string');
  const headerText = toJsonText(header, 'model header');
  const json: [string, Uint8Array][] = [];
  for (const [name, value] of Object.entries(parts.json ?? {})) {
    if (!PART_NAME.test(name)) throw new UsageError(`bad part name "${name}"`);
    json.push([name, enc.encode(toJsonText(value, `JSON part "${name}"`))]);
  }
  const binary: [string, DType, BinaryArray][] = [];
  for (const [name, value] of Object.entries(parts.binary ?? {})) {
    if (!PART_NAME.test(name)) throw new UsageError(`bad part name "${name}"`);
    const dtype = dtypeOf(value);
    if (!dtype) throw new UsageError(`binary part "${name}" must be a Uint8Array, Int32Array, Uint32Array, Float32Array or Float64Array`);
    binary.push([name, dtype, value]);
  }
  return { header, headerText, json, binary };
}
