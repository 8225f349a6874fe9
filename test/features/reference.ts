/**
 * Slow reference implementations, straight from the definitions, on strings and Maps only:
 * β* counts and marginals, and the feature values z. Tests compare the fast code with these.
 */
import { caselessKey } from '../../src/labels/caseless.js';
import { goldIndices, type Candidate, type Corpus, type Document, type Token } from '../../src/corpus/types.js';
import type { Target } from '../../src/labels/elements.js';
import { NONE, groupIndex, type BetaTable } from '../../features/beta.js';
import { isDocTemplate, isLocalTemplate, isRuleTemplate, targetIndex, type Context, type LocalTemplate, type Template } from '../../features/templates.js';
import type { ValueTransform } from '../../features/transform.js';
import { LABEL_BOS, LABEL_EOS, LABEL_ID_OFFSET, NO_LABEL, contextLabelOf } from '../../features/neighbours.js';
import { BOUNDARY_STRINGS, wordLetters, type Vocab } from '../../features/vocab.js';

const NO = '\u2205';
/** Context string of a neighbour without a label (features/neighbours.ts NO_LABEL). */
const NO_LABEL_STRING = '\u2205label';

/** The id features/neighbours.ts gives a neighbour-label context string. */
function labelContextId(c: string, vocab: Vocab): number {
  if (c === BOUNDARY_STRINGS[0]) return LABEL_BOS;
  if (c === BOUNDARY_STRINGS[1]) return LABEL_EOS;
  if (c === NO_LABEL_STRING) return NO_LABEL;
  const id = vocab.get('label', c);
  return id >= 0 ? id + LABEL_ID_OFFSET : -1;
}
/** Field separator of reference keys ('|' is a Buckwalter letter). */
export const SEP = '\u0001';

export function valueOf(c: Candidate, target: Target): string {
  return target === 'label' ? c.key : target === 'caseless' ? caselessKey(c.lemma, c.morph) : c.elements[target];
}

/** The context string of token i of a sentence (boundary strings at the edges). */
export function contextOf(tokens: readonly Token[], i: number, context: Context): string {
  const prev = i > 0 ? tokens[i - 1].lookup : null;
  const next = i < tokens.length - 1 ? tokens[i + 1].lookup : null;
  switch (context) {
    case 'none': return NO;
    case 'prevWord': return prev ?? BOUNDARY_STRINGS[0];
    case 'nextWord': return next ?? BOUNDARY_STRINGS[1];
    case 'prevILetter': return prev === null ? BOUNDARY_STRINGS[0] : wordLetters(prev)[0];
    case 'nextILetter': return next === null ? BOUNDARY_STRINGS[1] : wordLetters(next)[0];
    case 'prevFLetter': return prev === null ? BOUNDARY_STRINGS[0] : wordLetters(prev)[1];
    case 'nextFLetter': return next === null ? BOUNDARY_STRINGS[1] : wordLetters(next)[1];
    case 'prevLabel': return prev === null ? BOUNDARY_STRINGS[0] : contextLabelOf(tokens[i - 1]) ?? NO_LABEL_STRING;
    case 'nextLabel': return next === null ? BOUNDARY_STRINGS[1] : contextLabelOf(tokens[i + 1]) ?? NO_LABEL_STRING;
  }
}

/** Reference keys: word kind, context, target ('*' for a marginal), word, context string, value. */
function localKey(t: Template & { word: 'word' | 'none'; context: Context }, token: Token, ctx: string, value: string): string {
  return [t.word, t.context, t.target, t.word === 'word' ? token.lookup : NO, ctx, value].join(SEP);
}
function marginalKey(word: 'word' | 'none', context: Context, token: Token, ctx: string): string {
  return [word, context, '*', word === 'word' ? token.lookup : NO, ctx, NO].join(SEP);
}

/**
 * β* by brute force: string key → count in tokens, marginals included. A token with m gold labels
 * (Token.golds) counts each with weight 1/m.
 */
