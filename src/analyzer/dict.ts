/**
 * One lexicon file (dictPrefixes, dictStems, dictSuffixes) indexed by unvocalized form.
 *
 * Loading checks every line (four tab-separated fields, a POS that is given or deducible)
 * and records, per form, where its entry lines start and which `;; lemmaID` line governs
 * them; an entry is turned into a {@link LexEntry} the first time its form is looked up.
 * Loading the 82,000-entry BAMA stem lexicon therefore allocates little, and a look-up never
 * scans the lexicon.
 */
import { formHash, indexText, lineEnd, POS_TAG } from './dict-index.js';

/** One lexicon entry as the engine uses it (all strings Buckwalter, gloss cleaned). */
export interface LexEntry {
  /** Vocalized form (field 2). */
  readonly voc: string;
  /** Morphological category (field 3). */
  readonly category: string;
  /** The category's number in the compatibility tables (-1: in no table, so compatible with nothing). */
  readonly cat: number;
  /** Gloss with the `<pos>` part removed, trailing space trimmed, `;` written as `/`. */
  readonly gloss: string;
  /** POS field: the `<pos>…</pos>` content, or one deduced from the category. */
  readonly pos: string;
  /** Lemma ID from the last `;; ` line above the entry ('' when none). */
  readonly lemma: string;
  /** True for an entry the file carries commented out, indexed only on request (see {@link DictOptions}). */
  readonly commented: boolean;
}

/** How a lexicon file is indexed. */
export interface DictOptions {
  /**
   * Also index the entries the file carries commented out: a line `;` + a complete
   * four-field entry whose gloss/POS field matches this pattern (BAMA 1.0's case endings).
   */
  commented?: RegExp;
}

/** Look-up of lexicon entries by unvocalized form. */
export interface EntryIndex {
  /** The entries of a form, in file order; undefined when the form is not in the lexicon. */
  get(form: string): readonly LexEntry[] | undefined;
  /** Every form of the lexicon. */
  forms(): IterableIterator<string>;
  /**
   * Calls `visit` with the vocalization and POS field of every entry, in the order of
   * {@link forms} and then of {@link get}, without building or keeping the entries (a scan:
   * a look-up keeps what it builds).
   */
  scan(visit: (voc: string, pos: string) => void): void;
  /** Number of entry lines. */
  readonly entryCount: number;
  /** Distinct lemma IDs named by `;; ` lines. */
  readonly lemmaCount: number;
}

const TRAILING_WS = /[ \t\n\r\f\v]+$/;

/** The POS field the reference deduces for an entry without `<pos>`; null when it cannot. */
export function deducePos(voc: string, cat: string, gloss: string): string | null {
  if (cat === 'Pref-0' || cat === 'Suff-0') return '';
  switch (cat.charAt(0)) {
    case 'F': return `${voc}/FUNC_WORD`;
    case 'N': return /^[A-Z]/.test(gloss) ? `${voc}/NOUN_PROP` : `${voc}/NOUN`;
    default:
  }
  if (cat.startsWith('IV')) return `${voc}/VERB_IMPERFECT`;
  if (cat.startsWith('PV')) return `${voc}/VERB_PERFECT`;
  if (cat.startsWith('CV')) return `${voc}/VERB_IMPERATIVE`;
  return null;
}

/**
 * The POS field of an entry, given its vocalization, category and gloss field: the first
 * `<pos>…</pos>` content, else a deduced one (null: none).
 */
export function entryPos(voc: string, cat: string, glossPos: string): string | null {
  const tagged = glossPos.includes('<pos>') ? POS_TAG.exec(glossPos) : null;
  return tagged ? tagged[1] : deducePos(voc, cat, glossPos);
}

/** The gloss as printed: first `<pos>…</pos>` removed, trailing space trimmed, `;` → `/`. */
export function cleanGloss(glossPos: string): string {
  let g = glossPos;
  if (g.includes('<pos>')) g = g.replace(POS_TAG, '');
  const last = g.charCodeAt(g.length - 1);
  if (last === 32 || (last >= 9 && last <= 13)) g = g.replace(TRAILING_WS, '');
  return g.includes(';') ? g.replaceAll(';', '/') : g;
}

/**
 * A lexicon file's index as stored in a compiled form of the tables (src/analyzer/image.ts):
 * the text it indexes and its arrays, which a look-up reads as they are.
 */
export interface DictImage {
  /** The file's text as indexed (with whatever loading added or changed). */
  text: string;
  /**
   * Per entry: where its line starts, its lemma number, the next entry of its form (-1: none), 1
   * when commented out.
   */
  lineStart: Int32Array;
  lemmaOf: Int32Array;
  nextOf: Int32Array;
  commented: Uint8Array;
  /** The first entry of each form, in the order forms first appear. */
  heads: Int32Array;
  /** Open addressing by {@link formHash}: a form's first entry + 1 (0: empty); a power of two long. */
  slots: Int32Array;
  /** Per lemma number: where its ID starts and ends in the text (lemma 0: none, ''). */
  lemmaSpans: Int32Array;
  lemmaCount: number;
}

