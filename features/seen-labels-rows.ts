/**
 * The saved form of the seen-label lexicon (features/seen-labels.ts), and reading it back: version 3
 * stores the label rows in binary parts, a pool of the distinct strings (UTF-8) and each row's
 * fields as numbers in it, read without parsing and decoded when a row is first asked for;
 * versions 1 and 2 stored the rows as JSON arrays, and are still read.
 */
import { ModelFormatError } from '../src/errors.js';
import { LABEL_ELEMENTS } from '../src/labels/elements.js';

/** The kind tag of a saved lexicon. */
export const LEXICON_KIND = 'lexdis-seen-lexicon';
/**
 * 3: the label rows in binary parts (a pool of distinct strings, each row its fields' numbers in
 * it: {@link SeenLexiconParts}), read without parsing; 2: JSON rows with the reading's kind after
 * the gloss ('own' or ''); 1 (no such field) is still read, every reading borrowed.
 */
export const LEXICON_VERSION = 3;
/** The version of the lexicon as one JSON object (toJSON), rows and all. */
export const JSON_VERSION = 2;
/** The versions {@link jsonRows} and {@link binaryRows} read. */
export const READABLE_VERSIONS: readonly number[] = [1, 2, 3];
/** Fields of a label row: key, lemma, morph, voc, gloss, reading, then the elements in LABEL_ELEMENTS order. */
const ROW_FIXED = 6;
const ROW_FIELDS = ROW_FIXED + LABEL_ELEMENTS.length;

/** The JSON part of a saved lexicon: version 3's counts (its rows are binary), or versions 1 and 2 whole. */
export interface SeenLexiconJSON {
  kind: typeof LEXICON_KIND;
  version: number;
  /** Version 3: the labels and the distinct strings of their rows. */
  labelCount?: number;
  strings?: number;
  /**
   * Versions 1 and 2: per label id [key, lemma, morph, voc, gloss, reading ('own' or ''; version
   * 2), ...elements in LABEL_ELEMENTS order].
   */
  labels?: string[][];
  /** Versions 1 and 2: CSR over word ids: seen labels of word w are labelIds[wordOffsets[w] .. wordOffsets[w+1]). */
  wordOffsets?: number[];
  labelIds?: number[];
}

/** The binary parts of a saved lexicon (version 3). */
export interface SeenLexiconBuffers {
  /** The distinct strings of the rows, UTF-8, one after the other; `stringEnds[i]` ends string i. */
  strings: Uint8Array;
  stringEnds: Int32Array;
  /** Per label id, its {@link ROW_FIELDS} fields as numbers of strings. */
  rows: Int32Array;
  /** CSR over word ids: seen labels of word w are labelIds[wordOffsets[w] .. wordOffsets[w+1]). */
  wordOffsets: Int32Array;
  labelIds: Int32Array;
}

/** The names of a saved lexicon's binary parts (`lexicon/<name>` in a model file). */
export const LEXICON_ARRAYS = ['strings', 'stringEnds', 'rows', 'wordOffsets', 'labelIds'] as const satisfies readonly (keyof SeenLexiconBuffers)[];

/** A saved lexicon: its JSON part and its binary parts. */
export interface SeenLexiconParts {
  json: SeenLexiconJSON;
  binary: SeenLexiconBuffers;
}

/**
 * The saved form of `rows` (each label's fields, by label id) and the seen labels' CSR: each
 * distinct string stored once.
 */
