/**
 * Orthographic words of a UD sentence and their alignment with the analyzer's tokens.
 *
 * Surface units: a multiword-token range (its form, its MISC) or a single word outside any
 * range. An orthographic word is a maximal run of non-PUNCT surface units joined by
 * `SpaceAfter=No`. Units are located in the `# text` line in order (white space skipped);
 * when the sentence has no text, or the forms do not follow it, the text is rebuilt from the
 * forms and SpaceAfter (and the sentence is reported).
 *
 * Alignment: the corpus keeps the analyzer's tokens (the units the tagger sees at run time).
 * An analyzer word is aligned with the surface units its span overlaps that hold an Arabic
 * letter (units of tatweel, digits or punctuation only are ignored). When the Arabic-class
 * characters of each of them lie inside the word's span, the word takes their UD words as
 * its annotation: `exact` when they are one whole orthographic word with the same span,
 * `trimmed` when the spans differ only by tatweel or non-Arabic characters at the edges
 * (`ـأو`, `"ريديت`), `part` when they are a part of an orthographic word (the `و` of
 * `و2006`). When one of them has Arabic characters outside the span (the analyzer cuts
 * through a treebank token: `الواي` of `الواي-فاي`) it is `cut`; when they belong to several
 * orthographic words (joined only by tatweel) it is `merged`.
 */
import { CorpusError } from '../errors.js';
import type { AnalyzedToken } from '../analyzer/types.js';
import type { ConlluSentence, ConlluWord } from './conllu.js';

/** A surface unit of the treebank: a range, or one word outside ranges. */
export interface SurfaceUnit {
  form: string;
  words: ConlluWord[];
  spaceAfter: boolean;
  punct: boolean;
  start: number;
  end: number;
}

export interface OrthWord {
  units: SurfaceUnit[];
  start: number;
  end: number;
  /** The text of its span. */
  form: string;
}

export type AlignKind = 'exact' | 'trimmed' | 'part' | 'merged' | 'cut';

/** An analyzer token with its span in the sentence text and, for words, its UD annotation. */
export interface AlignedToken {
  token: AnalyzedToken;
  start: number;
  end: number;
  /** Only for analyzer words. */
  align?: AlignKind;
  /** UD words of the units aligned with it (in order); empty for non-words. */
  words: ConlluWord[];
}

export interface SentenceLayout {
  text: string;
  /** True when the text was rebuilt from the forms (no `# text`, or forms not following it). */
  rebuilt: boolean;
  units: SurfaceUnit[];
  orthWords: OrthWord[];
}

/** A letter of the analyzer's Arabic class (tatweel and diacritics excluded). */
const LETTER = /[\u0621-\u063a\u0641-\u064a\u067e\u0686\u0698\u06af]/;
const CLASS_CHAR = /[\u0621-\u063a\u0640-\u0652\u067e\u0686\u0698\u06af]/;

/** Span of a unit's Arabic-class characters (letters, tatweel, diacritics); null without a letter. */
function arabicExtent(u: SurfaceUnit): { start: number; end: number } | null {
  if (!LETTER.test(u.form)) return null;
  const chars = [...u.form];
  let first = -1;
  let last = -1;
  let off = 0;
  for (const ch of chars) {
    if (CLASS_CHAR.test(ch)) {
      if (first < 0) first = off;
      last = off + ch.length;
    }
    off += ch.length;
  }
  return { start: u.start + first, end: u.start + last };
}

/** Surface units of a sentence (without spans). */
function surfaceUnits(s: ConlluSentence): Omit<SurfaceUnit, 'start' | 'end'>[] {
  const out: Omit<SurfaceUnit, 'start' | 'end'>[] = [];
  let mi = 0;
  for (let i = 0; i < s.words.length; ) {
    const w = s.words[i];
    const mw = s.multiwords[mi];
    if (mw && mw.start === w.id) {
      const words = s.words.slice(i, mw.end);
      out.push({ form: mw.form, words, spaceAfter: mw.misc.get('SpaceAfter') !== 'No', punct: words.every((x) => x.upos === 'PUNCT') });
      i = mw.end;
      mi++;
    } else {
      out.push({ form: w.form, words: [w], spaceAfter: w.misc.get('SpaceAfter') !== 'No', punct: w.upos === 'PUNCT' });
      i++;
    }
  }
  return out;
}

/** Locates the units in the text; null when a form is not where it should be. */
function locate(units: Omit<SurfaceUnit, 'start' | 'end'>[], text: string): SurfaceUnit[] | null {
  const out: SurfaceUnit[] = [];
  let pos = 0;
  for (const u of units) {
    while (pos < text.length && /\s/.test(text[pos])) pos++;
    if (!text.startsWith(u.form, pos)) return null;
    out.push({ ...u, start: pos, end: pos + u.form.length });
    pos += u.form.length;
  }
  return out;
}

/** Units, spans and orthographic words of one sentence. */
export function sentenceLayout(s: ConlluSentence): SentenceLayout {
  const raw = surfaceUnits(s);
  let text = s.text ?? '';
  let units = s.text === undefined ? null : locate(raw, text);
  let rebuilt = false;
  if (!units) {
    text = raw.map((u, i) => u.form + (u.spaceAfter && i < raw.length - 1 ? ' ' : '')).join('');
    units = locate(raw, text) as SurfaceUnit[];
    rebuilt = true;
  }
  const orthWords: OrthWord[] = [];
  for (const u of units) {
    const prev = orthWords[orthWords.length - 1];
    const last = prev?.units[prev.units.length - 1];
    if (prev && last && !u.punct && !last.punct && !last.spaceAfter) {
      prev.units.push(u);
      prev.end = u.end;
    } else orthWords.push({ units: [u], start: u.start, end: u.end, form: '' });
  }
  for (const o of orthWords) o.form = text.slice(o.start, o.end);
  return { text, rebuilt, units, orthWords };
}

/**
 * Places the analyzer's tokens of `layout.text` on the text and aligns each word with the
 * treebank's units (see the module comment). `where` locates errors.
 */
export function alignTokens(
  layout: SentenceLayout,
  tokens: readonly AnalyzedToken[],
  where: { file?: string; line?: number } = {},
): AlignedToken[] {
  const out: AlignedToken[] = [];
  let pos = 0;
  for (const token of tokens) {
    const start = layout.text.indexOf(token.input, pos);
    if (start < 0)
      throw new CorpusError(`analyzer token ${JSON.stringify(token.input)} not found in the sentence text`, where);
    const end = start + token.input.length;
    pos = end;
    if (token.kind !== 'word') {
      out.push({ token, start, end, words: [] });
      continue;
    }
    const over = layout.units.filter((u) => u.start < end && u.end > start && arabicExtent(u) !== null);
    const inside = over.every((u) => {
      const x = arabicExtent(u) as { start: number; end: number };
      return x.start >= start && x.end <= end;
    });
    let align: AlignKind;
    if (!inside || over.length === 0) align = 'cut';
    else {
      const orths = new Set(over.map((u) => layout.orthWords.find((o) => o.units.includes(u))));
      const orth = layout.orthWords.find((o) => o.units.includes(over[0]));
      const whole =
        orth !== undefined && orth.units.filter((u) => arabicExtent(u) !== null).every((u) => over.includes(u));
      if (orths.size > 1) align = 'merged';
      else if (!whole) align = 'part';
      else if (orth.start === start && orth.end === end) align = 'exact';
      else align = 'trimmed';
    }
    out.push({ token, start, end, align, words: over.flatMap((u) => u.words) });
  }
  return out;
}
