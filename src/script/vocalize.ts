/**
 * The vowel renderer: an analysis' vocalization laid onto the word exactly as the user typed
 * it, in the spelling a careful human uses for fully vocalized text (docs/diacritization.md):
 *
 * - the input's letters are kept as typed (hamza seats, alif forms, ta marbuta, alif maqsura);
 *   only marks are added, so stripping the marks of the output gives the input back;
 * - fatha before a long alif or a final alif maqsura, kasra before the ya and damma before the
 *   waw of a long vowel, when the analysis leaves that letter bare; no sukun on a long ya or waw;
 * - shadda on a sun letter after the article (الرَّئِيس), the article's lam left bare; kasra on
 *   the article's lam before hamzat wasl (الِافْتِتَاح);
 * - tanween fatha on the letter before a final alif or alif maqsura (عُضْوًا, not عُضْواً; مَبْنًى);
 *   no case vowel on a final alif or alif maqsura, nor kasra or damma on a long ya (القَاضِي);
 * - alif wasla written as the text writes it, with no vowel on a bare alif (a typed إ keeps its kasra);
 * - a short vowel the analysis puts on a long alif goes to the letter before it;
 * - a pronoun suffix's missing vowel taken from the morphology (-hu, -hi after i or y);
 * - a dagger alif only where the text writes no alif (هَٰذِهِ; never on top of a written alif);
 * - one vowel per letter: when a stem vowel and a suffix vowel meet (يَلْقَُونَ) the first wins;
 * - no vowelless first letter in a name: a consonant the analysis leaves bare there takes
 *   kasra (فِلِيم; fatha on أ);
 * - sukun on every consonant without a vowel (never two in a row), or (option) no sukun at all;
 *   a nominal's missing case ending, or an imperfect verb's mood ending, is left bare.
 *
 * Letters the input already carries marks on keep them: a mark of a kind the input has (a vowel
 * or tanween, shadda, dagger alif) is never added a second time. Pure functions, Buckwalter in.
 */
/* oxlint-disable max-lines -- one renderer: the rules listed above run in one pass over the word's slots */
import { fromBuckwalter, toBuckwalter } from './buckwalter.js';
import { alignLetters, letterClass, splitInput } from './vocalize-input.js';

export { alignLetters };

/** How {@link vocalizeWord} writes a vocalized word. */
export interface VocalizeOptions {
  /** Sukun on consonants without a vowel (default true); false leaves every consonant without a vowel bare. */
  sukun: boolean;
  /** Dagger alif where the analysis has one and the text writes no alif (default true: هَٰذَا). */
  daggerAlif: boolean;
  /**
   * The helping vowel (Buckwalter `a`, `i` or `u`) of a word that ends in a consonant without
   * a vowel when the next word starts with hamzat wasl (مِنَ الْبَيْتِ, عَنِ انْتِخَابٍ,
   * عَلَيْهِمُ الْ…): see src/tagger/connect.ts, which decides it from the next word. Absent: none.
   */
  helpingVowel?: 'a' | 'i' | 'u';
}

/** The renderer's defaults: sukun written, dagger alif kept where the text writes no alif. */
export const defaultVocalizeOptions: VocalizeOptions = { sukun: true, daggerAlif: true };

/** One letter of a vocalization and the marks after it (Buckwalter). */
interface Slot {
  letter: string;
  shadda: boolean;
  /** One of a i u o F N K, or '' for none. */
  vowel: string;
  dagger: boolean;
}

const VOWELS = 'aiuoFNK';
/** Ta marbuta and the letters it is written as before a suffix or without its dots. */
const TA_FORMS = new Set(['p', 't', 'h']);
const SUN_LETTERS = new Set('tv d*rzs$SDTZln'.replace(' ', ''));
/** Segment tags whose missing final vowel is an unknown case or mood ending (left bare, never sukun). */
const NOMINAL = /^(NOUN|ADJ|NSUFF|NUM|ABBREV|FOREIGN|VERB_IMPERFECT|IVSUFF_MOOD)/;
/** Segment tags that may follow a nominal's case ending. */
const PRONOUN_SUFFIX = /^(POSS_PRON|PRON|IVSUFF_DO|PVSUFF_DO|CASE)/;

/** Splits a Buckwalter vocalization into letters with their marks (marks before any letter are dropped). */
export function parseVocalization(voc: string): Slot[] {
  const slots: Slot[] = [];
  for (const ch of voc) {
    const cur = slots[slots.length - 1];
    if (ch === '~') { if (cur) cur.shadda = true; }
    else if (ch === '`') { if (cur) cur.dagger = true; }
    else if (VOWELS.includes(ch)) { if (cur && cur.vowel === '') cur.vowel = ch; }
    else if (ch !== '_') slots.push({ letter: ch, shadda: false, vowel: '', dagger: false });
  }
  return slots;
}

