/**
 * The plain candidates format, for analyzers of other languages. One token per line, in one
 * of two layouts (a file uses one; any analysis starting with `* `, star and space, makes it starred):
 *
 *     form<TAB>gold analysis<TAB>other analysis<TAB>…          gold-first
 *     form<TAB>analysis<TAB>* gold analysis<TAB>analysis<TAB>… starred: the analyzer's own order
 *
 * Gold-first: the first analysis is the right one, or `?` when none is known. Its order tells
 * the gold, so it is not the analyzer's: the reader stores the candidates in a hash order of
 * their label keys (the same whichever analysis was gold) and marks the corpus
 * `analyzerOrder: false`. Starred: the order is the analyzer's; the gold analysis carries the
 * mark `* ` (as the ATB format's `* SOLUTION`: a bare `*` is Buckwalter's ذ and may start a
 * lemma), and when several are right, each of them does (Token.golds: several gold labels); a
 * line without one (or starting with `?`) has no gold. The candidates are stored in the
 * same hash order, each with its `analyzerRank`. A file where no line has a gold analysis keeps
 * the analyzer's order the same way. `?` stands only in column 2. Duplicates (same labelKey
 * after factoring) are dropped, the first kept. A token with no candidate at all
 * (`form<TAB>?`) is context only (arabic = false, never scored); `arabic` means "to be
 * disambiguated" here. The look-up form is the form.
 *
 * Structure lines (a line is one when it has no tab; surrounding white space ignored):
 *     <DOC> or <DOC id>    starts a document (default id `doc<n>`, n = its ordinal in the file)
 *     </DOC>               ends it
 *     <S> or <S id>        starts a sentence (default id `<doc id>/<m>`, m = ordinal in the doc)
 *     </S>                 ends it; a sentence has at least one token
 *     # …                  a comment (a line starting with `#` and holding no tab)
 *     (blank)              ignored
 * Every token line sits inside <S>…</S>. <DOC> is optional: a file without any <DOC> line is
 * one document `doc1`; a file that has one must put every sentence inside a <DOC>. Document
 * ids are unique. Malformed input is an InputParseError naming the file and line.
 */
import { InputParseError, LexdisError } from '../errors.js';
import { readTextFile, splitLines, type TextEncoding } from '../io/files.js';
import { type Candidate, type Corpus, type Document, type Sentence, setGolds, type Token } from '../corpus/types.js';
import { labelKey, type LabelElements } from '../labels/elements.js';
import { makeGenericFactorizer } from '../labels/generic.js';
import { hash32 } from '../random.js';

/** Splits an analysis string into a label (lemma, morph) and its label elements. */
export type AnalysisFactorizer = (analysis: string) => { lemma: string; morph: string; elements: LabelElements };

/** Options of readCandidatesFile / loadCandidatesFile (docs/formats.md). */
export interface CandidatesReadOptions {
  factorizer: AnalysisFactorizer;
  /** Used by loadCandidatesFile only. */
  encoding: TextEncoding;
}

const defaultCandidatesReadOptions: CandidatesReadOptions = {
  factorizer: makeGenericFactorizer(),
  encoding: 'utf-8',
};

const DOC_RE = /^<DOC(?:\s+(.+))?>$/;
/** The mark of the gold analysis in the starred layout: a star and a space (a bare `*` is Buckwalter's ذ). */
export const GOLD_STAR = '* ';

/** The two token-line layouts (see the module comment). */
export type CandidatesLayout = 'gold-first' | 'starred';

/** The layout of a file (starred when any analysis starts with `* `) and whether any line names a gold analysis. */
function fileLayout(lines: readonly string[]): { layout: CandidatesLayout; anyGold: boolean } {
  let anyGold = false;
  for (const line of lines) {
    if (!line.includes('\t')) continue;
    const analyses = line.split('\t').slice(1);
    if (analyses.some((a) => a.startsWith(GOLD_STAR))) return { layout: 'starred', anyGold: true };
    if (analyses.length > 0 && analyses[0] !== '?') anyGold = true;
  }
  return { layout: 'gold-first', anyGold };
}

