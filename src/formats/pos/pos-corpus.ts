/**
 * The bridge between pos files and the corpus model (src/corpus/types.ts).
 *
 * pos → corpus: a token is Arabic when it has a LOOK-UP WORD line and no
 * `Non-Alphabetic Data` comment; its candidates are its solutions, or when it has none,
 * all its alternatives' solutions, deduplicated by labelKey(lemma, morph) (first kept; lemma
 * and morphology trimmed). `gold` is the starred candidate (or -1); a token with several starred
 * candidates has them all as its `golds` (several gold labels), `gold` the first; a token carrying the
 * GOLD_UNMATCHED_COMMENT has its starred candidate flagged as a gold label no analyzer gave;
 * a solution's source is the one its comments give (pos-sources.ts: 'backoff', 'rule', 'analyzer').
 * Non-Arabic tokens get no candidates (any solutions they carry are ignored). Comments other
 * than the standard ones (`X NOT FOUND`, `Non-Alphabetic Data`, the gold marker, empty ones)
 * become the token's `note`, one per line. Documents come from `;;; DOCUMENT:` lines (the
 * implicit first one is `doc1`), sentences from the INDEX paragraph: sentence id `DOC/P`
 * (`DOC/1` for a document without INDEX lines, which is one sentence).
 *
 * The inverse, corpus → pos, is corpus-pos.ts.
 */
import { isSourceComment, solutionSources } from './pos-sources.js';
import { CorpusError } from '../../errors.js';
import { setGolds, type Candidate, type Corpus, type Document, type Sentence, type Token } from '../../corpus/types.js';
import { labelKey, type LabelElements } from '../../labels/elements.js';
import { factorize as defaultFactorize } from '../../labels/factorize.js';
import { sharedElements } from '../../labels/factorize-cache.js';
import {
  GOLD_UNMATCHED_COMMENT,
  IMPLICIT_DOCUMENT_ID,
  NON_ALPHABETIC_COMMENT,
  type PosDocument,
  type PosFile,
  type PosSolution,
  type PosToken,
} from './pos-model.js';

/** Factors a label (lemma ID, morphology) into its label elements. */
export type Factorize = (lemma: string, morph: string) => LabelElements;

/** Options of {@link posToCorpus}. */
export interface PosToCorpusOptions {
  factorize: Factorize;
  /**
   * A converter (posDocumentConverter) shared by several calls, so that a stream converting a
   * window at a time keeps one string table and one elements object per label across windows;
   * a fresh one per call by default.
   */
  converter?: (d: PosDocument) => Document;
}

export const defaultPosToCorpusOptions: PosToCorpusOptions = { factorize: defaultFactorize };

const NOT_FOUND_RE = /NOT FOUND$/;

function isStandardComment(c: string): boolean {
  return c.trim() === '' || c === NON_ALPHABETIC_COMMENT || c === GOLD_UNMATCHED_COMMENT || isSourceComment(c) || NOT_FOUND_RE.test(c);
}

/**
 * Keeps one flat copy of each distinct string. Strings cut from a file's text are slices
 * that keep the whole text alive; a large corpus holds few distinct strings, so copying each
 * once lets the text be freed and shares the rest.
 */
class Interner {
  private readonly seen = new Map<string, string>();
  get(s: string): string {
    let out = this.seen.get(s);
    if (out === undefined) {
      out = flat(s);
      this.seen.set(out, out);
    }
    return out;
  }
}

/** The string itself (for strings that keep no larger text alive). */
const own = (s: string): string => s;

/**
 * A copy of a string that keeps no larger text alive (V8 cuts substrings of 13 characters or more
 * as slices of their parent).
 */
function flat(s: string): string {
  return s.length < 13 ? s : Buffer.from(s, 'utf8').toString('utf8');
}

/** Frozen solutions whose candidate a {@link CandidateTable} keeps by identity, per source, before it starts afresh. */
const SHARED_SOLUTIONS_MAX = 1 << 18;

/**
 * One frozen candidate per distinct solution, shared by every token that carries it: a large
 * corpus repeats few distinct solutions, so this keeps one object (and one look-up) per
 * solution instead of one per token. A frozen solution (one per distinct SOLUTION line, shared
 * by the canonical reader) is told by its identity, any other by its content (source, number,
 * voc, lemma, morphology, gloss).
 */
