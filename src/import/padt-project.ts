/**
 * Gold projection of a vocalized UD treebank (UD Arabic-PADT 1.3: vocalized FORMs, clitics as
 * tokens of their own, no LId) onto the analyzer's candidates (docs/ud-projection.md, "PADT").
 *
 * Each sentence's orthographic words are rebuilt (padt-words.ts) and read by the analyzer
 * without their marks; each Arabic word's gold is decided by, in order:
 *  1. its vocalization: the candidates whose rendering spells the treebank's word in the
 *     matching convention (voc-match.ts, src/script/diac-match.ts);
 *  2. among several, the lemma: the treebank's LEMMA (vocalized Arabic) against the candidate's
 *     lemma ID, spelled alike up to the sense index (ud-lemma.ts vocalizedLemma), else by its
 *     letters (lemmaCore);
 *  3. among several still, UPOS and the features Case, Definite, Mood, Voice, Number, Gender,
 *     Person of the word's content token, then its English gloss (padt-features.ts scores them).
 * Several candidates still equal: a tie, every one of them gold (Token.golds) and a note naming
 * them (the analyzer's order never picks one). No candidate matching: no gold mark, a note with
 * the reason.
 *
 * Documents are the treebank's files (`# orig_file_sentence FILE#n`), sentences its sentences.
 */
import { setGolds, type Corpus, type Document, type Sentence } from '../corpus/types.js';
import { CorpusError } from '../errors.js';
import type { LabelElements } from '../labels/elements.js';
import { factorize as defaultFactorize } from '../labels/factorize.js';
import type { ConlluSentence } from './conllu.js';
import { contentWord, featureScore, glossOverlap } from './padt-features.js';
import { padtDocumentId, padtSentenceId, rebuildWords, type PadtWord } from './padt-words.js';
import { lemmaCore, vocalizedLemma, splitSense } from '../script/lemma.js';
import { analyzeVocalized, hasVowelMarks, nextWasl, stripForAnalysis, unmatchedReason, type VocToken } from './voc-match.js';
import { VocReportBuilder, vocTieNote, type VocalizedReport, type VocDecider } from './voc-report.js';
import { toBuckwalter } from '../script/buckwalter.js';
import type { LineAnalyzer } from './ud-project.js';

/** Options of {@link projectPadt}. */
export interface PadtOptions {
  /** Name of the treebank in messages and the report. */
  file: string;
  factorize: (lemma: string, morph: string) => LabelElements;
  /** Examples kept per report bucket. */
  examples: number;
  /** Progress callback: (stage, done, total), once per sentence. */
  progress?: (stage: string, done: number, total: number) => void;
}

const defaultPadtOptions: PadtOptions = { file: '<conllu>', factorize: defaultFactorize, examples: 5 };

/** The result of {@link projectPadt}: the gold corpus, the report, and each sentence's gold vocalized text. */
export interface PadtProjection {
  corpus: Corpus;
  report: VocalizedReport;
  /** Per sentence (corpus order): the rebuilt words with PADT's marks, joined by spaces. */
  vocalizedText: string[];
}

/**
 * How well a candidate lemma ID names a treebank lemma (vocalized Arabic): 2 spelled alike up to
 * the sense, 1 by its letters, 0 not.
 */
export function lemmaLevel(treebankLemma: string, candidateLemma: string): number {
  const bw = toBuckwalter(treebankLemma);
  if (vocalizedLemma(splitSense(candidateLemma).base) === vocalizedLemma(bw)) return 2;
  return lemmaCore(candidateLemma) === lemmaCore(bw) ? 1 : 0;
}

/** The indices of `among` with the highest `score`. */
function best(among: readonly number[], score: (i: number) => number): number[] {
  let top = -Infinity;
  let out: number[] = [];
  for (const i of among) {
    const s = score(i);
    if (s > top) [top, out] = [s, [i]];
    else if (s === top) out.push(i);
  }
  return out;
}

/** Steps 2 and 3 of the module comment: the candidates left of the matching ones, and what narrowed them last. */
export function narrowMatches(vt: VocToken, word: PadtWord): { left: number[]; by: VocDecider } {
  if (vt.matching.length <= 1) return { left: vt.matching, by: 'vocalization' };
  const content = contentWord(word);
  const cands = vt.token.candidates;
  const byLemma = best(vt.matching, (i) => lemmaLevel(content.lemma, cands[i].lemma));
  if (byLemma.length === 1) return { left: byLemma, by: 'lemma' };
  const byFeatures = best(byLemma, (i) => featureScore(content, cands[i]));
  if (byFeatures.length === 1) return { left: byFeatures, by: 'features' };
  return { left: best(byFeatures, (i) => glossOverlap(content, cands[i])), by: 'gloss' };
}

