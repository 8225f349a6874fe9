/**
 * A tagged word as the service, the CLI and the library show it: each ranked analysis with its
 * vocalization laid onto the word as typed, its lemma, morphology, label elements and gloss.
 */
import { hasOwnReading, type CandidateSource } from '../corpus/types.js';
import { helpingVowelOf, type WaslContext } from '../corpus/wasl.js';
import { copyElements } from '../labels/elements.js';
import { caseOrMoodName } from '../labels/inflection.js';
import { vocalizeWord, type VocalizeOptions } from '../script/vocalize.js';
import { waslContexts } from './connect.js';
import { candidateScripts, type Renderer } from './render-cache.js';
import type { RankedCandidate, RankedToken } from './types.js';

/**
 * One analysis of a tagged word: vocalization (Buckwalter and Arabic), lemma, morphology, POS and
 * the other label elements, gloss, score, confidence and where it came from.
 */
export interface TaggedAnalysis {
  rank: number;
  /** The analyzer's vocalization, Buckwalter, as the analyzer spells it. */
  voc: string;
  /** The same in Arabic script. */
  vocArabic: string;
  /** The word as typed, fully vocalized by this analysis (src/script/vocalize.ts): what a reader is shown. */
  vocalized: string;
  /** The lemma ID, Buckwalter (`Eaqad-i_1`). */
  lemma: string;
  /** The lemma ID in Arabic script (`عَقَد-ِ_1`). */
  lemmaArabic: string;
  /** The lemma's citation form, vocalized in Arabic script (`عَقَدَ`; src/script/lemma.ts): what a reader looks up. */
  lemmaVocalized: string;
  morph: string;
  /** The label element `pos` (`NOUN`, `VERB`…). */
  pos: string;
  /**
   * The English name of the case of a nominal or the mood of an imperfect verb, from the label
   * elements `case` and `mood` ('nominative', 'genitive', 'subjunctive'…; src/labels/inflection.ts);
   * '' when the analysis has neither.
   */
  caseOrMood: string;
  elements: Record<string, string>;
  gloss: string;
  score: number;
  confidence: number;
  /**
   * 'analyzer' (the lexicon's analysis), 'backoff' (made up for a word the lexicon lacks), 'rule'
   * (made by rule from the lexicon's entries: a passive it lacks), or
   * 'train' (a label seen for this word in training that the analyzer did not give).
   */
  source: CandidateSource;
  /**
   * Present (true) on a label seen in training whose vocalization is borrowed from another
   * analysis or only what its morphology spells (Candidate.borrowedReading): the vocalized text
   * shows another analysis of the word when there is one (src/tagger/diacritize.ts).
   */
  borrowedReading?: true;
}

/** A tagged word: its input form, look-up form, whether it is Arabic and was found, and its best analyses. */
export interface TaggedToken {
  input: string;
  lookup: string | null;
  arabic: boolean;
  found: boolean;
  analyses: TaggedAnalysis[];
}

/** A tagged sentence: its tokens in order. */
export interface TaggedSentence {
  tokens: TaggedToken[];
}

/**
 * One ranked candidate as the service and the CLI show it.
 * @param form the word as it stood in the text (Arabic script), which `vocalized` keeps letter for letter
 * @param vocalize how `vocalized` is written
 * @param render a render cache and the key of the vocalize options of this call without the word's
 *   own helping vowel (./render-cache.ts), which keeps the rendered strings across calls; the same strings without it
 */
export function taggedAnalysis(
  r: RankedCandidate,
  rank: number,
  form: string,
  vocalize: Partial<VocalizeOptions> = {},
  render?: Renderer,
): TaggedAnalysis {
  const c = r.candidate;
  const scripts = render ? render.cache.scriptsOf(c) : candidateScripts(c);
  return {
    rank,
    voc: c.voc,
    vocArabic: scripts.vocArabic,
    vocalized: render
      ? render.cache.vocalized(form, c, vocalize, renderKey(render, vocalize.helpingVowel))
      : vocalizeWord(form, c.voc, c.morph, vocalize),
    lemma: c.lemma,
    lemmaArabic: scripts.lemmaArabic,
    lemmaVocalized: scripts.lemmaVocalized,
    morph: c.morph,
    pos: c.elements.pos,
    caseOrMood: caseOrMoodName(c.elements),
    // a copy made as one literal: a spread of the frozen elements costs several times more (labels/elements.ts)
    elements: copyElements(c.elements),
    gloss: c.gloss,
    score: r.score,
    confidence: r.confidence,
    source: c.source,
    ...(c.borrowedReading ? { borrowedReading: true as const } : {}),
  };
}

/** The render cache's key of a call's options with a word's helping vowel (kept strings when the renderer has them). */
function renderKey(render: Renderer, helpingVowel: string | undefined): string {
  const v = helpingVowel ?? '';
  const kept = render.keys && (v === '' || v === 'a' || v === 'i' || v === 'u') ? render.keys[v] : undefined;
  return kept ?? `${render.optionsKey}\u0001${v}`;
}

/**
 * One ranked token as the service and the CLI show it, with its `top` best analyses (all
 * rendered with the same vocalization options, through `render` when given, which keeps the
 * strings). `next` says whether the word after it starts with hamzat wasl, which gives a final
 * consonant its helping vowel (./connect.ts).
 */
export function taggedToken(
  rt: RankedToken,
  top: number,
  vocalize: Partial<VocalizeOptions> = {},
  next: WaslContext = null,
  render?: Renderer,
  ownReadingFirst = false,
): TaggedToken {
  const t = rt.token;
  return {
    input: t.form,
    lookup: t.arabic ? t.lookup : null,
    arabic: t.arabic,
    found: rt.ranked.length > 0,
    analyses: (ownReadingFirst ? ownReadingOrder(rt.ranked) : rt.ranked)
      .slice(0, Math.max(0, top))
      .map((r, i) =>
        taggedAnalysis(
          r,
          i + 1,
          t.form,
          next ? { ...vocalize, helpingVowel: helpingVowelOf(r.candidate, next) } : vocalize,
          render,
        ),
      ),
  };
}

/**
 * The ranking with the best analysis that has a vocalization of its own first: when a label
 * seen only in training whose vowels are borrowed from another analysis, or only those its
 * morphology spells (Candidate.borrowedReading), ranks first, the best-ranked analysis with a
 * reading of its own is moved before it; else the ranking as it is.
 */
export function ownReadingOrder(ranked: readonly RankedCandidate[]): readonly RankedCandidate[] {
  if (ranked.length < 2 || hasOwnReading(ranked[0].candidate)) return ranked;
  const j = ranked.findIndex((r) => hasOwnReading(r.candidate));
  return j < 0 ? ranked : [ranked[j], ...ranked.slice(0, j), ...ranked.slice(j + 1)];
}

/**
 * A ranked sentence as the service and the CLI show it: {@link taggedToken} for each token, with
 * what follows it (rendered through `render` when given).
 */
export function taggedSentence(
  sent: readonly RankedToken[],
  top: number,
  vocalize: Partial<VocalizeOptions> = {},
  render?: Renderer,
  ownReadingFirst = false,
): TaggedSentence {
  const next = waslContexts(sent);
  return { tokens: sent.map((rt, i) => taggedToken(rt, top, vocalize, next[i], render, ownReadingFirst)) };
}
