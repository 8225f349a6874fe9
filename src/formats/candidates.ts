/**
 * The plain candidates format, for analyzers of other languages. One token per line:
 *
 *     form<TAB>gold analysis<TAB>other analysis<TAB>…
 *
 * The first analysis is the right one, or `?` when none is known (`?` nowhere else). The
 * gold analysis is a candidate too; duplicates (same labelKey after factoring) are dropped,
 * the first kept, so the gold candidate is always index 0. A token with no candidate at all
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
import { InputParseError, LexdisError, UsageError } from '../errors.js';
import { readTextFile, splitLines, type TextEncoding } from '../io.js';
import type { Candidate, Corpus, Document, Sentence, Token } from '../corpus/types.js';
import { labelKey, type LabelElements } from '../labels/elements.js';
import { makeGenericFactorizer } from '../labels/generic.js';

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
const S_RE = /^<S(?:\s+(.+))?>$/;

/** Parses a candidates file into a corpus. `file` names it in errors and in `source`. */
export function readCandidatesFile(text: string, file: string, options: Partial<CandidatesReadOptions> = {}): Corpus {
  const { factorizer } = { ...defaultCandidatesReadOptions, ...options };
  const fail = (message: string, line: number): never => {
    throw new InputParseError(message, { file, line });
  };
  const documents: Document[] = [];
  const docIds = new Map<string, number>();
  let usesDoc: boolean | undefined;
  let doc: Document | undefined;
  let docOpen = 0;
  let sent: Sentence | undefined;
  let sentOpen = 0;

  const addDocument = (id: string | undefined, line: number): Document => {
    const docId = id ?? `doc${documents.length + 1}`;
    const first = docIds.get(docId);
    if (first !== undefined) fail(`duplicate document id "${docId}" (first on line ${first})`, line);
    docIds.set(docId, line);
    const d: Document = { id: docId, sentences: [] };
    documents.push(d);
    return d;
  };

  splitLines(text).forEach((line, i) => {
    const n = i + 1;
    if (line.includes('\t')) {
      if (!sent) fail('token line outside <S> … </S>', n);
      sent!.tokens.push(readToken(line, n));
      return;
    }
    const t = line.trim();
    if (t === '' || t.startsWith('#')) return;
    let m: RegExpExecArray | null;
    if ((m = S_RE.exec(t))) {
      if (sent) fail(`<S> inside the sentence opened on line ${sentOpen}`, n);
      if (!doc) {
        if (usesDoc) fail('sentence outside <DOC> … </DOC> in a file that uses <DOC>', n);
        usesDoc = false;
        doc = documents[0] ?? addDocument(undefined, n);
      }
      const d = doc!;
      sent = { id: m[1]?.trim() ?? `${d.id}/${d.sentences.length + 1}`, tokens: [] };
      d.sentences.push(sent);
      sentOpen = n;
    } else if (t === '</S>') {
      if (!sent) fail('</S> without <S>', n);
      if (sent!.tokens.length === 0) fail('empty sentence (no token line between <S> and </S>)', n);
      sent = undefined;
    } else if ((m = DOC_RE.exec(t))) {
      if (sent) fail(`<DOC> inside the sentence opened on line ${sentOpen}`, n);
      if (usesDoc === false) fail('<DOC> in a file whose earlier sentences are outside any <DOC>', n);
      if (usesDoc) {
        if (doc) fail(`<DOC> inside the document opened on line ${docOpen}`, n);
      }
      usesDoc = true;
      doc = addDocument(m[1]?.trim(), n);
      docOpen = n;
    } else if (t === '</DOC>') {
      if (sent) fail(`</DOC> while the sentence opened on line ${sentOpen} is not closed`, n);
      if (!usesDoc || !doc) fail('</DOC> without <DOC>', n);
      doc = undefined;
    } else fail(`line without a tab that is not <S>, </S>, <DOC>, </DOC> or a # comment: ${JSON.stringify(t.slice(0, 60))}`, n);
  });
  if (sent) fail('<S> is never closed', sentOpen);
  if (usesDoc && doc) fail('<DOC> is never closed', docOpen);
  return { documents, source: file };

  function readToken(line: string, n: number): Token {
    const [form, ...analyses] = line.split('\t');
    if (form.trim() === '') fail('empty form', n);
    analyses.forEach((a, k) => {
      if (a.trim() === '') fail(`empty analysis in column ${k + 2}`, n);
      if (a === '?' && k > 0) fail(`"?" in column ${k + 2}: it may only stand first, for "no gold analysis"`, n);
    });
    const known = analyses[0] !== '?';
    const candidates: Candidate[] = [];
    const keys = new Set<string>();
    for (const a of known ? analyses : analyses.slice(1)) {
      let f: ReturnType<AnalysisFactorizer>;
      try {
        f = factorizer(a);
      } catch (err) {
        const why = err instanceof LexdisError || err instanceof Error ? err.message : String(err);
        return fail(`cannot factor analysis "${a}": ${why}`, n);
      }
      const key = labelKey(f.lemma, f.morph);
      if (keys.has(key)) continue;
      keys.add(key);
      candidates.push({ key, lemma: f.lemma, morph: f.morph, voc: '', gloss: '', elements: f.elements, source: 'analyzer' });
    }
    return { form, lookup: form, arabic: candidates.length > 0, candidates, gold: known ? 0 : -1 };
  }
}

