// The analyzed text laid out once, as the reader typed it, in its vocalized form: each Arabic
// word a button showing the word as the vocalized text writes it, everything else copied.
// The service's `vocalized` is the typed text with marks added (docs/service.md): the typed
// letters, spaces and line breaks are all in it, so the typed text locates the words in it.

/** Arabic marks: tanween, vowels, shadda, sukun and the rest of the block's marks, dagger alif, Quranic marks. */
const MARK = /[\u064B-\u065F\u0670\u06D6-\u06ED]/;
/** What comes before the first letter or digit (of any script), and after the last. */
const LEADING = /^[^\p{L}\p{N}]*/u;
const TRAILING = /[^\p{L}\p{N}]*$/u;

/**
 * Where each character of `typed` is in `shown`, which is `typed` with marks added (and the marks
 * typed on a letter perhaps reordered). Returns `at`, `typed.length + 1` positions: the text typed
 * from i to j is shown as `shown.slice(at[i], at[j])`, the marks added after a letter included.
 */
export function alignShown(typed, shown) {
  const at = new Array(typed.length + 1);
  let j = 0;
  for (let i = 0; i < typed.length; i++) {
    // marks added to the letter before belong to it
    while (j < shown.length && shown[j] !== typed[i] && MARK.test(shown[j])) j++;
    at[i] = j;
    // a typed mark not found here was moved before another mark of its letter, already passed
    if (j < shown.length && (shown[j] === typed[i] || !MARK.test(typed[i]))) j++;
  }
  at[typed.length] = shown.length;
  return at;
}

/**
 * The pieces of the text in order: `{ kind: 'word', token, shown }` for an Arabic word (the
 * tagger's token and the word as the vocalized text shows it); `{ kind: 'foreign', text }` for
 * the stretch of other tokens, separated by spaces only, from the first letter or digit to the
 * last (Latin words, numbers: one piece, so that a phrase keeps its order inside the Arabic
 * line); `{ kind: 'plain', text }` for anything else: spaces, line breaks, and punctuation,
 * also that written against a Latin word (`Reuters,` `2025).`), which punctuates the Arabic
 * sentence and takes its direction. White space before the first token and after the last is
 * left out.
 */
export function layoutText(typed, shown, sentences) {
  const at = alignShown(typed, shown);
  const pieces = [];
  const plain = (text) => { if (text) pieces.push({ kind: 'plain', text }); };
  // the other tokens met since the last Arabic word, with the gaps between them
  let run = '';
  const closeRun = () => {
    const first = LEADING.exec(run)[0].length;
    const last = run.length - TRAILING.exec(run)[0].length;
    if (first === run.length) plain(run);
    else {
      plain(run.slice(0, first));
      pieces.push({ kind: 'foreign', text: run.slice(first, last) });
      plain(run.slice(last));
    }
    run = '';
  };
  let cursor = 0;
  for (const token of sentences.flatMap((s) => s.tokens)) {
    const start = typed.indexOf(token.input, cursor);
    if (start < 0 || token.input === '') continue;
    const end = start + token.input.length;
    const gap = cursor === 0 ? '' : shown.slice(at[cursor], at[start]);
    const text = shown.slice(at[start], at[end]);
    cursor = end;
    if (!token.arabic) {
      // a line break ends a run
      if (gap.includes('\n')) closeRun();
      run += gap + text;
      continue;
    }
    closeRun();
    plain(gap);
    pieces.push({ kind: 'word', token, shown: text });
  }
  closeRun();
  plain(shown.slice(at[cursor]).trimEnd());
  return pieces;
}
