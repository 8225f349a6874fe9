/**
 * The strings a tagged analysis shows that depend on the analysis and the typed word only —
 * its vocalization and lemma in Arabic script, and the typed word vocalized by it
 * (src/script/vocalize.ts) — computed once and kept for a Tagger's lifetime, per candidate
 * object: a word type's analyses are shown again every time the word comes back. Pure
 * caching: the strings are those the functions give.
 */
import { lemmaInScript } from '../analyzer/script.js';
import type { Candidate } from '../corpus/types.js';
import { fromBuckwalter } from '../script/buckwalter.js';
import { defaultVocalizeOptions, vocalizeWord, type VocalizeOptions } from '../script/vocalize.js';

/** A candidate's vocalization and lemma in Arabic script. */
export interface CandidateScripts {
  vocArabic: string;
  lemmaArabic: string;
}

/** What is kept per candidate: its scripts and the last word it vocalized (form and options). */
interface Rendered extends CandidateScripts {
  form: string;
  optionsKey: string;
  vocalized: string;
}

/**
 * The rendered strings of tagged analyses (see the module comment), kept per candidate object
 * (candidates are shared and frozen, and a word type's candidates vocalize the same typed form
 * again and again), held only as long as the candidate is: bounded by the candidates alive.
 */
export class RenderCache {
  private readonly byCandidate = new WeakMap<Candidate, Rendered>();

  private entry(c: Candidate): Rendered {
    let r = this.byCandidate.get(c);
    if (!r) {
      r = { vocArabic: fromBuckwalter(c.voc), lemmaArabic: lemmaInScript(c.lemma, 'arabic'), form: '', optionsKey: '', vocalized: '' };
      if (Object.isFrozen(c)) this.byCandidate.set(c, r);
    }
    return r;
  }

  /** The candidate's vocalization and lemma in Arabic script (fromBuckwalter, lemmaInScript). */
  scriptsOf(c: Candidate): CandidateScripts {
    return this.entry(c);
  }

  /**
   * vocalizeWord(form, c.voc, c.morph, options), kept for the last form and options the
   * candidate was rendered with; `optionsKey` names `options` (one key per distinct options:
   * the caller's {@link vocalizeOptionsKey}, with the word's helping vowel).
   */
  vocalized(form: string, c: Candidate, options: Partial<VocalizeOptions>, optionsKey: string): string {
    const r = this.entry(c);
    if (r.optionsKey !== optionsKey || r.form !== form) {
      r.vocalized = vocalizeWord(form, c.voc, c.morph, options);
      r.form = form;
      r.optionsKey = optionsKey;
    }
    return r.vocalized;
  }
}

/** The vocalize options with the defaults filled in, as a string: every option, in name order. */
export function vocalizeOptionsKey(options: Partial<VocalizeOptions> = {}): string {
  const o: Record<string, unknown> = { ...defaultVocalizeOptions, ...options };
  return JSON.stringify(Object.keys(o).sort().map((k) => [k, o[k]]));
}

/**
 * A render cache with the key of one call's vocalize options (what taggedToken takes). The
 * options of one word differ from the call's only by the helping vowel the next word gives it
 * (src/rank/connect.ts), which taggedAnalysis adds to the key.
 */
export interface Renderer {
  cache: RenderCache;
  optionsKey: string;
}