class CandidateTable {
  private readonly seen = new Map<string, Candidate>();
  /**
   * The candidates of frozen solutions by the solution object, per source: a frozen solution
   * cannot change, and a reader that shares one per distinct solution line (pos-block.ts)
   * is spared building its id. A frozen solution's strings are taken as they are: such a
   * reader cuts them from the solution's own line, not from a larger text they would keep alive.
   */
  private readonly byObject = new Map<Candidate['source'], Map<PosSolution, Candidate>>();
  constructor(private readonly factor: (lemma: string, morph: string) => LabelElements) {}
  get(s: PosSolution, source: Candidate['source']): Candidate {
    if (!Object.isFrozen(s)) return this.byId(s, source, flat);
    let mine = this.byObject.get(source);
    if (!mine) this.byObject.set(source, (mine = new Map()));
    let c = mine.get(s);
    if (c === undefined) {
      // no look-up by id: the reader shares one frozen solution per distinct line, so another
      // object with the same id is rare (the line with and without its star), and building
      // and hashing the id cost more than the odd second candidate
      c = this.create(s, source, own);
      if (mine.size >= SHARED_SOLUTIONS_MAX) mine.clear();
      mine.set(s, c);
    }
    return c;
  }
  /** The candidate by the solution's id; `copy` makes the candidate's strings from the solution's. */
  private byId(s: PosSolution, source: Candidate['source'], copy: (s: string) => string): Candidate {
    const id = `${source}\u0001${s.n}\u0001${s.voc}\u0001${s.lemma ?? ''}\u0001${s.morph}\u0001${s.gloss ?? ''}`;
    let c = this.seen.get(id);
    if (c === undefined) {
      c = this.create(s, source, copy);
      this.seen.set(flat(id), c);
    }
    return c;
  }
  /** A new frozen candidate of the solution; `copy` makes its strings from the solution's. */
  private create(s: PosSolution, source: Candidate['source'], copy: (s: string) => string): Candidate {
    // flat copies, not looked up in the string table: one per distinct solution is few, and
    // a look-up in a table of a million strings costs more than the copy
    const lemma = copy((s.lemma ?? '').trim());
    const morph = copy(s.morph.trim());
    return Object.freeze({
      key: labelKey(lemma, morph), lemma, morph, voc: copy(s.voc), gloss: copy(s.gloss ?? ''),
      elements: this.factor(lemma, morph), source, solutionNo: s.n,
    } as Candidate);
  }
}

/**
 * The token's INDEX: a frozen one as it is (it cannot change: pos-fast.ts shares one per pair), a
 * copy of any other.
 */
function ownIndex(index: NonNullable<PosToken['index']>): NonNullable<Token['index']> {
  return Object.isFrozen(index) ? index : { paragraph: index.paragraph, word: index.word };
}

function corpusToken(t: PosToken, table: CandidateTable, str: Interner, where: string): Token {
  const arabic = t.lookup !== undefined && !t.comments.includes(NON_ALPHABETIC_COMMENT);
  // flat copies, not looked up: a reader that converts each distinct token once (pos-fast.ts) shares them
  const form = flat(t.input);
  const lookup = flat(t.lookup ?? t.input);
  // the INDEX in the literal, in its place after gold: added afterwards it would take V8 a
  // second object (out-of-object properties) for every token of the corpus
  const token: Token = t.index
    ? { form, lookup, arabic, candidates: [], gold: -1, index: ownIndex(t.index) }
    : { form, lookup, arabic, candidates: [], gold: -1 };
  if (t.comments.length > 0) {
    const note = t.comments.filter((c) => !isStandardComment(c));
    if (note.length > 0) token.note = str.get(note.join('\n'));
  }
  if (!arabic) return token;
  const own = t.solutions.length > 0;
  const sources = own || t.alternatives.length === 0 ? t.solutions : t.alternatives.flatMap((a) => a.solutions);
  if (own && t.alternatives.some((a) => a.solutions.some((s) => s.gold)))
    throw new CorpusError(`${where}: token "${t.input}" stars an alternative although it has solutions of its own`);
  const sourceOf = solutionSources(t, own);
  const cands: Candidate[] = [];
  // the starred candidates (one starred twice over, by two solutions of one label, is one gold label)
  let starred: number[] | undefined;
  for (const s of sources) {
    const c = table.get(s, sourceOf(s));
    // deduplicated by label key, the first kept (few candidates: a scan)
    let at = 0;
    while (at < cands.length && cands[at].key !== c.key) at++;
    if (at === cands.length) cands.push(c);
    if (s.gold) (starred ??= []).push(at);
  }
  // an exact-size array (one grown by push keeps room for 17)
  token.candidates = cands.slice();
  if (starred) setGolds(token, starred);
  const golds = token.golds;
  if (golds) {
    if (t.comments.includes(GOLD_UNMATCHED_COMMENT))
      throw new CorpusError(`${where}: token "${t.input}" has ${golds.length} starred solutions and a gold label no analyzer gave`);
  } else if (token.gold >= 0 && t.comments.includes(GOLD_UNMATCHED_COMMENT)) {
    token.candidates[token.gold] = Object.freeze({ ...cands[token.gold], source: 'gold' });
    token.goldUnmatched = true;
  }
  return token;
}

