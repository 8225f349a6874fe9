/**
 * usage: node dist/bench/unknown-guesser.js --train FILE[,FILE…] --system SYSTEM.jsonl --reference REF [--top 3]
 *        [--vocalized-only]
 *
 * What a guesser of vowels from a word's letters could add for the words no candidate spells
 * (docs/results.md, "Unknown words"): an offline measurement, not part of the tagger. The guesser
 * is a letter-context model learned from vocalized text (--train: one sentence a line, as
 * `lexdis import-ud --text` writes a vocalized treebank): for each letter, the marks written after
 * it, counted under contexts of the letters around it from three on each side down to the letter
 * alone; a letter takes the distribution of the most specific context seen, and the K best
 * vocalizations of a word come from a beam over its letters. Nothing else goes in: the same
 * training text gives the same guesses.
 *
 * SYSTEM is the JSONL of `lexdis diacritize --format jsonl --candidates` on the reference's text,
 * REF the reference (`lexdis eval-diac`'s formats: a WikiNewsMax TSV, or plain text). Every word
 * is judged as the scorer judges it without the case ending, in the relaxed convention. Prints
 * JSON: the words no candidate spells, by the source of the shown analysis (`backoff`: a word the
 * lexicon lacks; `analyzer`), and how many of them the guesser's first and K best guesses spell;
 * the words whose letters the training text never has, and how many the system, the guesser's
 * first guess and its K best spell; and the same for the words shown with a backoff analysis.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { argNumber, argValue, exitOnHelp, hasFlag } from './common.js';
import { readReference, readSystem, stripMarks, type RefSentence, type SysSentence } from '../src/eval/diac-eval.js';
import { compareWord } from '../src/script/diac-compare.js';

/** The marks a letter may carry (Arabic script: tanween, short vowels, shadda, sukun, dagger alif). */
const MARK = /[\u064b-\u0652\u0670]/;
const TATWEEL = '\u0640';
const ARABIC_LETTER = /[\u0621-\u064a]/;
/** The letters on each side a context reads, most specific first. */
const CONTEXTS: ReadonlyArray<readonly [number, number]> = [
  [-3, 3], [-2, 2], [-2, 1], [-1, 2], [-1, 1], [0, 1], [-1, 0], [0, 0],
];

/** A word's letters and the marks after each (in a fixed order). */
function letterMarks(word: string): { letters: string[]; marks: string[] } {
  const letters: string[] = [];
  const marks: string[] = [];
  for (const ch of word) {
    if (ch === TATWEEL) continue;
    if (MARK.test(ch)) {
      if (letters.length > 0) marks[marks.length - 1] += ch;
    } else {
      letters.push(ch);
      marks.push('');
    }
  }
  return { letters, marks: marks.map((m) => [...m].sort().join('')) };
}

function contextKey(letters: readonly string[], i: number, c: number): string {
  const [from, to] = CONTEXTS[c];
  let key = `${c}:`;
  for (let j = i + from; j <= i + to; j++) key += j < 0 ? '^' : j >= letters.length ? '$' : letters[j];
  return key;
}

/** The letter-context model (see the module comment). */
export class LetterGuesser {
  private readonly counts = new Map<string, Map<string, number>>();
  /** The letter sequences of the words learned (marks stripped). */
  readonly seen = new Set<string>();

  /** Learns one vocalized word (one without any mark teaches nothing). */
  learn(word: string): void {
    const { letters, marks } = letterMarks(word);
    if (marks.every((m) => m === '')) return;
    this.seen.add(letters.join(''));
    letters.forEach((_, i) => {
      for (let c = 0; c < CONTEXTS.length; c++) {
        const key = contextKey(letters, i, c);
        let m = this.counts.get(key);
        if (!m) this.counts.set(key, (m = new Map()));
        m.set(marks[i], (m.get(marks[i]) ?? 0) + 1);
      }
    });
  }

  /** The marks of letter i by probability, from the most specific context seen (none: no mark). */
  private distribution(letters: readonly string[], i: number): Array<[string, number]> {
    for (let c = 0; c < CONTEXTS.length; c++) {
      const m = this.counts.get(contextKey(letters, i, c));
      if (!m) continue;
      let total = 0;
      for (const n of m.values()) total += n;
      // ties: the marks first counted
      return [...m].map(([mark, n]): [string, number] => [mark, n / total]).sort((a, b) => b[1] - a[1]);
    }
    return [['', 1]];
  }

