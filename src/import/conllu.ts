/**
 * CoNLL-U reader (Universal Dependencies v2 format): sentences separated by blank lines,
 * `# key = value` comment lines, and word lines of 10 tab-separated columns
 * (ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC). Multiword-token ranges (`1-2`)
 * and empty nodes (`1.1`) are kept apart from the syntactic words. FEATS and MISC are
 * parsed into maps. Anything malformed is an InputParseError naming the file and line.
 *
 * Documents: a `# newdoc id = X` comment opens document X, but a newdoc comment that
 * repeats the id of the document already open continues it (UD Arabic-PUD repeats the
 * comment on every sentence), so consecutive sentences with the same id form one document.
 */
import { InputParseError } from '../errors.js';
import { readTextFile, splitLines } from '../io/files.js';

/** One syntactic word (an integer ID line). */
export interface ConlluWord {
  /** 1-based position in the sentence. */
  id: number;
  form: string;
  lemma: string;
  upos: string;
  xpos: string;
  /** FEATS as `Name → Value` (empty for `_`). */
  feats: Map<string, string>;
  /** Head word ID (0 = root); null when the column is `_`. */
  head: number | null;
  deprel: string;
  deps: string;
  /** MISC as `Name → Value`; an item without `=` maps to the empty string. */
  misc: Map<string, string>;
  /** Line number in the file (1-based). */
  line: number;
}

/** A multiword-token range line (`3-4 form _ … misc`): the surface token of words start..end. */
export interface ConlluMultiword {
  start: number;
  end: number;
  form: string;
  misc: Map<string, string>;
  line: number;
}

/** An empty node line (`5.1`), kept for completeness; it is not a surface token. */
export interface ConlluEmptyNode {
  /** The ID as written, e.g. `5.1`. */
  id: string;
  /** The word it follows (5 for `5.1`). */
  after: number;
  form: string;
  lemma: string;
  upos: string;
  xpos: string;
  feats: Map<string, string>;
  misc: Map<string, string>;
  line: number;
}

export interface ConlluSentence {
  /** `# sent_id`, or `s<n>` (1-based sentence number in the file) when there is none. */
  id: string;
  /** `# text`, when given. */
  text?: string;
  /** Every `# key = value` comment, in order (a comment without ` = ` has value ''). */
  comments: Array<{ key: string; value: string }>;
  words: ConlluWord[];
  multiwords: ConlluMultiword[];
  emptyNodes: ConlluEmptyNode[];
  /** Line of the sentence's first line. */
  line: number;
  /** The document id in force for this sentence (see the module comment). */
  docId: string;
}

export interface ConlluDocument {
  id: string;
  sentences: ConlluSentence[];
}

const INT_RE = /^(0|[1-9][0-9]*)$/;
const RANGE_RE = /^([1-9][0-9]*)-([1-9][0-9]*)$/;
const EMPTY_RE = /^(0|[1-9][0-9]*)\.([1-9][0-9]*)$/;

/** Parses FEATS or MISC: `_` → empty map; `A=B|C=D`. `strict` requires `=` in every item. */
function parseFeatureColumn(
  col: string,
  strict: boolean,
  file: string,
  line: number,
  what: string,
): Map<string, string> {
  const out = new Map<string, string>();
  if (col === '_') return out;
  for (const item of col.split('|')) {
    const eq = item.indexOf('=');
    if (item === '' || eq === 0 || (strict && eq < 0)) {
      throw new InputParseError(`bad ${what} item ${JSON.stringify(item)} (expected Name=Value)`, { file, line });
    }
    const name = eq < 0 ? item : item.slice(0, eq);
    if (out.has(name)) throw new InputParseError(`${what} repeats ${name}`, { file, line });
    out.set(name, eq < 0 ? '' : item.slice(eq + 1));
  }
  return out;
}

