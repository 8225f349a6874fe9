/**
 * Conversions between the analyzer's tokens (src/analyzer/types.ts) and pos tokens, in the
 * reference program's layout: a word not found gets `LOOK-UP NOT FOUND`, each alternative
 * its own solutions or `FORM NOT FOUND`; non-words get `Non-Alphabetic Data`; solutions are
 * numbered from 1; a word given backoff analyses gets `NOT FOUND` and BACKOFF_COMMENT
 * before them (which is how a pos file marks their source), solutions made by rule the rule's
 * comment (src/analyzer/rule-comment.ts) in their list's comments. Used to compare an analysis file
 * with the engine's output, and to write analyzer output through writePosFile (with INDEX
 * lines and stars added by the caller).
 */
import { BACKOFF_COMMENT } from '../../analyzer/backoff.js';
import { markedByRule, ruleComment, rulePlaces } from '../../analyzer/rule-comment.js';
import type { AnalyzedToken, Solution } from '../../analyzer/types.js';
import { NON_ALPHABETIC_COMMENT, type PosSolution, type PosToken } from './pos-model.js';

function posSolutions(solutions: readonly Solution[]): PosSolution[] {
  return solutions.map((s, i) => ({
    n: i + 1,
    gold: false,
    voc: s.voc,
    lemma: s.lemma,
    morph: s.morph,
    gloss: s.gloss,
  }));
}

/** The pos block of one analyzed token, optionally with an INDEX. */
export function analyzedToPosToken(token: AnalyzedToken, index?: { paragraph: number; word: number }): PosToken {
  const out: PosToken = { input: token.input, comments: [], solutions: [], alternatives: [] };
  if (token.kind === 'other') out.comments.push(NON_ALPHABETIC_COMMENT);
  else {
    out.lookup = token.lookup;
    const backoff = token.solutions.some((s) => s.source === 'backoff');
    if (token.solutions.length === 0 || backoff) out.comments.push(`${token.lookup} NOT FOUND`);
    if (backoff) out.comments.push(BACKOFF_COMMENT);
    const rule = ruleComment(rulePlaces(token.solutions));
    if (rule !== '') out.comments.push(rule);
    out.solutions = posSolutions(token.solutions);
    out.alternatives = token.alternatives.map((a) => ({
      form: a.form,
      comments: a.solutions.length === 0 ? [`${a.form} NOT FOUND`] : [ruleComment(rulePlaces(a.solutions))].filter((c) => c !== ''),
      solutions: posSolutions(a.solutions),
    }));
  }
  if (index) out.index = { paragraph: index.paragraph, word: index.word };
  return out;
}

/** Splits a printed gloss `prefix + stem + suffix` into its parts (all in `stem` when not three). */
function glossParts(gloss: string): Solution['glossParts'] {
  const parts = gloss.split(' + ');
  if (parts.length === 3) return { prefix: parts[0], stem: parts[1], suffix: parts[2] };
  return { prefix: '', stem: gloss, suffix: '' };
}

/** Analyzer solutions of pos solutions, sources from their list's comments (and the word's backoff mark). */
function analyzerSolutions(list: readonly PosSolution[], comments: readonly string[], backoff = false): Solution[] {
  const rule = markedByRule([{ comments, solutions: list }]);
  return list.map((s) => {
    const gloss = s.gloss ?? '';
    const sol: Solution = { voc: s.voc, lemma: s.lemma ?? '', morph: s.morph, gloss, glossParts: glossParts(gloss) };
    if (backoff) sol.source = 'backoff';
    else if (rule?.has(s)) sol.source = 'rule';
    return sol;
  });
}

/**
 * The analyzer token a pos block describes: a word when it has a LOOK-UP WORD line and no
 * `Non-Alphabetic Data` comment. Fields are taken verbatim (no trimming).
 */
export function posTokenToAnalyzed(token: PosToken): AnalyzedToken {
  if (token.lookup === undefined || token.comments.includes(NON_ALPHABETIC_COMMENT))
    return { kind: 'other', input: token.input };
  return {
    kind: 'word',
    input: token.input,
    lookup: token.lookup,
    solutions: analyzerSolutions(token.solutions, token.comments, token.comments.includes(BACKOFF_COMMENT)),
    alternatives: token.alternatives.map((a) => ({
      form: a.form, solutions: analyzerSolutions(a.solutions, a.comments),
    })),
  };
}
