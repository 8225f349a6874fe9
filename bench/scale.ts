/**
 * The scale-up corpus generator, for speed and memory measurements only (never for
 * accuracy): documents drawn (seeded, with replacement) from the open gold corpus (UD
 * Arabic-PUD projected onto BAMA 1.0's candidates) and rewritten so that the result keeps
 * the source's statistics — candidates per token, label distribution, document lengths —
 * while its vocabulary keeps growing like a real corpus's instead of repeating 1:1.
 *
 * Renaming: within one generated copy of a document every word type is renamed the same
 * way. A type keeps its original spelling or takes one of its variants, spelled with a tag of
 * letters that Arabic text does not use (P J R V G, inserted before the last letter, so first
 * and last letters — which are features — keep their distribution). New variants are created
 * by a controller that keeps the number of word types on the Heaps' law curve V = K·n^β
 * fitted to the source, preferring rare words (chance ∝ 1/frequency); an existing variant is
 * reused in proportion to its earlier uses. A new word variant also renames its candidates'
 * lemmas (tag before the `_N` of the lemma ID), new lemma variants following the lemma
 * vocabulary's own Heaps curve, so C(t) per word and the seen-label lexicon keep their size.
 *
 * CLI: `node dist/bench/scale.js --tokens 350000 --seed 42 -o FILE.pos [--source pud|reference]`
 * writes the corpus (atomically) and prints its statistics and the source's as JSON.
 */
/* oxlint-disable max-lines -- one generator: its rewriting steps keep the statistics it reports beside them */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Analyzer } from '../src/analyzer/index.js';
import { dataPaths } from '../bin/data.js';
import type { Candidate, Corpus, Document, Sentence, Token } from '../src/corpus/types.js';
import { corpusToPos, loadPosFile, posToCorpus, writePosFile } from '../src/formats/pos/pos.js';
import { projectUd } from '../src/import/ud-project.js';
import { readTextFile, tempPathFor } from '../src/io/files.js';
import { labelKey } from '../src/labels/elements.js';
import { Rng } from '../src/random.js';
import { fromBuckwalter, hasArabic } from '../src/script/buckwalter.js';
import { argNumber, argValue, errorLine, exitOnHelp } from './common.js';
import { CorpusStatsBuilder, type CorpusStats, type HeapsFit } from './scale-stats.js';

export { corpusStats, fitHeaps, type CorpusStats, type HeapsFit } from './scale-stats.js';

export type ScaleSource = 'pud' | 'reference';

export interface ScaleOptions {
  /** Generate documents until at least this many tokens. */
  tokens: number;
  seed: number;
}

export const defaultScaleOptions: ScaleOptions = { tokens: 350_000, seed: 42 };

/** Letters of the variant tags: Persian letters, absent from the Arabic of the source. */
const TAG_LETTERS = 'PJRVG';

/** Variant v ≥ 1 as a bijective base-5 word over TAG_LETTERS. */
export function variantTag(v: number): string {
  let s = '';
  for (let n = v; n > 0; n = Math.floor((n - 1) / TAG_LETTERS.length))
    s = TAG_LETTERS[(n - 1) % TAG_LETTERS.length] + s;
  return s;
}

/** A look-up form with a variant tag before its last letter. */
export function renameWord(lookup: string, v: number): string {
  if (v === 0) return lookup;
  return lookup.length < 2 ? lookup + variantTag(v) : lookup.slice(0, -1) + variantTag(v) + lookup.slice(-1);
}

/** A lemma ID with a variant tag before its `_N` sense number (or at the end). */
export function renameLemma(lemma: string, v: number): string {
  if (v === 0) return lemma;
  const m = /_\d+$/.exec(lemma);
  return m ? lemma.slice(0, m.index) + variantTag(v) + m[0] : lemma + variantTag(v);
}

