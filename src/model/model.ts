/**
 * A trained lexdis model: the feature templates and value transform, the vocabulary, β*
 * (count tables), the document tables for Ztf, the labels seen per word (equation 9), and
 * θ (one weight per feature column, plus a bias), with the softmax temperature for
 * confidences. Saved through the model store (one immutable file, docs/model-format.md);
 * once loaded it is read-only and can be shared by concurrent requests.
 */
import type { CorpusPart } from '../corpus/types.js';
import type { LabelScheme } from '../labels/scheme.js';
import { BetaTable, type BetaBuffers } from '../../features/beta.js';
import { DocTables } from '../../features/ztf-tables.js';
import { FeatureExtractor } from '../../features/extract.js';
import { LEXICON_ARRAYS, SeenLexicon } from '../../features/seen-labels.js';
import { canonicalTemplates, parseTemplate, templateName, templateSetHash, type Template } from '../../features/templates.js';
import { parseTransform, type ValueTransform } from '../../features/transform.js';
import { Vocab } from '../../features/vocab.js';
import type { AnalyzerOptions } from '../analyzer/engine.js';
import type { LexiconImage } from '../analyzer/image.js';
import { ModelFormatError, ModelVersionError } from '../errors.js';
import { linearScore } from './score.js';
import { TagSequence } from './sequence.js';
import { CASE_PASS_ARRAYS, CasePass } from './case-pass.js';
import { requireString } from '../args.js';
import { readModel, writeModel, type BinaryArray, type Compression, type ModelHeader } from './store.js';

const MODEL_KIND = 'lexdis-model';

/** The flat arrays of β* as stored (features/beta.ts). */
const BETA_PARTS = ['ctxWord', 'ctxCtx', 'ctxMarginal', 'ctxRunEnd', 'entKey', 'entCount'] as const satisfies readonly (keyof BetaBuffers)[];

/** What a model says about itself (stored as the store header's `lexdis` field). */
export interface ModelInfo {
  featureSet: string;
  templates: string[];
  templateHash: string;
  transform: ValueTransform;
  solver: string;
  options: Record<string, unknown>;
  seed: number;
  /**
   * The training corpus: where it was read from (paths joined by commas), a hash of its content,
   * its size, and each file it was read from with its size (`sources`; absent in models trained
   * before it was recorded, or from a corpus not read from files).
   */
  corpus: {
    source?: string;
    hash: string;
    documents: number;
    tokens: number;
    goldTokens: number;
    sources?: CorpusPart[];
  };
  /** Figures measured while training (sizes, times, A1/A2 on D2…). */
  figures: Record<string, unknown>;
  temperature: number;
  /**
   * The analyzer options the model was trained with, which tagging uses too, so that tagging
   * builds the candidates training saw. Absent in models trained before they were recorded
   * (and a field absent in models recorded before it existed): read as {@link LEGACY_ANALYZER_OPTIONS}.
   */
  analyzer?: ModelAnalyzerOptions;
  /** The label-element scheme of its corpus (src/labels/scheme.ts); absent: the built-in Arabic one. */
  scheme?: LabelScheme;
}

/** The analyzer options a model records (see src/analyzer/engine.ts AnalyzerOptions). */
export type ModelAnalyzerOptions = Pick<AnalyzerOptions, 'backoff' | 'caseEndings'>;

/** What a model without an `analyzer` record was trained with: no backoff, no case endings. */
export const LEGACY_ANALYZER_OPTIONS: Readonly<ModelAnalyzerOptions> = Object.freeze({
  backoff: false,
  caseEndings: false,
});

/**
 * The analyzer options recorded in a model (see ModelInfo.analyzer), absent ones as in
 * {@link LEGACY_ANALYZER_OPTIONS}. Throws ModelFormatError on a value that is not true or false.
 */
export function modelAnalyzerOptions(info: Pick<ModelInfo, 'analyzer'>): ModelAnalyzerOptions {
  const o = { ...LEGACY_ANALYZER_OPTIONS, ...info.analyzer };
  for (const [name, value] of Object.entries(o)) {
    if (typeof value !== 'boolean') throw new ModelFormatError(`model header: analyzer.${name} must be true or false, got ${JSON.stringify(value)}`);
  }
  return o;
}

export interface Theta {
  weights: Float64Array;
  bias: number;
}

/**
 * A trained model: feature templates, vocabularies, β* counts, document tables, the labels seen per
 * word, θ and the header information. Load one with {@link Model.load}; `save` writes one.
 */
