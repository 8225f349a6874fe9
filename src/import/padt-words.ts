/**
 * The orthographic words of a sentence of UD Arabic-PADT 1.3, rebuilt from its syntactic
 * words (the treebank gives clitics as tokens of their own, with no multiword-token lines and
 * no `# text`), with PADT's vocalization (docs/ud-projection.md, "PADT").
 *
 * - A proclitic — a one-letter token وَ فَ بِ لِ لَ كَ سَ أَ written with its vowel, not a
 *   pronoun and not an abbreviation (`أَ` X, `ب` X) — joins the word after it; several join
 *   together (وَ + لِ + …). Before punctuation, before a token without Arabic letters (a
 *   number) or at the end of the sentence it stays a word of its own.
 * - A personal pronoun (XPOS `SP…`) whose case digit (XPOS position 9) is 2 or 4 is an enclitic
 *   of the word before it (`SP---3MS2-` هِ, `SP---3FS4-` هَا); case 1 stands alone (هُوَ).
 * - Spelling at the joins, as the written word has it: لِ or لَ before the article drops the
 *   article's alif (لِ + اَلبَيتِ = لِلبَيتِ), and its lam too before a lam (لِ + اَللُّغَةِ =
 *   لِللُّغَةِ is لِلُّغَةِ); before an enclitic, ta marbuta is written ت (رَغبَةِ + هَا =
 *   رَغبَتِهَا), alif maqsura ا (أَلقَى + هَا = أَلقَاهَا), the silent alif after a verb's plural
 *   waw is dropped (نَقَلُوا + هُ = نَقَلُوهُ), a final hamza takes the seat its vowel gives it
 *   (شِرَاءِ + هَا = شِرَائِهَا, جُزءِ + هِ = جُزئِهِ), and a pronoun written with its vowel first
 *   (ِي, "my") replaces the host's last vowel (أَمَامَ + ِي = أَمَامِي); ي + يَ is يَّ.
 * - PADT writes the decimal separator as a punctuation token ر (٥ ر ١٧); it is written ٫.
 *
 * The text the analyzer sees is the words without their marks, joined by spaces.
 */
import { stripArabicDiacritics } from '../script/buckwalter.js';
import type { ConlluSentence, ConlluWord } from './conllu.js';

/** One rebuilt word. */
export interface PadtWord {
  /** Its syntactic words, in order. */
  words: ConlluWord[];
  /** Its spelling with PADT's marks (Arabic script). */
  vocalized: string;
  /** Its letters without marks: what the analyzer reads. */
  plain: string;
  /** Punctuation or symbols only (no Arabic word). */
  punct: boolean;
}

const MARKS = /[\u064b-\u0652\u0670]/;
const TRAILING_MARKS = /[\u064b-\u0652\u0670]+$/;
const LETTER = /[\u0621-\u063a\u0641-\u064a\u0671]/;
/** Letters of the one-letter proclitics. */
const PROCLITIC_LETTERS = new Set(['\u0648', '\u0641', '\u0628', '\u0644', '\u0643', '\u0633', '\u0623']);
const DECIMAL_SEPARATOR = '\u066b';

function isPunct(w: ConlluWord): boolean {
  return w.upos === 'PUNCT' || w.upos === 'SYM';
}

/** A one-letter proclitic written with its vowel (see the module comment). */
export function isProclitic(w: ConlluWord): boolean {
  if (isPunct(w) || w.upos === 'X' || w.upos === 'PRON' || !MARKS.test(w.form)) return false;
  const letters = stripArabicDiacritics(w.form);
  return letters.length === 1 && PROCLITIC_LETTERS.has(letters);
}

/** A personal pronoun in the genitive or accusative (XPOS `SP`, case digit 2 or 4): an enclitic. */
export function isEnclitic(w: ConlluWord): boolean {
  return w.upos === 'PRON' && w.xpos.startsWith('SP') && (w.xpos[8] === '2' || w.xpos[8] === '4');
}

/** A proclitic joined to the word after it (see the module comment: the article after لِ/لَ). */
function joinProclitic(clitic: string, word: string): string {
  // the last proclitic: وَ + لِ + اَل… is وَلِل…
  const lam = stripArabicDiacritics(clitic).endsWith('\u0644');
  // the article: alif (bare or with fatha: PADT writes اَل; hamzat wasl has kasra or damma) + lam
  const article = /^\u0627\u064e?\u0644/.exec(word);
  if (!lam || !article) return clitic + word;
  const rest = word.slice(article[0].length);
  // the article's lam is not written before a stem's lam (لِلُّغَةِ); a lam with marks is the stem's (اَلَّذِي)
  return rest.startsWith('\u0644') ? clitic + rest : clitic + word.slice(article[0].length - 1);
}

/** The seat of a final hamza (ء) before an enclitic, from its vowel and the letter before it. */
function hamzaSeat(host: string): string {
  const m = /(.)([\u064b-\u0652]*)\u0621([\u064b-\u0652]*)$/u.exec(host);
  if (!m) return host;
  const [, before, beforeMarks, marks] = m;
  const vowel = marks.replace('\u0651', '');
  let seat = '\u0621';
  if (vowel.startsWith('\u0650')) seat = '\u0626';
  else if (vowel.startsWith('\u064f')) seat = '\u0624';
  else if (vowel.startsWith('\u064e') && before !== '\u0627' && before !== '\u0648' && before !== '\u064a' && beforeMarks === '') seat = '\u0623';
  return host.slice(0, host.length - 1 - marks.length) + seat + marks;
}

