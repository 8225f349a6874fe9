/**
 * Labels seen in D1 (Shah et al. 2010, equation 9): C(t) = analyzer(t) ∪ {l | (t, l) ∈ D1}.
 * Holds the label table (label id → lemma, morph, voc, gloss, elements; label ids are the
 * vocabulary's 'label' ids) and, per word id, the sorted ids of the labels it carried in D1.
 */
import { fromAnalyzer, goldIndices, setGolds, type Candidate, type Corpus, type Document, type Token } from '../src/corpus/types.js';
import { ModelFormatError, UsageError } from '../src/errors.js';
import { LABEL_ELEMENTS, type LabelElements } from '../src/labels/elements.js';
import type { Vocab } from './vocab.js';
import { labelReading, READING_OWN } from './label-reading.js';
import {
  binaryRows, JSON_VERSION, jsonRows, LEXICON_KIND, READABLE_VERSIONS, rowsToParts,
  type SavedRows, type SeenLexiconBuffers, type SeenLexiconJSON, type SeenLexiconParts,
} from './seen-labels-rows.js';

export { LEXICON_ARRAYS, type SeenLexiconBuffers, type SeenLexiconJSON, type SeenLexiconParts } from './seen-labels-rows.js';

/** One label of the table. */
export interface LabelEntry {
  key: string;
  lemma: string;
  morph: string;
  /** Vocalization and gloss: see {@link labelReading}. */
  voc: string;
  gloss: string;
  /**
   * Whether the vocalization is the label's own (an analysis gave it), not borrowed from another
   * analysis or spelled by its morphology.
   */
  ownReading: boolean;
  elements: Readonly<LabelElements>;
}

const EMPTY = new Int32Array(0);

export class SeenLexicon {
  /** Candidate objects per label id, built once and shared (frozen). */
  private readonly candidateCache: (Candidate | undefined)[] = [];
  /** The label table: entries built so far; a loaded lexicon builds each from its saved row when first asked for. */
  private readonly labels: (LabelEntry | undefined)[];

  private constructor(
    private readonly vocab: Vocab,
    labels: readonly LabelEntry[] | null,
    private readonly wordOffsets: Int32Array,
    private readonly labelIds: Int32Array,
    /** A loaded lexicon's saved rows (see {@link SavedRows}). */
    private readonly rows: SavedRows | null = null,
  ) {
    this.labels = labels ? [...labels] : new Array<LabelEntry | undefined>(rows?.count ?? 0).fill(undefined);
  }

  /**
   * Builds the lexicon from D1. Every gold label's key must already be in the vocabulary's
   * 'label' namespace and every word in 'word' (stage one encodes D1 first).
   */
  static build(d1: Corpus | readonly Document[], vocab: Vocab): SeenLexicon {
    const docs = Array.isArray(d1) ? (d1 as readonly Document[]) : (d1 as Corpus).documents;
    // Packed (not holey) array: reading a hole would walk the prototype chain.
    const labels: (LabelEntry | null)[] = new Array(vocab.size('label')).fill(null);
    const nLabels = Math.max(1, vocab.size('label'));
    const labelIds_ = vocab.map('label');
    const wordIds = vocab.map('word');
    let pairs = new Float64Array(1024);
    const quality = new Uint8Array(labels.length);
    let n = 0;
    const note = (token: Token, c: Candidate): void => {
      const id = labelIds_.get(c.key) ?? -1;
      const w = wordIds.get(token.lookup) ?? -1;
      if (id < 0 || w < 0) return;
      if (!labels[id] || quality[id] < READING_OWN) {
        const r = labelReading(token, c);
        if (!labels[id] || r.quality > quality[id]) {
          quality[id] = r.quality;
          labels[id] = Object.freeze({
            key: c.key,
            lemma: c.lemma,
            morph: c.morph,
            voc: r.voc,
            gloss: r.gloss,
            ownReading: r.quality === READING_OWN,
            elements: Object.freeze({ ...c.elements }),
          });
        }
      }
      if (n === pairs.length) {
        const p = new Float64Array(n * 2);
        p.set(pairs);
        pairs = p;
      }
      pairs[n++] = w * nLabels + id;
    };
    // every gold label of a token (each of a token with several)
    for (const doc of docs)
      for (const sent of doc.sentences)
        for (const token of sent.tokens)
          for (const g of goldIndices(token)) if (token.candidates[g]) note(token, token.candidates[g]);
    for (let i = 0; i < labels.length; i++)
      if (!labels[i]) throw new UsageError(`label id ${i} (${vocab.string('label', i)}) was never seen in D1`);
    const sorted = pairs.subarray(0, n).sort();
    let m = 0;
    for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[m++] = sorted[i];
    const nWords = vocab.size('word');
    const wordOffsets = new Int32Array(nWords + 1);
    const labelIds = new Int32Array(m);
    for (let i = 0; i < m; i++) {
      const w = Math.floor(sorted[i] / nLabels);
      labelIds[i] = sorted[i] - w * nLabels;
      wordOffsets[w + 1]++;
    }
    for (let w = 0; w < nWords; w++) wordOffsets[w + 1] += wordOffsets[w];
    return new SeenLexicon(vocab, labels as LabelEntry[], wordOffsets, labelIds);
  }