export class Model {
  readonly templates: readonly Template[];
  readonly extractor: FeatureExtractor;

  /**
   * A model made of its parts (what training and Model.load build). Takes the header, the
   * vocabulary, β*, the document tables, the seen labels, θ, and the sequence decoding and case
   * pass when there are. Throws ModelFormatError when θ does not have one weight per template.
   */
  constructor(
    readonly info: ModelInfo,
    readonly vocab: Vocab,
    readonly counts: BetaTable,
    readonly doc: DocTables,
    readonly lexicon: SeenLexicon,
    readonly theta: Theta,
    /** Sequence decoding of a sentence's rankings (src/model/sequence.ts); null: each token ranked alone. */
    readonly sequence: TagSequence | null = null,
    /** The case pass's classifier (src/model/case-pass.ts), used with the sequence decoding; null: none. */
    readonly casePass: CasePass | null = null,
  ) {
    this.templates = info.templates.map(parseTemplate);
    if (theta.weights.length !== this.templates.length)
      throw new ModelFormatError(`θ has ${theta.weights.length} weights for ${this.templates.length} feature templates`);
    this.extractor = new FeatureExtractor({ templates: this.templates, vocab, counts, doc, transform: info.transform });
  }

  /** Returns the feature names, one per θ weight. Throws nothing. */
  featureNames(): string[] {
    return this.templates.map(templateName);
  }

  /** Takes the feature rows z of one candidate (row `k` of K × p values); returns its score Σθ·z. Throws nothing. */
  score(z: Float64Array, k: number): number {
    return linearScore(this.theta.weights, this.theta.bias, z, k * this.templates.length);
  }

  /**
   * Writes the model to the directory `dir` (atomically, see src/model/store.ts), with the
   * analyzer's tables compiled when given (`analyzerTables`, from Analyzer.tablesImage: tagging
   * with those very tables then loads them without parsing), its parts stored as `compression`
   * says (src/model/store.ts DEFAULT_COMPRESSION when absent); returns its size in bytes and the
   * time taken. Throws OutputError for a path that cannot be written.
   */
  async save(
    dir: string,
    extra: { analyzerTables?: LexiconImage; compression?: Compression } = {},
  ): Promise<{ bytes: number; ms: number }> {
    const beta = this.counts.toBuffers();
    const docBuf = this.doc.toBuffers();
    const binary: Record<string, BinaryArray> = {
      ...Object.fromEntries(BETA_PARTS.map((name) => [`beta/${name}`, beta[name]])),
      'doc/wordOffsets': docBuf.wordOffsets,
      'doc/wordDocs': docBuf.wordDocs,
      'theta/weights': this.theta.weights,
    };
    docBuf.valueOffsets.forEach((a, i) => (binary[`doc/valueOffsets/${i}`] = a));
    const lexicon = this.lexicon.toParts();
    for (const name of LEXICON_ARRAYS) binary[`lexicon/${name}`] = lexicon.binary[name];
    if (this.casePass) {
      const arrays = this.casePass.binaryParts();
      for (const name of CASE_PASS_ARRAYS) binary[`casePass/${name}`] = arrays[name];
    }
    docBuf.valueDocs.forEach((a, i) => (binary[`doc/valueDocs/${i}`] = a));
    const tables = extra.analyzerTables;
    if (tables) for (const [name, a] of Object.entries(tables.binary)) binary[`${ANALYZER_PART}/${name}`] = a;
    return writeModel(dir, {
      header: { kind: MODEL_KIND, lexdis: this.info },
      json: {
        vocab: this.vocab.toJSON(),
        beta: this.counts.toJSON(),
        doc: this.doc.toJSON(),
        lexicon: lexicon.json,
        theta: { bias: this.theta.bias },
        ...(this.sequence ? { sequence: this.sequence.toJSON() } : {}),
        ...(this.casePass ? { casePass: this.casePass.toJSON() } : {}),
        ...(tables ? { [ANALYZER_PART]: tables.json } : {}),
      },
      binary,
    }, { compression: extra.compression });
  }