function projectSentence(
  s: ConlluSentence,
  analyzer: LineAnalyzer,
  opts: PadtOptions,
  rep: VocReportBuilder,
): { sentence: Sentence; vocalized: string } {
  const words = rebuildWords(s);
  const vocalized = words.map((w) => w.vocalized).join(' ');
  const text = stripForAnalysis(vocalized);
  const toks = analyzeVocalized(text, (l) => analyzer.analyzeLine(l), opts);
  // each word's span in the stripped text (words are joined by one space)
  const starts: number[] = [];
  let at = 0;
  for (const w of words) {
    starts.push(at);
    at += w.plain.length + 1;
  }
  rep.sentence(s.words.length);
  const tokens = toks.map((vt, i) => {
    const t = vt.token;
    const k = starts.findLastIndex((st) => st <= vt.start);
    const word = words[k];
    rep.token(t, t.arabic && hasVowelMarks(vt.gold));
    if (!t.arabic) return t;
    const where = `${opts.file}:${word.words[0].line}`;
    if (vt.start !== starts[k] || vt.end !== starts[k] + word.plain.length) {
      rep.unmatched(where, t.form, 'tokenization', `the treebank's word ${word.vocalized}`);
      t.note = `vocalized gold unmatched (tokenization): the treebank's word ${word.vocalized}`;
      return t;
    }
    if (vt.matching.length === 0) {
      const { reason, detail } = unmatchedReason(t.form, vt.gold, t.candidates, nextWasl(toks, i));
      rep.unmatched(where, t.form, reason, detail);
      t.note = `vocalized gold unmatched (${reason}): ${detail}`;
      return t;
    }
    const { left, by } = narrowMatches(vt, word);
    if (left.length === 1) {
      t.gold = left[0];
      rep.matched(by);
    } else {
      setGolds(t, left);
      t.note = vocTieNote(t, left);
      rep.tied(where, t.form, t, left);
    }
    return t;
  });
  return { sentence: { id: padtSentenceId(s), tokens }, vocalized };
}

/** Consecutive sentences of one treebank file form a document; a file seen again gets `~2`, `~3`… */
function padtDocuments(sentences: readonly ConlluSentence[]): { id: string; sentences: ConlluSentence[] }[] {
  const docs: { id: string; sentences: ConlluSentence[] }[] = [];
  const seen = new Map<string, number>();
  let last = '';
  for (const s of sentences) {
    const id = padtDocumentId(s);
    if (docs.length > 0 && id === last) {
      docs[docs.length - 1].sentences.push(s);
      continue;
    }
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    docs.push({ id: n === 1 ? id : `${id}~${n}`, sentences: [s] });
    last = id;
  }
  return docs;
}

/**
 * Projects a vocalized treebank (parsed sentences) onto the analyzer's candidates (see the
 * module comment). Deterministic. Throws CorpusError for a treebank without sentences.
 */
export function projectPadt(
  sentences: readonly ConlluSentence[],
  analyzer: LineAnalyzer,
  options: Partial<PadtOptions> = {},
): PadtProjection {
  const opts: PadtOptions = { ...defaultPadtOptions, ...options };
  if (sentences.length === 0)
    throw new CorpusError('no sentence in the CoNLL-U file: nothing to import', { file: opts.file });
  const rep = new VocReportBuilder(opts.file, 'padt', opts.examples);
  const documents: Document[] = [];
  const vocalizedText: string[] = [];
  let done = 0;
  for (const doc of padtDocuments(sentences)) {
    const out: Document = { id: doc.id, sentences: [] };
    doc.sentences.forEach((s, si) => {
      const { sentence, vocalized } = projectSentence(s, analyzer, opts, rep);
      for (const t of sentence.tokens) if (t.index) t.index.paragraph = si + 1;
      out.sentences.push(sentence);
      vocalizedText.push(vocalized);
      opts.progress?.('project', ++done, sentences.length);
    });
    documents.push(out);
    rep.document();
  }
  return { corpus: { documents, source: opts.file }, report: rep.build(), vocalizedText };
}
