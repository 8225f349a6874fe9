/**
 * The projection report: counts of what the gold projection found, in a fixed JSON shape
 * (checked in as test/fixtures/ud/pud-projection-report.json) and as a markdown summary.
 * Everything in it is a count, a ratio rounded to 4 decimals or an example in corpus
 * order, so that the same input always gives the same report.
 */
import { basename } from 'node:path';
import { fromAnalyzer, type Token } from '../corpus/types.js';
import type { ConlluSentence } from './conllu.js';
import type { LemmaLevel } from './ud-lemma.js';
import type { MatchResult, UnmatchedReason } from './ud-match.js';
import type { AlignedToken, AlignKind, SentenceLayout } from './ud-words.js';

const REPORT_KIND = 'lexdis-ud-projection-report';

export interface ProjectionReport {
  kind: typeof REPORT_KIND;
  version: 1;
  /** File name of the treebank (no folders, so the report does not depend on where it lies). */
  treebank: string;
  documents: number;
  sentences: number;
  /** Syntactic words (integer-ID lines). */
  syntacticWords: number;
  orthographicWords: { total: number; arabic: number };
  /** The corpus's tokens (the analyzer's tokenization of the `# text` lines). */
  tokens: { total: number; arabic: number };
  tokenization: {
    /** Analyzer words per alignment kind (see ud-words.ts). */
    byKind: Record<AlignKind, number>;
    /** Sentences whose text had to be rebuilt from the forms. */
    rebuiltText: number;
    /** Analyzer words that no treebank word lies under. */
    noTreebankWord: number;
    examples: Record<string, string[]>;
  };
  matched: {
    total: number;
    /** matched / Arabic tokens. */
    rate: number;
    /** Only one candidate had the lemma. */
    singleCandidate: number;
    /** Several had it; the agreement score picked one. */
    decidedByAgreement: number;
    /** Several shared the best score: each of them is gold (Token.golds). */
    tied: { total: number; sameElements: number; differentElements: number; brokenBy: string; examples: string[] };
    byLemmaLevel: Record<LemmaLevel, number>;
    /** Matched among the solutions of an alternative spelling (the word itself was not found). */
    viaAlternatives: number;
    /**
     * Words the analyzer's lexicon lacks that got backoff analyses (src/analyzer/backoff.ts),
     * and how many of them matched one; absent when no word got any.
     */
    backoff?: { words: number; matched: number };
  };
  unmatched: {
    total: number;
    rate: number;
    byReason: Record<UnmatchedReason, number>;
    /** By the content token's XPOS. */
    byXpos: Record<string, number>;
    examples: Record<string, string[]>;
  };
  candidates: {
    /** Analyzer candidates per Arabic token. */
    perArabicToken: number;
    /** … per matched token. */
    perMatchedToken: number;
    /** Arabic tokens with more than one analyzer candidate. */
    ambiguousTokens: number;
  };
}

const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;

function sortedRecord(rec: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(rec).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
}

/** Collects the report while the projection runs. */
export class ReportBuilder {
  private docs = 0;
  private sents = 0;
  private synWords = 0;
  private orth = { total: 0, arabic: 0 };
  private toks = { total: 0, arabic: 0 };
  private byKind: Record<AlignKind, number> = { exact: 0, trimmed: 0, part: 0, merged: 0, cut: 0 };
  private rebuilt = 0;
  private noWord = 0;
  private tokExamples: Record<string, string[]> = {};
  private m = { total: 0, single: 0, decided: 0, viaAlt: 0 };
  private backoff = { words: 0, matched: 0 };
  private tied = { total: 0, same: 0, examples: [] as string[] };
  private levels: Record<LemmaLevel, number> = {
    exact: 0,
    vocalized: 0,
    stem: 0,
    normalized: 0,
    sense: 0,
    compound: 0,
    class: 0,
    name: 0,
  };
  private reasons: Record<UnmatchedReason, number> = {
    'not-found': 0,
    tokenization: 0,
    'lemma-not-among-candidates': 0,
    'lemma-sense-ambiguous': 0,
    'segmentation-disagrees': 0,
    'pos-disagrees': 0,
    'voice-disagrees': 0,
  };
  private byXpos: Record<string, number> = {};
  private unExamples: Record<string, string[]> = {};
  private cands = { arabic: 0, matched: 0, ambiguous: 0 };

  constructor(
    private readonly file: string,
    private readonly nExamples: number,
  ) {}

  private example(bucket: Record<string, string[]>, key: string, text: string): void {
    const list = (bucket[key] ??= []);
    if (list.length < this.nExamples) list.push(text);
  }

  sentence(s: ConlluSentence, layout: SentenceLayout): void {
    this.sents++;
    this.synWords += s.words.length;
    if (layout.rebuilt) this.rebuilt++;
    for (const o of layout.orthWords) {
      this.orth.total++;
      if (/[\u0621-\u063a\u0641-\u064a\u067e\u0686\u0698\u06af]/.test(o.form)) this.orth.arabic++;
    }
  }

  document(): void {
    this.docs++;
  }

