/**
 * The scores of `lexdis eval-diac`: reference and system sentences (src/eval/diac-eval.ts)
 * aligned sentence by sentence, every Arabic word compared in both conventions, with and
 * without its case ending (src/script/diac-compare.ts). Figures are percentages.
 */
import { InputParseError } from '../errors.js';
import { compareWord, type Convention } from '../script/diac-compare.js';
import { stripMarks, type RefSentence, type SysSentence, type SysWord } from './diac-eval.js';

/** The conventions every report gives, relaxed first. */
export const CONVENTIONS: readonly Convention[] = ['relaxed', 'strict'];

/** Error rates in one convention. */
export interface DiacRates {
  /** Word error rate, last letter included / ignored. */
  wer: number;
  werNoCase: number;
  /** Diacritic (letter) error rate, last letter included / ignored. */
  der: number;
  derNoCase: number;
}

/** Why a word is wrong (relaxed convention, case ending included). */
export interface ErrorClasses {
  /** Right but for the last letter. */
  caseEnding: number;
  /** Wrong before the last letter too. */
  stem: number;
  /** With analyses only: the word had no lexicon analysis (source 'none' or 'backoff'). */
  unknownWord?: number;
  /** With candidates only: another candidate of the word was right (a disambiguation error). */
  differentAnalysis?: number;
  /** With candidates only: no candidate was right (the analyzer's vowels or spelling). */
  noCorrectCandidate?: number;
  /** The stem errors alone by cause (a candidate counts as right when it is right but for the last letter). */
  stemCauses?: { unknownWord: number; differentAnalysis?: number; noCorrectCandidate?: number };
}

/**
 * What {@link scoreDiacritization} reports: error rates per convention, error classes, oracle,
 * unvocalized and changed words.
 */
export interface DiacReport {
  sentences: number;
  words: number;
  rates: Record<Convention, DiacRates>;
  /** Share of words wrong among the `words` counted (relaxed, with case), by class. */
  errorClasses: ErrorClasses;
  /** Best candidate per word, when the system lists candidates. */
  oracle?: Record<Convention, { wer: number; werNoCase: number }>;
  /** System words without a single mark. */
  unvocalized: number;
  /** System words whose letters differ from the reference's. */
  lettersChanged: number;
  /** With `vocalizedOnly`: reference words without a single mark, left out of every figure. */
  skippedUnvocalized?: number;
}

/** Options of {@link scoreDiacritization}. */
export interface ScoreOptions {
  /**
   * Leave out reference words that carry no mark at all (every variant bare): a vocalized
   * treebank's unvocalized words (PADT's unanalyzed names and abbreviations), whose vowels the
   * reference does not give and which the relaxed convention would count right whatever a system writes.
   */
  vocalizedOnly: boolean;
}

interface Tally {
  words: number;
  ok: number;
  okNoCase: number;
  letters: number;
  errors: number;
  lettersNoCase: number;
  errorsNoCase: number;
}
const tally = (): Tally => ({ words: 0, ok: 0, okNoCase: 0, letters: 0, errors: 0, lettersNoCase: 0, errorsNoCase: 0 });
const pct = (num: number, den: number): number => (den === 0 ? 0 : Math.round((10000 * num) / den) / 100);

/**
 * Checks that every sentence has its counterpart with the same number of Arabic words. Takes
 * the reference, the system and both files' names; returns nothing.
 * @throws InputParseError naming the first system line (file:line) that differs, with the reference line
 */
export function checkAlignment(
  ref: readonly RefSentence[],
  sys: readonly SysSentence[],
  files: { ref: string; sys: string },
): void {
  const n = Math.max(ref.length, sys.length);
  for (let i = 0; i < n; i++) {
    const r = ref[i];
    const s = sys[i];
    if (!s)
      throw new InputParseError(
        `the system output ends here; the reference has ${ref.length} sentences, the output ${sys.length}`,
        { file: files.sys, line: (sys[sys.length - 1]?.line ?? 0) + 1 },
      );
    if (!r)
      throw new InputParseError(`the reference (${files.ref}) has only ${ref.length} sentences`, {
        file: files.sys,
        line: s.line,
      });
    if (r.words.length !== s.words.length) {
      throw new InputParseError(
        `${s.words.length} Arabic words where the reference (${files.ref}:${r.line}) has ${r.words.length}`,
        { file: files.sys, line: s.line },
      );
    }
  }
}

