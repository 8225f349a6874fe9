/**
 * Gold projection: a CoNLL-U treebank (UD Arabic-PUD) + an analyzer → a corpus whose Arabic
 * words carry the analyzer candidate the treebank's annotation picks (docs/ud-projection.md).
 *
 * The corpus keeps the analyzer's tokenization of each sentence's text (what the tagger sees
 * at run time); ud-words.ts aligns those tokens with the treebank's orthographic words.
 * Documents are the treebank's (consecutive `# newdoc id`), sentences its sentences, INDEX
 * P = sentence number in the document, W = token number in the sentence (both 1-based).
 */
import { CorpusError } from '../errors.js';
import type { AnalyzedToken } from '../analyzer/types.js';
import { candidateSolutions, type Solution } from '../analyzer/types.js';
import { setGolds, type Candidate, type Corpus, type Document, type Sentence, type Token } from '../corpus/types.js';
import { labelKey, type LabelElements } from '../labels/elements.js';
import { factorize as defaultFactorize } from '../labels/factorize.js';
import { parseConllu, groupDocuments, type ConlluSentence, type ConlluWord } from './conllu.js';
import { SentenceTree } from './ud-tree.js';
import { goldLabel } from './ud-gold.js';
import { matchLemma } from './ud-lemma.js';
import { matchCandidates, matchName, tokenizationMismatch, type MatchResult } from './ud-match.js';
import { ReportBuilder, type ProjectionReport } from './ud-report.js';
import { alignTokens, sentenceLayout } from './ud-words.js';
import { projectionTieNote } from './ud-tie.js';

/** What the projection needs of an analyzer (src/analyzer's Analyzer has it). */
export interface LineAnalyzer {
  analyzeLine(line: string): AnalyzedToken[];
  /**
   * The backoff's proper-noun analyses of a look-up form, whether or not the lexicon knows it
   * (Analyzer.nameAnalyses): the gold of a treebank name the lexicon knows only as other words.
   * Without it such a name gets a label built from the annotation alone (ud-gold.ts).
   */
  nameAnalyses?(lookup: string): readonly Solution[];
}

/** Options of {@link projectUd}. */
export interface ProjectOptions {
  /** Name of the treebank in messages and the report (a path or a label). */
  file: string;
  /** Label factorizer (src/labels/factorize.ts by default). */
  factorize: (lemma: string, morph: string) => LabelElements;
  /** Examples kept per report bucket. */
  examples: number;
  /** Progress callback: (stage, done, total), once per sentence. */
  progress?: (stage: string, done: number, total: number) => void;
  /** Called for every Arabic word with what decided it (for samples and debugging). */
  trace?: (word: WordTrace) => void;
}

/** One Arabic word of the projection, as the trace callback sees it. */
export interface WordTrace {
  sentence: ConlluSentence;
  /** The sentence text (`# text`, or rebuilt from the forms). */
  text: string;
  /** Its position in the text. */
  start: number;
  end: number;
  token: Token;
  words: ConlluWord[];
  /** null when no treebank word lies under the analyzer word. */
  result: MatchResult | null;
}

const defaultProjectOptions: ProjectOptions = { file: '<conllu>', factorize: defaultFactorize, examples: 5 };

/** The result of {@link projectUd}: the gold corpus and the projection report. */
export interface Projection {
  corpus: Corpus;
  report: ProjectionReport;
}

/** Candidates of solutions, deduplicated by label key (the first kept), numbered from `first`. */
function candidatesOfSolutions(solutions: Iterable<Solution>, factor: ProjectOptions['factorize'], first = 1): Candidate[] {
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  for (const s of solutions) {
    const lemma = s.lemma.trim();
    const morph = s.morph.trim();
    const key = labelKey(lemma, morph);
    if (seen.has(key)) continue;
    seen.add(key);
    candidates.push({
      key, lemma, morph, voc: s.voc, gloss: s.gloss, elements: factor(lemma, morph), source: s.source ?? 'analyzer', solutionNo: first + candidates.length,
    });
  }
  return candidates;
}

/** Candidates of an analyzer word (solutions, or its alternatives'), deduplicated by label key (the first kept). */
export function candidatesOf(token: AnalyzedToken, factor: ProjectOptions['factorize']): Candidate[] {
  return candidatesOfSolutions(candidateSolutions(token), factor);
}

/**
 * Whether some candidate carries the treebank lemma as a nominal: then a proper noun is that
 * word used as a name (الديمقراطيين, the adjective's lemma), not a name the treebank's
 * lemmatizer took for another word (فيسبوك with the lemma of the verb سَبّ).
 */
function lemmaAsNominal(lemma: string, candidates: readonly Candidate[]): boolean {
  const m = matchLemma(lemma, candidates.map((c) => c.lemma));
  return m !== null && candidates.some((c) => m.lemmas.includes(c.lemma) && c.elements.pos !== 'VERB');
}

/**
 * The gold label of a treebank word no candidate matched: for a proper noun whose lemma no
 * candidate carries as a nominal, the backoff analysis that agrees best (ud-match.ts,
 * matchName), with its vowels and gloss; else the label built from the annotation
 * (ud-gold.ts). Never one of the analyzer's candidates: it is added to the token with source
 * 'gold', so that no evaluation offers it where the analyzer does not.
 */