/** A host joined to its enclitic pronoun (see the module comment). */
function joinEnclitic(host: string, hostWord: ConlluWord, pron: string): string {
  const trailing = TRAILING_MARKS.exec(host)?.[0] ?? '';
  let base = host.slice(0, host.length - trailing.length);
  const last = base[base.length - 1];
  if (last === '\u0629') base = `${base.slice(0, -1)}\u062a`;
  else if (last === '\u0649') base = `${base.slice(0, -1)}\u0627`;
  else if (last === '\u0627' && base.endsWith('\u0648\u0627') && hostWord.xpos.startsWith('V')) base = base.slice(0, -1);
  let h = hamzaSeat(base + trailing);
  const lead = /^[\u064b-\u0652]+/.exec(pron)?.[0];
  if (lead) {
    // "my" written ِي: its kasra is the host's last vowel
    const hostTrail = TRAILING_MARKS.exec(h)?.[0] ?? '';
    h = h.slice(0, h.length - hostTrail.length) + (hostTrail.includes('\u0651') ? '\u0651' : '');
    return h + pron;
  }
  if (pron.startsWith('\u064a') && /\u064a[\u064b-\u0652]*$/.test(h)) return h.replace(/[\u064b-\u0652]*$/, '') + '\u0651' + pron.slice(1);
  return h + pron;
}

function spellOf(words: readonly ConlluWord[], i: number): string {
  const w = words[i];
  const between = (k: number): boolean => k >= 0 && k < words.length && /\p{Nd}/u.test(words[k].form);
  return isPunct(w) && w.form === '\u0631' && between(i - 1) && between(i + 1) ? DECIMAL_SEPARATOR : w.form;
}

function makeWord(words: ConlluWord[], vocalized: string): PadtWord {
  return { words, vocalized, plain: stripArabicDiacritics(vocalized), punct: words.every(isPunct) };
}

/** The orthographic words of a PADT sentence, in order (see the module comment). */
export function rebuildWords(s: ConlluSentence): PadtWord[] {
  const out: PadtWord[] = [];
  let pending: ConlluWord[] = [];
  let pendingSpell = '';
  const flush = (): void => {
    if (pending.length > 0) out.push(makeWord(pending, pendingSpell));
    pending = [];
    pendingSpell = '';
  };
  s.words.forEach((w, i) => {
    const form = spellOf(s.words, i);
    const prev = out[out.length - 1];
    if (isPunct(w) || !LETTER.test(form)) {
      flush();
      out.push(makeWord([w], form));
    } else if (isEnclitic(w) && pending.length === 0 && prev && !prev.punct && LETTER.test(prev.plain)) {
      const host = prev.words[prev.words.length - 1];
      out[out.length - 1] = makeWord([...prev.words, w], joinEnclitic(prev.vocalized, host, form));
    } else if (isProclitic(w) && i + 1 < s.words.length) {
      pending.push(w);
      pendingSpell += form;
    } else {
      const spelled = pending.length > 0 ? joinProclitic(pendingSpell, form) : form;
      const words = [...pending, w];
      pending = [];
      pendingSpell = '';
      out.push(makeWord(words, spelled));
    }
  });
  flush();
  return out;
}

/** How many of the Arabic forms of a treebank carry a vowel mark, of how many. */
export function vocalizedForms(sentences: readonly ConlluSentence[]): { arabic: number; vocalized: number } {
  let arabic = 0;
  let vocalized = 0;
  for (const s of sentences) for (const w of s.words) {
    if (!LETTER.test(w.form)) continue;
    arabic++;
    if (MARKS.test(w.form)) vocalized++;
  }
  return { arabic, vocalized };
}

/**
 * The PADT layout: no word carries a `LId=` lemma ID in MISC (UD Arabic-PUD's), and most
 * Arabic forms carry vowel marks.
 */
export function isVocalizedLayout(sentences: readonly ConlluSentence[]): boolean {
  if (sentences.some((s) => s.words.some((w) => w.misc.has('LId')))) return false;
  const { arabic, vocalized } = vocalizedForms(sentences);
  return arabic > 0 && vocalized >= arabic / 2;
}

/**
 * The document of a PADT sentence: the file part of `# orig_file_sentence FILE#n`; absent,
 * the reader's (`# newdoc id`, else one document).
 */
export function padtDocumentId(s: ConlluSentence): string {
  const orig = s.comments.find((c) => c.key.startsWith('orig_file_sentence'));
  const value = orig ? (orig.value || orig.key.slice('orig_file_sentence'.length)).trim() : '';
  const hash = value.lastIndexOf('#');
  return hash > 0 ? value.slice(0, hash) : s.docId;
}

/** The id of a PADT sentence: its `# orig_file_sentence` (unique), else its `# sent_id`. */
export function padtSentenceId(s: ConlluSentence): string {
  const orig = s.comments.find((c) => c.key.startsWith('orig_file_sentence'));
  const value = orig ? (orig.value || orig.key.slice('orig_file_sentence'.length)).trim() : '';
  return value || s.id;
}