/** The stored order of a token's candidates: by a hash of the label key, which does not depend on which one is gold. */
export function compareStored(a: Candidate, b: Candidate): number {
  const ha = hash32(a.key);
  const hb = hash32(b.key);
  if (ha !== hb) return ha - hb;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
const S_RE = /^<S(?:\s+(.+))?>$/;

/** Throws InputParseError with `message` at `line` of `file`. */
function failAt(file: string, line: number, message: string): never {
  throw new InputParseError(message, { file, line });
}

/**
 * Parses a candidates file into a corpus. Takes the text, the file's name (shown in errors and
 * kept as `source`) and the options; returns the corpus. Throws InputParseError (file:line)
 * for a malformed file, UsageError for a bad option.
 */
export function readCandidatesFile(text: string, file: string, options: Partial<CandidatesReadOptions> = {}): Corpus {
  const { factorizer } = { ...defaultCandidatesReadOptions, ...options };
  const lines = splitLines(text);
  const { layout, anyGold } = fileLayout(lines);
  const reading: TokenReading = { file, layout, analyzerOrder: layout === 'starred' || !anyGold, factorizer };
  const structure = new CandidatesStructure(file);
  lines.forEach((line, i) => {
    if (line.includes('\t')) structure.sentence(i + 1).tokens.push(readToken(line, i + 1, reading));
    else structure.line(line.trim(), i + 1);
  });
  structure.end();
  return { documents: structure.documents, source: file, analyzerOrder: reading.analyzerOrder };
}

/** How a file's token lines are read: the file (for errors), its layout, its order, and the factorizer. */
interface TokenReading {
  file: string;
  layout: CandidatesLayout;
  /** Whether the file's order is the analyzer's (and kept as analyzerRank). */
  analyzerOrder: boolean;
  factorizer: AnalysisFactorizer;
}

/** The documents and sentences of a file, as its structure lines open and close them in turn. */
class CandidatesStructure {
  readonly documents: Document[] = [];
  private readonly docIds = new Map<string, number>();
  /** Whether the file uses <DOC> lines (undefined until its first <S> or <DOC> line). */
  private usesDoc: boolean | undefined;
  private doc: Document | undefined;
  private docOpen = 0;
  private sent: Sentence | undefined;
  private sentOpen = 0;

  constructor(private readonly file: string) {}

  /** The open sentence, for a token line at `n`; throws InputParseError when none is open. */
  sentence(n: number): Sentence {
    if (!this.sent) failAt(this.file, n, 'token line outside <S> … </S>');
    return this.sent;
  }

  /** A trimmed line without a tab at `n`: blank or `#` (ignored), or a structure line; throws InputParseError else. */
  line(t: string, n: number): void {
    if (t === '' || t.startsWith('#')) return;
    let m: RegExpExecArray | null;
    if ((m = S_RE.exec(t))) this.openSentence(m[1]?.trim(), n);
    else if (t === '</S>') this.closeSentence(n);
    else if ((m = DOC_RE.exec(t))) this.openDocument(m[1]?.trim(), n);
    else if (t === '</DOC>') this.closeDocument(n);
    else
      failAt(this.file, n, `line without a tab that is not <S>, </S>, <DOC>, </DOC> or a # comment: ${JSON.stringify(t.slice(0, 60))}`);
  }

  /** Throws InputParseError for a sentence or a <DOC> left open at the end of the file. */
  end(): void {
    if (this.sent) failAt(this.file, this.sentOpen, '<S> is never closed');
    if (this.usesDoc && this.doc) failAt(this.file, this.docOpen, '<DOC> is never closed');
  }

  /** `<S id>` at `n` (id undefined: the default): outside a sentence, in the open <DOC> or the one implicit one. */
  private openSentence(id: string | undefined, n: number): void {
    if (this.sent) failAt(this.file, n, `<S> inside the sentence opened on line ${this.sentOpen}`);
    if (!this.doc) {
      if (this.usesDoc) failAt(this.file, n, 'sentence outside <DOC> … </DOC> in a file that uses <DOC>');
      this.usesDoc = false;
      this.doc = this.documents[0] ?? this.addDocument(undefined, n);
    }
    const d = this.doc;
    this.sent = { id: id ?? `${d.id}/${d.sentences.length + 1}`, tokens: [] };
    d.sentences.push(this.sent);
    this.sentOpen = n;
  }

  /** `</S>` at `n`: closes the open sentence, which must hold a token. */
  private closeSentence(n: number): void {
    if (!this.sent) failAt(this.file, n, '</S> without <S>');
    if (this.sent.tokens.length === 0) failAt(this.file, n, 'empty sentence (no token line between <S> and </S>)');
    this.sent = undefined;
  }

  /** `<DOC id>` at `n` (id undefined: the default): outside any sentence and document, in a file that uses <DOC>. */
  private openDocument(id: string | undefined, n: number): void {
    if (this.sent) failAt(this.file, n, `<DOC> inside the sentence opened on line ${this.sentOpen}`);
    if (this.usesDoc === false) failAt(this.file, n, '<DOC> in a file whose earlier sentences are outside any <DOC>');
    if (this.usesDoc) {
      if (this.doc) failAt(this.file, n, `<DOC> inside the document opened on line ${this.docOpen}`);
    }
    this.usesDoc = true;
    this.doc = this.addDocument(id, n);
    this.docOpen = n;
  }

  /** `</DOC>` at `n`: closes the open document, once its sentence is closed. */
  private closeDocument(n: number): void {
    if (this.sent) failAt(this.file, n, `</DOC> while the sentence opened on line ${this.sentOpen} is not closed`);
    if (!this.usesDoc || !this.doc) failAt(this.file, n, '</DOC> without <DOC>');
    this.doc = undefined;
  }

  /** A new document with `id` (undefined: `doc<n>`, n its ordinal), declared at `line`; its id must be new. */
  private addDocument(id: string | undefined, line: number): Document {
    const docId = id ?? `doc${this.documents.length + 1}`;
    const first = this.docIds.get(docId);
    if (first !== undefined) failAt(this.file, line, `duplicate document id "${docId}" (first on line ${first})`);
    this.docIds.set(docId, line);
    const d: Document = { id: docId, sentences: [] };
    this.documents.push(d);
    return d;
  }
}

/** The analyses of a token line's fields at `n` without the `?` and the stars, and which are gold (none: empty). */
function analysesOf(fields: string[], n: number, r: TokenReading): { analyses: string[]; golds: number[] } {
  fields.forEach((a, k) => {
    if (a.trim() === '') failAt(r.file, n, `empty analysis in column ${k + 2}`);
    if (a === '?' && k > 0) failAt(r.file, n, `"?" in column ${k + 2}: it may only stand first, for "no gold analysis"`);
  });
  if (fields[0] === '?') {
    const starred = fields.findIndex((a) => a.startsWith(GOLD_STAR));
    if (starred >= 0)
      failAt(r.file, n, `"${GOLD_STAR}" in column ${starred + 2} of a line whose "?" says it has no gold analysis`);
    return { analyses: fields.slice(1), golds: [] };
  }
  if (r.layout === 'gold-first') return { analyses: fields, golds: [0] };
  const golds: number[] = [];
  const analyses = fields.map((a, k) => {
    if (!a.startsWith(GOLD_STAR)) return a;
    golds.push(k);
    const rest = a.slice(GOLD_STAR.length).trimStart();
    if (rest.trim() === '') failAt(r.file, n, `empty analysis after "${GOLD_STAR}" in column ${k + 2}`);
    return rest;
  });
  return { analyses, golds };
}

/** The token of a token line at `n`: its candidates factored, deduplicated, in stored order, and its golds' indices. */
function readToken(line: string, n: number, r: TokenReading): Token {
  const [form, ...fields] = line.split('\t');
  if (form.trim() === '') failAt(r.file, n, 'empty form');
  const { analyses, golds } = analysesOf(fields, n, r);
  const candidates: Candidate[] = [];
  const keys = new Map<string, Candidate>();
  const goldKeys = new Set<string>();
  for (const [k, a] of analyses.entries()) {
    let f: ReturnType<AnalysisFactorizer>;
    try {
      f = r.factorizer(a);
    } catch (err) {
      const why = err instanceof LexdisError || err instanceof Error ? err.message : String(err);
      return failAt(r.file, n, `cannot factor analysis "${a}": ${why}`);
    }
    const key = labelKey(f.lemma, f.morph);
    if (golds.includes(k)) goldKeys.add(key);
    if (keys.has(key)) continue;
    const c: Candidate = { key, lemma: f.lemma, morph: f.morph, voc: '', gloss: '', elements: f.elements, source: 'analyzer' };
    if (r.analyzerOrder) c.analyzerRank = candidates.length;
    keys.set(key, c);
    candidates.push(c);
  }
  candidates.sort(compareStored);
  const token: Token = { form, lookup: form, arabic: candidates.length > 0, candidates, gold: -1 };
  return setGolds(token, candidates.flatMap((c, i) => (goldKeys.has(c.key) ? [i] : [])));
}

/**
 * Reads a candidates file from disk. Takes the path and the options (encoding…); returns the
 * corpus. Throws DataNotFoundError for a missing file, InputParseError (file:line) for a
 * malformed one.
 */
export function loadCandidatesFile(path: string, options: Partial<CandidatesReadOptions> = {}): Corpus {
  const opts = { ...defaultCandidatesReadOptions, ...options };
  return readCandidatesFile(readTextFile(path, opts.encoding), path, opts);
}
