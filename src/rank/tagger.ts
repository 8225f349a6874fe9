/**
 * Tagging: raw text (Arabic script or Buckwalter) → the analyzer's candidates → C(t) with
 * the labels seen in training → ranked by the model → the top analyses of each word. A
 * Tagger holds a loaded model and analyzer, reads them only, and can serve concurrent calls.
 */
import { Analyzer, type AnalyzerOptions } from '../analyzer/index.js';
import { DEFAULT_INPUT_SCRIPT, lemmaInScript, prepareInput, type InputScript } from '../analyzer/script.js';
import { dataPaths } from '../config.js';
import type { CandidateSource, Corpus } from '../corpus/types.js';
import { fromBuckwalter } from '../script/buckwalter.js';
import { vocalizeWord, type VocalizeOptions } from '../script/vocalize.js';
import { Model, modelAnalyzerOptions, type LoadedModel } from '../model/model.js';
import { rankPrepared } from './pipeline.js';
import { ModelRanker } from './ranker.js';
import { rankTextSteps } from './tag-steps.js';
import type { RankedCandidate, RankedToken } from './types.js';

export interface TaggedAnalysis {
  rank: number;
  /** The analyzer's vocalization, Buckwalter, as the analyzer spells it. */
  voc: string;
  /** The same in Arabic script. */
  vocArabic: string;
  /** The word as typed, fully vocalized by this analysis (src/script/vocalize.ts): what a reader is shown. */
  vocalized: string;
  lemma: string;
  lemmaArabic: string;
  morph: string;
  pos: string;
  elements: Record<string, string>;
  gloss: string;
  score: number;
  confidence: number;
  /**
   * 'analyzer' (the lexicon's analysis), 'backoff' (made up for a word the lexicon lacks), or
   * 'train' (a label seen for this word in training that the analyzer did not give).
   */
  source: CandidateSource;
}

export interface TaggedToken {
  input: string;
  lookup: string | null;
  arabic: boolean;
  found: boolean;
  analyses: TaggedAnalysis[];
}

export interface TaggedSentence {
  tokens: TaggedToken[];
}

export interface TaggerOptions {
  /** Analyzer tables (default: the open BAMA 1.0 tables under LEXDIS_DATA). */
  tables: string;
  /** Analyzer options; those the model records (ModelInfo.analyzer) apply unless given here. */
  analyzer: Partial<AnalyzerOptions>;
}

export const defaultTaggerOptions = (): TaggerOptions => ({ tables: dataPaths.bama(), analyzer: {} });

/**
 * One ranked candidate as the service and the CLI show it.
 * @param form the word as it stood in the text (Arabic script), which `vocalized` keeps letter for letter
 */
export function taggedAnalysis(r: RankedCandidate, rank: number, form: string, vocalize: Partial<VocalizeOptions> = {}): TaggedAnalysis {
  const c = r.candidate;
  return {
    rank,
    voc: c.voc,
    vocArabic: fromBuckwalter(c.voc),
    vocalized: vocalizeWord(form, c.voc, c.morph, vocalize),
    lemma: c.lemma,
    lemmaArabic: lemmaInScript(c.lemma, 'arabic'),
    morph: c.morph,
    pos: c.elements.pos,
    elements: { ...c.elements },
    gloss: c.gloss,
    score: r.score,
    confidence: r.confidence,
    source: c.source,
  };
}

/** A token with its `top` best analyses (all of them rendered with the same vocalization options). */
export function taggedToken(rt: RankedToken, top: number, vocalize: Partial<VocalizeOptions> = {}): TaggedToken {
  const t = rt.token;
  return {
    input: t.form,
    lookup: t.arabic ? t.lookup : null,
    arabic: t.arabic,
    found: rt.ranked.length > 0,
    analyses: rt.ranked.slice(0, Math.max(0, top)).map((r, i) => taggedAnalysis(r, i + 1, t.form, vocalize)),
  };
}

export class Tagger {
  readonly ranker: ModelRanker;

  constructor(readonly model: Model, readonly analyzer: Analyzer) {
    this.ranker = new ModelRanker(model);
  }

  static async load(modelDir: string, options: Partial<TaggerOptions> = {}): Promise<Tagger & { model: LoadedModel }> {
    const o = { ...defaultTaggerOptions(), ...options };
    const model = await Model.load(modelDir);
    const analyzer = Analyzer.load(o.tables, { ...modelAnalyzerOptions(model.info), ...o.analyzer });
    return new Tagger(model, analyzer) as Tagger & { model: LoadedModel };
  }

  /**
   * Ranks every token of a corpus: candidates C(t) formed with the model's seen labels, then
   * narrowed to those that agree with the diacritics typed in the word, if any (marks.ts).
   */
  rankCorpus(corpus: Corpus): RankedToken[][][] {
    return corpus.documents.map((d) => rankPrepared(this.ranker, d, this.model.lexicon, { typedMarks: true }).ranked);
  }

  /**
   * Tags raw text: one entry per sentence, the `top` best analyses per word. `inputScript`
   * says how the text is read (src/analyzer/script.ts; default `arabic`: Latin words are
   * not Arabic and pass through untouched, Buckwalter only on request); `vocalize` how each
   * analysis' `vocalized` word is written (src/script/vocalize.ts).
   */
  tagText(
    text: string,
    options: { top: number; inputScript?: InputScript; vocalize?: Partial<VocalizeOptions> } = { top: 1 },
  ): TaggedSentence[] {
    const out: TaggedSentence[] = [];
    for (const s of this.tagSteps(text, options)) if (s) out.push(s);
    return out;
  }

  /**
   * Tags raw text in bounded steps (./tag-steps.ts): yields `null` after a step that finished
   * no sentence and each sentence as soon as it is tagged. The sentences are those of
   * {@link tagText}; a caller can stop, yield or check a deadline between any two steps.
   */
  *tagSteps(
    text: string,
    options: { top: number; inputScript?: InputScript; vocalize?: Partial<VocalizeOptions> } = { top: 1 },
  ): Generator<TaggedSentence | null> {
    for (const sent of rankTextSteps(this.analyzer, this.ranker, prepareInput(text, options.inputScript ?? DEFAULT_INPUT_SCRIPT))) {
      yield sent && { tokens: sent.map((rt) => taggedToken(rt, options.top, options.vocalize)) };
    }
  }

  /**
   * What the model says about itself, for `GET /v1/model` and `--json` output: its header,
   * and under `analyzer` the tables' sizes and the analyzer options in use.
   */
  modelInfo(): Record<string, unknown> {
    const m = this.model as Partial<LoadedModel> & Model;
    return {
      formatVersion: m.storeHeader?.formatVersion,
      ...m.info,
      bytesOnDisk: m.bytesOnDisk,
      loadMs: m.loadMs,
      analyzer: { ...this.analyzer.stats, options: { backoff: this.analyzer.options.backoff, caseEndings: this.analyzer.options.caseEndings } },
    };
  }
}