  /** The k most likely vocalizations of a word's letters, best first. */
  guess(word: string, k: number): string[] {
    const { letters } = letterMarks(stripMarks(word));
    let beam = [{ text: '', logP: 0 }];
    letters.forEach((ch, i) => {
      const next: typeof beam = [];
      const marks = this.distribution(letters, i).slice(0, k);
      for (const b of beam)
        for (const [mark, p] of marks) next.push({ text: b.text + ch + mark, logP: b.logP + Math.log(p) });
      beam = next.sort((a, b) => b.logP - a.logP).slice(0, k);
    });
    return beam.map((b) => b.text);
  }
}

/** Counts of words that one guesser covers. */
interface Covered { words: number; first: number; top: number }
const covered = (): Covered => ({ words: 0, first: 0, top: 0 });
/** The words without a right candidate by source, and the words the training text never has. */
interface Report {
  words: number;
  noRightCandidate: Record<string, Covered>;
  unseen: Covered & { system: number };
  /** The words the system shows a backoff analysis for (the lexicon lacks them). */
  backoff: Covered & { system: number };
}

const right = (text: string, variants: string[]): boolean => compareWord(text, variants, 'relaxed').correctNoCase;

/** A guesser learned from the Arabic words of vocalized text files. */
function learnFiles(files: readonly string[]): LetterGuesser {
  const guesser = new LetterGuesser();
  for (const file of files)
    for (const line of readFileSync(file, 'utf8').split('\n')) for (const w of line.split(/\s+/)) if (ARABIC_LETTER.test(w)) guesser.learn(w);
  return guesser;
}

/** Scores the guesser's guesses for every word of the reference against the system's (see the module comment). */
function measure(
  guesser: LetterGuesser, ref: RefSentence[], sys: SysSentence[], k: number, vocalizedOnly: boolean,
): Report {
  const out: Report = {
    words: 0, noRightCandidate: {}, unseen: { ...covered(), system: 0 }, backoff: { ...covered(), system: 0 },
  };
  const add = (c: Covered & { system: number }, first: number, top: number, system: boolean): void => {
    c.words++;
    c.first += first;
    c.top += top;
    c.system += Number(system);
  };
  ref.forEach((r, i) => r.words.forEach((rw, j) => {
    const w = sys[i]?.words[j];
    if (!w || (vocalizedOnly && rw.variants.every((v) => stripMarks(v) === v))) return;
    out.words++;
    const guesses = guesser.guess(w.text, k);
    const first = Number(right(guesses[0], rw.variants));
    const top = Number(guesses.some((g) => right(g, rw.variants)));
    if (!(w.candidates ?? [w.text]).some((c) => right(c, rw.variants))) {
      const c = (out.noRightCandidate[w.source ?? 'unknown'] ??= covered());
      c.words++;
      c.first += first;
      c.top += top;
    }
    if (w.source === 'backoff') add(out.backoff, first, top, right(w.text, rw.variants));
    if (!guesser.seen.has(stripMarks(w.text))) add(out.unseen, first, top, right(w.text, rw.variants));
  }));
  return out;
}

function main(argv: string[]): void {
  exitOnHelp(argv, import.meta.url);
  const train = argValue(argv, '--train');
  const sysFile = argValue(argv, '--system');
  const refFile = argValue(argv, '--reference');
  if (!train || !sysFile || !refFile) throw new Error('--train, --system and --reference are needed (--help)');
  const k = argNumber(argv, '--top', 3);
  const guesser = learnFiles(train.split(','));
  const ref = readReference(readFileSync(refFile, 'utf8'), refFile, 'auto');
  const sys = readSystem(readFileSync(sysFile, 'utf8'), sysFile, 'auto');
  const report = measure(guesser, ref, sys, k, hasFlag(argv, '--vocalized-only'));
  console.log(JSON.stringify({ train: train.split(','), wordTypesLearned: guesser.seen.size, top: k, ...report }, null, 2));
}

// a command when run, a module when a test imports the guesser
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