  /** Number of labels in the table. */
  get size(): number {
    return this.labels.length;
  }

  /** The label of an id (0 ≤ id < size). Throws ModelFormatError when a loaded lexicon's row for it is malformed. */
  label(id: number): LabelEntry {
    return this.labels[id] ?? (this.labels[id] = this.labelFromRow(id));
  }

  /** Builds a loaded lexicon's label `id` from its saved row, checked against the vocabulary. */
  private labelFromRow(id: number): LabelEntry {
    const row = this.rows?.row(id);
    const fixed = this.rows?.fixed ?? 0;
    if (!row || row.length !== fixed + LABEL_ELEMENTS.length || row.some((x) => typeof x !== 'string'))
      throw new ModelFormatError(`lexicon label ${id} is malformed`);
    const [key, lemma, morph, voc, gloss] = row as string[];
    if (this.vocab.get('label', key) !== id) throw new ModelFormatError(`lexicon label ${id} is not the vocabulary's`);
    const ownReading = fixed === 6 && row[5] === 'own';
    const elements = Object.fromEntries(LABEL_ELEMENTS.map((e, k) => [e, row[fixed + k]])) as LabelElements;
    return Object.freeze({ key, lemma, morph, voc, gloss, ownReading, elements: Object.freeze(elements) });
  }

  /** Label ids seen for a word id in D1, ascending (empty for -1 or an unseen word). */
  seen(wordId: number): Int32Array {
    if (wordId < 0 || wordId + 1 >= this.wordOffsets.length) return EMPTY;
    return this.labelIds.subarray(this.wordOffsets[wordId], this.wordOffsets[wordId + 1]);
  }

  /** Label ids seen for a look-up form. */
  seenFor(lookup: string): Int32Array {
    return this.seen(this.vocab.get('word', lookup));
  }

  /** The label as a candidate with source 'train' (a shared frozen object). */
  candidate(labelId: number): Candidate {
    let c = this.candidateCache[labelId];
    if (!c) {
      const e = this.label(labelId);
      c = Object.freeze({
        key: e.key,
        lemma: e.lemma,
        morph: e.morph,
        voc: e.voc,
        gloss: e.gloss,
        elements: e.elements as LabelElements,
        source: 'train' as const,
        ...(e.ownReading ? {} : { borrowedReading: true }),
      });
      this.candidateCache[labelId] = c;
    }
    return c;
  }

  /** The fields of label `id` as saved: key, lemma, morph, voc, gloss, reading, the elements. */
  private rowOf(id: number): string[] {
    const l = this.label(id);
    return [
      l.key,
      l.lemma,
      l.morph,
      l.voc,
      l.gloss,
      l.ownReading ? 'own' : '',
      ...LABEL_ELEMENTS.map((e) => l.elements[e]),
    ];
  }

  /** The lexicon as one JSON object (version 2, which {@link load} reads too): for comparisons and for reading. */
  toJSON(): SeenLexiconJSON {
    return {
      kind: LEXICON_KIND,
      version: JSON_VERSION,
      labels: Array.from({ length: this.size }, (_, id) => this.rowOf(id)),
      wordOffsets: Array.from(this.wordOffsets),
      labelIds: Array.from(this.labelIds),
    };
  }

  /** The saved form (version 3): a JSON part and binary parts (see {@link SeenLexiconBuffers}). */
  toParts(): SeenLexiconParts {
    return rowsToParts(
      Array.from({ length: this.size }, (_, id) => this.rowOf(id)),
      this.wordOffsets,
      this.labelIds,
    );
  }

