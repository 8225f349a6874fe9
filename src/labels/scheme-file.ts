/**
 * Label-scheme files: a small JSON file that says which tags fill which label element
 * (src/labels/scheme.ts, docs/label-elements.md):
 *
 *     {
 *       "name": "turkish",
 *       "lemmaSeparator": "+",
 *       "separator": "+",
 *       "elements": ["pos", "agreement", "possessive", "case"],
 *       "tags": {
 *         "pos": ["Noun", "Verb", "Adj"],
 *         "agreement": ["/^A[123](sg|pl)$/"],
 *         "possessive": ["/^P(non|[123](sg|pl))$/"],
 *         "case": ["Nom", "Acc", "Dat", "Loc", "Gen"]
 *       }
 *     }
 *
 * `elements` lists the elements besides the lemma, the main POS first (at most 15). `tags`
 * gives each element its tags: names, or regular expressions written `/…/`. Bad files are
 * InputParseErrors naming the file and the line: bad JSON, an unknown or repeated key, an
 * element of `tags` not in `elements`, an element without tags, a tag given to two elements, a
 * bad pattern; `checkPatterns` rejects a pattern that matches no tag of a corpus.
 */
import { basename } from 'node:path';
import { InputParseError } from '../errors.js';
import { readTextFile } from '../io/files.js';
import { assignSlots, SCHEME_KIND, type LabelScheme } from './scheme.js';
import { LABEL_ELEMENTS } from './elements.js';

const TOP_KEYS = ['kind', 'name', 'lemmaSeparator', 'separator', 'elements', 'tags'] as const;
const NAME_RE = /^[\p{L}_][\p{L}\p{N}_-]*$/u;

/** A string literal of the JSON text: its value, line, nesting depth and whether it is a key. */
interface StringToken {
  value: string;
  line: number;
  depth: number;
  isKey: boolean;
}

/** Every string literal of a (valid) JSON text, in order. */
function stringTokens(text: string): StringToken[] {
  const out: StringToken[] = [];
  let depth = 0;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') line++;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
    else if (ch === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      let k = j + 1;
      while (/\s/.test(text[k] ?? '')) k++;
      out.push({ value: JSON.parse(text.slice(i, j + 1)) as string, line, depth, isKey: text[k] === ':' });
      i = j;
    }
  }
  return out;
}

type Fail = (message: string, line: number) => never;
type TagEntry = { tags: string[]; patterns: string[]; lines: number[] };

/** Parses the JSON and checks the top-level keys; returns the object and each key's line. */
function readTop(
  text: string,
  fail: Fail,
): { o: Record<string, unknown>; toks: StringToken[]; lineOf: (key: string) => number } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const m = /position (\d+)/.exec((err as Error).message);
    const line = m ? text.slice(0, Number(m[1])).split('\n').length : 1;
    return fail(`not valid JSON: ${(err as Error).message}`, line);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return fail('a label scheme is a JSON object', 1);
  const toks = stringTokens(text);
  const seen = new Map<string, number>();
  for (const t of toks.filter((x) => x.isKey && x.depth === 1)) {
    if (!(TOP_KEYS as readonly string[]).includes(t.value))
      fail(`unknown key "${t.value}" (a scheme has ${TOP_KEYS.join(', ')})`, t.line);
    if (seen.has(t.value)) fail(`key "${t.value}" repeats (first on line ${seen.get(t.value)})`, t.line);
    seen.set(t.value, t.line);
  }
  const o = json as Record<string, unknown>;
  const lineOf = (key: string) => seen.get(key) ?? 1;
  if (o.kind !== undefined && o.kind !== SCHEME_KIND) fail(`"kind" must be "${SCHEME_KIND}"`, lineOf('kind'));
  for (const k of ['name', 'lemmaSeparator', 'separator'] as const)
    if (o[k] !== undefined && typeof o[k] !== 'string') fail(`"${k}" must be a string`, lineOf(k));
  if (o.separator === '') fail('"separator" must not be empty', lineOf('separator'));
  return { o, toks, lineOf };
}

/** The string tokens inside a top-level key's value. */
function inside(toks: readonly StringToken[], key: string): StringToken[] {
  const at = toks.findIndex((t) => t.isKey && t.depth === 1 && t.value === key);
  if (at < 0) return [];
  const end = toks.findIndex((t, i) => i > at && t.isKey && t.depth === 1);
  return toks.slice(at + 1, end < 0 ? toks.length : end);
}

/** Checks `elements`; returns each element name's line, in order. */
function readElements(els: unknown, toks: readonly StringToken[], line0: number, fail: Fail): Map<string, number> {
  if (!Array.isArray(els) || els.length === 0 || !els.every((e) => typeof e === 'string'))
    return fail('"elements" must be a non-empty list of element names', line0);
  const slots = LABEL_ELEMENTS.length - 1;
  if (els.length > slots) fail(`${els.length} elements: a scheme has at most ${slots} besides the lemma`, line0);
  const lines = new Map<string, number>();
  (els as string[]).forEach((name, i) => {
    const line = toks[i]?.line ?? line0;
    if (!NAME_RE.test(name)) fail(`element name "${name}" must be a word (letters, digits, _ or -)`, line);
    if (name === 'lemma' || name === 'label') fail(`"${name}" is not an element to list: the lemma is always the first element, "label" is the whole label`, line);
    if (lines.has(name)) fail(`element "${name}" is listed twice (first on line ${lines.get(name)})`, line);
    lines.set(name, line);
  });
  return lines;
}

