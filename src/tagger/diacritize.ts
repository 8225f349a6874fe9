/**
 * Diacritization: text in, the same text out with every Arabic word vocalized by its best
 * analysis with a vocalization of its own (rendered by src/script/vocalize.ts; see shownAnalysis).
 * Everything else — spacing, punctuation, digits, Latin, line breaks — is copied as it was.
 * `diacritizeText` tags a text as one document, as `lexdis tag` and the service do;
 * `diacritizeParagraph` does one paragraph, for a caller that streams long input piece by piece.
 */
import { prepareInput } from '../analyzer/script.js';
import { arabicWordSpans } from '../analyzer/tokenize.js';
import { hasOwnReading } from '../corpus/types.js';
import type { VocalizeOptions } from '../script/vocalize.js';
import type { TaggedSentence, TaggedToken } from './tagged.js';
import type { Tagger } from './tagger.js';

/** One Arabic word of the output, with the analysis that vocalized it. */
export interface DiacritizedWord {
  input: string;
  vocalized: string;
  /** 'analyzer', 'train', 'backoff', 'rule', or 'none' when the word got no analysis (left as typed). */
  source: string;
  voc: string;
  lemma: string;
  pos: string;
  /** Every candidate's vocalization, best first (for oracle figures; only with `candidates: true`). */
  candidates?: string[];
  /**
   * The renderings of the analyses that share the shown one's score and its kind of reading
   * (its own vocalization, or a label seen only in training), the shown one first: what the
   * analyzer's order on ties chose from, for a report (only with `candidates: true`).
   */
  tied?: string[];
}

/** A paragraph with its Arabic words vocalized, and each word's reading. */
export interface DiacritizedParagraph {
  /** The paragraph with its Arabic words vocalized. */
  text: string;
  words: DiacritizedWord[];
}

/** Options of {@link diacritizeText} and {@link diacritizeParagraph}. */
export interface DiacritizeOptions {
  vocalize: Partial<VocalizeOptions>;
  /** Script of the input: Arabic (Latin passes through untouched) or Buckwalter, read as Arabic. */
  inputScript: 'arabic' | 'buckwalter';
  /** Keep every candidate's rendering in `words[].candidates`. */
  candidates: boolean;
}

/**
 * The analysis a word is shown with: the first with a vocalization of its own; a label seen
 * only in training whose vowels are borrowed from another analysis, or only those its
 * morphology spells (`borrowedReading`), is shown only when the word has nothing else
 * (tagged.ts `ownReadingOrder`, measured in docs/diacritization.md).
 */
function shownAnalysis(t: TaggedToken): TaggedToken['analyses'][number] | undefined {
  return t.analyses.find(hasOwnReading) ?? t.analyses[0];
}

function wordOf(t: TaggedToken, candidates: boolean): DiacritizedWord {
  const a = shownAnalysis(t);
  const w: DiacritizedWord = a
    ? { input: t.input, vocalized: a.vocalized, source: a.source, voc: a.voc, lemma: a.lemma, pos: a.pos }
    : { input: t.input, vocalized: t.input, source: 'none', voc: '', lemma: '', pos: '' };
  if (candidates) {
    w.candidates = t.analyses.map((c) => c.vocalized);
    w.tied = a
      ? t.analyses.filter((c) => c.score === a.score && hasOwnReading(c) === hasOwnReading(a)).map((c) => c.vocalized)
      : [];
  }
  return w;
}

/**
 * Lays tagged words back onto the lines they came from: the k-th Arabic word of the text gets the
 * k-th Arabic token's vocalization when their letters agree (else it stays as typed, source
 * 'none'); any other character is copied. Each line's `words` has one entry per Arabic word in it.
 * @param text the text exactly as it was tagged (one or more lines)
 * @param sentences the tagger's output for that text
 * @param candidates keep every analysis' rendering in `words[].candidates`
 * @returns one entry per line (its line break kept in `text`); never throws
 */
export function vocalizedLines(
  text: string,
  sentences: readonly TaggedSentence[],
  candidates = false,
): DiacritizedParagraph[] {
  const tokens = sentences.flatMap((s) => s.tokens).filter((t) => t.arabic);
  let k = 0;
  return text.split(/(?<=\n)/).map((line) => {
    const words: DiacritizedWord[] = [];
    let out = '';
    let at = 0;
    for (const span of arabicWordSpans(line)) {
      const typed = line.slice(span.start, span.end);
      out += line.slice(at, span.start);
      at = span.end;
      const t = tokens[k];
      const matched = t !== undefined && t.input === typed;
      const w = matched
        ? wordOf(t, candidates)
        : { input: typed, vocalized: typed, source: 'none', voc: '', lemma: '', pos: '' };
      if (matched) k++;
      words.push(w);
      out += w.vocalized;
    }
    return { text: out + line.slice(at), words };
  });
}

/** {@link vocalizedLines} joined: the whole text with its Arabic words vocalized, and all those words. */
export function vocalizedText(
  text: string,
  sentences: readonly TaggedSentence[],
  candidates = false,
): DiacritizedParagraph {
  const lines = vocalizedLines(text, sentences, candidates);
  return { text: lines.map((l) => l.text).join(''), words: lines.flatMap((l) => l.words) };
}

function tagged(
  tagger: Tagger,
  text: string,
  options: Partial<DiacritizeOptions>,
): { input: string; sentences: TaggedSentence[] } {
  const top = options.candidates ? Number.MAX_SAFE_INTEGER : 1;
  const input = options.inputScript === 'buckwalter' ? prepareInput(text, 'buckwalter') : text;
  return {
    input,
    sentences: tagger.tagText(input, { top, inputScript: 'arabic', vocalize: options.vocalize, ownReadingFirst: true }),
  };
}

/**
 * Diacritizes one paragraph (or any text tagged as one piece, as `lexdis tag` and the service do).
 * @param tagger a loaded tagger
 * @param text the paragraph (Arabic script, or Buckwalter with `inputScript: 'buckwalter'`)
 * @returns the text with every Arabic word vocalized by its best analysis (see shownAnalysis), and the words
 */
export function diacritizeParagraph(
  tagger: Tagger,
  text: string,
  options: Partial<DiacritizeOptions> = {},
): DiacritizedParagraph {
  const { input, sentences } = tagged(tagger, text, options);
  return vocalizedText(input, sentences, Boolean(options.candidates));
}

/**
 * Diacritizes a whole text tagged as one document (its lines are paragraphs), as `lexdis tag`
 * tags a file, so both show the same analyses. Takes the tagger, the text and the options
 * (how words are vocalized, the input script, whether every candidate's rendering is kept);
 * returns one entry per input line: its vocalized text (line break kept) and its words.
 * Throws UsageError for a bad argument.
 */
export function diacritizeText(
  tagger: Tagger,
  text: string,
  options: Partial<DiacritizeOptions> = {},
): DiacritizedParagraph[] {
  const { input, sentences } = tagged(tagger, text, options);
  return vocalizedLines(input, sentences, Boolean(options.candidates));
}
