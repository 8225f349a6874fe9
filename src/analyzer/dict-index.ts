/**
 * Indexing the text of a lexicon file (./dict.ts): every line checked (four tab-separated fields,
 * a POS that is given or deducible), and per entry where its line starts, its lemma, the next
 * entry of its form, and an open-addressing table of the forms (see DictImage).
 */
import { InputParseError } from '../errors.js';
import type { DictImage, DictOptions } from './dict.js';

/** The `<pos>…</pos>` part of a gloss field. */
export const POS_TAG = /<pos>([^\n]+?)<\/pos>/;

/** True when the category at text[from, to) lets the reference deduce a POS (see dict.ts deducePos). */
function posDeducible(text: string, from: number, to: number): boolean {
  const c = text.charCodeAt(from);
  if (c === 70 /* F */ || c === 78 /* N */) return true;
  if (to - from === 6 && (text.startsWith('Pref-0', from) || text.startsWith('Suff-0', from))) return true;
  return (
    to - from >= 2 &&
    text.charCodeAt(from + 1) === 86 /* V */ &&
    (c === 73 /* I */ || c === 80 /* P */ || c === 67) /* C */
  );
}

/** Where a line ends: its `\n`, less a `\r` before it. */
export function lineEnd(text: string, start: number): number {
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  return end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
}

/** FNV-1a over a form's UTF-16 code units: the slot a form's look-up starts at. */
export function formHash(form: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < form.length; i++) h = Math.imul(h ^ form.charCodeAt(i), 0x01000193);
  return h >>> 0;
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

/**
 * The index of a lexicon file's text (see {@link DictImage}); checks every line. Throws
 * InputParseError with file and line.
 */
export function indexText(text: string, file: string, options: DictOptions): Omit<DictImage, 'text'> {
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