/** Reads a candidates file from disk. */
export function loadCandidatesFile(path: string, options: Partial<CandidatesReadOptions> = {}): Corpus {
  const opts = { ...defaultCandidatesReadOptions, ...options };
  return readCandidatesFile(readTextFile(path, opts.encoding), path, opts);
}

/** Options of writeCandidatesFile. */
export interface CandidatesWriteOptions {
  /** The analysis string of a candidate. Default: `lemma/morph` (the generic factorizer's default form), or `lemma` when morph is empty. */
  analysisOf: (candidate: Candidate) => string;
}

const defaultCandidatesWriteOptions: CandidatesWriteOptions = {
  analysisOf: (c) => (c.morph === '' ? c.lemma : `${c.lemma}/${c.morph}`),
};

function checkField(value: string, what: string): string {
  if (value.trim() === '' || /[\t\r\n]/.test(value))
    throw new UsageError(`candidates writer: ${what} ${JSON.stringify(value)} is empty or holds a tab or line break`);
  return value;
}

/**
 * Writes a corpus in the candidates format: always with <DOC> lines; ids are written only
 * where they differ from the defaults the reader would give. The gold candidate goes first,
 * then the others in candidate order; tokens without gold start with `?`.
 */
export function writeCandidatesFile(corpus: Corpus, options: Partial<CandidatesWriteOptions> = {}): string {
  const { analysisOf } = { ...defaultCandidatesWriteOptions, ...options };
  const out: string[] = [];
  const tag = (name: string, id: string, dflt: string): string => {
    if (id === dflt) return `<${name}>`;
    if (id !== id.trim() || id === '' || /[\r\n]/.test(id))
      throw new UsageError(`candidates writer: ${name} id ${JSON.stringify(id)} cannot be written`);
    return `<${name} ${id}>`;
  };
  corpus.documents.forEach((doc, di) => {
    out.push(tag('DOC', doc.id, `doc${di + 1}`));
    doc.sentences.forEach((s, si) => {
      if (s.tokens.length === 0) throw new UsageError(`candidates writer: sentence ${s.id} has no tokens`);
      out.push(tag('S', s.id, `${doc.id}/${si + 1}`));
      for (const t of s.tokens) {
        const order = t.candidates.map((_, i) => i).filter((i) => i !== t.gold);
        const fields = [checkField(t.form, 'form')];
        if (t.gold >= 0) order.unshift(t.gold);
        else fields.push('?');
        for (const i of order) {
          const a = checkField(analysisOf(t.candidates[i]), 'analysis');
          if (a === '?') throw new UsageError(`candidates writer: analysis "?" of "${t.form}" would read as "no gold"`);
          fields.push(a);
        }
        out.push(fields.join('\t'));
      }
      out.push('</S>');
    });
    out.push('</DOC>');
  });
  return out.map((l) => `${l}\n`).join('');
}
