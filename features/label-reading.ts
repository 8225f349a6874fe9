/**
 * The reading (vocalization and gloss) a label seen in D1 is shown with when no analysis gives
 * it: borrowed from the token's closest analyzer candidate, else spelled by its morphology.
 */
import { fromAnalyzer, type Candidate, type Token } from '../src/corpus/types.js';
import { LABEL_ELEMENTS } from '../src/labels/elements.js';
import { CASE_MOOD_ELEMENTS, caselessSegments } from '../src/labels/caseless.js';
import { factorize } from '../src/labels/factorize.js';
import { formatMorph, type MorphSegment } from '../src/labels/morph.js';
import { BACKOFF_GLOSS } from '../src/analyzer/backoff.js';
import { lemmaCore, vocalizedLemma } from '../src/script/lemma.js';
import { stripBwDiacritics } from '../src/script/buckwalter.js';

/** How good a label's stored reading is (higher wins; see {@link labelReading}). */
export const READING_OWN = 3;
const READING_SAME_LEMMA = 2;
const READING_SAME_SHAPE = 1;
const READING_LABEL = 0;

/** The gloss of a label seen in training whose meaning no analysis gives. */
export const UNKNOWN_GLOSS = '[meaning unknown: label seen in training]';

/**
 * The vocalization a label's morphology spells, when its forms joined spell the word
 * (`wa/CONJ+bwtyn/NOUN_PROP` → `wabwtyn`); else the label's own.
 */
function morphVoc(c: Candidate): string {
  const joined = c.morph.split('+').map((seg) => seg.slice(0, Math.max(0, seg.lastIndexOf('/')))).join('');
  return stripBwDiacritics(joined) === stripBwDiacritics(c.voc) ? joined : c.voc;
}

/** A short vowel, tanween or shadda in a Buckwalter vocalization. */
const VOWEL = /[aiuFNK~]/;

/** Label elements compared, besides the lemma, to find the closest analyzer candidate. */
const COMPARED = LABEL_ELEMENTS.filter((e) => e !== 'lemma');

/**
 * Segments' letters, joined, and their tags, without vowels (`Al>wlY DET+ADJ`): a label built
 * from a treebank keeps a verb's prefix letters in its stem (`/IV3MS+yrY/VERB_IMPERFECT`) where
 * the analyzer splits them off (`ya/IV3MS+raY/VERB_IMPERFECT`).
 */
function shapeOf(segments: readonly MorphSegment[]): string {
  return `${segments.map((g) => stripBwDiacritics(g.voc)).join('')} ${segments.map((g) => g.tag).join('+')}`;
}

/**
 * The reading of the analyzer's candidates that are the label in all but the lemma (and the
 * case and mood it leaves open): the same letters and segment tags, and the same other label
 * elements (PUD's `الأولى` with the lemma of أَوَّل, `الكبرى` with كَبِير's: BAMA has them as
 * the lemmas أُولَى, كُبْرَى). Their case-less vocalization when they all give the same one,
 * else null: two readings (جُزُر, جَزْر) are no reading.
 */
function sameShapeReading(token: Token, c: Candidate): { voc: string; gloss: string } | null {
  // a label without case and mood is compared with the candidates' case-less labels (their suffix state too)
  const open = CASE_MOOD_ELEMENTS.every((e) => c.elements[e] === '');
  const shape = shapeOf(caselessSegments(c.morph));
  let found: { voc: string; gloss: string } | null = null;
  for (const o of token.candidates) {
    if (!fromAnalyzer(o)) continue;
    const segments = caselessSegments(o.morph);
    if (shapeOf(segments) !== shape) continue;
    const el = open ? factorize(o.lemma, formatMorph(segments)) : o.elements;
    if (COMPARED.some((e) => el[e] !== c.elements[e])) continue;
    const voc = segments.map((g) => g.voc).join('');
    if (found && found.voc !== voc) return null;
    found ??= { voc, gloss: o.gloss };
  }
  return found;
}

/**
 * The vocalization and gloss a label is shown with, from one token that carried it:
 *  - an analyzer candidate (source 'analyzer' or 'backoff') has its own, and so has a gold
 *    label with vowels of its own (the UD projection's backoff analysis of a treebank name the
 *    lexicon knows only as other words: ud-project.ts);
 *  - a gold label no analyzer gave (whose vocalization is the bare word) takes the
 *    vocalization of the token's closest analyzer candidate of the same lemma and the same
 *    verb/non-verb class (up to spelling conventions; then the most label elements in common,
 *    then the analyzer's order), and its gloss when it has none of its own;
 *  - else those of the analyzer candidates that are the label but for the lemma, when they
 *    agree on one (see sameShapeReading), without their case ending;
 *  - with no such candidate, the vowels its morphology spells (those of its clitics), and its
 *    own gloss, else {@link BACKOFF_GLOSS} for a proper noun, else {@link UNKNOWN_GLOSS}.
 * `quality` ranks these, so that a label seen several times keeps the best reading.
 */
export function labelReading(token: Token, c: Candidate): { voc: string; gloss: string; quality: number } {
  if (fromAnalyzer(c) || VOWEL.test(c.voc)) return { voc: c.voc, gloss: c.gloss, quality: READING_OWN };
  let best: Candidate | null = null;
  let bestScore = -1;
  const v = vocalizedLemma(c.lemma);
  const core = lemmaCore(c.lemma);
  const verb = c.elements.pos === 'VERB';
  for (const o of token.candidates) {
    // a verb's reading is no noun's, nor the reverse (أكثر the adverb: not أَكْثَرَ "he increased")
    if (!fromAnalyzer(o) || (o.elements.pos === 'VERB') !== verb) continue;
    const lemma = vocalizedLemma(o.lemma) === v ? 2 : lemmaCore(o.lemma) === core ? 1 : 0;
    if (lemma === 0) continue;
    let score = lemma * 100;
    for (const e of COMPARED) if (o.elements[e] === c.elements[e]) score++;
    if (score > bestScore) [best, bestScore] = [o, score];
  }
  if (best) return { voc: best.voc, gloss: c.gloss !== '' ? c.gloss : best.gloss, quality: READING_SAME_LEMMA };
  const shaped = sameShapeReading(token, c);
  if (shaped) return { voc: shaped.voc, gloss: c.gloss !== '' ? c.gloss : shaped.gloss, quality: READING_SAME_SHAPE };
  const gloss = c.gloss !== '' ? c.gloss : c.elements.dpos === 'PROP' ? BACKOFF_GLOSS : UNKNOWN_GLOSS;
  return { voc: morphVoc(c), gloss, quality: READING_LABEL };
}