/** Variants of one type: uses of each (index = variant number, 0 = the original). */
class Variants {
  uses: number[] = [1];
  total = 1;
  /** A new variant's number. */
  add(): number {
    this.uses.push(1);
    this.total++;
    return this.uses.length - 1;
  }
  /** An existing variant, in proportion to its uses. */
  pick(rng: Rng): number {
    let r = rng.int(this.total);
    for (let v = 0; v < this.uses.length; v++) if ((r -= this.uses[v]) < 0) return v;
    return 0;
  }
  use(v: number): void {
    this.uses[v]++;
    this.total++;
  }
}

/** Generates scale-up documents from a gold corpus (see the module comment). */
export class ScaleGenerator {
  private readonly rng: Rng;
  private readonly docs: Document[];
  private readonly freq = new Map<string, number>();
  readonly wordHeaps: HeapsFit;
  readonly lemmaHeaps: HeapsFit;
  private readonly words = new Map<string, Variants>();
  private readonly lemmas = new Map<string, Variants>();
  /** Lemma variants of each new word variant (`word\0v` → lemma → lemma variant). */
  private readonly wordLemmas = new Map<string, Map<string, number>>();
  private readonly renamed = new WeakMap<Token, Map<number, Candidate[]>>();
  tokens = 0;
  documents = 0;
  renamedTokens = 0;
  wordTypes = 0;
  lemmaTypes = 0;

  constructor(source: Corpus, readonly options: ScaleOptions) {
    this.rng = new Rng(options.seed);
    this.docs = source.documents.filter((d) => d.sentences.some((s) => s.tokens.length > 0));
    if (this.docs.length === 0) throw new Error('scale: the source corpus has no tokens');
    const src = new CorpusStatsBuilder();
    for (const d of this.docs) src.add(d);
    const st = src.build();
    this.wordHeaps = st.heaps.words;
    this.lemmaHeaps = st.heaps.lemmas;
    for (const d of this.docs) for (const s of d.sentences) for (const t of s.tokens)
      if (t.arabic) this.freq.set(t.lookup, (this.freq.get(t.lookup) ?? 0) + 1);
  }

  /** Documents until `options.tokens` tokens are reached (the last one may pass it). */
  *generate(): Generator<Document> {
    while (this.tokens < this.options.tokens) {
      const src = this.docs[this.rng.int(this.docs.length)];
      yield this.copy(src);
    }
  }

  /** Takes a source document; gives a renamed copy of it (its word types and their lemmas given variants). */
  private copy(src: Document): Document {
    const len = src.sentences.reduce((n, s) => n + s.tokens.length, 0);
    const variant = this.wordVariants(src, len);
    this.lemmaVariants(src, variant, len);
    this.documents++;
    const id = `g${this.documents}-${src.id}`;
    const sentences: Sentence[] = src.sentences.map((s, si) => ({
      id: `${id}/${si + 1}`,
      tokens: s.tokens.map((t) => this.renameToken(t, variant.get(t.lookup) ?? 0)),
    }));
    this.tokens += len;
    return { id, sentences };
  }

  /** Takes a Heaps fit and the length of the copy being made; gives the types the curve wants once it is added. */
  private heapsTarget(f: HeapsFit, len: number): number {
    return f.K * Math.pow(this.tokens + len, f.beta);
  }

  /**
   * Takes a source document and its length; gives the variant of each of its word types in this copy:
   * new types keep their spelling, known ones get a new variant (rare ones likelier) while the word
   * types are below the Heaps curve, else a used one.
   */
  private wordVariants(src: Document, len: number): Map<string, number> {
    const variant = new Map<string, number>();
    const known: string[] = [];
    for (const s of src.sentences) for (const t of s.tokens) {
      if (!t.arabic || variant.has(t.lookup)) continue;
      if (this.words.has(t.lookup)) known.push(t.lookup);
      else {
        this.words.set(t.lookup, new Variants());
        this.wordTypes++;
      }
      variant.set(t.lookup, 0);
    }
    const deficit = this.heapsTarget(this.wordHeaps, len) - this.wordTypes;
    let weight = 0;
    for (const w of known) weight += 1 / this.freq.get(w)!;
    for (const w of known) {
      const p = deficit > 0 ? Math.min(1, (deficit * (1 / this.freq.get(w)!)) / weight) : 0;
      variant.set(w, this.drawVariant(this.words.get(w)!, p, 'word'));
    }
    return variant;
  }

