/**
 * What `lexdis analyze` prints by default: each word's candidates C(t), the list a model ranks
 * (./word-types.ts: the analyzer's analyses, one per label, those that agree with the marks
 * typed in the word, and with a model the labels it saw for the word in training), each with
 * the word as typed vocalized by it (src/script/vocalize.ts, as the word stands alone: no
 * helping vowel before a following hamzat wasl, which depends on the next word's reading).
 * Unranked: C(t) in its own order, the analyzer's first, which is the order ties are broken in.
 *
 * - text: per Arabic word a line per candidate, tab-separated: the word as typed (first line
 *   only), n, the vocalized word, voc, [lemma], pos, gloss, source; `WORD\t(not found)` for a
 *   word with none; a blank line after each input line.
 * - jsonl: an object per token (docs/cli.md lists the fields).
 */
import type { SeenLexicon } from '../../features/seen-labels.js';
import { formInScript, lemmaInScript, morphInScript } from '../analyzer/script.js';
import type { AnalyzedToken } from '../analyzer/types.js';
import type { Candidate, Token } from '../corpus/types.js';
import { caseOrMoodName } from '../labels/inflection.js';
import { Model } from '../model/model-node.js';
import type { Script } from '../script/buckwalter.js';
import { vocalizeWord } from '../script/vocalize.js';
import { WordTypeCache } from './word-types.js';
import { moduleUrl } from '../config.js';

/** One candidate as `lexdis analyze --format jsonl` prints it. */
export interface CandidateJson {
  /** 1-based position in C(t). */
  n: number;
  /** The word as typed, fully vocalized by this candidate (Arabic script). */
  vocalized: string;
  voc: string;
  lemma: string;
  morph: string;
  /** The label element `pos` (NOUN, VERB…). */
  pos: string;
  /** The case or mood named in English ('genitive', 'subjunctive'…), or ''. */
  caseOrMood: string;
  gloss: string;
  /** analyzer, backoff (a word the lexicon lacks), rule (made by rule: a passive) or train (seen in training). */
  source: Candidate['source'];
}

/** How {@link candidateRenderer} prints: the layout and the script of voc, lemma, morph and look-up forms. */
export interface CandidateOutputOptions {
  format: 'text' | 'jsonl';
  script: Script;
}

function candidateJson(c: Candidate, n: number, form: string, script: Script): CandidateJson {
  return {
    n,
    vocalized: vocalizeWord(form, c.voc, c.morph),
    voc: formInScript(c.voc, script),
    lemma: lemmaInScript(c.lemma, script),
    morph: morphInScript(c.morph, script),
    pos: c.elements.pos,
    caseOrMood: caseOrMoodName(c.elements),
    gloss: c.gloss,
    source: c.source,
  };
}

function textLines(t: Token, script: Script): string[] {
  if (t.candidates.length === 0) return [`${t.form}\t(not found)`];
  return t.candidates.map((c, i) => {
    const j = candidateJson(c, i + 1, t.form, script);
    return `${i === 0 ? t.form : ''}\t${j.n}\t${j.vocalized}\t${j.voc}\t[${j.lemma}]\t${j.pos}\t${j.gloss}\t${j.source}`;
  });
}

/**
 * A renderer of analyzed lines as their candidates C(t). Takes the labels a model saw in
 * training (null: the analyzer's candidates alone) and the options; returns a function of one
 * line's analyzed tokens, its line number and the number of its first token (more than 1 for a
 * later piece of a cut line) that returns the output text ('' for a line without tokens).
 * Keeps C(t) per word type in a bounded cache. Throws nothing of its own.
 */
export function candidateRenderer(
  lexicon: SeenLexicon | null,
  options: CandidateOutputOptions,
): (tokens: readonly AnalyzedToken[], sentence: number, firstToken: number) => string {
  const words = new WordTypeCache(lexicon);
  return (analyzed, sentence, firstToken) => {
    if (analyzed.length === 0) return '';
    const [sent] = words.sentences([analyzed as AnalyzedToken[]]);
    if (options.format === 'text') {
      const lines = sent.tokens.filter((t) => t.arabic).flatMap((t) => textLines(t, options.script));
      return lines.length === 0 ? '' : `${lines.join('\n')}\n\n`;
    }
    return sent.tokens
      .map((t, i) => {
        const base = { sentence, token: firstToken + i, kind: t.arabic ? 'word' : 'other', input: t.form };
        if (!t.arabic) return `${JSON.stringify(base)}\n`;
        const candidates = t.candidates.map((c, k) => candidateJson(c, k + 1, t.form, options.script));
        return `${JSON.stringify({ ...base, lookup: formInScript(t.lookup, options.script), candidates })}\n`;
      })
      .join('');
  };
}

/**
 * This module's URL: the `module` of the line renderer `lexdis analyze` gives analyzeStream
 * (src/analyzer/stream.ts LineRendererSpec).
 */
export const CANDIDATE_RENDERER = moduleUrl('src/tagger/candidate-output.js');

/**
 * What {@link lineRenderer} takes: a model whose seen labels join the candidates (null: none), the
 * layout and script.
 */
export interface CandidateRendererArgs extends CandidateOutputOptions {
  model: string | null;
}

/**
 * The renderer of {@link candidateRenderer} for a LineRendererSpec (src/analyzer/stream.ts),
 * made the same on one thread and in each worker thread: with `model`, the labels that model saw
 * in training. Throws what Model.load throws.
 */
export async function lineRenderer(args: CandidateRendererArgs): Promise<ReturnType<typeof candidateRenderer>> {
  const lexicon = args.model === null ? null : (await Model.load(args.model)).lexicon;
  return candidateRenderer(lexicon, { format: args.format, script: args.script });
}
