/**
 * The features of the case pass (src/model/case-pass.ts): what a candidate's case ending or
 * mood vowel depends on beyond its own word. A case is syntax: the preposition, verb or
 * particle that governs the word, often several words back; the noun an adjective agrees
 * with across a chain of adjectives; whether the verb's subject has been seen. The sequence
 * decoding's tag bigrams see one neighbour; these features see the sentence, as a first
 * decoding pass labelled it (the gold labels in training).
 *
 * Each feature is a context joined with the candidate's *shape* (its label elements but the
 * lemma, case and mood: part of speech, article, suffix, clitics), with its lemma, or with
 * nothing, hashed to a bucket of {@link CASE_BUCKET_BITS} bits. Contexts are hashes made once
 * per token; a candidate's features combine them with two hashes of its own. The groups are
 * declared once, in {@link CASE_FEATURE_GROUPS}; docs/method.md says what each gave.
 */
import type { LabelElements } from '../labels/elements.js';
import { hash32 } from '../random.js';

/**
 * One token of a sentence as the case pass sees it: the elements of its chosen label, or null
 * (punctuation, digits, an unscored word) with its look-up form.
 */
export interface ContextToken {
  elements: Readonly<LabelElements> | null;
  lookup: string;
}

/**
 * The label elements of a candidate's shape (the case pass's classes are its case and mood:
 * src/labels/caseless.ts CASE_MOOD_ELEMENTS). Number and gender let a feature join a verb's
 * agreement with the noun after it: a verb that agrees is followed by its subject.
 */
const SHAPE_ELEMENTS = ['pos', 'dpos', 'det', 'pre2', 'suf', 'numsuf', 'gensuf'] as const satisfies readonly (keyof LabelElements)[];
/** The elements of a neighbour's tag (what a context names of a labelled token). */
const TAG_ELEMENTS = ['pre1', 'pos', 'dpos', 'det', 'suf', 'case', 'mood'] as const satisfies readonly (keyof LabelElements)[];
/**
 * Parts of speech that govern the case of what follows, or the mood of a verb: the search for a
 * governor stops at them.
 */
const GOVERNOR_POS: ReadonlySet<string> = new Set(['VERB', 'PREP', 'FUNC_WORD', 'PART', 'CONJ']);
/**
 * Punctuation that ends a clause: the search for a governor or a verb before a token stops there (a
 * comma or a quote does not).
 */
const CLAUSE_STOPS = /^[.:;!?]$/;

/** The feature groups, by name. */
export const CASE_FEATURE_GROUPS = ['shape', 'neighbours', 'governor', 'lemma', 'agreement', 'clause'] as const;
export type CaseFeatureGroup = (typeof CASE_FEATURE_GROUPS)[number];

/** Bits of the feature buckets (hashing trick): 4M buckets. */
export const CASE_BUCKET_BITS = 22;
const BUCKET_SHIFT = 32 - CASE_BUCKET_BITS;

/** A candidate's shape: its elements but lemma, case and mood, and whether it has a pronoun clitic. */
export function caseShape(el: Readonly<LabelElements>): string {
  let s = '';
  for (const e of SHAPE_ELEMENTS) s += el[e] + '|';
  return s + (el.pron ? 'p' : '');
}

/** The class a label falls in: its case and mood values (`NOM/`, `/S`), or '' when it has neither. */
export function caseClass(el: Readonly<LabelElements>): string {
  return el.case || el.mood ? `${el.case}/${el.mood}` : '';
}