  /**
   * Takes a source document, its word variants and its length; gives the lemmas of word variants seen
   * for the first time in this copy their variants (new ones while the lemma types are below their
   * Heaps curve), recorded in wordLemmas.
   */
  private lemmaVariants(src: Document, variant: ReadonlyMap<string, number>, len: number): void {
    const lemmaNeeds: [Map<string, number>, string][] = [];
    for (const s of src.sentences) for (const t of s.tokens) {
      const v = variant.get(t.lookup);
      if (!t.arabic || !v) continue;
      const key = `${t.lookup}\u0000${v}`;
      let m = this.wordLemmas.get(key);
      if (!m) this.wordLemmas.set(key, (m = new Map()));
      for (const c of t.candidates) if (!m.has(c.lemma)) {
        m.set(c.lemma, -1);
        lemmaNeeds.push([m, c.lemma]);
      }
    }
    for (const s of src.sentences) for (const t of s.tokens) if (t.arabic) for (const c of t.candidates)
      if (!this.lemmas.has(c.lemma)) {
        this.lemmas.set(c.lemma, new Variants());
        this.lemmaTypes++;
      }
    const lemmaDeficit = this.heapsTarget(this.lemmaHeaps, len) - this.lemmaTypes;
    const pNew = lemmaNeeds.length === 0 ? 0 : Math.max(0, Math.min(1, lemmaDeficit / lemmaNeeds.length));
    for (const [m, lemma] of lemmaNeeds) m.set(lemma, this.drawVariant(this.lemmas.get(lemma)!, pNew, 'lemma'));
  }

  /**
   * Takes a type's variants, the chance of a new one and the kind of type; gives a new variant (counted
   * in wordTypes or lemmaTypes) with that chance, else a used one in proportion to its uses.
   */
  private drawVariant(vs: Variants, pNew: number, kind: 'word' | 'lemma'): number {
    if (this.rng.next() < pNew) {
      if (kind === 'word') this.wordTypes++;
      else this.lemmaTypes++;
      return vs.add();
    }
    const v = vs.pick(this.rng);
    vs.use(v);
    return v;
  }

  private renameToken(t: Token, v: number): Token {
    if (!t.arabic || v === 0) return t;
    this.renamedTokens++;
    const lookup = renameWord(t.lookup, v);
    let byVariant = this.renamed.get(t);
    if (!byVariant) this.renamed.set(t, (byVariant = new Map()));
    let candidates = byVariant.get(v);
    if (!candidates) {
      const m = this.wordLemmas.get(`${t.lookup}\u0000${v}`)!;
      candidates = t.candidates.map((c) => {
        const lv = m.get(c.lemma) ?? 0;
        if (lv === 0) return c;
        const lemma = renameLemma(c.lemma, lv);
        return { ...c, key: labelKey(lemma, c.morph), lemma, elements: { ...c.elements, lemma } };
      });
      byVariant.set(v, candidates);
    }
    return { ...t, form: hasArabic(t.form) ? fromBuckwalter(lookup) : lookup, lookup, candidates };
  }
}

/** Generates a whole corpus in memory. */
export function generateScaleCorpus(source: Corpus, options: Partial<ScaleOptions> = {}): Corpus {
  const gen = new ScaleGenerator(source, { ...defaultScaleOptions, ...options });
  return { documents: [...gen.generate()], source: `scale(${gen.options.tokens},seed=${gen.options.seed})` };
}

