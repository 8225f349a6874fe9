/**
 * The report of a projection of vocalized text (UD Arabic-PADT through `lexdis import-ud`, any
 * vocalized corpus through `lexdis import-diac`): what share of the Arabic words got a gold
 * candidate, how it was decided, which stayed tied (gold with each of their labels) and why the
 * rest did not match, with examples (file:line, the word). A fixed JSON shape and a markdown summary; counts, ratios
 * rounded to 4 decimals and examples in corpus order, so the same input gives the same report.
 */
import { basename } from 'node:path';
import { fromAnalyzer, type Candidate, type Token } from '../corpus/types.js';
import { VOC_UNMATCHED_MEANING, VOC_UNMATCHED_REASONS, type VocUnmatchedReason } from './voc-match.js';

const REPORT_KIND = 'lexdis-vocalized-projection-report';

/** How a matched word's gold was decided. */
export const VOC_DECIDERS = ['vocalization', 'lemma', 'features', 'gloss'] as const;
/** One of {@link VOC_DECIDERS}. */
export type VocDecider = (typeof VOC_DECIDERS)[number];

/**
 * The report of a vocalized projection (the JSON of `--report`): counts, shares, the decisions,
 * ties and unmatched words by reason with examples.
 */
export interface VocalizedReport {
  kind: typeof REPORT_KIND;
  version: 1;
  /** File name of the source (no folders). */
  source: string;
  /** 'padt': a vocalized UD treebank; 'text': plain vocalized text. */
  layout: 'padt' | 'text';
  documents: number;
  sentences: number;
  /** Syntactic words of a treebank (integer-ID lines); absent for text. */
  syntacticWords?: number;
  /** The analyzer's tokens; Arabic words; those whose gold spelling carries a vowel mark. */
  tokens: { total: number; arabic: number; vocalized: number };
  matched: {
    total: number;
    /** matched / Arabic words. */
    rate: number;
    /** matched / Arabic words with vowel marks. */
    rateVocalized: number;
    /**
     * Decided by the vocalization alone, by the lemma among several that match, by UPOS and
     * features after that, by the gloss last.
     */
    decidedBy: Record<VocDecider, number>;
  };
  /**
   * Words whose best-matching candidates (several labels) tie: each of them gold (a star on each),
   * and a note naming them.
   */
  tied: { total: number; rate: number; examples: string[] };
  unmatched: {
    total: number;
    rate: number;
    byReason: Record<VocUnmatchedReason, number>;
    examples: Record<string, string[]>;
  };
  candidates: { perArabicToken: number; ambiguousTokens: number };
}

const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/** A candidate as a tie note names it: its solution number, vocalization, lemma and morphology. */
export function candidateName(c: Candidate, i: number): string {
  return `${c.solutionNo ?? i + 1}: (${c.voc}) [${c.lemma}] ${c.morph}`;
}

/** The start of the note on a token whose matching candidates tie (kept in pos files as a Comment line). */
export const VOC_TIE_NOTE = 'vocalized gold tied';

/** How a tie is made gold (DiacImportOptions.ties in ./diac-import.ts), declared once. */
export const DIAC_TIES = ['all', 'first'] as const;
export type DiacTies = (typeof DIAC_TIES)[number];

/**
 * The note of a token whose matching candidates `tied` (indices) tie: every one of them is gold
 * (`all`), or the first in the analyzer's order (`first`).
 */
export function vocTieNote(token: Token, tied: readonly number[], gold: DiacTies = 'all'): string {
  const names = tied.map((i) => candidateName(token.candidates[i], i)).join(' | ');
  const which = gold === 'all' ? 'all gold' : 'the first gold';
  return `${VOC_TIE_NOTE}: ${tied.length} candidates match equally, ${which}: ${names}`;
}

/** Collects the report while a projection runs. */
export class VocReportBuilder {
  private docs = 0;
  private sents = 0;
  private synWords = 0;
  private toks = { total: 0, arabic: 0, vocalized: 0 };
  private decided: Record<VocDecider, number> = { vocalization: 0, lemma: 0, features: 0, gloss: 0 };
  private ties = { total: 0, examples: [] as string[] };
  private reasons = Object.fromEntries(VOC_UNMATCHED_REASONS.map((r) => [r, 0])) as Record<VocUnmatchedReason, number>;
  private unExamples: Record<string, string[]> = {};
  private cands = { arabic: 0, ambiguous: 0 };

  constructor(private readonly file: string, private readonly layout: 'padt' | 'text', private readonly nExamples: number) {}

  document(): void {
    this.docs++;
  }

  sentence(syntacticWords = 0): void {
    this.sents++;
    this.synWords += syntacticWords;
  }

  /** A token; for an Arabic word, whether its gold has marks. */
  token(token: Token, vocalized: boolean): void {
    this.toks.total++;
    if (!token.arabic) return;
    this.toks.arabic++;
    if (vocalized) this.toks.vocalized++;
    const n = token.candidates.filter(fromAnalyzer).length;
    this.cands.arabic += n;
    if (n > 1) this.cands.ambiguous++;
  }