function add(t: Tally, sysWord: string, variants: string[], c: Convention): boolean {
  const v = compareWord(sysWord, variants, c);
  t.words++;
  if (v.correct) t.ok++;
  if (v.correctNoCase) t.okNoCase++;
  t.letters += v.letters; t.errors += v.errors; t.lettersNoCase += v.lettersNoCase; t.errorsNoCase += v.errorsNoCase;
  return v.correct;
}

type Cause = 'unknownWord' | 'differentAnalysis' | 'noCorrectCandidate';

/** Why a word is wrong, judged as it failed: with its case ending, or (`noCase`) without. */
function causeOf(w: SysWord, variants: string[], noCase: boolean): Cause | undefined {
  if (w.source === undefined) return undefined;
  if (w.source === 'none' || w.source === 'backoff') return 'unknownWord';
  if (!w.candidates) return undefined;
  const right = (c: string): boolean => { const v = compareWord(c, variants, 'relaxed'); return noCase ? v.correctNoCase : v.correct; };
  return w.candidates.some(right) ? 'differentAnalysis' : 'noCorrectCandidate';
}

/**
 * Scores aligned sentences (call {@link checkAlignment} first).
 * @returns the report; throws nothing on aligned input
 */
export function scoreDiacritization(
  ref: readonly RefSentence[],
  sys: readonly SysSentence[],
  options: Partial<ScoreOptions> = {},
): DiacReport {
  const counts = new DiacCounts();
  ref.forEach((r, i) =>
    r.words.forEach((rw, k) => {
      if (options.vocalizedOnly && rw.variants.every((v) => stripMarks(v) === v)) counts.skipped++;
      else counts.word(sys[i].words[k], rw.variants);
    }),
  );
  return counts.report(ref.length, options.vocalizedOnly === true);
}

/** The counts of a scoring, word by word, and the report made of them. */
class DiacCounts {
  private readonly t = { relaxed: tally(), strict: tally() };
  private readonly oracle = { relaxed: tally(), strict: tally() };
  private readonly classes = { caseEnding: 0, stem: 0, unknownWord: 0, differentAnalysis: 0, noCorrectCandidate: 0 };
  private readonly stemCauses = { unknownWord: 0, differentAnalysis: 0, noCorrectCandidate: 0 };
  private withSource = 0;
  private withCandidates = 0;
  private unvocalized = 0;
  private lettersChanged = 0;
  /** Reference words left out (vocalizedOnly). */
  skipped = 0;

  /** Takes a system word and the reference word's variants; counts it in every figure. */
  word(w: SysWord, variants: string[]): void {
    if (stripMarks(w.text) === w.text) this.unvocalized++;
    if (stripMarks(w.text) !== stripMarks(variants[0])) this.lettersChanged++;
    for (const c of CONVENTIONS) add(this.t[c], w.text, variants, c);
    const v = compareWord(w.text, variants, 'relaxed');
    if (w.source !== undefined) this.withSource++;
    if (w.candidates) {
      this.withCandidates++;
      for (const c of CONVENTIONS) oracleAdd(this.oracle[c], w, variants, c);
    }
    if (v.correct) return;
    this.classes[v.correctNoCase ? 'caseEnding' : 'stem']++;
    const cause = causeOf(w, variants, false);
    if (cause) this.classes[cause]++;
    const stemCause = v.correctNoCase ? undefined : causeOf(w, variants, true);
    if (stemCause) this.stemCauses[stemCause]++;
  }

