/**
 * Buckwalter morphology strings: `voc/TAG` segments joined by `+`
 * (`wa/CONJ+katab/VERB_PERFECT+at/PVSUFF_SUBJ:3FS`), as BAMA 1.0 and SAMA 3.1 print them.
 */

/** One segment of a morphology string. */
export interface MorphSegment {
  /** Vocalized part (Buckwalter); '' when the string gives none. */
  voc: string;
  /** Its tag; '' only for a trailing piece of malformed input that has none. */
  tag: string;
}

/** A tag: upper-case letters, digits, `_`, `:` and `.` (`NOUN.VN`, `IVSUFF_SUBJ:MP_MOOD:I`). */
const TAG = /^[A-Z][A-Z0-9_:.]*$/;
/** A segment ends in `/TAG`. */
const SEGMENT_END = /\/([A-Z][A-Z0-9_:.]*)$/;

/**
 * Splits a morphology string into segments. Never throws.
 *
 * - `voc/TAG` pieces joined by `+`; the tag is what follows the last `/` of a segment.
 * - A vocalization may itself contain `+` or `/` (`+/PUNC`, `//PUNC`, `C++/NON_ARABIC`):
 *   a `+`-piece that does not end in `/TAG` is glued to the next one.
 * - A `+` at the start of a segment is a join (`…/NOUN++ap/NSUFF_FEM_SG`, or a suffix
 *   written `+ap/NSUFF_FEM_SG`), unless the segment is exactly `+/TAG`.
 * - Without any `/`, the string is tag-only (`IV3MS + IV + IVSUFF_MOOD:I`, the paper's
 *   Table 1): every `+`-piece is a tag with an empty vocalization.
 */
export function parseMorph(morph: string): MorphSegment[] {
  const text = morph.trim();
  if (text === '') return [];
  const pieces = text.split('+');
  if (!text.includes('/')) {
    return pieces.map((p) => p.trim()).filter((p) => p !== '').map((tag) => ({ voc: '', tag }));
  }
  const out: MorphSegment[] = [];
  let acc: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (acc.length === 0 && piece === '' && !(pieces[i + 1] ?? '').startsWith('/')) continue;
    acc.push(piece);
    const joined = acc.join('+');
    const m = SEGMENT_END.exec(joined);
    if (m) {
      out.push({ voc: joined.slice(0, m.index), tag: m[1] });
      acc = [];
    }
  }
  if (acc.length > 0) out.push(leftover(acc.join('+')));
  return out;
}

/** A trailing piece with no well-formed `/TAG`: split at its last `/`, or take it as a bare tag. */
function leftover(text: string): MorphSegment {
  const slash = text.lastIndexOf('/');
  if (slash >= 0) return { voc: text.slice(0, slash), tag: text.slice(slash + 1) };
  return TAG.test(text) ? { voc: '', tag: text } : { voc: text, tag: '' };
}

/** Whether a UTF-16 code is one a tag may hold (A–Z, then also 0–9 _ : .), as {@link TAG} reads them. */
function isTagCode(ch: number, first: boolean): boolean {
  if (ch >= 65 && ch <= 90) return true;
  return !first && ((ch >= 48 && ch <= 57) || ch === 95 || ch === 58 || ch === 46);
}

/**
 * Reads a morphology spelled the way analyzers spell it, without making segments: `voc/TAG`
 * pieces joined by `+`, none empty, each with a well-formed tag after its last `/`, the string
 * starting with a printable ASCII character (so that trimming changes nothing: it ends in a
 * tag). Of such a string parseMorph makes one segment per piece, split at its last `/`: voc
 * `morph.slice(start, slash)`, tag `morph.slice(slash + 1, end)`. Calls `piece(start, slash,
 * end)` for each piece in order and returns true; returns false as soon as the string is
 * spelled otherwise (pieces already visited included: the caller drops what it made, and
 * parseMorph decides). Never throws.
 */
export function visitPlainMorph(morph: string, piece: (start: number, slash: number, end: number) => void): boolean {
  const n = morph.length;
  const first = n === 0 ? 0 : morph.charCodeAt(0);
  if (first <= 32 || first >= 127) return false;
  for (let start = 0; ; ) {
    let end = morph.indexOf('+', start);
    if (end < 0) end = n;
    const slash = end === start ? -1 : morph.lastIndexOf('/', end - 1);
    if (slash < start || slash + 1 >= end || !isTagCode(morph.charCodeAt(slash + 1), true)) return false;
    for (let i = slash + 2; i < end; i++) if (!isTagCode(morph.charCodeAt(i), false)) return false;
    piece(start, slash, end);
    if (end === n) return true;
    start = end + 1;
  }
}

/** The inverse of parseMorph for segments whose vocalizations hold no `+` or `/`. */
export function formatMorph(segments: readonly MorphSegment[]): string {
  return segments.map((s) => `${s.voc}/${s.tag}`).join('+');
}