  matched(by: VocDecider): void {
    this.decided[by]++;
  }

  tied(where: string, form: string, token: Token, tied: readonly number[]): void {
    this.ties.total++;
    if (this.ties.examples.length < this.nExamples) {
      this.ties.examples.push(`${where} ${form}: ${tied.map((i) => candidateName(token.candidates[i], i)).join(' | ')}`);
    }
  }

  unmatched(where: string, form: string, reason: VocUnmatchedReason, detail: string): void {
    this.reasons[reason]++;
    const list = (this.unExamples[reason] ??= []);
    if (list.length < this.nExamples) list.push(`${where} ${form}: ${detail}`);
  }

  /** Arabic words so far, and those with no gold candidate (unmatched; ties not counted). */
  progress(): { arabic: number; vocalized: number; unmatched: number } {
    return {
      arabic: this.toks.arabic,
      vocalized: this.toks.vocalized,
      unmatched: Object.values(this.reasons).reduce((a, b) => a + b, 0),
    };
  }

  build(): VocalizedReport {
    const matched = Object.values(this.decided).reduce((a, b) => a + b, 0);
    const unmatched = Object.values(this.reasons).reduce((a, b) => a + b, 0);
    const a = this.toks.arabic;
    return {
      kind: REPORT_KIND,
      version: 1,
      source: basename(this.file),
      layout: this.layout,
      documents: this.docs,
      sentences: this.sents,
      ...(this.layout === 'padt' ? { syntacticWords: this.synWords } : {}),
      tokens: { ...this.toks },
      matched: {
        total: matched,
        rate: a ? r4(matched / a) : 0,
        rateVocalized: this.toks.vocalized ? r4(matched / this.toks.vocalized) : 0,
        decidedBy: { ...this.decided },
      },
      tied: { total: this.ties.total, rate: a ? r4(this.ties.total / a) : 0, examples: this.ties.examples },
      unmatched: {
        total: unmatched,
        rate: a ? r4(unmatched / a) : 0,
        byReason: { ...this.reasons },
        examples: this.unExamples,
      },
      candidates: { perArabicToken: a ? r4(this.cands.arabic / a) : 0, ambiguousTokens: this.cands.ambiguous },
    };
  }
}

const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(1)}%` : '–');

/** A markdown summary of a report (for stderr or a file), with the examples of every bucket. */
export function vocReportMarkdown(r: VocalizedReport): string {
  const a = r.tokens.arabic;
  const lines = [
    `# Vocalized gold projection: ${r.source}`,
    '',
    `${r.documents} documents, ${r.sentences} sentences${r.syntacticWords === undefined ? '' : `, ${r.syntacticWords} syntactic words`}; ` +
      `${r.tokens.total} analyzer tokens, ${a} Arabic words (${r.tokens.vocalized} with vowel marks).`,
    '',
    '| | words | share of Arabic words | share of vocalized words |',
    '|---|---:|---:|---:|',
    `| matched: gold = the candidate whose vocalization matches | ${r.matched.total} | ${pct(r.matched.total, a)} | ${pct(r.matched.total, r.tokens.vocalized)} |`,
    // plain text has no annotation: only its vocalization decides, and the analyzer's tokens are its words
    ...Object.entries(r.matched.decidedBy).filter(([k]) => r.layout === 'padt' || k === 'vocalization')
      .map(([k, v]) => `| · decided by ${k} | ${v} | ${pct(v, a)} | |`),
    `| tied: several labels match equally (each of them gold) | ${r.tied.total} | ${pct(r.tied.total, a)} | ${pct(r.tied.total, r.tokens.vocalized)} |`,
    `| gold: matched or tied | ${r.matched.total + r.tied.total} | ${pct(r.matched.total + r.tied.total, a)} | |`,
    `| unmatched (no gold mark) | ${r.unmatched.total} | ${pct(r.unmatched.total, a)} | |`,
    ...Object.entries(r.unmatched.byReason).filter(([k]) => r.layout === 'padt' || k !== 'tokenization').map(([k, v]) => `| · ${k}: ${VOC_UNMATCHED_MEANING[k as VocUnmatchedReason]} | ${v} | ${pct(v, a)} | |`),
    '',
    `Candidates per Arabic word: ${r.candidates.perArabicToken}; ${r.candidates.ambiguousTokens} words with more than one.`,
  ];
  if (r.tied.examples.length > 0) lines.push('', 'Ties:', ...r.tied.examples.map((e) => `- ${e}`));
  for (const [k, list] of Object.entries(r.unmatched.examples)) lines.push('', `Unmatched, ${k}:`, ...list.map((e) => `- ${e}`));
  lines.push('');
  return lines.join('\n');
}
