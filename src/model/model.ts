/**
 * A trained lexdis model: the feature templates and value transform, the vocabulary, β*
 * (count tables), the document tables for Ztf, the labels seen per word (equation 9), and
 * θ (one weight per feature column, plus a bias), with the softmax temperature for
 * confidences. Stored as one immutable file (docs/model-format.md): read here from its bytes
 * ({@link Model.fromBytes}, anywhere JavaScript runs), loaded from and saved to disk by
 * ./model-node.ts; once loaded it is read-only and can be shared by concurrent requests.
 */
import { BetaTable, type BetaBuffers } from '../../features/beta.js';
import { DocTables } from '../../features/ztf-tables.js';
import { FeatureExtractor } from '../../features/extract.js';
import { LEXICON_ARRAYS, SeenLexicon } from '../../features/seen-labels.js';
import { canonicalTemplates, parseTemplate, templateName, templateSetHash, type Template } from '../../features/templates.js';
import { parseTransform } from '../../features/transform.js';
import { Vocab } from '../../features/vocab.js';
import type { LexiconImage } from '../analyzer/image.js';
import { ModelFormatError, ModelVersionError, UsageError } from '../errors.js';
import { modelAnalyzerOptions, type ModelInfo } from './model-info.js';
import { linearScore } from './score.js';
import { TagSequence } from './sequence.js';
import { CASE_PASS_ARRAYS, CasePass } from './case-pass.js';
import { requireOptions, requireString } from '../args.js';
import { type BinaryArray, type ModelHeader, type ModelParts } from './store-format.js';
import { bytesSource, decodeModel, deepFreeze } from './store-decode.js';
import { portableCodec } from './codec.js';

/** The flat arrays of β* as stored (features/beta.ts). */
const BETA_PARTS = ['ctxWord', 'ctxCtx', 'ctxMarginal', 'ctxRunEnd', 'entKey', 'entCount'] as const satisfies readonly (keyof BetaBuffers)[];

export { LEGACY_ANALYZER_OPTIONS, modelAnalyzerOptions, type ModelAnalyzerOptions, type ModelInfo } from './model-info.js';

export interface Theta {
  weights: Float64Array;
  bias: number;
}

/**
 * A trained model: feature templates, vocabularies, β* counts, document tables, the labels seen per
 * word, θ and the header information. Read one from its bytes with {@link Model.fromBytes}; in
 * Node, ./model-node.ts loads and saves one.
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
   * The model as the parts of a model file (src/model/store-format.ts), with the analyzer's tables
   * compiled when given (`analyzerTables`, from Analyzer.tablesImage: tagging with those very
   * tables then loads them without parsing). Returns the parts (they share the model's arrays:
   * read them only). Throws nothing.
   */
  toParts(extra: { analyzerTables?: LexiconImage } = {}): ModelParts {
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
    return {
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
    };
  }

  /**
   * Reads a model from the bytes of its file (`model.lexdis`, docs/model-format.md), with no file
   * system: every check of {@link Model.load} is made, with a CRC-32 and an inflate in JavaScript
   * (src/model/codec.ts). `options.name` names the bytes in errors (default `<model bytes>`);
   * with `options.expect.featureSet`, a model trained with another feature set is refused.
   * Returns the model with its header, size in bytes and load time, and the analyzer tables it
   * carries compiled. Throws UsageError for a bad argument, ModelFormatError / ModelVersionError
   * for bytes that are not a model this lexdis reads.
   */
  static fromBytes<M extends Model>(
    this: new (...args: ModelArgs) => M,
    bytes: Uint8Array,
    options: { name?: string; expect?: { featureSet?: string } } = {},
  ): LoadedModel<M> {
    if (!(bytes instanceof Uint8Array)) throw new UsageError('bytes must be a Uint8Array');
    const o = requireOptions<{ name?: string; expect?: { featureSet?: string } }>('options', options, true);
    const name = o.name === undefined ? '<model bytes>' : requireString('options.name', o.name);
    const t0 = performance.now();
    const parts = decodeModel(bytesSource(bytes, name), portableCodec, MODEL_KIND);
    return modelFromParts(this, {
      header: deepFreeze(parts.header), json: deepFreeze(parts.json), binary: Object.freeze(parts.binary),
      bytesOnDisk: bytes.byteLength, loadMs: performance.now() - t0,
    }, name, o.expect ?? {});
  }
}

/** What the constructor of {@link Model} takes. */
type ModelArgs = ConstructorParameters<typeof Model>;

/** The kind of model file a lexdis model is (the store header's `kind`). */
export const MODEL_KIND = 'lexdis-model';

/**
 * The model that the parts of a model file hold, made by `ctor` ({@link Model} or a subclass):
 * its templates checked against their hash, its parts against each other. `file` names the model
 * in errors; with `expect.featureSet`, a model trained with another feature set is refused.
 * Returns the model with the store's header, its size, the load time and the compiled analyzer
 * tables it carries. Throws ModelFormatError / ModelVersionError.
 */
export function modelFromParts<M extends Model>(
  ctor: new (...args: ModelArgs) => M,
  parts: ModelParts & { header: ModelHeader; bytesOnDisk: number; loadMs: number },
  file: string,
  expect: { featureSet?: string },
): LoadedModel<M> {
  const dir = file;
  const info = checkedInfo(parts.header, file, expect);
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
  const model = new ctor(info, vocab, counts, doc, lexicon, {
    weights: need('theta/weights') as Float64Array, bias: thetaJson.bias,
  }, sequence, casePass);
  return Object.assign(model, {
    storeHeader: parts.header,
    bytesOnDisk: parts.bytesOnDisk,
    loadMs: parts.loadMs,
    analyzerTables: analyzerTables(parts),
  });
}

/** The header's model information, checked: its templates against their hash, its transform and analyzer options. */
function checkedInfo(header: ModelHeader, file: string, expect: { featureSet?: string }): ModelInfo {
  const info = header.lexdis as ModelInfo | undefined;
  if (!info || !Array.isArray(info.templates)) throw new ModelFormatError('model header has no lexdis section', { file });
  const templates = info.templates.map(parseTemplate);
  if (templateSetHash(templates) !== info.templateHash)
    throw new ModelFormatError(`feature templates do not match their recorded hash (${canonicalTemplates(templates).slice(0, 60)}…)`, { file });
  if (expect.featureSet && expect.featureSet !== info.featureSet)
    throw new ModelVersionError(`model was trained with feature set '${info.featureSet}', not '${expect.featureSet}'`, { file });
  parseTransform(info.transform);
  try {
    modelAnalyzerOptions(info);
  } catch (err) {
    throw err instanceof ModelFormatError ? new ModelFormatError(err.message, { file }) : err;
  }
  return info;
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
 * A model read from its file or bytes, with its store header, size in bytes, load time and the
 * analyzer tables it carries compiled.
 */
export type LoadedModel<M extends Model = Model> = M & {
  storeHeader: ModelHeader;
  bytesOnDisk: number;
  loadMs: number;
  analyzerTables?: LexiconImage;
};