/** Parses CoNLL-U text into sentences. `file` is used in error messages and default ids. */
export function parseConllu(text: string, file = '<conllu>'): ConlluSentence[] {
  const lines = splitLines(text);
  const sentences: ConlluSentence[] = [];
  let docId = '';
  let docCount = 0;
  let cur: ConlluSentence | null = null;
  let newdocPending: { id: string | null } | null = null;

  const finish = (): void => {
    if (!cur) return;
    if (cur.words.length === 0) throw new InputParseError('sentence has no words', { file, line: cur.line });
    checkSentence(cur, file);
    sentences.push(cur);
    cur = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i];
    if (raw.trim() === '') {
      finish();
      continue;
    }
    if (!cur) {
      cur = { id: '', comments: [], words: [], multiwords: [], emptyNodes: [], line: lineNo, docId: '' };
      newdocPending = null;
    }
    if (raw.startsWith('#')) {
      if (cur.words.length > 0 || cur.multiwords.length > 0 || cur.emptyNodes.length > 0) {
        throw new InputParseError('comment line inside a sentence (a blank line must end the sentence first)', { file, line: lineNo });
      }
      const body = raw.slice(1).trim();
      const eq = body.indexOf(' = ');
      const key = eq < 0 ? body.replace(/\s*=$/, '') : body.slice(0, eq).trim();
      const value = eq < 0 ? '' : body.slice(eq + 3).trim();
      cur.comments.push({ key, value });
      if (key === 'sent_id') cur.id = value;
      else if (key === 'text') cur.text = value;
      else if (key === 'newdoc id' || key === 'newdoc') newdocPending = { id: key === 'newdoc' ? null : value };
      continue;
    }
    if (cur.words.length === 0 && cur.multiwords.length === 0 && cur.emptyNodes.length === 0) {
      // first token line: settle the document of this sentence
      if (newdocPending && (newdocPending.id === null || newdocPending.id !== docId || docCount === 0)) {
        docCount++;
        docId = newdocPending.id ?? `doc${docCount}`;
      } else if (docCount === 0) {
        docCount = 1;
        docId = 'doc1';
      }
      cur.docId = docId;
      if (!cur.id) cur.id = `s${sentences.length + 1}`;
    }
    parseTokenLine(raw, cur, file, lineNo);
  }
  finish();
  return sentences;
}

function parseTokenLine(raw: string, s: ConlluSentence, file: string, line: number): void {
  const cols = raw.split('\t');
  if (cols.length !== 10) {
    throw new InputParseError(`expected 10 tab-separated columns, found ${cols.length}`, { file, line });
  }
  const [id, form, lemma, upos, xpos, featsCol, headCol, deprel, deps, miscCol] = cols;
  let m: RegExpExecArray | null;
  if ((m = RANGE_RE.exec(id))) {
    const start = Number(m[1]);
    const end = Number(m[2]);
    if (end <= start) throw new InputParseError(`bad multiword range ${id}`, { file, line });
    if (start !== s.words.length + 1) {
      throw new InputParseError(`multiword range ${id} must come just before word ${s.words.length + 1}`, { file, line });
    }
    s.multiwords.push({ start, end, form, misc: parseFeatureColumn(miscCol, false, file, line, 'MISC'), line });
    return;
  }
  if ((m = EMPTY_RE.exec(id))) {
    const after = Number(m[1]);
    if (after !== s.words.length) throw new InputParseError(`empty node ${id} out of place`, { file, line });
    s.emptyNodes.push({
      id, after, form, lemma, upos, xpos,
      feats: parseFeatureColumn(featsCol, true, file, line, 'FEATS'),
      misc: parseFeatureColumn(miscCol, false, file, line, 'MISC'),
      line,
    });
    return;
  }
  if (!INT_RE.test(id) || id === '0') throw new InputParseError(`bad ID ${JSON.stringify(id)}`, { file, line });
  const n = Number(id);
  if (n !== s.words.length + 1) {
    throw new InputParseError(`word ID ${n} out of sequence (expected ${s.words.length + 1})`, { file, line });
  }
  let head: number | null = null;
  if (headCol !== '_') {
    if (!INT_RE.test(headCol)) throw new InputParseError(`HEAD is not a number: ${JSON.stringify(headCol)}`, { file, line });
    head = Number(headCol);
  }
  if (form === '') throw new InputParseError('empty FORM', { file, line });
  s.words.push({
    id: n, form, lemma, upos, xpos,
    feats: parseFeatureColumn(featsCol, true, file, line, 'FEATS'),
    head, deprel, deps,
    misc: parseFeatureColumn(miscCol, false, file, line, 'MISC'),
    line,
  });
}

/** Checks what needs the whole sentence: heads in range, ranges within the words. */
function checkSentence(s: ConlluSentence, file: string): void {
  const n = s.words.length;
  for (const w of s.words) {
    if (w.head !== null && w.head > n) {
      throw new InputParseError(`HEAD ${w.head} points past the last word (${n})`, { file, line: w.line });
    }
  }
  for (const mw of s.multiwords) {
    if (mw.end > n) throw new InputParseError(`multiword range ${mw.start}-${mw.end} past the last word (${n})`, { file, line: mw.line });
  }
  for (let i = 1; i < s.multiwords.length; i++) {
    if (s.multiwords[i].start <= s.multiwords[i - 1].end) {
      throw new InputParseError('overlapping multiword ranges', { file, line: s.multiwords[i].line });
    }
  }
}

/** Groups sentences into documents by their `docId`, keeping order (consecutive runs). */
export function groupDocuments(sentences: ConlluSentence[]): ConlluDocument[] {
  const docs: ConlluDocument[] = [];
  for (const s of sentences) {
    const last = docs[docs.length - 1];
    if (last && last.id === s.docId) last.sentences.push(s);
    else docs.push({ id: s.docId, sentences: [s] });
  }
  return docs;
}

/** Reads and parses a CoNLL-U file into documents. */
export function readConllu(file: string): ConlluDocument[] {
  return groupDocuments(parseConllu(readTextFile(file), file));
}
