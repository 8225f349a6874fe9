/**
 * The strings a tagged analysis shows that depend on the analysis and the typed word only —
 * its vocalization and lemma in Arabic script, its lemma's citation form, and the typed word vocalized by it
 * (src/script/vocalize.ts) — computed once and kept for a Tagger's lifetime, per candidate
 * object: a word type's analyses are shown again every time the word comes back. Pure
 * caching: the strings are those the functions give.
 */
import { lemmaInScript } from '../analyzer/script.js';
import type { Candidate } from '../corpus/types.js';
import { fromBuckwalter } from '../script/buckwalter.js';
import { lemmaVocalized } from '../script/lemma.js';
import { defaultVocalizeOptions, vocalizeWord, type VocalizeOptions } from '../script/vocalize.js';

/** A candidate's vocalization and lemma in Arabic script, and its lemma's vocalized citation form. */
export interface CandidateScripts {
  vocArabic: string;
  lemmaArabic: string;
  lemmaVocalized: string;
}

/** The {@link CandidateScripts} of a candidate (fromBuckwalter, lemmaInScript, lemmaVocalized). */
export function candidateScripts(c: Candidate): CandidateScripts {
  return { vocArabic: fromBuckwalter(c.voc), lemmaArabic: lemmaInScript(c.lemma, 'arabic'), lemmaVocalized: lemmaVocalized(c.lemma, c.elements.pos) };
}

/** Vocalized forms kept per candidate (forms × options); more start its list afresh. */
const FORMS_PER_CANDIDATE = 8;

/**
 * What is kept per candidate: its scripts and the words it vocalized: the first one in three
 * fields (most candidates are shown for one typed form under one options key), any more by
 * options key, then typed form.
 */
interface Rendered extends CandidateScripts {
  firstKey: string | null;
  firstForm: string;
  firstText: string;
  more: Map<string, Map<string, string>> | null;
  /** Vocalized forms kept (all options). */
  forms: number;
}

/**
 * The rendered strings of tagged analyses (see the module comment), kept per candidate object
 * (candidates are shared and frozen, and a word type's candidates vocalize the same typed forms
 * again and again), held only as long as the candidate is, at most
 * {@link FORMS_PER_CANDIDATE} vocalized forms each: bounded by the candidates alive.
 */
export class RenderCache {
  private readonly byCandidate = new WeakMap<Candidate, Rendered>();

  private entry(c: Candidate): Rendered {
    let r = this.byCandidate.get(c);
    if (!r) {
      r = { ...candidateScripts(c), firstKey: null, firstForm: '', firstText: '', more: null, forms: 0 };
      if (Object.isFrozen(c)) this.byCandidate.set(c, r);
    }
    return r;
  }

  /** The candidate's {@link CandidateScripts}. */
  scriptsOf(c: Candidate): CandidateScripts {
    return this.entry(c);
  }

  /**
   * vocalizeWord(form, c.voc, c.morph, options), kept per candidate, form and options;
   * `optionsKey` names `options` (one key per distinct options: the caller's
   * {@link vocalizeOptionsKey}, with the word's helping vowel: best the same string object
   * every time, whose hash is then computed once).
   */
  vocalized(form: string, c: Candidate, options: Partial<VocalizeOptions>, optionsKey: string): string {
    const r = this.entry(c);
    if (r.firstKey === optionsKey && r.firstForm === form) return r.firstText;
    let kept = r.more?.get(optionsKey);
    const hit = kept?.get(form);
    if (hit !== undefined) return hit;
    const out = vocalizeWord(form, c.voc, c.morph, options);
    if (r.forms >= FORMS_PER_CANDIDATE) {
      r.firstKey = null;
      r.more = null;
      r.forms = 0;
      kept = undefined;
    }
    r.forms++;
    if (r.firstKey === null) {
      r.firstKey = optionsKey;
      r.firstForm = form;
      r.firstText = out;
      return out;
    }
    if (!kept) (r.more ??= new Map()).set(optionsKey, (kept = new Map()));
    kept.set(form, out);
    return out;
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
  /** The options key with each helping vowel ('' for none), made once per call by {@link rendererKeys}; made per word when absent. */
  keys?: Readonly<Record<'' | 'a' | 'i' | 'u', string>>;
}

/** A Renderer's keys per helping vowel: `optionsKey`, U+0001, the vowel (what taggedAnalysis looks up with). */
export function rendererKeys(optionsKey: string): Readonly<Record<'' | 'a' | 'i' | 'u', string>> {
  return { '': `${optionsKey}\u0001`, a: `${optionsKey}\u0001a`, i: `${optionsKey}\u0001i`, u: `${optionsKey}\u0001u` };
}