export function rowsToParts(
  rows: readonly string[][],
  wordOffsets: Int32Array,
  labelIds: Int32Array,
): SeenLexiconParts {
  const ids = new Map<string, number>();
  const pieces: Uint8Array[] = [];
  const enc = new TextEncoder();
  const ends: number[] = [];
  let end = 0;
  const numbers = new Int32Array(rows.length * ROW_FIELDS);
  rows.forEach((row, id) =>
    row.forEach((field, f) => {
      let k = ids.get(field);
      if (k === undefined) {
        ids.set(field, (k = ids.size));
        const bytes = enc.encode(field);
        pieces.push(bytes);
        ends.push((end += bytes.byteLength));
      }
      numbers[id * ROW_FIELDS + f] = k;
    }),
  );
  const strings = new Uint8Array(end);
  pieces.forEach((bytes, k) => strings.set(bytes, k === 0 ? 0 : ends[k - 1]));
  return {
    json: { kind: LEXICON_KIND, version: LEXICON_VERSION, labelCount: rows.length, strings: ids.size },
    binary: {
      strings,
      stringEnds: Int32Array.from(ends),
      rows: numbers,
      wordOffsets: wordOffsets.slice(),
      labelIds: labelIds.slice(),
    },
  };
}

/**
 * A loaded lexicon's saved rows: how many, each row's fields (undefined for a missing row) and key,
 * and the seen labels' CSR.
 */
export interface SavedRows {
  count: number;
  /** Fields before the elements: 5 (version 1) or 6. */
  fixed: number;
  row(id: number): unknown[] | undefined;
  key(id: number): string | undefined;
  wordOffsets: Int32Array;
  labelIds: Int32Array;
}

/** Versions 1 and 2: the rows of the JSON part. */
export function jsonRows(j: Partial<SeenLexiconJSON>): SavedRows {
  if (!Array.isArray(j.labels) || !Array.isArray(j.wordOffsets) || !Array.isArray(j.labelIds))
    throw new ModelFormatError('lexicon lacks labels, wordOffsets or labelIds');
  const fixed = j.version === 1 ? 5 : 6;
  const labels = j.labels as unknown[];
  const fields = fixed + LABEL_ELEMENTS.length;
  labels.forEach((row, id) => {
    if (!Array.isArray(row) || row.length !== fields) throw new ModelFormatError(`lexicon label ${id} is malformed`);
  });
  return {
    count: labels.length,
    fixed,
    row: (id) => labels[id] as unknown[],
    key: (id) => (labels[id] as unknown[])[0] as string,
    wordOffsets: Int32Array.from(j.wordOffsets),
    labelIds: Int32Array.from(j.labelIds),
  };
}

/** Version 3: the rows of the binary parts, their strings decoded when first read. */
export function binaryRows(
  j: Partial<SeenLexiconJSON>,
  b: Partial<Record<keyof SeenLexiconBuffers, unknown>>,
): SavedRows {
  const { strings, stringEnds, rows, wordOffsets, labelIds } = b;
  const count = j.labelCount;
  const n = j.strings;
  if (
    !(strings instanceof Uint8Array) ||
    !(stringEnds instanceof Int32Array) ||
    !(rows instanceof Int32Array) ||
    !(wordOffsets instanceof Int32Array) ||
    !(labelIds instanceof Int32Array) ||
    !Number.isInteger(count) ||
    !Number.isInteger(n)
  )
    throw new ModelFormatError('lexicon lacks its rows, strings or seen labels');
  if (
    rows.length !== count! * ROW_FIELDS ||
    stringEnds.length !== n ||
    (n! > 0 && stringEnds[n! - 1] !== strings.length)
  )
    throw new ModelFormatError('lexicon rows or strings do not fit together');
  const utf8 = new TextDecoder();
  const decoded: (string | undefined)[] = new Array(n!).fill(undefined);
  const string = (k: number): string | undefined => {
    if (!(k >= 0 && k < n!)) return undefined;
    return (decoded[k] ??= utf8.decode(strings.subarray(k === 0 ? 0 : stringEnds[k - 1], stringEnds[k])));
  };
  return {
    count: count!,
    fixed: ROW_FIXED,
    wordOffsets,
    labelIds,
    row: (id) => Array.from(rows.subarray(id * ROW_FIELDS, (id + 1) * ROW_FIELDS), string),
    key: (id) => string(rows[id * ROW_FIELDS]),
  };
}

