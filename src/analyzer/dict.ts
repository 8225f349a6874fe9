/**
 * One lexicon file (dictPrefixes, dictStems, dictSuffixes) indexed by unvocalized form.
 *
 * Loading checks every line (four tab-separated fields, a POS that is given or deducible)
 * and records, per form, where its entry lines start and which `;; lemmaID` line governs
 * them; an entry is turned into a {@link LexEntry} the first time its form is looked up.
 * Loading the 82,000-entry BAMA stem lexicon therefore allocates little, and a look-up never
 * scans the lexicon.
 */
import { InputParseError } from '../errors.js';

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
const POS_TAG = /<pos>([^\n]+?)<\/pos>/;

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

/** The POS field of an entry, given its vocalization, category and gloss field: the first `<pos>…</pos>` content, else a deduced one (null: none). */
export function entryPos(voc: string, cat: string, glossPos: string): string | null {
  const tagged = glossPos.includes('<pos>') ? POS_TAG.exec(glossPos) : null;
  return tagged ? tagged[1] : deducePos(voc, cat, glossPos);
}

/** True when the category at text[from, to) lets the reference deduce a POS (see {@link deducePos}). */
function posDeducible(text: string, from: number, to: number): boolean {
  const c = text.charCodeAt(from);
  if (c === 70 /* F */ || c === 78 /* N */) return true;
  if (to - from === 6 && (text.startsWith('Pref-0', from) || text.startsWith('Suff-0', from))) return true;
  return to - from >= 2 && text.charCodeAt(from + 1) === 86 /* V */ && (c === 73 /* I */ || c === 80 /* P */ || c === 67 /* C */);
}

/** The gloss as printed: first `<pos>…</pos>` removed, trailing space trimmed, `;` → `/`. */
export function cleanGloss(glossPos: string): string {
  let g = glossPos;
  if (g.includes('<pos>')) g = g.replace(POS_TAG, '');
  const last = g.charCodeAt(g.length - 1);
  if (last === 32 || (last >= 9 && last <= 13)) g = g.replace(TRAILING_WS, '');
  return g.includes(';') ? g.replaceAll(';', '/') : g;
}

/** Where a line ends: its `\n`, less a `\r` before it. */
function lineEnd(text: string, start: number): number {
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  return end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
}