export function referenceCounts(corpus: Corpus, templates: readonly Template[]): Map<string, number> {
  const m = new Map<string, number>();
  const inc = (k: string, w: number) => m.set(k, (m.get(k) ?? 0) + w);
  for (const doc of corpus.documents)
    for (const sent of doc.sentences)
      sent.tokens.forEach((token, i) => {
        const golds = goldIndices(token);
        for (const gi of golds) {
          const g = token.candidates[gi];
          const w = 1 / golds.length;
          const groups = new Set<string>();
          for (const t of templates) {
            if (!isLocalTemplate(t)) continue;
            const ctx = contextOf(sent.tokens, i, t.context);
            inc(localKey(t, token, ctx, valueOf(g, t.target)), w);
            const gk = `${t.word}:${t.context}`;
            if (!groups.has(gk)) {
              groups.add(gk);
              inc(marginalKey(t.word, t.context, token, ctx), w);
            }
          }
        }
      });
  return m;
}

/** Checks β* (in tokens: count / unit) against the reference; returns a list of differences (empty when equal). */
export function compareCounts(table: BetaTable, ref: Map<string, number>, vocab: Vocab): string[] {
  const diffs: string[] = [];
  let entries = 0;
  let contexts = 0;
  for (const [k, count] of ref) {
    const [word, context, target, w, c, v] = k.split(SEP);
    const g = groupIndex(word as 'word' | 'none', context as Context);
    const ctxNs = context === 'prevWord' || context === 'nextWord' ? 'word' : 'letter';
    const wi = w === NO ? NONE : vocab.get('word', w);
    const ci = c === NO ? NONE : context === 'prevLabel' || context === 'nextLabel' ? labelContextId(c, vocab) : vocab.get(ctxNs, c);
    let got: number;
    if (target === '*') {
      contexts++;
      got = table.marginal(g, wi, ci);
    } else {
      entries++;
      const vi = vocab.get(target as Target, v);
      if (vi < 0) diffs.push(`value ${v} not interned`);
      got = table.count(g, wi, ci, targetIndex(target as Target), vi);
    }
    got /= table.unit;
    if (Math.abs(got - count) > 1e-9) diffs.push(`${k.split(SEP).join('|')}: table ${got}, reference ${count}`);
  }
  if (table.size !== entries) diffs.push(`table has ${table.size} entries, reference ${entries}`);
  if (table.contexts !== contexts) diffs.push(`table has ${table.contexts} contexts, reference ${contexts}`);
  return diffs;
}

const countCache = new WeakMap<Corpus, Map<string, Map<string, number>>>();
function cachedCounts(d1: Corpus, templates: readonly Template[]): Map<string, number> {
  let byTemplates = countCache.get(d1);
  if (!byTemplates) countCache.set(d1, (byTemplates = new Map()));
  const k = JSON.stringify(templates);
  let m = byTemplates.get(k);
  if (!m) byTemplates.set(k, (m = referenceCounts(d1, templates)));
  return m;
}

function applyLocal(tr: ValueTransform, c: number, m: number): number {
  if (tr === 'raw') return c;
  if (tr === 'log1p') return Math.log1p(c);
  if (tr === 'rel') return m > 0 ? c / m : 0;
  return Math.log((c + 1) / (m + 1));
}

/**
 * z by brute force for every token of `doc`, with the candidates given per sentence and
 * token (default: the token's own), from D1 alone.
 */
