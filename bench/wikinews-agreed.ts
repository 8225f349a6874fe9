/**
 * The words where WikiNews's two golds agree (bench/wikinews.ts, `agreedWords`), so that a
 * comparison with the peers, who write the WikiNews 2014 gold's way, does not rest on the
 * conventions in which WikiNewsMax revised it (the helping vowel before the article, مِنَ and عَنِ;
 * the dagger alif of هَٰذَا).
 *
 * - **Agreement.** A word of WikiNewsMax's TSV is agreed when one of WikiNewsMax's accepted
 *   spellings (max_gold or max_gold_alt) and the 2014 gold (original_gold) are the same word for
 *   the relaxed scorer: each, scored against the other, is right with its case ending. Marks the
 *   relaxed convention ignores (sukun, implied vowels) do not part them; anything else does.
 * - **Reference on agreed words.** WikiNewsMax's accepted spellings, alternatives included (the
 *   2014 spelling is one of them), and, beside it, the 2014 gold alone: the two differ only where a
 *   system writes an alternative the 2014 gold does not give (التَّقْنِيَّة for التِّقْنِيَّة).
 * - **Alignment.** lexdis's output is aligned with the TSV word by word (the scoring of each gold
 *   does the same). A peer's output is aligned with its reference, WikiNews_data_gt.txt, as the
 *   peers' scoring aligns it (bench/wikinews-peers.ts: Arabic words, lines whose counts differ
 *   dropped); line n of that reference is sentence n of the TSV, and their words are paired by a
 *   longest common subsequence of identical spellings. A reference word left unpaired (a word
 *   moved to the next line, one split in two, one spelled otherwise) is left out for everyone.
 * - **lexdis's output** is its default rendering (WikiNewsMax's: dagger alif written), the one
 *   scored against WikiNewsMax; `lexdisWithoutDaggerAlif` scores the rendering without dagger
 *   alif, the one scored against the 2014 gold, on the same words (neither gold writes a dagger
 *   alif on a word where they agree).
 *
 * Figures: relaxed convention, WER/DER with and without the case ending (src/eval/diac-score.ts).
 */
import { arabicWords, type RefSentence, type SysSentence } from '../src/eval/diac-eval.js';
import { scoreDiacritization, type DiacRates } from '../src/eval/diac-score.js';
import { compareWord } from '../src/script/diac-compare.js';
import { alignedLines, type PeersFolder } from './wikinews-peers.js';

/** Whether two spellings are one word for the relaxed scorer: each, against the other, is right with its ending. */
export function sameWord(a: string, b: string): boolean {
  return compareWord(a, [b], 'relaxed').correct && compareWord(b, [a], 'relaxed').correct;
}

/**
 * For every word of the TSV, whether its golds agree (see the header). Takes the WikiNewsMax and
 * the 2014 readings of the same TSV; returns one flag per word, sentence by sentence.
 * @throws Error when the two readings do not have the same sentences and words
 */
export function agreedMask(max: readonly RefSentence[], original: readonly RefSentence[]): boolean[][] {
  if (max.length !== original.length) throw new Error(`${max.length} sentences against ${original.length}`);
  return max.map((s, i) => {
    const o = original[i].words;
    if (o.length !== s.words.length) throw new Error(`sentence ${i + 1}: ${s.words.length} words against ${o.length}`);
    return s.words.map((w, k) => w.variants.some((v) => o[k].variants.some((x) => sameWord(v, x))));
  });
}

/**
 * Pairs the words of two lines by a longest common subsequence of identical spellings.
 * @returns for each word of `a`, the index of its partner in `b`, or -1
 */
export function pairWords(a: readonly string[], b: readonly string[]): number[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..]
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out = new Array<number>(n).fill(-1);
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (a[i] === b[j]) out[i++] = j++;
    else if (lcs[i + 1][j] >= lcs[i][j + 1]) i++;
    else j++;
  }
  return out;
}

/** A word of the TSV: its sentence and its place there. */
export interface Position { sentence: number; word: number }

/**
 * Where each word of the peers' reference lies in the TSV: its non-blank line n faces TSV
 * sentence n, words paired by {@link pairWords} against the 2014 gold.
 * @returns for each reference line (blank ones included, empty), each Arabic word's position or undefined
 * @throws Error when the reference's non-blank lines are not as many as the TSV's sentences
 */
export function referencePositions(
  gtLines: readonly string[],
  original: readonly RefSentence[],
): Array<Array<Position | undefined>> {
  const nonBlank = gtLines.filter((l) => l.trim() !== '').length;
  if (nonBlank !== original.length) throw new Error(`the peers' reference has ${nonBlank} lines, the TSV ${original.length} sentences`);
  let sentence = 0;
  return gtLines.map((line) => {
    if (line.trim() === '') return [];
    const s = sentence++;
    const tsv = original[s].words.map((w) => w.variants[0]);
    return pairWords(arabicWords(line), tsv).map((word) => (word < 0 ? undefined : { sentence: s, word }));
  });
}

/** One word scored: a system's spelling, WikiNewsMax's accepted spellings and the 2014 gold's. */
export interface AgreedWord { sys: string; max: string[]; original: string[] }