function unmatchedGold(
  a: { words: ConlluWord[] },
  token: Token,
  result: MatchResult & { matched: false },
  analyzer: LineAnalyzer,
  tree: SentenceTree,
  opts: ProjectOptions,
): Candidate {
  if (
    analyzer.nameAnalyses &&
    result.reason !== 'tokenization' &&
    !lemmaAsNominal(result.ann.lemma, token.candidates)
  ) {
    const names = candidatesOfSolutions(
      analyzer.nameAnalyses(token.lookup),
      opts.factorize,
      token.candidates.length + 1,
    );
    const m = matchName(a.words, names, tree);
    if (m?.matched) return { ...names[m.gold], source: 'gold' };
  }
  const g = goldLabel(result.ann, result.exp, token.lookup);
  return {
    key: labelKey(g.lemma, g.morph),
    ...g,
    elements: opts.factorize(g.lemma, g.morph),
    source: 'gold',
    solutionNo: token.candidates.length + 1,
  };
}

function projectSentence(
  s: ConlluSentence,
  analyzer: LineAnalyzer,
  opts: ProjectOptions,
  rep: ReportBuilder,
): Sentence {
  const layout = sentenceLayout(s);
  rep.sentence(s, layout);
  const tree = new SentenceTree(s.words);
  const aligned = alignTokens(layout, analyzer.analyzeLine(layout.text), { file: opts.file, line: s.line });
  const tokens: Token[] = aligned.map((a, wi) => {
    const t = a.token;
    const index = { paragraph: 0, word: wi + 1 };
    if (t.kind !== 'word') {
      const other: Token = { form: t.input, lookup: t.input, arabic: false, candidates: [], gold: -1, index };
      rep.word(s, a, other, null);
      return other;
    }
    const candidates = candidatesOf(t, opts.factorize);
    const token: Token = { form: t.input, lookup: t.lookup, arabic: true, candidates, gold: -1, index };
    if (a.words.length === 0) {
      // no treebank word under this analyzer word (only possible with a rebuilt text)
      token.note = 'ud: no treebank word';
      rep.word(s, a, token, null);
      opts.trace?.({ sentence: s, text: layout.text, start: a.start, end: a.end, token, words: a.words, result: null });
      return token;
    }
    let result: MatchResult;
    if (a.align === 'cut' || a.align === 'merged') {
      result = tokenizationMismatch(a.words, `${a.align}: ${a.words.map((w) => w.form).join(' ')}`, tree);
    } else {
      result = matchCandidates(a.words, candidates, tree);
      // a name the lexicon lacks, whose treebank lemma is not its backoff lemma
      if (!result.matched) result = matchName(a.words, candidates, tree) ?? result;
    }
    if (result.matched) {
      setGolds(token, result.winners);
      if (result.tied > 1) token.note = projectionTieNote(result.tied);
    } else {
      token.candidates.push(unmatchedGold(a, token, result, analyzer, tree, opts));
      token.gold = token.candidates.length - 1;
      token.goldUnmatched = true;
      token.note = `ud: unmatched (${result.reason}): ${result.detail}`;
    }
    rep.word(s, a, token, result);
    opts.trace?.({ sentence: s, text: layout.text, start: a.start, end: a.end, token, words: a.words, result });
    return token;
  });
  return { id: s.id, tokens };
}

export { PROJECTION_TIE_NOTE, PROJECTION_TIED_NOTE, projectionTieNote, isProjectionTie } from './ud-tie.js';

/**
 * Projects a CoNLL-U treebank onto the analyzer's candidates. Takes the file's text, the
 * analyzer and the options; returns the gold corpus and the projection's report.
 * Deterministic: the same text, analyzer tables and options give the same corpus and report.
 * Throws InputParseError (file:line) for malformed CoNLL-U, CorpusError for a treebank with no
 * sentence or no lemma annotation.
 */
export function projectUd(text: string, analyzer: LineAnalyzer, options: Partial<ProjectOptions> = {}): Projection {
  const opts: ProjectOptions = { ...defaultProjectOptions, ...options };
  const sentences = parseConllu(text, opts.file);
  if (sentences.length === 0) throw new CorpusError('no sentence in the CoNLL-U file: nothing to import', { file: opts.file });
  if (!sentences.some((s) => s.words.some((w) => w.misc.has('LId'))))
    throw new CorpusError('no word carries a LId= lemma annotation in MISC: nothing to project gold labels from', { file: opts.file });
  const rep = new ReportBuilder(opts.file, opts.examples);
  const documents: Document[] = [];
  let done = 0;
  for (const doc of groupDocuments(sentences)) {
    const out: Document = { id: doc.id, sentences: [] };
    doc.sentences.forEach((s, si) => {
      const sent = projectSentence(s, analyzer, opts, rep);
      for (const t of sent.tokens) if (t.index) t.index.paragraph = si + 1;
      out.sentences.push(sent);
      opts.progress?.('project', ++done, sentences.length);
    });
    documents.push(out);
    rep.document();
  }
  return { corpus: { documents, source: opts.file }, report: rep.build() };
}