/**
 * The source corpus: 'pud' = UD Arabic-PUD projected onto BAMA 1.0's candidates (real gold);
 * 'reference' = BAMA's reference analyses of the same sentences with a seeded pseudo-gold
 * (a random candidate), cut into sentences at final punctuation and documents of 1–5 sentences.
 */
export function loadScaleSource(source: ScaleSource = 'pud', seed = 42): Corpus {
  if (source === 'pud') {
    const analyzer = Analyzer.load(dataPaths.bama());
    return projectUd(readTextFile(dataPaths.pudConllu()), analyzer, { file: dataPaths.pudConllu() }).corpus;
  }
  const rng = new Rng(seed);
  const flat = posToCorpus(loadPosFile(dataPaths.referenceAnalyses())).documents.flatMap((d) =>
    d.sentences.flatMap((s) => s.tokens),
  );
  const sentences: Token[][] = [[]];
  for (const t of flat) {
    const g = t.arabic && t.candidates.length > 0 ? rng.int(t.candidates.length) : -1;
    sentences[sentences.length - 1].push({ ...t, gold: g });
    if (!t.arabic && /^[.!?\u061f]+$/.test(t.form)) sentences.push([]);
  }
  if (sentences[sentences.length - 1].length === 0) sentences.pop();
  const documents: Document[] = [];
  for (let i = 0; i < sentences.length;) {
    const id = `ref${documents.length + 1}`;
    const n = 1 + rng.int(5);
    documents.push({ id, sentences: sentences.slice(i, i + n).map((tokens, k) => ({ id: `${id}/${k + 1}`, tokens })) });
    i += n;
  }
  return { documents, source: dataPaths.referenceAnalyses() };
}

/** Writes the generated documents as a pos file (streamed; temporary file, then rename). */
export function writeScalePos(gen: ScaleGenerator, file: string, onDocument?: (d: Document) => void): number {
  const tmp = tempPathFor(file);
  const fd = openSync(tmp, 'w');
  let bytes = 0;
  try {
    let first = true;
    for (const doc of gen.generate()) {
      onDocument?.(doc);
      const text = (first ? '' : '\n') + writePosFile(corpusToPos({ documents: [doc] }));
      bytes += writeSync(fd, text);
      first = false;
    }
    closeSync(fd);
    renameSync(tmp, file);
  } catch (err) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(tmp, { force: true });
    throw err;
  }
  return bytes;
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const out = argValue(argv, '-o') ?? argValue(argv, '--output');
  if (!out) throw new Error('usage: node dist/bench/scale.js --tokens N --seed S -o FILE.pos [--source pud|reference]');
  const source = (argValue(argv, '--source') ?? 'pud') as ScaleSource;
  if (source !== 'pud' && source !== 'reference') throw new Error(`--source must be pud or reference, not ${source}`);
  const options = { tokens: argNumber(argv, '--tokens', defaultScaleOptions.tokens), seed: argNumber(argv, '--seed', defaultScaleOptions.seed) };
  const t0 = performance.now();
  const corpus = loadScaleSource(source, options.seed);
  const t1 = performance.now();
  const gen = new ScaleGenerator(corpus, options);
  const stats = new CorpusStatsBuilder();
  const bytes = writeScalePos(gen, out, (d) => stats.add(d));
  const srcStats = new CorpusStatsBuilder();
  for (const d of corpus.documents) srcStats.add(d);
  const result: Record<string, unknown> = {
    kind: 'lexdis-bench-scale', file: out, bytes, source, ...options,
    seconds: { source: (t1 - t0) / 1000, generateAndWrite: (performance.now() - t1) / 1000 },
    renamedTokenShare: gen.renamedTokens / gen.tokens,
    heapsTarget: { words: gen.wordHeaps, lemmas: gen.lemmaHeaps },
    generated: stats.build() as CorpusStats,
    sourceStats: srcStats.build() as CorpusStats,
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((err: Error) => {
    process.stderr.write(`${errorLine(err)}\n`);
    process.exitCode = 1;
  });
}