/** Checks `tags` against the elements; returns each element's tags and patterns (with their lines). */
function readTags(
  tagsJson: unknown,
  toks: readonly StringToken[],
  line0: number,
  elements: Map<string, number>,
  fail: Fail,
): Map<string, TagEntry> {
  if (!tagsJson || typeof tagsJson !== 'object' || Array.isArray(tagsJson))
    return fail('"tags" must be an object: element → list of tags', line0);
  const byElement = new Map<string, TagEntry>();
  const owner = new Map<string, { element: string; line: number }>();
  let current: string | undefined;
  for (const t of toks) {
    if (t.isKey && t.depth === 2) {
      if (!elements.has(t.value))
        fail(`unknown element "${t.value}": not in "elements" (${[...elements.keys()].join(', ')})`, t.line);
      if (byElement.has(t.value)) fail(`element "${t.value}" repeats in "tags"`, t.line);
      const list = (tagsJson as Record<string, unknown>)[t.value];
      if (!Array.isArray(list) || list.length === 0 || !list.every((x) => typeof x === 'string'))
        fail(`the tags of "${t.value}" must be a non-empty list of strings`, t.line);
      byElement.set((current = t.value), { tags: [], patterns: [], lines: [] });
      continue;
    }
    if (t.depth !== 3 || current === undefined) continue;
    const tag = t.value;
    if (tag.trim() === '') fail(`an empty tag in "${current}"`, t.line);
    const prev = owner.get(tag);
    if (prev)
      fail(`tag "${tag}" is given to two elements: "${prev.element}" (line ${prev.line}) and "${current}"`, t.line);
    owner.set(tag, { element: current, line: t.line });
    addTag(byElement.get(current)!, tag, t.line, fail);
  }
  for (const [name, line] of elements) if (!byElement.has(name)) fail(`element "${name}" has no tags in "tags"`, line);
  return byElement;
}

/** A tag name, or a `/…/` pattern (checked to compile). */
function addTag(entry: TagEntry, tag: string, line: number, fail: Fail): void {
  if (!(tag.length > 2 && tag.startsWith('/') && tag.endsWith('/'))) {
    entry.tags.push(tag);
    return;
  }
  const source = tag.slice(1, -1);
  try {
    new RegExp(source, 'u');
  } catch (err) {
    fail(`bad pattern ${tag}: ${(err as Error).message}`, line);
  }
  entry.patterns.push(source);
  entry.lines.push(line);
}

/**
 * Reads and checks a scheme file's text (`file` names it in errors). Returns the scheme;
 * throws InputParseError at the file's line for every fault listed in the module comment.
 */
export function parseSchemeFile(text: string, file: string): LabelScheme {
  const fail: Fail = (message, line) => {
    throw new InputParseError(message, { file, line });
  };
  const { o, toks, lineOf } = readTop(text, fail);
  const elements = readElements(o.elements, inside(toks, 'elements'), lineOf('elements'), fail);
  const byElement = readTags(o.tags, inside(toks, 'tags'), lineOf('tags'), elements, fail);
  const names = [...elements.keys()];
  const slotList = assignSlots(names);
  return {
    kind: SCHEME_KIND,
    name: typeof o.name === 'string' && o.name !== '' ? o.name : basename(file).replace(/\.json$/i, ''),
    lemmaSeparator: typeof o.lemmaSeparator === 'string' ? o.lemmaSeparator : '',
    separator: typeof o.separator === 'string' ? o.separator : '+',
    elements: names.map((name, i) => {
      const e = byElement.get(name)!;
      return { name, slot: slotList[i], rule: { kind: 'tags', tags: e.tags, patterns: e.patterns, patternLines: e.lines } };
    }),
    file,
  };
}

/** Reads a scheme file from disk (InputParseError for a bad one, DataNotFoundError for a missing one). */
export function loadSchemeFile(path: string): LabelScheme {
  return parseSchemeFile(readTextFile(path), path);
}

/**
 * Rejects a scheme read from a file whose patterns match none of a corpus's tags: an
 * InputParseError at the pattern's line. Schemes without patterns (or without a file) pass.
 */
export function checkPatterns(scheme: LabelScheme, tags: ReadonlySet<string>): void {
  for (const e of scheme.elements) {
    if (e.rule.kind !== 'tags') continue;
    e.rule.patterns.forEach((p, i) => {
      const re = new RegExp(p, 'u');
      for (const t of tags) if (re.test(t)) return;
      const line = e.rule.kind === 'tags' ? (e.rule.patternLines?.[i] ?? 1) : 1;
      throw new InputParseError(`pattern /${p}/ of element "${e.name}" matches no tag of the corpus`, { file: scheme.file, line });
    });
  }
}
