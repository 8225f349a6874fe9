/**
 * String interning for stage one and tagging: every word, letter and label-element value
 * becomes a dense integer id (0, 1, 2, … per namespace), so counting and look-ups work on
 * numbers only. Namespaces: 'word' (look-up forms, Buckwalter; non-Arabic tokens keep their
 * text), 'letter' (first/last letters of words) and one per target ('label' holds label keys,
 * see labelKey; each LE holds its values, the empty string included; 'caseless' the keys of
 * case-less labels).
 *
 * Ids 0 and 1 of 'word' and 'letter' are the sentence-boundary values BOS and EOS (strings
 * that no token can have: they start with U+0000). The vocabulary grows during stage one and
 * is frozen afterwards: `get` answers -1 for a string it has not seen.
 */
import { ModelFormatError, UsageError } from '../src/errors.js';
import { TARGETS, type Target } from '../src/labels/elements.js';

export type Namespace = 'word' | 'letter' | Target;

/** All namespaces, in the order they are saved. */
export const NAMESPACES: readonly Namespace[] = ['word', 'letter', ...TARGETS];

/** Boundary id before the first token of a sentence (in 'word' and 'letter'). */
export const BOS = 0;
/** Boundary id after the last token of a sentence (in 'word' and 'letter'). */
export const EOS = 1;
/** The strings behind BOS and EOS. */
export const BOUNDARY_STRINGS = ['\u0000<s>', '\u0000</s>'] as const;

const VOCAB_KIND = 'lexdis-vocab';
/** 2: with the 'caseless' namespace. */
const VOCAB_VERSION = 2;
/**
 * The namespaces each older version lacks, read as empty: a model saved then has no template
 * of their targets, so nothing looks them up (its β* keys are unchanged: new targets go last).
 */
const ADDED_SINCE: Readonly<Record<number, readonly Namespace[]>> = { 1: ['caseless'] };

/** The saved form of a Vocab: each namespace's strings in id order. */
export interface VocabJSON {
  kind: typeof VOCAB_KIND;
  version: number;
  namespaces: Record<string, string[]>;
}

class Interner {
  readonly ids = new Map<string, number>();
  readonly strings: string[] = [];

  intern(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.strings.length;
      this.ids.set(s, id);
      this.strings.push(s);
    }
    return id;
  }
}

/** Interned strings per namespace. */
export class Vocab {
  private readonly spaces = new Map<Namespace, Interner>();
  private frozenFlag = false;

  constructor() {
    for (const ns of NAMESPACES) this.spaces.set(ns, new Interner());
    for (const s of BOUNDARY_STRINGS) {
      this.space('word').intern(s);
      this.space('letter').intern(s);
    }
  }

  private space(ns: Namespace): Interner {
    const sp = this.spaces.get(ns);
    if (!sp) throw new UsageError(`unknown vocabulary namespace '${ns}'`);
    return sp;
  }

  /** True once {@link freeze} was called (a loaded vocabulary is frozen). */
  get frozen(): boolean {
    return this.frozenFlag;
  }

  /** Stops growth: `intern` then throws. Stage one freezes the vocabulary it returns. */
  freeze(): this {
    this.frozenFlag = true;
    return this;
  }

  /** The id of `s`, adding it when new. Throws on a frozen vocabulary. */
  intern(ns: Namespace, s: string): number {
    const sp = this.space(ns);
    const id = sp.ids.get(s);
    if (id !== undefined) return id;
    if (this.frozenFlag) throw new UsageError('the vocabulary is frozen (it was built by stage one)');
    return sp.intern(s);
  }

  /** The id of `s`, or -1 when it was never interned. */
  get(ns: Namespace, s: string): number {
    return this.space(ns).ids.get(s) ?? -1;
  }

  /** The string behind an id (undefined when out of range). */
  string(ns: Namespace, id: number): string | undefined {
    return this.space(ns).strings[id];
  }

  /** Number of ids in a namespace. */
  size(ns: Namespace): number {
    return this.space(ns).strings.length;
  }

  /** The internal map of a namespace, for hot loops that look up many strings (read only). */
  map(ns: Namespace): ReadonlyMap<string, number> {
    return this.space(ns).ids;
  }

  toJSON(): VocabJSON {
    const namespaces: Record<string, string[]> = {};
    for (const ns of NAMESPACES) namespaces[ns] = this.space(ns).strings.slice();
    return { kind: VOCAB_KIND, version: VOCAB_VERSION, namespaces };
  }

  /** Rebuilds a saved vocabulary (frozen). Checks the kind tag, version and every namespace. */
  static load(json: unknown): Vocab {
    const j = json as Partial<VocabJSON> | null;
    if (!j || typeof j !== 'object' || j.kind !== VOCAB_KIND)
      throw new ModelFormatError(`not a lexdis vocabulary (kind tag '${String(j?.kind)}')`);
    const added = j.version === VOCAB_VERSION ? [] : typeof j.version === 'number' && Object.hasOwn(ADDED_SINCE, j.version) ? ADDED_SINCE[j.version] : undefined;
    if (!added) throw new ModelFormatError(`vocabulary version ${String(j.version)}, expected ${VOCAB_VERSION}`);
    const v = new Vocab();
    for (const ns of NAMESPACES) {
      const list = added.includes(ns) ? [] : j.namespaces?.[ns];
      if (!Array.isArray(list)) throw new ModelFormatError(`vocabulary lacks namespace '${ns}'`);
      const sp = v.space(ns);
      const start = sp.strings.length;
      for (let i = 0; i < start; i++)
        if (list[i] !== sp.strings[i]) throw new ModelFormatError(`vocabulary namespace '${ns}' lacks its boundary ids`);
      // one Map write per string, through locals: this runs once per load, over every word of the model
      const { ids, strings } = sp;
      for (let i = start; i < list.length; i++) {
        const s = list[i];
        if (typeof s !== 'string') throw new ModelFormatError(`vocabulary namespace '${ns}' has a bad entry at ${i}`);
        ids.set(s, i);
        if (ids.size !== i + 1) throw new ModelFormatError(`vocabulary namespace '${ns}' has a repeated entry at ${i}`);
        strings.push(s);
      }
    }
    return v.freeze();
  }
}

/** The first and last letters (code points) of a word; '' for an empty word. */
export function wordLetters(word: string): [string, string] {
  if (word.length === 0) return ['', ''];
  const first = String.fromCodePoint(word.codePointAt(0)!);
  const lastCode = word.codePointAt(word.length - 1)!;
  // A trailing low surrogate: step back to the start of the pair.
  const last =
    lastCode >= 0xdc00 && lastCode <= 0xdfff && word.length >= 2
      ? String.fromCodePoint(word.codePointAt(word.length - 2)!)
      : String.fromCodePoint(lastCode);
  return [first, last];
}