/** The vocalized forms of a morphology string's segments, joined (`kitAb/NOUN+hu/POSS_PRON_3MS` → `kitAbhu`). */
interface MorphInfo {
  /** The segments' forms joined. */
  forms: string;
  det: boolean;
  /** Letters after the nominal (or imperfect verb) stem's last letter, its case- or mood-ending slot; -1 for none. */
  afterCaseSlot: number;
}

function morphForms(morph: string): MorphInfo {
  let forms = '';
  let det = false;
  let afterCaseSlot = -1;
  for (const seg of morph.split('+')) {
    const slash = seg.lastIndexOf('/');
    const form = slash < 0 ? seg : seg.slice(0, slash);
    const tag = slash < 0 ? '' : seg.slice(slash + 1);
    if (tag === 'DET') det = true;
    // a mood written with no vowel (the jussive): the ending is known, the last letter takes sukun
    if (form === '' && tag.startsWith('IVSUFF_MOOD:')) afterCaseSlot = -1;
    if (form === '(null)' || form === '') continue;
    forms += form;
    const letters = parseVocalization(form).length;
    if (NOMINAL.test(tag)) afterCaseSlot = 0;
    else if (afterCaseSlot >= 0) afterCaseSlot = PRONOUN_SUFFIX.test(tag) ? afterCaseSlot + letters : -1;
  }
  return { forms, det, afterCaseSlot };
}

/** Fills the vowels the vocalization leaves out from the morphology's forms (pronoun suffixes: `kitAbh` + `hu`). */
function fillFromMorph(slots: Slot[], morphSlots: Slot[]): void {
  if (morphSlots.length !== slots.length) return;
  const same = (a: string, b: string): boolean =>
    letterClass(a) === letterClass(b) || (TA_FORMS.has(a) && TA_FORMS.has(b));
  for (let i = 0; i < slots.length; i++) if (!same(slots[i].letter, morphSlots[i].letter)) return;
  slots.forEach((s, i) => {
    const m = morphSlots[i];
    if (!s.shadda && m.shadda) s.shadda = true;
    if (s.vowel !== '' || m.vowel === '') return;
    s.vowel = m.vowel;
    // a pronoun's -hu, -hum, -humA, -hun~a is -hi… after i or y
    const prev = slots[i - 1];
    if (s.letter === 'h' && s.vowel === 'u' && prev && (prev.vowel === 'i' || (prev.letter === 'y' && (prev.vowel === '' || prev.vowel === 'o')))) s.vowel = 'i';
  });
}

/** Index of the article's lam in the slots, or -1 (`wa`/`fa`, then `bi`/`ka` + `Al`, or `li` + `l`). */
function articleLam(slots: Slot[]): number {
  let i = 0;
  if ((slots[i]?.letter === 'w' || slots[i]?.letter === 'f') && slots[i].vowel === 'a') i++;
  const s = slots[i];
  if (s?.letter === 'l' && s.vowel === 'i' && slots[i + 1]?.letter === 'l') {
    const next = slots[i + 1];
    if (next.vowel === '' || next.vowel === 'o') return i + 1;
    // li + Al + a stem starting with lam (لِلُّغَة): the article's lam is not written, the stem's takes its shadda
    next.shadda = true;
    return -1;
  }
  if ((s?.letter === 'b' || s?.letter === 'k') && s.vowel !== '' && slots[i + 1]?.letter === 'A') i++;
  if (slots[i]?.letter === 'A' && slots[i].vowel === '' && slots[i + 1]?.letter === 'l') return i + 1;
  return -1;
}

function isLongAlif(slots: Slot[], k: number, lam: number): boolean {
  const s = slots[k];
  if (s.letter !== 'A' && !(s.letter === 'Y' && k === slots.length - 1)) return false;
  if (k === 0 || k === lam - 1 || s.vowel !== '' && s.vowel !== 'F') return false;
  // the silent alif after a plural waw (katabuwA)
  return !(s.letter === 'A' && k === slots.length - 1 && slots[k - 1].letter === 'w' && slots[k - 1].vowel === '');
}

/**
 * Vowels on alifs: tanween fatha on a final alif or alif maqsura goes to the letter before; a case
 * vowel on a final one is not written; a short vowel on an inner long alif belongs to the letter
 * before it (HayAath).
 */