  /**
   * Loads a model (a model directory or a single model file; read only, never locked). With
   * `expect`, a model trained with another feature set is refused with an error naming both.
   * Returns the model, with its header, size on disk and load time. Throws UsageError for a bad
   * argument, DataNotFoundError for a missing model, ModelFormatError / ModelVersionError for one
   * this lexdis cannot read.
   */
  static async load(dir: string, expect: { featureSet?: string } = {}): Promise<LoadedModel> {
    requireString('dir', dir);
    const parts = await readModel(dir, { expectKind: MODEL_KIND });
    const info = parts.header.lexdis as ModelInfo | undefined;
    if (!info || !Array.isArray(info.templates)) throw new ModelFormatError('model header has no lexdis section', { file: dir });
    const templates = info.templates.map(parseTemplate);
    if (templateSetHash(templates) !== info.templateHash)
      throw new ModelFormatError(`feature templates do not match their recorded hash (${canonicalTemplates(templates).slice(0, 60)}…)`, { file: dir });
    if (expect.featureSet && expect.featureSet !== info.featureSet)
      throw new ModelVersionError(`model was trained with feature set '${info.featureSet}', not '${expect.featureSet}'`, { file: dir });
    parseTransform(info.transform);
    try {
      modelAnalyzerOptions(info);
    } catch (err) {
      throw err instanceof ModelFormatError ? new ModelFormatError(err.message, { file: dir }) : err;
    }
    const bin = parts.binary;
    const need = (name: string) => {
      const a = bin[name];
      if (!a) throw new ModelFormatError(`model part '${name}' is missing`, { file: dir });
      return a;
    };
    const vocab = Vocab.load(parts.json.vocab);
    const counts = BetaTable.load(
      parts.json.beta,
      Object.fromEntries(BETA_PARTS.map((name) => [name, need(`beta/${name}`)])) as unknown as BetaBuffers,
    );
    const docJson = parts.json.doc as { targets?: unknown[] };
    const nt = Array.isArray(docJson?.targets) ? docJson.targets.length : 0;
    const doc = DocTables.load(parts.json.doc, {
      wordOffsets: need('doc/wordOffsets') as Int32Array,
      wordDocs: need('doc/wordDocs') as Int32Array,
      valueOffsets: Array.from({ length: nt }, (_, i) => need(`doc/valueOffsets/${i}`) as Int32Array),
      valueDocs: Array.from({ length: nt }, (_, i) => need(`doc/valueDocs/${i}`) as Int32Array),
    });
    const lexicon = SeenLexicon.load(parts.json.lexicon, vocab, Object.fromEntries(LEXICON_ARRAYS.map((name) => [name, bin[`lexicon/${name}`]])));
    const thetaJson = parts.json.theta as { bias?: unknown };
    if (typeof thetaJson?.bias !== 'number') throw new ModelFormatError('θ bias is missing', { file: dir });
    let sequence: TagSequence | null = null;
    let casePass: CasePass | null = null;
    try {
      sequence = parts.json.sequence === undefined ? null : TagSequence.load(parts.json.sequence);
      casePass = parts.json.casePass === undefined ? null
        : CasePass.load(parts.json.casePass, Object.fromEntries(CASE_PASS_ARRAYS.map((name) => [name, need(`casePass/${name}`)])));
    } catch (err) {
      throw err instanceof ModelFormatError ? new ModelFormatError(err.message, { file: dir }) : err;
    }
    const model = new Model(info, vocab, counts, doc, lexicon, {
      weights: need('theta/weights') as Float64Array, bias: thetaJson.bias,
    }, sequence, casePass);
    return Object.assign(model, {
      storeHeader: parts.header,
      bytesOnDisk: parts.bytesOnDisk,
      loadMs: parts.loadMs,
      analyzerTables: analyzerTables(parts),
    });
  }
}

/** The name of the JSON part of the compiled analyzer tables, and the folder of their binary parts. */
const ANALYZER_PART = 'analyzer';

/** The compiled analyzer tables a model file carries, if any (checked when used: src/analyzer/image.ts). */
function analyzerTables(parts: {
  json: Record<string, unknown>;
  binary: Record<string, BinaryArray>;
}): LexiconImage | undefined {
  const json = parts.json[ANALYZER_PART];
  if (json === undefined) return undefined;
  const prefix = `${ANALYZER_PART}/`;
  const binary: LexiconImage['binary'] = {};
  for (const [name, a] of Object.entries(parts.binary))
    if (name.startsWith(prefix) && (a instanceof Int32Array || a instanceof Uint8Array))
      binary[name.slice(prefix.length)] = a;
  return { json: json as LexiconImage['json'], binary };
}

/**
 * A model read from disk, with its store header, size on disk, load time and the analyzer tables it
 * carries compiled.
 */
export type LoadedModel = Model & {
  storeHeader: ModelHeader;
  bytesOnDisk: number;
  loadMs: number;
  analyzerTables?: LexiconImage;
};
