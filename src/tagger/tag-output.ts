/**
 * What `lexdis tag` writes, as library functions: tagged sentences as text lines or JSON
 * lines, the rankings of an analysis file as JSON lines, and an analysis file re-ranked with
 * the model's scores (original solution numbers kept, SCORE lines added).
 */
import type { Corpus, Document, Token } from '../corpus/types.js';
import { UsageError } from '../errors.js';
import { corpusToPos, writePosFile, type PosFile } from '../formats/pos/pos.js';
import { constrainToMarks } from './marks.js';
import { prepareDocument } from './prepare.js';
import type { TaggedSentence } from './tagged.js';
import type { Tagger } from './tagger.js';
import type { RankedToken } from './types.js';

/**
 * Human-readable lines: per Arabic word, its ranked analyses (rank, confidence, the word as typed
 * vocalized by the analysis, the analyzer's Buckwalter vocalization, lemma, POS, gloss), a blank
 * line after each sentence. Takes the tagged sentences; returns the text (ending in a newline).
 * Throws nothing.
 */
export function taggedText(sentences: readonly TaggedSentence[]): string {
  const out: string[] = [];
  for (const s of sentences) {
    for (const t of s.tokens) {
      if (!t.arabic) continue;
      if (!t.found) {
        out.push(`${t.input}\t(not found)`);
        continue;
      }
      t.analyses.forEach((a, i) =>
        out.push(`${i === 0 ? t.input : ''}\t${a.rank}\t${(100 * a.confidence).toFixed(1)}%\t${a.vocalized}\t${a.voc}\t[${a.lemma}]\t${a.pos}\t${a.gloss}\t${a.source}`),
      );
    }
    out.push('');
  }
  return out.join('\n') + '\n';
}

/**
 * One JSON object per tagged sentence ({sentence: n, tokens}); takes the sentences and the
 * number of the first (more than 1 for a later window of a stream), returns the lines ('' for
 * none). Throws nothing.
 */
export function taggedJsonl(sentences: readonly TaggedSentence[], first = 1): string {
  return sentences.map((s, i) => JSON.stringify({ sentence: first + i, ...s })).join('\n') + (sentences.length ? '\n' : '');
}

/**
 * The rankings of an analysis file as JSON lines: one object per sentence, per token its input
 * and its `top` best solutions (solution number, label key, score, confidence). Takes the
 * rankings (per document, sentence, token) and `top` ≥ 0; returns the lines. Throws nothing.
 */
export function rankedJsonl(ranked: readonly RankedToken[][][], top: number): string {
  return (
    ranked
      .flat()
      .map((sent) =>
        JSON.stringify({
          tokens: sent.map((rt) => ({
            input: rt.token.form,
            ranked: rt.ranked
              .slice(0, top)
              .map((r) => ({
                n: r.candidate.solutionNo,
                key: r.candidate.key,
                score: r.score,
                confidence: r.confidence,
              })),
          })),
        }),
      )
      .join('\n') + '\n'
  );
}

/** How {@link rerankedPos} writes the analysis file. */
export interface RerankOptions {
  /** Star the predicted solution (existing stars are dropped). */
  markTop: boolean;
  /** Keep the existing stars (default: true unless markTop). */
  keepGold?: boolean;
  /** Solution order: best score first, or the file's. */
  order: 'score' | 'file';
  /**
   * 'file': score the solutions the file has (an analysis file keeps its own); 'seen': add the
   * labels seen for each word in training first (C(t), as for raw text), then keep those that
   * agree with the diacritics typed in the word (marks.ts).
   */
  candidates: 'file' | 'seen';
}

/**
 * An analysis file with the model's scores: every token's solutions keep their numbers and
 * gain (SCORE) lines. Takes the tagger, the corpus and the options; returns the file's text.
 * Throws UsageError when markTop and keepGold are both set.
 */
export function rerankedPos(tagger: Tagger, corpus: Corpus, options: RerankOptions): string {
  return writePosFile(rerankedPosFile(tagger, corpus, options));
}

/** {@link rerankedPos} before writing: the pos model (a stream renumbers its sentences). Throws as rerankedPos. */
export function rerankedPosFile(tagger: Tagger, corpus: Corpus, options: RerankOptions): PosFile {
  if (options.markTop && options.keepGold) throw new UsageError('--mark-top and --keep-gold cannot be combined');
  const scores = new Map<Token, Float64Array>();
  const documents: Document[] = corpus.documents.map((doc) => {
    const scored = options.candidates === 'file' ? doc : constrainToMarks(prepareDocument(doc, tagger.model.lexicon).doc);
    tagger.ranker
      .scoreDocument(scored)
      .forEach((sent, si) => sent.forEach((sc, ti) => scores.set(scored.sentences[si].tokens[ti], sc)));
    return scored;
  });
  return corpusToPos({ ...corpus, documents }, {
    scores: (t) => scores.get(t),
    markTop: options.markTop,
    keepGold: options.markTop ? false : options.keepGold ?? true,
    order: options.order === 'score' ? 'score' : 'candidates',
  });
}
