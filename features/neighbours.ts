/**
 * Neighbour-label contexts (Shah et al. 2010, section 4.1.1): features that count a candidate's
 * target value together with the *label* of the token before or after it, for Mcheat (gold
 * neighbour labels, an oracle) and M2pass (the two-pass approximation: a first model's
 * predicted neighbour labels).
 *
 * Each token has a context label: the label its neighbours see. It is `contextLabel` when the
 * token carries that field (a string, or null for "no label"), else the token's gold label
 * key (for a token with several gold labels, Token.golds, the one first in the analyzer's order:
 * a context is one label), else none. Stage one counts D1 with gold context labels; for D2 and test documents
 * the caller sets `contextLabel` on every token ({@link withContextLabels}): gold keys for
 * the oracle, first-pass predictions for M2pass.
 *
 * Context ids (what the prevLabel/nextLabel arrays of an encoding hold): LABEL_BOS and
 * LABEL_EOS at the sentence edges, NO_LABEL for a neighbour without a label (punctuation,
 * an untagged word), LABEL_ID_OFFSET + the label's vocabulary id for a known label, and -1
 * (unknown: the feature is 0) for a label the vocabulary has not seen.
 */
import type { Document, Token } from '../src/corpus/types.js';
import { UsageError } from '../src/errors.js';
import type { Vocab } from './vocab.js';

/** The two neighbour-label contexts. */
export const LABEL_CONTEXTS = ['prevLabel', 'nextLabel'] as const;
export type LabelContext = (typeof LABEL_CONTEXTS)[number];

export const LABEL_BOS = 0;
export const LABEL_EOS = 1;
export const NO_LABEL = 2;
export const LABEL_ID_OFFSET = 3;

/** A token that may carry the label its neighbours see. */
export type ContextLabelled = Token & { contextLabel?: string | null };

/** The label key a token shows its neighbours, or null. */
export function contextLabelOf(token: Token): string | null {
  const t = token as ContextLabelled;
  if (t.contextLabel !== undefined) return t.contextLabel;
  return t.gold >= 0 && t.candidates[t.gold] ? t.candidates[t.gold].key : null;
}

/** A copy of a document whose tokens carry the given context labels (labels[sentence][token]). */
export function withContextLabels(doc: Document, labels: ReadonlyArray<ReadonlyArray<string | null>>): Document {
  if (labels.length !== doc.sentences.length) throw new UsageError(`context labels for ${labels.length} sentences, the document has ${doc.sentences.length}`);
  return {
    ...doc,
    sentences: doc.sentences.map((s, si) => {
      const row = labels[si];
      if (row.length !== s.tokens.length) throw new UsageError(`context labels for ${row.length} tokens in sentence ${s.id}, it has ${s.tokens.length}`);
      return { ...s, tokens: s.tokens.map((t, ti): ContextLabelled => ({ ...t, contextLabel: row[ti] })) };
    }),
  };
}

/** The gold label keys of a document's tokens (null where there is none): the oracle's context labels. */
export function goldLabels(doc: Document): (string | null)[][] {
  return doc.sentences.map((s) =>
    s.tokens.map((t) => (t.gold >= 0 && t.candidates[t.gold] ? t.candidates[t.gold].key : null)),
  );
}

/**
 * The prevLabel / nextLabel context ids of the tokens of some documents, in corpus order
 * (the token numbering of features/encode.ts), written into the given arrays (fresh ones by
 * default). Labels are looked up, never interned; a label the vocabulary lacks gets
 * `unknownId` (-1, "unknown", at inference; stage one, which counts only known ids, passes
 * NO_LABEL).
 */
export function labelContextIds(
  docs: readonly Document[], vocab: Vocab, nTokens: number,
  prevLabel: Int32Array = new Int32Array(nTokens), nextLabel: Int32Array = new Int32Array(nTokens), unknownId = -1,
): { prevLabel: Int32Array; nextLabel: Int32Array } {
  const ids = new Int32Array(nTokens);
  let t = 0;
  for (const d of docs)
    for (const s of d.sentences) {
      const start = t;
      for (const token of s.tokens) {
        if (t >= nTokens) throw new UsageError(`labelContextIds: more than ${nTokens} tokens`);
        const key = contextLabelOf(token);
        if (key === null) ids[t] = NO_LABEL;
        else {
          const id = vocab.get('label', key);
          ids[t] = id >= 0 ? id + LABEL_ID_OFFSET : unknownId;
        }
        t++;
      }
      for (let i = start; i < t; i++) {
        prevLabel[i] = i > start ? ids[i - 1] : LABEL_BOS;
        nextLabel[i] = i < t - 1 ? ids[i + 1] : LABEL_EOS;
      }
    }
  if (t !== nTokens) throw new UsageError(`labelContextIds: ${t} tokens, expected ${nTokens}`);
  return { prevLabel, nextLabel };
}