  /** Takes the number of sentences and whether unvocalized reference words were left out; gives the report. */
  report(sentences: number, vocalizedOnly: boolean): DiacReport {
    const { t, oracle } = this;
    const report: DiacReport = {
      sentences,
      words: t.relaxed.words,
      rates: { relaxed: rates(t.relaxed), strict: rates(t.strict) },
      errorClasses: this.errorClasses(),
      unvocalized: this.unvocalized,
      lettersChanged: this.lettersChanged,
      ...(vocalizedOnly ? { skippedUnvocalized: this.skipped } : {}),
    };
    if (this.withCandidates > 0) {
      report.oracle = {
        relaxed: { wer: rates(oracle.relaxed).wer, werNoCase: rates(oracle.relaxed).werNoCase },
        strict: { wer: rates(oracle.strict).wer, werNoCase: rates(oracle.strict).werNoCase },
      };
    }
    return report;
  }

  /** Gives the error classes as shares of the words counted (causes only when the system gave sources, candidates). */
  private errorClasses(): ErrorClasses {
    const { classes, stemCauses } = this;
    const words = this.t.relaxed.words;
    const errorClasses: ErrorClasses = { caseEnding: pct(classes.caseEnding, words), stem: pct(classes.stem, words) };
    if (this.withSource > 0) {
      errorClasses.unknownWord = pct(classes.unknownWord, words);
      errorClasses.stemCauses = { unknownWord: pct(stemCauses.unknownWord, words) };
    }
    if (this.withCandidates > 0) {
      errorClasses.differentAnalysis = pct(classes.differentAnalysis, words);
      errorClasses.noCorrectCandidate = pct(classes.noCorrectCandidate, words);
      Object.assign(errorClasses.stemCauses ?? {}, {
        differentAnalysis: pct(stemCauses.differentAnalysis, words),
        noCorrectCandidate: pct(stemCauses.noCorrectCandidate, words),
      });
    }
    return errorClasses;
  }
}

/** The best of a word's candidates (or its output when it has none) counts. */
function oracleAdd(t: Tally, w: SysWord, variants: string[], c: Convention): void {
  const options = w.candidates && w.candidates.length > 0 ? w.candidates : [w.text];
  const verdicts = options.map((o) => compareWord(o, variants, c));
  t.words++;
  if (verdicts.some((v) => v.correct)) t.ok++;
  if (verdicts.some((v) => v.correctNoCase)) t.okNoCase++;
}

function rates(t: Tally): DiacRates {
  return {
    wer: pct(t.words - t.ok, t.words),
    werNoCase: pct(t.words - t.okNoCase, t.words),
    der: pct(t.errors, t.letters),
    derNoCase: pct(t.errorsNoCase, t.lettersNoCase),
  };
}

/** The report as a Markdown table, for humans: takes the report and a title, returns the Markdown. Throws nothing. */
export function diacReportMarkdown(r: DiacReport, title: string): string {
  const lines = [`# ${title}`, '', `${r.sentences} sentences, ${r.words} Arabic words.`, '',
    '| convention | WER | WER without case ending | DER | DER without case ending |', '|---|---:|---:|---:|---:|'];
  for (const c of CONVENTIONS) {
    const x = r.rates[c];
    lines.push(`| ${c} | ${x.wer.toFixed(2)} | ${x.werNoCase.toFixed(2)} | ${x.der.toFixed(2)} | ${x.derNoCase.toFixed(2)} |`);
  }
  if (r.oracle) for (const c of CONVENTIONS) lines.push(`| oracle (best candidate), ${c} | ${r.oracle[c].wer.toFixed(2)} | ${r.oracle[c].werNoCase.toFixed(2)} | | |`);
  const { stemCauses, ...classes } = r.errorClasses;
  lines.push('', 'Error classes (relaxed, % of words): ' + Object.entries(classes).map(([k, v]) => `${k} ${(v as number).toFixed(2)}`).join(', ') + '.');
  if (stemCauses) lines.push('Stem errors by cause (% of words): ' + Object.entries(stemCauses).map(([k, v]) => `${k} ${(v as number).toFixed(2)}`).join(', ') + '.');
  lines.push(`Words without vowels: ${r.unvocalized}. Words whose letters differ from the reference: ${r.lettersChanged}.` +
    (r.skippedUnvocalized === undefined ? '' : ` Reference words without any mark, left out: ${r.skippedUnvocalized}.`), '');
  return lines.join('\n');
}
