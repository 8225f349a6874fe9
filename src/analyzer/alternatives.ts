/**
 * The reference program's second look-up: alternative spellings of a look-up form that has
 * no analysis, in the order AraMorph.pl lists them. The readme's hypotheses (final Y' → y'
 * or }, final Y ↔ y, final h ↔ p, medial w' → &, Y → y) are applied as that program does,
 * including its quirks: every `Y` in the word becomes `y` (not only a final one), only the
 * first `w'` becomes `&`, and the first branch whose condition holds is the only one tried.
 */

/** Every `Y` written as `y`. */
const yForY = (s: string): string => s.replaceAll('Y', 'y');

/** The first `w'` written as `&`, or null when there is none. */
function hamzaOnWaw(s: string): string | null {
  const at = s.indexOf("w'");
  return at < 0 ? null : `${s.slice(0, at)}&${s.slice(at + 2)}`;
}

/** Pushes `s` and, when it has a `w'`, its hamza-on-waw spelling. */
function withHamza(out: string[], s: string): void {
  out.push(s);
  const h = hamzaOnWaw(s);
  if (h !== null) out.push(h);
}

/** Alternative spellings of a look-up form (Buckwalter, no diacritics), possibly none. */
export function alternativeSpellings(word: string): string[] {
  const out: string[] = [];
  if (word.endsWith("Y'") || word.endsWith("y'")) {
    // final Y' or y': the word with y for Y (only if that changes it, for y'), then with final }.
    if (word.endsWith("Y'") || word.includes('Y')) withHamza(out, yForY(word));
    else {
      const h = hamzaOnWaw(word);
      if (h !== null) out.push(h);
    }
    withHamza(out, `${yForY(word).slice(0, -2)}}`);
  } else if (word.endsWith('Y')) {
    withHamza(out, yForY(word));
  } else if (word.endsWith('y')) {
    const h = hamzaOnWaw(yForY(word));
    if (h !== null) out.push(h);
    withHamza(out, `${yForY(word).slice(0, -1)}Y`);
  } else if (word.endsWith('h') || word.endsWith('p')) {
    let t = word;
    if (t.includes('Y')) {
      t = yForY(t);
      out.push(t);
    }
    const h = hamzaOnWaw(t);
    if (h !== null) {
      t = h;
      out.push(t);
    }
    out.push(`${t.slice(0, -1)}${t.endsWith('h') ? 'p' : 'h'}`);
  } else if (word.includes('Y')) {
    withHamza(out, yForY(word));
  } else {
    const h = hamzaOnWaw(word);
    if (h !== null) out.push(h);
  }
  return out;
}