/**
 * The conversion of one pos file's tokens into corpus tokens, sharing one string table and one
 * elements object per label across all the tokens it converts (see {@link posConversion}).
 */
export interface PosConversion {
  /**
   * The corpus token of a pos token (its index kept). Throws CorpusError on a token with a star
   * on an alternative although the word has solutions, or several stars and the gold-unmatched comment.
   */
  token(t: PosToken): Token;
  /** The table's one flat copy of a string (a slice of a large text would keep the text alive). */
  intern(s: string): string;
}

/**
 * The token conversion of a pos file: takes the file name (for error messages) and the
 * options; returns the {@link PosConversion}, whose tables are shared by every token it converts.
 */
export function posConversion(source: string | undefined, options: Partial<PosToCorpusOptions> = {}): PosConversion {
  const { factorize } = { ...defaultPosToCorpusOptions, ...options };
  // With the built-in factorizer, each morphology shape is factored once per process
  // (src/labels/factorize-cache.ts, as the tagger does) and each candidate gets a frozen copy
  // with its lemma; with another, one frozen object per label.
  const cache = new Map<string, LabelElements>();
  const str = new Interner();
  const factor = factorize === defaultFactorize ? sharedElements : (lemma: string, morph: string): LabelElements => {
    const key = labelKey(lemma, morph);
    let el = cache.get(key);
    if (!el) {
      el = Object.freeze(
        Object.fromEntries(Object.entries(factorize(lemma, morph)).map(([k, v]) => [k, str.get(v)])) as LabelElements,
      );
      cache.set(key, el);
    }
    return el;
  };
  const where = source ?? 'pos file';
  const table = new CandidateTable(factor);
  return { token: (t) => corpusToken(t, table, str, where), intern: (s) => str.get(s) };
}

/**
 * The corpus document of a pos document's tokens: sentences by the tokens' INDEX paragraph
 * (sentence id `DOC/P`; `DOC/1` for tokens without INDEX). Takes the document id (already
 * interned), the items, each item's paragraph, its corpus token and the string table.
 */
export function documentOf<T>(
  id: string,
  items: readonly T[],
  paragraph: (item: T) => number | undefined,
  token: (item: T) => Token,
  intern: (s: string) => string,
): Document {
  const sentences: Sentence[] = [];
  let current: Sentence | undefined;
  let last: number | undefined;
  for (const item of items) {
    const p = paragraph(item);
    if (!current || (p !== undefined && p !== last)) {
      current = { id: intern(`${id}/${p ?? 1}`), tokens: [] };
      sentences.push(current);
      last = p;
    }
    current.tokens.push(token(item));
  }
  return { id, sentences };
}

/**
 * A converter of pos documents into corpus documents, one at a time, sharing one string table
 * and one elements object per label across all the documents it converts (so a reader can
 * convert each document as soon as it is parsed and drop it). `source` names the file in
 * error messages. The returned function throws CorpusError as {@link PosConversion.token} does.
 */
export function posDocumentConverter(
  source: string | undefined,
  options: Partial<PosToCorpusOptions> = {},
): (d: PosDocument) => Document {
  const conv = posConversion(source, options);
  return (d: PosDocument): Document =>
    documentOf(conv.intern(d.id ?? IMPLICIT_DOCUMENT_ID), d.tokens, (t) => t.index?.paragraph, conv.token, conv.intern);
}

/**
 * Builds the corpus of a pos file (see the module comment for the rules). Takes the file's
 * model and the options; returns the corpus. Throws CorpusError as {@link PosConversion.token} does.
 */
export function posToCorpus(pos: PosFile, options: Partial<PosToCorpusOptions> = {}): Corpus {
  const convert = options.converter ?? posDocumentConverter(pos.source, options);
  const corpus: Corpus = { documents: pos.documents.map(convert) };
  if (pos.source !== undefined) corpus.source = pos.source;
  return corpus;
}

/** Takes a corpus; returns it when some token carries a gold mark. Throws CorpusError when none does. */
export function requireGold(corpus: Corpus): Corpus {
  for (const d of corpus.documents)
    for (const s of d.sentences) for (const t of s.tokens) if (t.gold >= 0) return corpus;
  const file = corpus.source ?? 'the corpus';
  throw new CorpusError(`no gold marks (* SOLUTION) in ${file}`, { file: corpus.source });
}
