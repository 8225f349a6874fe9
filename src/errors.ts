/**
 * The one exception tree of lexdis. Library code throws these; only `bin/` prints
 * `Error: …` and exits 1. Codes are stable: scripts and the HTTP service rely on them.
 */
export interface ErrorLocation {
  /** File the problem was found in, when there is one. */
  file?: string;
  /** 1-based line number in `file`. */
  line?: number;
}

/** The base of every error lexdis throws: a stable `code`, and the file and line where there is one. */
export class LexdisError extends Error {
  readonly code: string = 'LEXDIS_ERROR';
  readonly file?: string;
  readonly line?: number;

  constructor(message: string, where: ErrorLocation = {}) {
    super(message);
    this.name = new.target.name;
    this.file = where.file;
    this.line = where.line;
  }

  /** `file:line: message`, the form the CLI prints. */
  describe(): string {
    const at = this.file ? `${this.file}${this.line ? `:${this.line}` : ''}: ` : '';
    return `${at}${this.message}`;
  }

  toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message, file: this.file, line: this.line };
  }
}

/** Malformed input text: a table, a pos file, a CoNLL-U file, a candidates file. */
export class InputParseError extends LexdisError {
  override readonly code: string = 'INPUT_PARSE';
}

/** A file or directory that should be there is missing or unreadable. */
export class DataNotFoundError extends LexdisError {
  override readonly code: string = 'DATA_NOT_FOUND';
}

/**
 * A data file that could not be fetched: the source unreachable or refusing (HTTP status), the
 * transfer broken past its retries, or the bytes not those the manifest records (size or sha256).
 * The file is not kept; a partial download stays beside it (`NAME.part`) to be resumed.
 */
export class DataFetchError extends LexdisError {
  override readonly code: string = 'DATA_FETCH';
}

/**
 * A data folder another `lexdis data fetch` is writing (its lock is held by a process that
 * runs): this fetch stops before it reads or writes anything there.
 */
export class DataBusyError extends DataFetchError {
  override readonly code: string = 'DATA_BUSY';
}

/** A model directory that is not a lexdis model, is damaged, or has the wrong kind tag. */
export class ModelFormatError extends LexdisError {
  override readonly code: string = 'MODEL_FORMAT';
}

/** A model written by another format version or feature set than the one asked for. */
export class ModelVersionError extends ModelFormatError {
  override readonly code: string = 'MODEL_VERSION';
}

/** A corpus that cannot be used for the job (no gold marks, too small to split…). */
export class CorpusError extends LexdisError {
  override readonly code: string = 'CORPUS';
}

/** Bad options or arguments given to a library call or command. */
export class UsageError extends LexdisError {
  override readonly code: string = 'USAGE';
}

/** An output path that cannot be written. */
export class OutputError extends LexdisError {
  override readonly code: string = 'OUTPUT';
}

/**
 * A fault of lexdis itself (a bug, or memory or another resource run out), with the input and
 * line it was working on where there is one; the original error is its `cause`.
 */
export class InternalError extends LexdisError {
  override readonly code: string = 'INTERNAL';

  constructor(cause: unknown, where: ErrorLocation = {}) {
    super(`internal: ${(cause as Error)?.message ?? String(cause)}`, where);
    this.cause = cause;
  }
}

/** A worker thread that ran part of the work died (out of memory, ended) or could not start. */
export class WorkerError extends LexdisError {
  override readonly code: string = 'WORKER';
}

/**
 * A data file lexdis makes itself rather than downloads (the BAMA 1.0 program's reference output)
 * could not be made: the program could not run or failed, or what it gave is not the bytes the
 * manifest records (then nothing is kept).
 */
export class DataBuildError extends LexdisError {
  override readonly code: string = 'DATA_BUILD';
}

/** Every error class made from a message and a place, by its code (declared once: {@link errorFromJSON} reads it). */
const ERROR_CLASSES: ReadonlyArray<new (message: string, where?: ErrorLocation) => LexdisError> = [
  LexdisError,
  InputParseError,
  DataNotFoundError,
  DataFetchError,
  DataBusyError,
  ModelFormatError,
  ModelVersionError,
  CorpusError,
  UsageError,
  OutputError,
  WorkerError,
  DataBuildError,
];
const BY_CODE = new Map(ERROR_CLASSES.map((C) => [new C('').code, C]));
const INTERNAL_PREFIX = 'internal: ';

/**
 * The error a {@link LexdisError.toJSON} describes, of its own class (what crosses a thread
 * boundary, where an error keeps only its message): takes `{ code, message, file, line }`;
 * an InternalError comes back with its message as its cause's; an unknown code gives a plain
 * LexdisError. Throws nothing.
 */
export function errorFromJSON(json: {
  code?: unknown;
  message?: unknown;
  file?: unknown;
  line?: unknown;
}): LexdisError {
  const where = {
    file: typeof json.file === 'string' ? json.file : undefined,
    line: typeof json.line === 'number' ? json.line : undefined,
  };
  const message = String(json.message ?? '');
  if (json.code === 'INTERNAL')
    return new InternalError(
      new Error(message.startsWith(INTERNAL_PREFIX) ? message.slice(INTERNAL_PREFIX.length) : message),
      where,
    );
  const C = (typeof json.code === 'string' && BY_CODE.get(json.code)) || LexdisError;
  return new C(message, where);
}