/** Relaxed rates on a set of words, against WikiNewsMax's accepted spellings and against the 2014 gold alone. */
export interface AgreedRates { words: number; wikiNewsMax: DiacRates; wikiNews2014: DiacRates }

/** Scores words (one sentence of them) against each gold; takes the words, returns the rates. */
export function scoreWords(words: readonly AgreedWord[]): AgreedRates {
  const sys: SysSentence[] = [{ line: 1, words: words.map((w) => ({ text: w.sys })) }];
  const against = (gold: (w: AgreedWord) => string[]): DiacRates =>
    scoreDiacritization([{ line: 1, words: words.map((w) => ({ variants: gold(w) })) }], sys).rates.relaxed;
  return { words: words.length, wikiNewsMax: against((w) => w.max), wikiNews2014: against((w) => w.original) };
}

/** The TSV read with each gold: WikiNewsMax's (alternatives accepted) and the 2014 one. */
export interface Golds { max: RefSentence[]; original: RefSentence[] }

/** A peer's row: its output and lexdis's on the same words (the agreed words of the lines it keeps). */
export interface AgreedPeer extends AgreedRates { peer: string; linesDropped: number; lexdisOnTheseWords: AgreedRates }

/** What `agreedWords` reports. */
export interface AgreedReport {
  /** Words of the TSV, those whose golds differ, and (with the peers) agreed ones their reference does not pair. */
  tsvWords: number;
  goldsDiffer: number;
  notInPeersReference?: number;
  /** lexdis on every agreed word (and paired, with the peers), and rendered without dagger alif when given. */
  lexdis: AgreedRates;
  lexdisWithoutDaggerAlif?: AgreedRates;
  peers?: AgreedPeer[];
}

/** The word at a TSV position, as {@link scoreWords} takes it, with a system's text. */
function wordAt(golds: Golds, p: Position, sys: string): AgreedWord {
  const { max, original } = golds;
  return { sys, max: max[p.sentence].words[p.word].variants, original: original[p.sentence].words[p.word].variants };
}

/** A peer's row: its words of the lines it keeps that `at` places in the subset, and lexdis's on the same words. */
function peerRow(
  golds: Golds,
  lexdis: readonly SysSentence[],
  gtLines: readonly string[],
  peer: PeersFolder['peers'][number],
  at: (line: number, k: number) => Position | undefined,
): AgreedPeer {
  const { lines, dropped } = alignedLines(gtLines, peer.lines);
  const own: AgreedWord[] = [];
  const ours: AgreedWord[] = [];
  for (const line of lines) {
    line.sys.forEach((text, k) => {
      const p = at(line.index, k);
      if (!p) return;
      own.push(wordAt(golds, p, text));
      ours.push(wordAt(golds, p, lexdis[p.sentence].words[p.word].text));
    });
  }
  return { peer: peer.name, linesDropped: dropped, ...scoreWords(own), lexdisOnTheseWords: scoreWords(ours) };
}

/** What {@link agreedWords} takes beside the golds and lexdis's output. */
export interface AgreedOptions {
  /** The peers' folder: their rows, and the subset narrowed to the words their reference pairs. */
  peers?: PeersFolder;
  /** lexdis's output rendered without dagger alif (as for the 2014 gold), scored on the same words. */
  withoutDaggerAlif?: readonly SysSentence[];
}

/**
 * The agreed words' figures: lexdis's (its output aligned with the TSV's sentences) and, given the
 * peers' folder, each peer's on the agreed words of the lines it keeps, with lexdis's on the same
 * words. With the peers, agreed words their reference does not pair are left out for lexdis too.
 * @throws Error when the golds or the peers' reference do not line up with the TSV
 */
export function agreedWords(golds: Golds, lexdis: readonly SysSentence[], options: AgreedOptions = {}): AgreedReport {
  const { peers, withoutDaggerAlif } = options;
  const agreed = agreedMask(golds.max, golds.original);
  const flat = agreed.flat();
  const positions = peers ? referencePositions(peers.gtLines, golds.original) : undefined;
  const paired = new Set<string>();
  for (const p of positions?.flat() ?? []) if (p) paired.add(`${p.sentence}:${p.word}`);
  const subset: Position[] = [];
  agreed.forEach((flags, sentence) =>
    flags.forEach((ok, word) => {
      if (ok && (!positions || paired.has(`${sentence}:${word}`))) subset.push({ sentence, word });
    }),
  );
  const on = (sys: readonly SysSentence[]): AgreedRates =>
    scoreWords(subset.map((p) => wordAt(golds, p, sys[p.sentence].words[p.word].text)));
  const goldsDiffer = flat.filter((a) => !a).length;
  const report: AgreedReport = { tsvWords: flat.length, goldsDiffer, lexdis: on(lexdis) };
  if (withoutDaggerAlif) report.lexdisWithoutDaggerAlif = on(withoutDaggerAlif);
  if (!peers || !positions) return report;
  report.notInPeersReference = flat.filter((a) => a).length - subset.length;
  const at = (line: number, k: number): Position | undefined => {
    const p = positions[line][k];
    return p && agreed[p.sentence][p.word] ? p : undefined;
  };
  report.peers = peers.peers.map((peer) => peerRow(golds, lexdis, peers.gtLines, peer, at));
  return report;
}