/** Two hashes made one (order matters). */
function combine(a: number, b: number): number {
  let h = (a ^ Math.imul(b + 0x7f4a7c15, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The names of the contexts, hashed once. */
const CONTEXT_NAMES = ['bias', 'own', 'p1', 'p2', 'n1', 'p1c', 'n1c', 'gov', 'govn', 'govd', 'vlem', 'lem', 'lemp', 'plem', 'agr', 'cl', 'at'] as const;
const NAMES = Object.fromEntries(CONTEXT_NAMES.map((n) => [n, hash32(n)])) as Record<
  (typeof CONTEXT_NAMES)[number],
  number
>;

/** A context: a name's hash joined with values' hashes. */
function named(name: keyof typeof NAMES, a?: number, b?: number): number {
  let h = NAMES[name];
  if (a !== undefined) h = combine(h, a);
  if (b !== undefined) h = combine(h, b);
  return h;
}

function tagHash(t: ContextToken | undefined, edge: string): number {
  if (!t) return hash32(edge);
  const el = t.elements;
  if (!el) return hash32('X:' + t.lookup.replace(/[0-9]+/g, '0'));
  let s = '';
  for (const e of TAG_ELEMENTS) s += el[e] + '|';
  return hash32(s + (el.pron ? 'p' : ''));
}

/** The contexts of one token: hashes to join with the candidate's shape, with its lemma, or to use alone. */
export interface TokenContexts {
  withShape: number[];
  withLemma: number[];
  alone: number[];
}

/**
 * The nearest governor before token i (a stop mark ends the search), the nominatives seen on the
 * way, its distance and a verb's lemma.
 */
function governor(
  ctx: readonly ContextToken[],
  i: number,
): { name: string; nominatives: number; distance: number; verbLemma: string | null } {
  let nominatives = 0;
  for (let j = i - 1; j >= 0; j--) {
    const g = ctx[j].elements;
    const distance = Math.min(i - j, 4);
    if (!g) {
      if (CLAUSE_STOPS.test(ctx[j].lookup))
        return { name: 'punct' + ctx[j].lookup, nominatives, distance, verbLemma: null };
      continue;
    }
    if (g.case === 'NOM' && g.pos !== 'ADJ') nominatives++;
    if (g.pos === 'VERB')
      return {
        name: `V:${g.dpos}:${g.persuf}${g.numsuf}${g.gensuf}:${g.pron ? 'p' : ''}`,
        nominatives,
        distance,
        verbLemma: g.lemma,
      };
    if (GOVERNOR_POS.has(g.pos)) return { name: `${g.pos}:${g.lemma}`, nominatives, distance, verbLemma: null };
  }
  return { name: 'none', nominatives, distance: 4, verbLemma: null };
}

/**
 * The noun an adjective at i agrees with: the nearest token before it that is not an adjective, and
 * how many adjectives lie between.
 */
function agreementHead(ctx: readonly ContextToken[], i: number): string {
  let chain = 0;
  for (let j = i - 1; j >= 0; j--) {
    const g = ctx[j].elements;
    if (!g) return `X>${Math.min(chain, 2)}`;
    if (g.pos === 'ADJ') { chain++; continue; }
    return `${g.pos}|${g.case}|${g.det}|${g.pron ? 'p' : ''}>${Math.min(chain, 2)}`;
  }
  return `none>${Math.min(chain, 2)}`;
}

/** Whether a verb comes before token i in its clause. */
function verbBefore(ctx: readonly ContextToken[], i: number): boolean {
  for (let j = i - 1; j >= 0; j--) {
    const g = ctx[j].elements;
    if (!g && CLAUSE_STOPS.test(ctx[j].lookup)) return false;
    if (g?.pos === 'VERB') return true;
  }
  return false;
}

/** A sentence labelled for the case pass: each token's tag hash, made once. */
export class LabelledSentence {
  private readonly tags: Uint32Array;
  /** Each token's coarse tag: its part of speech, the detail and its mood (X for a token without a label). */
  private readonly coarse: Uint32Array;
  private readonly bos = hash32('BOS');
  private readonly eos = hash32('EOS');

  constructor(readonly ctx: readonly ContextToken[], readonly groups: ReadonlySet<CaseFeatureGroup>) {
    this.tags = Uint32Array.from(ctx, (t) => tagHash(t, ''));
    this.coarse = Uint32Array.from(ctx, (t) => hash32(t.elements ? `${t.elements.pos}|${t.elements.dpos}|${t.elements.mood}` : 'X'));
  }

  private coarseTag(j: number): number {
    return j < 0 ? this.bos : j >= this.coarse.length ? this.eos : this.coarse[j];
  }

  private tag(j: number): number {
    return j < 0 ? this.bos : j >= this.tags.length ? this.eos : this.tags[j];
  }

  /** The contexts of token i, for the groups of this sentence. */
  contexts(i: number): TokenContexts {
    const { ctx, groups } = this;
    const out: TokenContexts = { withShape: [], withLemma: [], alone: [named('bias')] };
    const p1 = this.tag(i - 1);
    const p2 = this.tag(i - 2);
    const n1 = this.tag(i + 1);
    if (groups.has('shape')) out.withShape.push(named('own'));
    if (groups.has('neighbours')) {
      const p1c = this.coarseTag(i - 1);
      const n1c = this.coarseTag(i + 1);
      out.withShape.push(named('p1', p1), named('p2', p2, p1), named('n1', n1), named('p1c', p1c), named('n1c', n1c));
      out.alone.push(named('p1', p1), named('p2', p2), named('n1', n1));
    }
    if (groups.has('governor')) {
      const g = governor(ctx, i);
      const name = hash32(g.name);
      const nom = Math.min(g.nominatives, 2);
      out.withShape.push(named('gov', name), named('govn', name, nom));
      out.alone.push(named('govd', name, g.distance));
      if (g.verbLemma !== null) out.withShape.push(named('vlem', hash32(g.verbLemma), nom));
    }
    if (groups.has('lemma')) {
      out.withLemma.push(named('lem'), named('lemp', p1));
      const prev = ctx[i - 1]?.elements;
      if (prev) out.withShape.push(named('plem', hash32(prev.lemma)));
    }
    if (groups.has('agreement')) out.withShape.push(named('agr', hash32(agreementHead(ctx, i))));
    if (groups.has('clause')) out.withShape.push(named('cl', verbBefore(ctx, i) ? 1 : 0), named('at', Math.min(i, 3)));
    return out;
  }
}

/** The hashes of a label the case pass joins with contexts: its shape's and its lemma's. */
export interface LabelHashes {
  shape: number;
  lemma: number;
}

/** {@link LabelHashes} of a label's elements. */
export function labelHashes(el: Readonly<LabelElements>): LabelHashes {
  return { shape: hash32(caseShape(el)), lemma: hash32(el.lemma) };
}

/**
 * The buckets of a candidate's features: its token's contexts joined with its shape and lemma
 * (see {@link labelHashes}). Written into `into` when it is long enough (a view of it is
 * returned), else into a new array.
 */
export function candidateBuckets(
  contexts: TokenContexts,
  { shape, lemma }: LabelHashes,
  into?: Int32Array,
): Int32Array {
  const { withShape, withLemma, alone } = contexts;
  const n = withShape.length + withLemma.length + alone.length;
  const out = into && into.length >= n ? into.subarray(0, n) : new Int32Array(n);
  let k = 0;
  for (const c of withShape) out[k++] = combine(c, shape) >>> BUCKET_SHIFT;
  for (const c of withLemma) out[k++] = combine(c, lemma) >>> BUCKET_SHIFT;
  for (const c of alone) out[k++] = c >>> BUCKET_SHIFT;
  return out;
}