function alifVowels(slots: Slot[]): void {
  const last = slots.length - 1;
  for (let k = 1; k <= last; k++) {
    const s = slots[k];
    const prev = slots[k - 1];
    const final = k === last && (s.letter === 'A' || s.letter === 'Y');
    if (final && s.vowel === 'F') {
      s.vowel = '';
      if (prev.vowel === '' || prev.vowel === 'a') prev.vowel = 'F';
    } else if ((final || s.letter === 'A') && 'aiu'.includes(s.vowel) && s.vowel !== '') {
      if (!final && prev.vowel === '') prev.vowel = s.vowel;
      s.vowel = '';
    }
  }
}

/**
 * Long ī and ū: the vowel before a long ya/waw, no sukun on them, no case vowel on them: on a
 * final long ya (القاضِي), nor on a long ya that carries the case before a pronoun, which then
 * reads -hi… (أَيْدِيهِمْ, تَوَلِّيهِ; `caseSlot`: the slot of the case ending, -1 for none).
 */
function longVowels(slots: Slot[], lam: number, caseSlot: number): void {
  for (let k = 1; k < slots.length; k++) {
    const prev = slots[k - 1];
    const s = slots[k];
    const long = s.letter === 'y' ? 'i' : s.letter === 'w' ? 'u' : '';
    const bareBefore = prev.vowel === '' && !prev.shadda && k - 1 !== lam && !'AY{|'.includes(prev.letter);
    if (long && !s.shadda && bareBefore && (s.vowel === '' || s.vowel === 'o')) prev.vowel = long;
    // a sukun on a long vowel letter is not written; nor is a case vowel on a final long ya (القاضِي)
    // or on one before a pronoun, whose -hu… becomes -hi… (أَيْدِيهِمْ)
    const caseOnLong = (k === slots.length - 1 || k === caseSlot) && long === 'i' && (s.vowel === 'i' || s.vowel === 'u');
    if (long && !s.shadda && prev.vowel === long && (s.vowel === 'o' || caseOnLong)) {
      s.vowel = '';
      const next = slots[k + 1];
      if (caseOnLong && next?.letter === 'h' && next.vowel === 'u') next.vowel = 'i';
    }
    if (prev.vowel === '' && k - 1 !== lam && !'AY{|'.includes(prev.letter) && isLongAlif(slots, k, lam)) prev.vowel = 'a';
  }
}

/**
 * The article: shadda on a sun letter after it, a helping kasra before hamzat wasl
 * (الِاسْتِثْمَار), else sukun (option).
 */
function article(slots: Slot[], lam: number, options: VocalizeOptions): void {
  if (lam < 0) return;
  const next = slots[lam + 1];
  if (next && SUN_LETTERS.has(next.letter)) {
    slots[lam].vowel = '';
    next.shadda = true;
  } else if (next?.letter === '{') slots[lam].vowel = 'i';
  else if (slots[lam].vowel === '' && options.sukun) slots[lam].vowel = 'o';
}

/** The spelling rules on the analysis' slots (see the header). */
function applyRules(slots: Slot[], lam: number, caseSlot: number, options: VocalizeOptions): void {
  alifVowels(slots);
  longVowels(slots, lam, caseSlot);
  article(slots, lam, options);
  for (let k = 0; k < slots.length; k++) {
    const s = slots[k];
    if (!s.dagger) continue;
    if (slots[k + 1]?.letter === 'A' || !options.daggerAlif) s.dagger = false;
    if (s.vowel === '') s.vowel = 'a';
  }
}

/** True for a bare slot that reads as a long vowel or silent letter rather than a consonant. */
function isVowelLetter(slots: Slot[], k: number, lam: number): boolean {
  const s = slots[k];
  const prev = slots[k - 1];
  if ('AY{|'.includes(s.letter) || k === lam - 1) return true;
  if (s.letter === 'y' && prev?.vowel === 'i') return true;
  return s.letter === 'w' && prev?.vowel === 'u';
}

/** The helping vowel on a last letter that is a consonant without a vowel (not an unknown case ending, not doubled). */
function addHelpingVowel(slots: Slot[], lam: number, caseSlot: number, vowel: 'a' | 'i' | 'u'): void {
  const k = slots.length - 1;
  const s = slots[k];
  if (!s || (s.vowel !== '' && s.vowel !== 'o') || s.shadda || k === caseSlot || s.letter === 'p') return;
  if (isVowelLetter(slots, k, lam)) return;
  s.vowel = vowel;
}

/** A morphology whose first segment is a proper name (`flym/NOUN_PROP+u/CASE_DEF_NOM`). */
const NAME_FIRST = /^[^+]*\/NOUN_PROP(?:\+|$)/;

