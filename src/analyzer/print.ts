/**
 * The reference program's text output for analyzed tokens: each token is a block starting
 * with a blank line, then `INPUT STRING:`; a word adds `LOOK-UP WORD:` and its numbered
 * solutions (each with a `(GLOSS):` line) or a `NOT FOUND` comment followed by its
 * alternatives (a word given backoff analyses: the NOT FOUND comment, the backoff comment,
 * its backoff solutions, then its alternatives); solutions made by rule are marked by a comment
 * before the list they stand in (rule-comment.ts); other tokens get `Comment: Non-Alphabetic
 * Data`. No sentence marks, no `INDEX:` lines and no `*` choice marks (those belong to the
 * ATB pos-file writer).
 */
import type { Script } from '../script/buckwalter.js';
import { BACKOFF_COMMENT } from './backoff.js';
import { ruleComment, rulePlaces } from './rule-comment.js';
import { formInScript, lemmaInScript, morphInScript } from './script.js';
import type { AnalyzedToken, Solution } from './types.js';

export interface PrintOptions {
  /** Script of look-up forms, vocalizations, lemma IDs and morphology (input strings are as given). */
  script: Script;
}

export const defaultPrintOptions: PrintOptions = { script: 'buckwalter' };

function formatSolutions(solutions: readonly Solution[], script: Script): string {
  const rule = ruleComment(rulePlaces(solutions));
  let out = rule === '' ? '' : `     Comment: ${rule}\n`;
  for (let i = 0; i < solutions.length; i++) {
    const s = solutions[i];
    out += `  SOLUTION ${i + 1}: (${formInScript(s.voc, script)}) [${lemmaInScript(s.lemma, script)}] ${morphInScript(s.morph, script)}\n`;
    out += `     (GLOSS): ${s.gloss}\n`;
  }
  return out;
}

/** One token's block, starting with its blank line. */
export function formatToken(token: AnalyzedToken, options: Partial<PrintOptions> = {}): string {
  const { script } = { ...defaultPrintOptions, ...options };
  if (token.kind === 'other') return `\nINPUT STRING: ${token.input}\n     Comment: Non-Alphabetic Data\n`;
  const lookup = formInScript(token.lookup, script);
  let out = `\nINPUT STRING: ${token.input}\nLOOK-UP WORD: ${lookup}\n`;
  const backoff = token.solutions.length > 0 && token.solutions[0].source === 'backoff';
  if (token.solutions.length > 0 && !backoff) return out + formatSolutions(token.solutions, script);
  out += `     Comment: ${lookup} NOT FOUND\n`;
  if (backoff) out += `     Comment: ${BACKOFF_COMMENT}\n${formatSolutions(token.solutions, script)}`;
  for (const alt of token.alternatives) {
    const form = formInScript(alt.form, script);
    out += ` ALTERNATIVE: ${form}\n`;
    out += alt.solutions.length > 0 ? formatSolutions(alt.solutions, script) : `     Comment: ${form} NOT FOUND\n`;
  }
  return out;
}

/** The reference layout for a sequence of tokens (empty string for none). */
export function formatAnalyses(tokens: readonly AnalyzedToken[], options: Partial<PrintOptions> = {}): string {
  let out = '';
  for (const t of tokens) out += formatToken(t, options);
  return out;
}