/** FNV-1a over a form's UTF-16 code units: the slot a form's look-up starts at. */
function formHash(form: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < form.length; i++) h = Math.imul(h ^ form.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A lexicon file's index as stored in a compiled form of the tables (src/analyzer/image.ts):
 * the text it indexes and its arrays, which a look-up reads as they are.
 */
export interface DictImage {
  /** The file's text as indexed (with whatever loading added or changed). */
  text: string;
  /** Per entry: where its line starts, its lemma number, the next entry of its form (-1: none), 1 when commented out. */
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
  constructor(text: string | DictImage, readonly file: string, private readonly categoryId: (cat: string) => number, options: DictOptions = {}) {
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
    return { voc: text.slice(t1 + 1, t2), category: text.slice(t2 + 1, t3), glossPos: text.slice(t3 + 1, lineEnd(text, start)) };
  }

  /** Builds entry number `k`. */
  private entry(k: number): LexEntry {
    const { voc, category, glossPos } = this.fields(k);
    return {
      voc, category, cat: this.categoryId(category), gloss: cleanGloss(glossPos),
      pos: entryPos(voc, category, glossPos) as string, lemma: this.lemma(this.lemmaOf[k]),
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

/** True when the line at [start, end) is `;` + a four-field entry whose last field matches `pattern`. */
function isCommentedEntry(text: string, start: number, end: number, pattern: RegExp): boolean {
  if (text.charCodeAt(start) !== 59 /* ; */ || text.charCodeAt(start + 1) === 59) return false;
  const fields = text.slice(start + 1, end).split('\t');
  return fields.length === 4 && /^\S*$/.test(fields[0]) && fields[2] !== '' && pattern.test(fields[3]);
}

/** Validates one entry line and returns its form. */
function checkEntry(text: string, file: string, start: number, end: number, line: number): string {
  const t1 = text.indexOf('\t', start);
  const t2 = t1 < 0 || t1 >= end ? -1 : text.indexOf('\t', t1 + 1);
  const t3 = t2 < 0 || t2 >= end ? -1 : text.indexOf('\t', t2 + 1);
  const t4 = t3 < 0 || t3 >= end ? -1 : text.indexOf('\t', t3 + 1);
  if (t3 < 0 || t3 >= end || (t4 >= 0 && t4 < end)) {
    const found = text.slice(start, end).split('\t').length;
    throw new InputParseError(
      `lexicon entry must have 4 tab-separated fields (entry, vocalization, category, gloss), found ${found}`, { file, line },
    );
  }
  if (!posDeducible(text, t2 + 1, t3)) {
    const glossPos = text.slice(t3 + 1, end);
    if (!(glossPos.includes('<pos>') && POS_TAG.test(glossPos))) {
      const cat = text.slice(t2 + 1, t3);
      throw new InputParseError(`no POS can be deduced for category "${cat}" (add <pos>…</pos> to the gloss)`, { file, line });
    }
  }
  return text.slice(start, t1);
}

/** The index of a lexicon file's text (see {@link DictImage}); checks every line. Throws InputParseError with file and line. */
function indexText(text: string, file: string, options: DictOptions): Omit<DictImage, 'text'> {
  const lineStart: number[] = [];
  const lemmaOf: number[] = [];
  const nextOf: number[] = [];
  const commented: number[] = [];
  const heads: number[] = [];
  const firstOf = new Map<string, number>();
  const lastOf: number[] = []; // per first entry: the last entry of its form so far
  const lemmaSpans = [0, 0];
  const lemmas = new Set<string>();
  let lemma = 0;
  let lineNo = 0;
  for (let start = 0; start < text.length;) {
    const nl = text.indexOf('\n', start);
    const next = nl < 0 ? text.length : nl + 1;
    const end = lineEnd(text, start);
    lineNo++;
    const isCommented = options.commented !== undefined && isCommentedEntry(text, start, end, options.commented);
    if (text.charCodeAt(start) === 59 /* ; */ && !isCommented) {
      if (text.startsWith(';; ', start)) {
        // the lemma ID is the rest of the line, verbatim, as the reference prints it
        lemmaSpans.push(start + 3, end);
        lemma = lemmaSpans.length / 2 - 1;
        lemmas.add(text.slice(start + 3, end));
      }
    } else if (end > start) { // blank lines are skipped (the reference program refuses them)
      const from = isCommented ? start + 1 : start;
      const form = checkEntry(text, file, from, end, lineNo);
      const k = lineStart.length;
      lineStart.push(from);
      lemmaOf.push(lemma);
      nextOf.push(-1);
      commented.push(isCommented ? 1 : 0);
      const head = firstOf.get(form);
      if (head === undefined) {
        firstOf.set(form, k);
        heads.push(k);
        lastOf[k] = k;
      } else {
        nextOf[lastOf[head]] = k;
        lastOf[head] = k;
      }
    }
    start = next;
  }
  return {
    lineStart: Int32Array.from(lineStart), lemmaOf: Int32Array.from(lemmaOf), nextOf: Int32Array.from(nextOf),
    commented: Uint8Array.from(commented), heads: Int32Array.from(heads), slots: formSlots(firstOf),
    lemmaSpans: Int32Array.from(lemmaSpans), lemmaCount: lemmas.size,
  };
}

/** The open-addressing table of {@link DictImage.slots}: at most half full. */
function formSlots(firstOf: ReadonlyMap<string, number>): Int32Array {
  let size = 16;
  while (size < 2 * firstOf.size) size *= 2;
  const slots = new Int32Array(size);
  for (const [form, k] of firstOf) {
    let s = formHash(form) & (size - 1);
    while (slots[s] !== 0) s = (s + 1) & (size - 1);
    slots[s] = k + 1;
  }
  return slots;
}