/**
 * No word starts with a vowelless consonant: the first letter of a name that the analysis
 * leaves bare (the lexicon and the backoff spell foreign names `fliym`, `briyTAniyA`) takes the
 * helping kasra with which Arabic breaks an initial cluster (فِلِيم); an initial أ takes fatha
 * instead, since with kasra it is written إ. Other words keep a bare first letter (an analysis
 * without vowels: no vowel is guessed for it).
 */
function voiceFirstLetter(slots: Slot[], lam: number): void {
  const s = slots[0];
  if (slots.length < 2 || s.vowel !== '' || s.shadda || isVowelLetter(slots, 0, lam)) return;
  s.vowel = s.letter === '>' ? 'a' : 'i';
}

/**
 * Sukun on consonants left without a vowel, except a nominal's unknown case ending and the article
 * before a sun letter.
 */
function addSukun(slots: Slot[], lam: number, caseSlot: number): void {
  slots.forEach((s, k) => {
    if (s.vowel !== '' || isVowelLetter(slots, k, lam)) return;
    if (k === lam && slots[k + 1]?.shadda) return;
    if (k === caseSlot || (k === slots.length - 1 && (s.letter === 'p' || s.shadda))) return;
    // never two sukuns in a row: which of the two lacks its vowel is unknown
    if (k === 0 || slots[k - 1].vowel === 'o') return;
    s.vowel = 'o';
  });
}


/** A letter's marks: the typed ones, plus the analysis' kinds the input lacks; shadda first, dagger alif last. */
function lettersMarks(typed: string, s: Slot | undefined): string {
  if (!s) return typed;
  const bw = toBuckwalter(typed);
  const typedVowels = [...bw].filter((c) => VOWELS.includes(c)).join('');
  const shadda = bw.includes('~') || s.shadda;
  const dagger = bw.includes('`') || s.dagger;
  return fromBuckwalter((shadda ? '~' : '') + (typedVowels || s.vowel) + (dagger ? '`' : ''));
}

/**
 * Renders one word fully vocalized.
 * @param word the word as the user typed it (Arabic script; marks already in it are kept)
 * @param voc the analysis' vocalization in Buckwalter (`kitAbh`, `EuDowAF`)
 * @param morph the analysis' morphology (`kitAb/NOUN+hu/POSS_PRON_3MS`), used for vowels the
 *   vocalization leaves out, the article and whether a missing final vowel is a case ending
 * @returns the typed word with marks added; never throws (letters that do not align get none)
 */
export function vocalizeWord(word: string, voc: string, morph = '', options: Partial<VocalizeOptions> = {}): string {
  const o = { ...defaultVocalizeOptions, ...options };
  const slots = parseVocalization(voc);
  const mf = morph ? morphForms(morph) : undefined;
  if (mf) fillFromMorph(slots, parseVocalization(mf.forms));
  const lam = mf && !mf.det ? -1 : articleLam(slots);
  // without a morphology the last letter may be a case ending: it is left bare
  const caseSlot = !mf ? slots.length - 1 : mf.afterCaseSlot < 0 ? -1 : slots.length - 1 - mf.afterCaseSlot;
  applyRules(slots, lam, caseSlot, o);
  if (NAME_FIRST.test(morph)) voiceFirstLetter(slots, lam);
  if (o.helpingVowel) addHelpingVowel(slots, lam, caseSlot, o.helpingVowel);
  if (o.sukun) addSukun(slots, lam, caseSlot);
  else for (const s of slots) if (s.vowel === 'o') s.vowel = '';
  const { letters, pieces } = splitInput(word);
  const align = alignLetters(letters.map((l) => l.bw), slots.map((s) => s.letter));
  const slotOf = new Map(letters.map((l, i) => [l, align[i] >= 0 ? slots[align[i]] : undefined]));
  letters.forEach((l, i) => {
    const s = slotOf.get(l);
    // a dagger alif before a letter the text writes as a full alif is dropped
    if (s?.dagger && letters[i + 1]?.bw === 'A') slotOf.set(l, { ...s, dagger: false });
    // hamzat wasl written as a bare alif or wasla is not voiced; written as إ or أ it keeps its vowel,
    // and the article's lam before it takes sukun rather than the helping kasra
    if (s?.letter === '{' && (l.bw === 'A' || l.bw === '{')) slotOf.set(l, { ...s, vowel: '' });
    const before = letters[i - 1] && slotOf.get(letters[i - 1]);
    if (s?.letter === '{' && l.bw !== 'A' && l.bw !== '{' && before && lam >= 0 && before === slots[lam]) {
      slotOf.set(letters[i - 1], { ...before, vowel: o.sukun ? 'o' : '' });
    }
  });
  let out = '';
  for (const p of pieces) out += typeof p === 'string' ? p : p.ch + lettersMarks(p.marks, slotOf.get(p));
  return out;
}
