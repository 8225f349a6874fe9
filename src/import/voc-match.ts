/**
 * Projecting vocalized text onto the analyzer's candidates: the part shared by the PADT
 * import (`lexdis import-ud`, src/import/padt-project.ts) and any vocalized corpus (`lexdis
 * import-diac`, src/import/diac-import.ts).
 *
 * The analyzer reads a sentence with its marks stripped (what a user types); every word it
 * finds gets the gold spelling that stands there in the vocalized sentence, and every candidate
 * is rendered on the typed word as `lexdis diacritize` renders it (src/script/vocalize.ts,
 * default options). A candidate matches when its rendering spells the gold in the matching
 * convention of src/script/diac-match.ts. Before a word that starts with a bare alif (hamzat
 * wasl: the article, انتخب…), the rendering with the helping vowel src/tagger/connect.ts gives
 * the last letter (مِنَ الْ…) matches too, since vocalized corpora differ in writing it (PADT
 * never does, WikiNews does).
 */
import type { AnalyzedToken } from '../analyzer/types.js';
import type { Candidate, Token } from '../corpus/types.js';
import type { LabelElements } from '../labels/elements.js';
import { helpingVowelOf, type WaslContext } from '../corpus/wasl.js';
import { matchKey, vocalizationDifference } from '../script/diac-match.js';
import { vocalizeWord } from '../script/vocalize.js';
import { candidatesOf } from './ud-project.js';

/** A vocalized text and the same text as the analyzer reads it. */
export interface StrippedText {
  vocalized: string;
  /** The text without marks and tatweel, alif wasla as bare alif. */
  plain: string;
  /** For each character of `plain` (and one past its end), its index in `vocalized`. */
  at: number[];
}

const DROPPED = /[\u064b-\u0652\u0670\u0640]/;
const ALIF_WASLA = '\u0671';
const MARK = /[\u064b-\u0652\u0670]/;

/** Strips a vocalized text for the analyzer, keeping where each character came from. */
export function stripForAnalysis(vocalized: string): StrippedText {
  let plain = '';
  const at: number[] = [];
  for (let i = 0; i < vocalized.length; i++) {
    const ch = vocalized[i];
    if (DROPPED.test(ch)) continue;
    at.push(i);
    plain += ch === ALIF_WASLA ? '\u0627' : ch;
  }
  at.push(vocalized.length);
  return { vocalized, plain, at };
}

/** True when a word carries at least one vowel, tanween, shadda, sukun or dagger alif. */
export function hasVowelMarks(word: string): boolean {
  return MARK.test(word);
}

/** One token of a vocalized sentence, as the analyzer found it. */
export interface VocToken {
  /** The corpus token (gold −1: the caller decides). */
  token: Token;
  /** Its span in the stripped text. */
  start: number;
  end: number;
  /** The vocalized spelling of its span ('' for a non-word). */
  gold: string;
  /** Indices of the candidates whose rendering matches the gold spelling. */
  matching: number[];
}

/** What starts a gold word, for the helping vowel of the word before it: a bare alif or alif wasla is hamzat wasl. */
export function waslOfGold(gold: string | undefined): WaslContext {
  if (!gold || (gold[0] !== '\u0627' && gold[0] !== ALIF_WASLA)) return null;
  return /^[\u0627\u0671][\u064b-\u0652\u0670]*\u0644/.test(gold) ? 'article' : 'wasl';
}

/**
 * The renderings of a candidate that may stand in vocalized text: without, and (before hamzat wasl)
 * with the helping vowel.
 */
export function renderings(form: string, c: Candidate, next: WaslContext): string[] {
  const plain = vocalizeWord(form, c.voc, c.morph);
  if (next === null) return [plain];
  const helping = vocalizeWord(form, c.voc, c.morph, { helpingVowel: helpingVowelOf(c, next) });
  return helping === plain ? [plain] : [plain, helping];
}

/** Indices of the candidates with a rendering that spells `gold` in the matching convention. */
export function matchingCandidates(
  form: string,
  gold: string,
  candidates: readonly Candidate[],
  next: WaslContext,
): number[] {
  const key = matchKey(gold);
  const out: number[] = [];
  candidates.forEach((c, i) => {
    if (renderings(form, c, next).some((r) => matchKey(r) === key)) out.push(i);
  });
  return out;
}

