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
import { flat, MAP_ENTRY_BYTES, objectBytes, stringBytes } from '../heap-bytes.js';

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
/** The bytes of strings a RenderCache keeps at most (src/heap-bytes.ts), by default. */
export const RENDER_CACHE_BYTES = 64 * 2 ** 20;

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
 * {@link FORMS_PER_CANDIDATE} vocalized forms each, and at most `maxBytes` in all: every entry
 * and string kept is counted as it is added, and past the bound the cache starts afresh (what
 * was kept since the last start is all that can still be alive, so the count bounds it whatever
 * the collector has freed since).
 */
export class RenderCache {
  private byCandidate = new WeakMap<Candidate, Rendered>();
  private bytes = 0;

  /** Takes the bytes it may keep ({@link RENDER_CACHE_BYTES} by default). */
  constructor(readonly maxBytes = RENDER_CACHE_BYTES) {}

  /** The bytes kept since the cache last started afresh (at most `maxBytes`). */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Forgets every rendered string (they are made again when needed; the same strings). */
  clear(): void {
    this.byCandidate = new WeakMap();
    this.bytes = 0;
  }

  /**
   * Counts `n` more bytes kept, starting afresh first when they would pass the bound; false when
   * `n` alone is past it.
   */
  private charge(n: number): boolean {
    if (n > this.maxBytes) return false;
    if (this.bytes + n > this.maxBytes) {
      this.byCandidate = new WeakMap();
      this.bytes = 0;
    }
    this.bytes += n;
    return true;
  }

  private entry(c: Candidate): Rendered {
    let r = this.byCandidate.get(c);
    if (!r) {
      const scripts = candidateScripts(c);
      r = { vocArabic: flat(scripts.vocArabic), lemmaArabic: flat(scripts.lemmaArabic), lemmaVocalized: flat(scripts.lemmaVocalized), firstKey: null, firstForm: '', firstText: '', more: null, forms: 0 };
      const bytes =
        MAP_ENTRY_BYTES +
        objectBytes(8) +
        stringBytes(r.vocArabic) +
        stringBytes(r.lemmaArabic) +
        stringBytes(r.lemmaVocalized);
      if (Object.isFrozen(c) && this.charge(bytes)) this.byCandidate.set(c, r);
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
    const out = flat(vocalizeWord(form, c.voc, c.morph, options));
    // the form and the text are kept (the form as the key), in fields or in two maps
    if (this.byCandidate.get(c) !== r || !this.charge(2 * MAP_ENTRY_BYTES + stringBytes(form) + stringBytes(out)))
      return out;
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
 * (src/tagger/connect.ts), which taggedAnalysis adds to the key.
 */
export interface Renderer {
  cache: RenderCache;
  optionsKey: string;
  /**
   * The options key with each helping vowel ('' for none), made once per call by {@link
   * rendererKeys}; made per word when absent.
   */
  keys?: Readonly<Record<'' | 'a' | 'i' | 'u', string>>;
}

/**
 * Keys per distinct options kept by {@link rendererKeys} (a caller has a few; beyond this many the
 * table starts afresh).
 */
const KEYS_MAX = 256;
const keysByOptions = new Map<string, Readonly<Record<'' | 'a' | 'i' | 'u', string>>>();

/**
 * A Renderer's keys per helping vowel: `optionsKey`, U+0001, the vowel (what taggedAnalysis looks
 * up with). The same strings for the same options, call after call: the cache keeps a key with
 * every candidate it renders, and one string per call would be one more per candidate.
 */
export function rendererKeys(optionsKey: string): Readonly<Record<'' | 'a' | 'i' | 'u', string>> {
  let keys = keysByOptions.get(optionsKey);
  if (keys === undefined) {
    keys = { '': flat(`${optionsKey}\u0001`), a: flat(`${optionsKey}\u0001a`), i: flat(`${optionsKey}\u0001i`), u: flat(`${optionsKey}\u0001u`) };
    if (keysByOptions.size >= KEYS_MAX) keysByOptions.clear();
    keysByOptions.set(flat(optionsKey), keys);
  }
  return keys;
}