  word(s: ConlluSentence, a: AlignedToken, token: Token, result: MatchResult | null): void {
    this.toks.total++;
    if (!token.arabic) return;
    this.toks.arabic++;
    const where = `${s.id} ${token.form}`;
    if (a.align) {
      this.byKind[a.align]++;
      if (a.align !== 'exact')
        this.example(this.tokExamples, a.align, `${where} ≈ ${a.words.map((w) => w.form).join(' ')}`);
    }
    const analyzerCands = token.candidates.filter(fromAnalyzer).length;
    const backoff = token.candidates.some((c) => c.source === 'backoff');
    if (backoff) this.backoff.words++;
    if (backoff && result?.matched) this.backoff.matched++;
    this.cands.arabic += analyzerCands;
    if (analyzerCands > 1) this.cands.ambiguous++;
    if (!result) {
      this.noWord++;
      return;
    }
    if (result.matched) {
      this.m.total++;
      this.cands.matched += analyzerCands;
      this.levels[result.level]++;
      if (a.token.kind === 'word' && a.token.solutions.length === 0) this.m.viaAlt++;
      if (result.lemmaCandidates === 1) this.m.single++;
      else if (result.tied === 1) this.m.decided++;
      else {
        this.tied.total++;
        if (result.tiedSameElements) this.tied.same++;
        if (this.tied.examples.length < this.nExamples) {
          this.tied.examples.push(`${where}: ${result.tied} tied: ${result.winners.map((i) => token.candidates[i].morph).join(' | ')}`);
        }
      }
    } else {
      this.reasons[result.reason]++;
      const xpos = result.ann.words[result.ann.content]?.xpos ?? '?';
      this.byXpos[xpos] = (this.byXpos[xpos] ?? 0) + 1;
      this.example(this.unExamples, result.reason, `${where}: ${result.detail}`);
    }
  }

  build(): ProjectionReport {
    const unmatched = Object.values(this.reasons).reduce((x, y) => x + y, 0);
    const arabic = this.toks.arabic;
    return {
      kind: REPORT_KIND,
      version: 1,
      treebank: basename(this.file),
      documents: this.docs,
      sentences: this.sents,
      syntacticWords: this.synWords,
      orthographicWords: { ...this.orth },
      tokens: { ...this.toks },
      tokenization: {
        byKind: { ...this.byKind },
        rebuiltText: this.rebuilt,
        noTreebankWord: this.noWord,
        examples: this.tokExamples,
      },
      matched: {
        total: this.m.total,
        rate: arabic ? r4(this.m.total / arabic) : 0,
        singleCandidate: this.m.single,
        decidedByAgreement: this.m.decided,
        tied: {
          total: this.tied.total,
          sameElements: this.tied.same,
          differentElements: this.tied.total - this.tied.same,
          brokenBy: 'not broken: each tied candidate is gold',
          examples: this.tied.examples,
        },
        byLemmaLevel: { ...this.levels },
        viaAlternatives: this.m.viaAlt,
        ...(this.backoff.words > 0 ? { backoff: { ...this.backoff } } : {}),
      },
      unmatched: {
        total: unmatched,
        rate: arabic ? r4(unmatched / arabic) : 0,
        byReason: { ...this.reasons },
        byXpos: sortedRecord(this.byXpos),
        examples: this.unExamples,
      },
      candidates: {
        perArabicToken: arabic ? r4(this.cands.arabic / arabic) : 0,
        perMatchedToken: this.m.total ? r4(this.cands.matched / this.m.total) : 0,
        ambiguousTokens: this.cands.ambiguous,
      },
    };
  }
}

const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(1)}%` : '–');

/** A short markdown summary of a report (for stderr or a file). */
export function reportMarkdown(r: ProjectionReport): string {
  const a = r.tokens.arabic;
  const lines = [
    `# UD gold projection: ${r.treebank}`,
    '',
    `${r.documents} documents, ${r.sentences} sentences, ${r.syntacticWords} syntactic words, ` +
      `${r.orthographicWords.total} orthographic words (${r.orthographicWords.arabic} Arabic); ` +
      `${r.tokens.total} analyzer tokens, ${a} Arabic words.`,
    '',
    '| | words | share |',
    '|---|---:|---:|',
    `| matched to an analyzer candidate | ${r.matched.total} | ${pct(r.matched.total, a)} |`,
    `| · only one candidate with the lemma | ${r.matched.singleCandidate} | ${pct(r.matched.singleCandidate, a)} |`,
    `| · decided by agreement | ${r.matched.decidedByAgreement} | ${pct(r.matched.decidedByAgreement, a)} |`,
    `| · tied (${r.matched.tied.brokenBy}) | ${r.matched.tied.total} | ${pct(r.matched.tied.total, a)} |`,
    `| unmatched (gold label built from the annotation, or a name's backoff analysis) | ${r.unmatched.total} | ${pct(r.unmatched.total, a)} |`,
    ...Object.entries(r.unmatched.byReason).map(([k, v]) => `| · ${k} | ${v} | ${pct(v, a)} |`),
    '',
    `Lemma levels: ${Object.entries(r.matched.byLemmaLevel).map(([k, v]) => `${k} ${v}`).join(', ')}; ` +
      `${r.matched.viaAlternatives} matched via alternative spellings.`,
    ...(r.matched.backoff
      ? [`Backoff analyses (words the lexicon lacks): ${r.matched.backoff.words} words, ${r.matched.backoff.matched} of them matched.`]
      : []),
    `Ties: ${r.matched.tied.sameElements} between candidates with the same label elements, ${r.matched.tied.differentElements} otherwise.`,
    `Unmatched by XPOS: ${Object.entries(r.unmatched.byXpos).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}.`,
    `Candidates per Arabic word: ${r.candidates.perArabicToken} (matched words: ${r.candidates.perMatchedToken}); ` +
      `${r.candidates.ambiguousTokens} words with more than one.`,
    `Tokenization: ${Object.entries(r.tokenization.byKind).map(([k, v]) => `${k} ${v}`).join(', ')}; ` +
      `${r.tokenization.rebuiltText} texts rebuilt.`,
    '',
  ];
  return lines.join('\n');
}