/** Why no candidate matched a vocalized word (the report's buckets). */
export const VOC_UNMATCHED_REASONS = [
  'unvocalized', 'not-found', 'case-ending', 'shadda', 'stem', 'letters', 'tokenization',
] as const;
/** One of {@link VOC_UNMATCHED_REASONS}. */
export type VocUnmatchedReason = (typeof VOC_UNMATCHED_REASONS)[number];

/** What each reason means, for reports and docs. */
export const VOC_UNMATCHED_MEANING: Readonly<Record<VocUnmatchedReason, string>> = {
  unvocalized: 'the gold word carries no vowel mark',
  'not-found': 'the analyzer has no analysis of the word',
  'case-ending': 'a candidate matches but for the last letter (the case ending or mood vowel)',
  shadda: 'a candidate matches but for a shadda',
  stem: 'the nearest candidate differs before the last letter',
  letters: 'no candidate can be laid on the word\'s letters',
  tokenization: 'the analyzer cuts the text otherwise than the treebank\'s words',
};

/**
 * Why a vocalized word no candidate matches is unmatched: no marks, no candidates, or how near
 * the nearest candidate comes (the first, in the analyzer's order, of the nearest kind), with a
 * detail naming the gold and that candidate's rendering.
 */
export function unmatchedReason(
  form: string,
  gold: string,
  candidates: readonly Candidate[],
  next: WaslContext,
): { reason: VocUnmatchedReason; detail: string } {
  if (!hasVowelMarks(gold)) return { reason: 'unvocalized', detail: gold };
  if (candidates.length === 0) return { reason: 'not-found', detail: gold };
  const order: VocUnmatchedReason[] = ['case-ending', 'shadda', 'stem', 'letters'];
  let best: { reason: VocUnmatchedReason; rendering: string; c: Candidate } | undefined;
  for (const c of candidates) {
    for (const r of renderings(form, c, next)) {
      const d = vocalizationDifference(r, gold);
      const reason: VocUnmatchedReason = d === 'none' ? 'case-ending' : d;
      if (!best || order.indexOf(reason) < order.indexOf(best.reason)) best = { reason, rendering: r, c };
    }
  }
  const b = best!;
  return { reason: b.reason, detail: `gold ${gold}, nearest ${b.rendering} (${b.c.voc} ${b.c.morph})` };
}

/** Options of {@link analyzeVocalized}. */
export interface AnalyzeVocalizedOptions {
  factorize: (lemma: string, morph: string) => LabelElements;
}

/**
 * Analyzes one vocalized sentence: the analyzer reads it stripped (see stripForAnalysis);
 * every word token gets its gold spelling, its candidates (deduplicated by label, as the UD
 * projection makes them) and the ones whose rendering matches. Non-word tokens come back with
 * no gold and no candidates. INDEX W numbers are 1-based token positions (P is the caller's).
 */
export function analyzeVocalized(
  text: StrippedText, analyze: (line: string) => AnalyzedToken[], opts: AnalyzeVocalizedOptions,
): VocToken[] {
  const raw = analyze(text.plain);
  const spans: { t: AnalyzedToken; start: number; end: number }[] = [];
  let pos = 0;
  for (const t of raw) {
    const start = text.plain.indexOf(t.input, pos);
    // the analyzer's tokens are pieces of its input, in order
    const s = start < 0 ? pos : start;
    pos = s + t.input.length;
    spans.push({ t, start: s, end: pos });
  }
  const golds = spans.map(({ t, start, end }) => (t.kind === 'word' ? text.vocalized.slice(text.at[start], text.at[end]).trim() : ''));
  return spans.map(({ t, start, end }, i): VocToken => {
    const index = { paragraph: 0, word: i + 1 };
    if (t.kind !== 'word') {
      return { token: { form: t.input, lookup: t.input, arabic: false, candidates: [], gold: -1, index }, start, end, gold: '', matching: [] };
    }
    const candidates = candidatesOf(t, opts.factorize);
    const token: Token = { form: t.input, lookup: t.lookup, arabic: true, candidates, gold: -1, index };
    const next = spans[i + 1]?.t.kind === 'word' ? waslOfGold(golds[i + 1]) : null;
    const gold = golds[i];
    return {
      token,
      start,
      end,
      gold,
      matching: hasVowelMarks(gold) ? matchingCandidates(t.input, gold, candidates, next) : [],
    };
  });
}

/** The helping-vowel context of token i of a sentence of {@link VocToken}s (for {@link unmatchedReason}). */
export function nextWasl(tokens: readonly VocToken[], i: number): WaslContext {
  const next = tokens[i + 1];
  return next?.token.arabic ? waslOfGold(next.gold) : null;
}