  /**
   * Rebuilds a saved lexicon against the (loaded) vocabulary it was built with: version 3 from
   * its JSON and binary parts, versions 1 and 2 from their JSON. Each label is built, and its
   * fields checked, when first asked for; its key is checked against the vocabulary here.
   * Throws ModelFormatError.
   */
  static load(
    json: unknown,
    vocab: Vocab,
    binary: Partial<Record<keyof SeenLexiconBuffers, unknown>> = {},
  ): SeenLexicon {
    const j = json as Partial<SeenLexiconJSON> | null;
    if (!j || typeof j !== 'object' || j.kind !== LEXICON_KIND)
      throw new ModelFormatError(`not a lexdis seen-label lexicon (kind tag '${String(j?.kind)}')`);
    if (!READABLE_VERSIONS.includes(j.version as number))
      throw new ModelFormatError(
        `lexicon version ${String(j.version)}, expected one of ${READABLE_VERSIONS.join(', ')}`,
      );
    const saved = j.version === 3 ? binaryRows(j, binary) : jsonRows(j);
    if (saved.count !== vocab.size('label') || saved.wordOffsets.length !== vocab.size('word') + 1)
      throw new ModelFormatError('lexicon does not match the vocabulary');
    const { wordOffsets, labelIds } = saved;
    if (wordOffsets[wordOffsets.length - 1] !== labelIds.length)
      throw new ModelFormatError('lexicon offsets do not match its label ids');
    for (const id of labelIds)
      if (id < 0 || id >= saved.count) throw new ModelFormatError(`lexicon names label id ${id}`);
    for (let id = 0; id < saved.count; id++)
      if (vocab.get('label', saved.key(id) ?? '') !== id)
        throw new ModelFormatError(`lexicon label ${id} is not the vocabulary's`);
    return new SeenLexicon(vocab, null, wordOffsets, labelIds, saved);
  }
}

/**
 * C(t) = analyzer(t) ∪ seen(t) (equation 9): the token's candidates with source 'analyzer'
 * or 'backoff', in their order, then the labels seen for its word in D1 that the analyzer did
 * not give, in label-id order, with source 'train'. Candidates with source 'gold' (a gold label no
 * analyzer candidate matched) or 'train' are not carried over.
 */
export function candidatesFor(token: Token, lexicon: SeenLexicon): Candidate[] {
  return withSeenLabels(token.candidates, token.lookup, lexicon);
}

/**
 * {@link candidatesFor} of a look-up form and its candidates (only those with source 'analyzer'
 * or 'backoff' are kept): a new array, the analyzer's candidates first, then the labels seen
 * for the word that they lack. Throws nothing.
 */
export function withSeenLabels(candidates: readonly Candidate[], lookup: string, lexicon: SeenLexicon): Candidate[] {
  const out: Candidate[] = [];
  for (const c of candidates) if (fromAnalyzer(c)) out.push(c);
  const seen = lexicon.seenFor(lookup);
  if (seen.length === 0) return out;
  for (let i = 0; i < seen.length; i++) {
    const cand = lexicon.candidate(seen[i]);
    let dup = false;
    for (let k = 0; k < out.length; k++)
      if (out[k].key === cand.key) {
        dup = true;
        break;
      }
    if (!dup) out.push(cand);
  }
  return out;
}

/** The indices of every gold label of a token (Token.golds) in a candidate list (by key), ascending. */
export function goldIndicesIn(token: Token, candidates: readonly Candidate[]): number[] {
  const keys = new Set(goldIndices(token).map((g) => token.candidates[g]?.key));
  const out: number[] = [];
  for (let k = 0; k < candidates.length; k++) if (keys.has(candidates[k].key)) out.push(k);
  return out;
}

/**
 * The token with `candidates` (a narrowing of its own) in place of its own, its gold labels found
 * in them by key: every one of them that is there (`setGolds`), so a token keeps a gold while any
 * of its gold labels is kept; `gold` -1 when none is.
 */
export function withCandidates(token: Token, candidates: Candidate[]): Token {
  const out: Token = { ...token, candidates, gold: goldIndexIn(token, candidates) };
  if (!token.golds) return out;
  delete out.golds;
  return setGolds(out, goldIndicesIn(token, candidates));
}

/** Index of the token's gold label in a candidate list (by key), or -1. */
export function goldIndexIn(token: Token, candidates: readonly Candidate[]): number {
  if (token.gold < 0) return -1;
  const g = token.candidates[token.gold];
  if (!g) return -1;
  for (let k = 0; k < candidates.length; k++) if (candidates[k].key === g.key) return k;
  return -1;
}
