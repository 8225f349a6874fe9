/**
 * Lemma IDs of UD Arabic treebanks (`LId=` in MISC, SAMA-style lemma IDs written in Arabic
 * script: `كَتَب-ُ_1` is Buckwalter `katab-u_1`) against the analyzer's lemma IDs.
 *
 * Levels, tried in this order (the first that finds any candidate lemma wins):
 *  1. `exact`      — the transliterated LId equals the candidate's lemma ID.
 *  2. `vocalized`  — equal after {@link vocalizedLemma} on both sides: spelling conventions
 *                    only (verb-class marker, sukun, tanween, alif wasla, shadda/vowel order),
 *                    so that `>ano_1` (أَنْ) finds `>an_1` and not `>an~a_1`.
 *  3. `normalized` — equal after {@link normalizeLemma} on both sides (sense index kept).
 *  4. `sense`      — equal after also dropping the `_N` sense index, used only when exactly
 *                    one distinct candidate lemma matches that way.
 * (Four more levels live in ud-match.ts because they need the candidates' stems or the word's
 * tokens and tags: `stem`, a candidate whose stem is spelled as the lemma, which overrides
 * levels 3 and 4 and is tried first when no level finds a lemma; `compound`, a candidate stem
 * spelling several treebank tokens together; `class`, a same-spelled lemma of the XPOS's
 * verb/non-verb class when the LId's lemma has none; and `name`, a proper noun whose LId no
 * candidate carries matched to a backoff analysis.)
 */
import { toBuckwalter } from '../script/buckwalter.js';
import { lemmaCore, normalizeLemma, vocalizedLemma } from '../script/lemma.js';

export type LemmaLevel = 'exact' | 'vocalized' | 'stem' | 'normalized' | 'sense' | 'compound' | 'class' | 'name';

/** The lemma of a treebank word in Buckwalter (LId transliterated; Buckwalter passes through). */
export function lidToBuckwalter(lid: string): string {
  return toBuckwalter(lid);
}

export interface LemmaMatch {
  level: LemmaLevel;
  /** The distinct candidate lemma IDs that match at that level, sorted. */
  lemmas: string[];
}

/**
 * Which of `candidateLemmas` (analyzer lemma IDs) the treebank lemma `gold` (Buckwalter)
 * names, and at which level; null when none does at levels 1–4 (see
 * {@link senseAmbiguous} for why level 4 may refuse).
 */
export function matchLemma(gold: string, candidateLemmas: Iterable<string>): LemmaMatch | null {
  const distinct = [...new Set(candidateLemmas)].sort();
  const exact = distinct.filter((l) => l === gold);
  if (exact.length > 0) return { level: 'exact', lemmas: exact };
  const v = vocalizedLemma(gold);
  const vocalized = distinct.filter((l) => vocalizedLemma(l) === v);
  if (vocalized.length > 0) return { level: 'vocalized', lemmas: vocalized };
  const g = normalizeLemma(gold);
  const normalized = distinct.filter((l) => normalizeLemma(l) === g);
  if (normalized.length > 0) return { level: 'normalized', lemmas: normalized };
  const core = lemmaCore(gold);
  const bySense = distinct.filter((l) => lemmaCore(l) === core);
  if (bySense.length === 1) return { level: 'sense', lemmas: bySense };
  return null;
}

/** The distinct candidate lemmas that differ from `gold` only in the sense index, when there are several. */
export function senseAmbiguous(gold: string, candidateLemmas: Iterable<string>): string[] {
  const core = lemmaCore(gold);
  const same = [...new Set(candidateLemmas)].filter((l) => lemmaCore(l) === core).sort();
  return same.length > 1 ? same : [];
}