export function referenceFeatures(
  d1: Corpus,
  doc: Document,
  templates: readonly Template[],
  transform: ValueTransform,
  candidates?: (s: number, i: number) => readonly Candidate[],
): Float64Array[][] {
  const ref = cachedCounts(d1, templates);
  const sets = new DocumentSets(d1);
  const bag = doc.sentences.flatMap((s) => s.tokens.filter((t) => t.arabic).map((t) => t.lookup));
  return doc.sentences.map((sent, si) =>
    sent.tokens.map((token, i) => {
      const cands = candidates ? candidates(si, i) : token.candidates;
      const p = templates.length;
      const z = new Float64Array(cands.length * p);
      cands.forEach((cd, k) =>
        templates.forEach((t, j) => {
          const v = valueOf(cd, t.target);
          z[k * p + j] = isRuleTemplate(t)
            ? cd.source === 'rule' ? 1 : 0
            : isDocTemplate(t)
              ? docFeature(sets, bag, token, t.target, v, transform)
              : localFeature(ref, t, sent.tokens, i, v, transform);
        }),
      );
      return z;
    }),
  );
}

/**
 * Takes the reference counts, a local template, a sentence's tokens, a token's index, a value and the
 * transform; gives the template's z for that value: its count in context, transformed with its marginal.
 */
function localFeature(
  ref: Map<string, number>, t: LocalTemplate, tokens: readonly Token[], i: number, v: string, transform: ValueTransform,
): number {
  const ctx = contextOf(tokens, i, t.context);
  const c = ref.get(localKey(t, tokens[i], ctx, v)) ?? 0;
  const m = ref.get(marginalKey(t.word, t.context, tokens[i], ctx)) ?? 0;
  return applyLocal(transform, c, m);
}

/**
 * Takes D1's document sets, the document's Arabic words, the token, a target, a value and the transform;
 * gives the document template's z: the D1 documents where each other word of the document co-occurs with
 * the value, summed and averaged (raw, log1p) or divided by the words' document frequencies (rel, logrel).
 */
function docFeature(
  sets: DocumentSets, bag: readonly string[], token: Token, target: Target, v: string, transform: ValueTransform,
): number {
  const words = bag.slice();
  if (token.arabic) words.splice(words.indexOf(token.lookup), 1);
  let s = 0;
  let mm = 0;
  for (const w of words) {
    s += sets.cooccurring(w, target, v);
    mm += sets.df(w);
  }
  const n = words.length;
  return transform === 'raw' ? (n > 0 ? s / n : 0)
    : transform === 'log1p' ? (n > 0 ? Math.log1p(s / n) : 0)
      : transform === 'rel' ? (mm > 0 ? s / mm : 0)
        : Math.log((s + 1) / (mm + 1));
}

/** D1's documents as sets of their Arabic words and, per target, of their gold values; co-occurrences memoized. */
class DocumentSets {
  private readonly docWords: Set<string>[];
  private readonly valueSets = new Map<Target, Set<string>[]>();
  private readonly memo = new Map<string, number>();

  constructor(private readonly d1: Corpus) {
    this.docWords = d1.documents.map(
      (d) => new Set(d.sentences.flatMap((s) => s.tokens.filter((t) => t.arabic).map((t) => t.lookup))),
    );
  }

  /** Takes a word, a target and a value; gives the number of D1 documents holding both the word and the value. */
  cooccurring(w: string, target: Target, v: string): number {
    const key = [w, target, v].join(SEP);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    let vs = this.valueSets.get(target);
    if (!vs) this.valueSets.set(target, (vs = this.docValues(target)));
    let n = 0;
    this.docWords.forEach((ws, d) => {
      if (ws.has(w) && vs[d].has(v)) n++;
    });
    this.memo.set(key, n);
    return n;
  }

  /** Takes a word; gives the number of D1 documents holding it. */
  df(w: string): number {
    return this.docWords.filter((ws) => ws.has(w)).length;
  }

  /** Takes a target; gives per D1 document the set of its gold tokens' values of it. */
  private docValues(target: Target): Set<string>[] {
    return this.d1.documents.map(
      (d) =>
        new Set(
          d.sentences.flatMap((s) =>
            s.tokens.flatMap((t) => goldIndices(t).map((g) => valueOf(t.candidates[g], target))),
          ),
        ),
    );
  }
}
