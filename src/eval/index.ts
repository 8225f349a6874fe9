/**
 * lexdis/eval: what the package root's `evaluate` reports in Markdown and how reports of
 * several runs merge, and the scoring of vocalized text against a reference (word and
 * diacritic error rates in the published scorer's conventions, `lexdis eval-diac`).
 *
 * @example
 * import { readReference, readSystem, checkAlignment, scoreDiacritization } from 'lexdis/eval';
 * const ref = readReference(refText, 'ref.tsv', 'auto');
 * const sys = readSystem(sysText, 'sys.txt', 'auto');
 * checkAlignment(ref, sys, { ref: 'ref.tsv', sys: 'sys.txt' });
 * console.log(scoreDiacritization(ref, sys).rates.relaxed.wer);
 */

// A model's evaluation report (the package root's evaluate).
export { mergeReports, EVAL_TARGETS, type EvalTarget } from './eval.js';
export { evalMarkdown } from './eval-markdown.js';

// Scoring vocalized text.
export { readReference, readSystem, type ReferenceFormat, type SystemFormat, type RefSentence, type SysSentence } from './diac-eval.js';
export { checkAlignment, scoreDiacritization, diacReportMarkdown, CONVENTIONS, type DiacReport, type ScoreOptions } from './diac-score.js';
export { compareWord, type Convention, type WordVerdict } from '../script/diac-compare.js';
