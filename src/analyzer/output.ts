/**
 * What `lexdis analyze` prints, as library code: raw text in, one output chunk per input
 * line out, in the reference's text layout (`pos`) or as JSON lines (`jsonl`).
 *
 * `jsonl` gives one object per token: `sentence` (1-based input line), `token` (1-based
 * within the line), `kind`, `input`, and for words `lookup`, `solutions` (voc, lemma, morph,
 * gloss, and `source: "backoff"` on backoff analyses) and `alternatives` (form, solutions). The
 * script option applies to both formats: look-up forms, vocalizations, lemma IDs and morphology in
 * Buckwalter or Arabic script; input strings and glosses are never converted.
 */
import { splitLines } from '../io/text.js';
import type { Script } from '../script/buckwalter.js';
import type { Analyzer } from './engine.js';
import { formatAnalyses } from './print.js';
import { formInScript, solutionInScript } from './script.js';
import type { AnalyzedToken, Solution } from './types.js';

/** The output formats of `lexdis analyze`: the BAMA reference program's text (pos) or JSON lines. */
export type OutputFormat = 'pos' | 'jsonl';

/** Options of renderAnalyses: the output format and the script of vocalizations and lemmas. */
export interface RenderOptions {
  format: OutputFormat;
  script: Script;
}

export const defaultRenderOptions: RenderOptions = { format: 'pos', script: 'buckwalter' };

function solutionJson(sol: Solution, script: Script): { voc: string; lemma: string; morph: string; gloss: string; source?: Solution['source'] } {
  const s = solutionInScript(sol, script);
  const out = { voc: s.voc, lemma: s.lemma, morph: s.morph, gloss: s.gloss };
  return sol.source ? { ...out, source: sol.source } : out;
}

/** The JSON object `--format jsonl` prints for one token. */
export function tokenJson(
  token: AnalyzedToken,
  sentence: number,
  index: number,
  script: Script,
): Record<string, unknown> {
  const base = { sentence, token: index, kind: token.kind, input: token.input };
  if (token.kind === 'other') return base;
  return {
    ...base,
    lookup: formInScript(token.lookup, script),
    solutions: token.solutions.map((s) => solutionJson(s, script)),
    alternatives: token.alternatives.map((a) => ({
      form: formInScript(a.form, script),
      solutions: a.solutions.map((s) => solutionJson(s, script)),
    })),
  };
}

/**
 * One line's analyses as output text (empty for a line without tokens). `firstToken` numbers
 * the first token in jsonl (more than 1 for a later piece of a line cut by a streaming reader).
 */
export function renderLine(
  tokens: readonly AnalyzedToken[],
  sentence: number,
  options: RenderOptions,
  firstToken = 1,
): string {
  if (options.format === 'pos') return formatAnalyses(tokens, { script: options.script });
  let out = '';
  for (let i = 0; i < tokens.length; i++)
    out += `${JSON.stringify(tokenJson(tokens[i], sentence, firstToken + i, options.script))}\n`;
  return out;
}

/**
 * Analyzes raw text line by line. Takes the analyzer, the text and the options (format, script
 * of the output); yields each line's output text (lines with no tokens yield nothing). Throws
 * nothing of its own.
 */
export function* renderAnalyses(
  analyzer: Analyzer,
  text: string,
  options: Partial<RenderOptions> = {},
): Generator<string> {
  const opts = { ...defaultRenderOptions, ...options };
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const chunk = renderLine(analyzer.analyzeLine(lines[i]), i + 1, opts);
    if (chunk !== '') yield chunk;
  }
}
