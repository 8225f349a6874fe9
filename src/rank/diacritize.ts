/**
 * Diacritization: text in, the same text out with every Arabic word vocalized by its top
 * analysis (rendered by src/script/vocalize.ts). Everything else — spacing, punctuation, digits,
 * Latin, line breaks — is copied as it was. The work is done one paragraph (input line) at a
 * time, so a caller can stream long input.
 */
import { prepareInput } from '../analyzer/script.js';
import { arabicWordSpans } from '../analyzer/tokenize.js';
import type { VocalizeOptions } from '../script/vocalize.js';
import type { TaggedSentence, TaggedToken, Tagger } from './tagger.js';

/** One Arabic word of the output, with the analysis that vocalized it. */
export interface DiacritizedWord {
  input: string;
  vocalized: string;
  /** 'analyzer', 'train', 'backoff'…, or 'none' when the word got no analysis (left as typed). */
  source: string;
  voc: string;
  lemma: string;
  pos: string;
  /** Every candidate's vocalization, best first (for oracle figures; only with `candidates: true`). */
  candidates?: string[];
}

export interface DiacritizedParagraph {
  /** The paragraph with its Arabic words vocalized. */
  text: string;
  words: DiacritizedWord[];
}

export interface DiacritizeOptions {
  vocalize: Partial<VocalizeOptions>;
  /** Script of the input: Arabic (Latin passes through untouched) or Buckwalter, read as Arabic. */
  inputScript: 'arabic' | 'buckwalter';
  /** Keep every candidate's rendering in `words[].candidates`. */
  candidates: boolean;
}

function wordOf(t: TaggedToken, candidates: boolean): DiacritizedWord {
  const a = t.analyses[0];
  const w: DiacritizedWord = a
    ? { input: t.input, vocalized: a.vocalized, source: a.source, voc: a.voc, lemma: a.lemma, pos: a.pos }
    : { input: t.input, vocalized: t.input, source: 'none', voc: '', lemma: '', pos: '' };
  if (candidates) w.candidates = t.analyses.map((c) => c.vocalized);
  return w;
}

/**
 * Lays tagged words back onto the text they came from: the k-th Arabic word of the text gets the
 * k-th Arabic token's vocalization when their letters agree (else it stays as typed, source
 * 'none'); any other character is copied. `words` has one entry per Arabic word of the text.
 * @param text the text exactly as it was tagged (one or more lines)
 * @param sentences the tagger's output for that text
 * @param candidates keep every analysis' rendering in `words[].candidates`
 * @returns the text with its Arabic words vocalized, and those words; never throws
 */
export function vocalizedText(text: string, sentences: readonly TaggedSentence[], candidates = false): DiacritizedParagraph {
  const tokens = sentences.flatMap((s) => s.tokens).filter((t) => t.arabic);
  const words: DiacritizedWord[] = [];
  let out = '';
  let k = 0;
  for (const line of text.split(/(?<=\n)/)) {
    let at = 0;
    for (const span of arabicWordSpans(line)) {
      const typed = line.slice(span.start, span.end);
      out += line.slice(at, span.start);
      at = span.end;
      const t = tokens[k];
      const matched = t !== undefined && t.input === typed;
      const w = matched ? wordOf(t, candidates) : { input: typed, vocalized: typed, source: 'none', voc: '', lemma: '', pos: '' };
      if (matched) k++;
      words.push(w);
      out += w.vocalized;
    }
    out += line.slice(at);
  }
  return { text: out, words };
}

/**
 * Diacritizes one paragraph (or any text; lines are tagged together but never merged).
 * @param tagger a loaded tagger
 * @param text the paragraph (Arabic script, or Buckwalter with `inputScript: 'buckwalter'`)
 * @returns the text with every Arabic word vocalized by its top analysis, and the words
 */
export function diacritizeParagraph(tagger: Tagger, text: string, options: Partial<DiacritizeOptions> = {}): DiacritizedParagraph {
  const top = options.candidates ? Number.MAX_SAFE_INTEGER : 1;
  const input = options.inputScript === 'buckwalter' ? prepareInput(text, 'buckwalter') : text;
  const sentences = tagger.tagText(input, { top, inputScript: 'arabic', vocalize: options.vocalize });
  return vocalizedText(input, sentences, Boolean(options.candidates));
}

/**
 * Diacritizes a whole text paragraph by paragraph (one input line is one paragraph).
 * @returns the vocalized text (line breaks and everything between words kept) and every paragraph's words
 */
export function diacritizeText(tagger: Tagger, text: string, options: Partial<DiacritizeOptions> = {}): DiacritizedParagraph[] {
  return text.split(/(?<=\n)/).map((line) => diacritizeParagraph(tagger, line, options));
}