/** A lexicon file's index; see the module comment. */
export class LexiconDict implements EntryIndex {
  private readonly text: string;
  private readonly lineStart: Int32Array;
  private readonly lemmaOf: Int32Array;
  private readonly nextOf: Int32Array;
  private readonly commented: Uint8Array;
  private readonly heads: Int32Array;
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly lemmaSpans: Int32Array;
  private readonly built = new Map<string, readonly LexEntry[]>();
  readonly entryCount: number;
  readonly lemmaCount: number;

  /**
   * Indexes the text of one lexicon file, or takes the index an {@link image} describes as it is
   * (its arrays used, not copied). `categoryId` numbers a category for the compatibility tables
   * (-1 when it is in none). Throws InputParseError with file and line (a text only).
   */
  constructor(
    text: string | DictImage,
    readonly file: string,
    private readonly categoryId: (cat: string) => number,
    options: DictOptions = {},
  ) {
    const image = typeof text === 'string' ? { text, ...indexText(text, file, options) } : text;
    this.text = image.text;
    this.lineStart = image.lineStart;
    this.lemmaOf = image.lemmaOf;
    this.nextOf = image.nextOf;
    this.commented = image.commented;
    this.heads = image.heads;
    this.slots = image.slots;
    this.mask = image.slots.length - 1;
    this.lemmaSpans = image.lemmaSpans;
    this.entryCount = image.lineStart.length;
    this.lemmaCount = image.lemmaCount;
  }

  /** The index as a compiled form of the tables stores it (its arrays are this index's own: read them only). */
  image(): DictImage {
    const { text, lineStart, lemmaOf, nextOf, commented, heads, slots, lemmaSpans, lemmaCount } = this;
    return { text, lineStart, lemmaOf, nextOf, commented, heads, slots, lemmaSpans, lemmaCount };
  }

  /** The first entry of `form`, or -1. */
  private head(form: string): number {
    const { slots, mask, text, lineStart } = this;
    for (let s = formHash(form) & mask; ; s = (s + 1) & mask) {
      const k = slots[s] - 1;
      if (k < 0) return -1;
      const at = lineStart[k];
      if (text.charCodeAt(at + form.length) === 9 /* tab */ && text.startsWith(form, at)) return k;
    }
  }

  /** The vocalization, category and gloss field of entry number `k` (its line was checked on loading). */
  private fields(k: number): { voc: string; category: string; glossPos: string } {
    const { text } = this;
    const start = this.lineStart[k];
    const t1 = text.indexOf('\t', start);
    const t2 = text.indexOf('\t', t1 + 1);
    const t3 = text.indexOf('\t', t2 + 1);
    return {
      voc: text.slice(t1 + 1, t2),
      category: text.slice(t2 + 1, t3),
      glossPos: text.slice(t3 + 1, lineEnd(text, start)),
    };
  }

  /** Builds entry number `k`. */
  private entry(k: number): LexEntry {
    const { voc, category, glossPos } = this.fields(k);
    return {
      voc,
      category,
      cat: this.categoryId(category),
      gloss: cleanGloss(glossPos),
      pos: entryPos(voc, category, glossPos) as string,
      lemma: this.lemma(this.lemmaOf[k]),
      commented: this.commented[k] === 1,
    };
  }

  /** The ID of lemma number `n` ('' for 0). */
  private lemma(n: number): string {
    return n === 0 ? '' : this.text.slice(this.lemmaSpans[2 * n], this.lemmaSpans[2 * n + 1]);
  }

  get(form: string): readonly LexEntry[] | undefined {
    const head = this.head(form);
    if (head < 0) return undefined;
    let entries = this.built.get(form);
    if (entries === undefined) {
      const list: LexEntry[] = [];
      for (let k = head; k >= 0; k = this.nextOf[k]) list.push(this.entry(k));
      entries = Object.freeze(list);
      this.built.set(form, entries);
    }
    return entries;
  }

  *forms(): IterableIterator<string> {
    const { text, lineStart } = this;
    for (const k of this.heads) yield text.slice(lineStart[k], text.indexOf('\t', lineStart[k]));
  }

  scan(visit: (voc: string, pos: string) => void): void {
    for (const head of this.heads) {
      for (let k = head; k >= 0; k = this.nextOf[k]) {
        const { voc, category, glossPos } = this.fields(k);
        visit(voc, entryPos(voc, category, glossPos) as string);
      }
    }
  }
}

