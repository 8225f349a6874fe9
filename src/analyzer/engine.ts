/**
 * The BAMA/SAMA analysis engine: the algorithm of the BAMA 1.0 readme as AraMorph.pl runs
 * it. A look-up form is split every way the reference allows (prefix 0–4 characters, stem at
 * least 1, suffix 0–6, in its loop order); each split whose three parts are in the lexicons
 * yields one solution per prefix × stem × suffix entry whose categories pass tableAB, tableAC
 * and tableBC. A form with no solution gets the reference's alternative spellings, each
 * analyzed in turn. Results are cached per look-up form and shared (frozen).
 */
/* oxlint-disable max-lines -- one class, the Analyzer: segmentation, look-ups and caches share its tables */
import { ModelFormatError, UsageError } from '../errors.js';
import { splitLines } from '../io/text.js';
import { alternativeSpellings } from './alternatives.js';
import { backoffSolutions } from './backoff.js';
import { mayBeName, nisbaStems } from './nisba.js';
import { passiveStems, withPassives } from './passive.js';
import { declineNames } from './rules/name-declension.js';
import { LruCache } from './cache.js';
import { analysisBytes, flatAnalysis } from './analysis-bytes.js';
import { flat } from '../heap-bytes.js';
import type { LexEntry } from './dict.js';
import { isLexiconImage, lexiconFromImage, type LexiconImage } from './image.js';
import { lexiconFromTexts, withoutCaseOrMood, type Lexicon, type TableTexts } from './lexicon.js';
import { lookupWord, MAX_WORD_LETTERS, tokenizeLine, type RawToken } from './tokenize.js';
import type { AnalyzedToken, Alternative, Solution } from './types.js';

/** Options of an analyzer ({@link Analyzer.fromTables}, {@link Analyzer.fromImage}, Analyzer.load). */
export interface AnalyzerOptions {
  /** How many look-up forms keep their analyses in memory (least recently used evicted; 0 = none). */
  cacheSize: number;
  /**
   * How many bytes those analyses may take, as src/heap-bytes.ts charges them (least recently
   * used evicted first; docs/reliability.md, "Memory: every cache in bytes").
   */
  cacheBytes: number;
  /**
   * A word with no analysis gets backoff analyses (source 'backoff'): a nisba adjective of a
   * lexicon noun (nisba.ts), and a proper noun with clitics split off (backoff.ts) unless its
   * nisba reading rules a name out or an alternative spelling of it has an analysis. Off by default,
   * so that the output is the reference program's.
   */
  backoff: boolean;
  /**
   * Case endings (and mood vowels) in the analyses: load the suffixes `dictSuffixes` carries
   * commented out, and let each replace the caseless suffix it extends wherever the tables let
   * it attach (docs/case-endings.md). Off: the analyses are exactly the reference program's.
   */
  caseEndings: boolean;
  /**
   * A verb whose tables list no passive gets the passive made by rule where its stem is sound
   * (passive.ts: source 'rule', tagged `PV_PASS`, `IV_PASS`), beside its active. Off by default,
   * so that the output is the reference program's.
   */
  passives: boolean;
}

export const defaultAnalyzerOptions: AnalyzerOptions = {
  cacheSize: 100_000,
  cacheBytes: 64 * 2 ** 20,
  backoff: false,
  caseEndings: false,
  passives: false,
};

/**
 * The analyzer options lexdis trains and tags with unless told otherwise (import-ud, import-diac,
 * train, cv, setup; a model records them, src/model/model-info.ts): backoff and case endings on;
 * passives off, as measured (docs/results.md, "Passives made by rule").
 */
export const LEXDIS_ANALYZER_OPTIONS: Readonly<Pick<AnalyzerOptions, 'backoff' | 'caseEndings' | 'passives'>> =
  Object.freeze({ backoff: true, caseEndings: true, passives: false });

/**
 * The options given, checked, over {@link defaultAnalyzerOptions}. Returns them. Throws
 * UsageError for a bad one.
 */
export function analyzerOptions(options: Partial<AnalyzerOptions>): AnalyzerOptions {
  const opts = { ...defaultAnalyzerOptions, ...options };
  if (!Number.isInteger(opts.cacheSize) || opts.cacheSize < 0) {
    throw new UsageError(`cacheSize must be a non-negative integer, got ${opts.cacheSize}`);
  }
  if (!Number.isSafeInteger(opts.cacheBytes) || opts.cacheBytes < 0) {
    throw new UsageError(`cacheBytes must be a non-negative integer, got ${opts.cacheBytes}`);
  }
  for (const name of ['backoff', 'caseEndings', 'passives'] as const)
    if (typeof opts[name] !== 'boolean') throw new UsageError(`${name} must be true or false, got ${String(opts[name])}`);
  return opts;
}

/** The analyses of one look-up form. Shared by every caller: the arrays and objects are frozen. */
export interface WordAnalysis {
  readonly solutions: Solution[];
  readonly alternatives: Alternative[];
}

const MAX_PREFIX = 4;
const MAX_SUFFIX = 6;
/**
 * With case endings and mood vowels, what a proclitic governs: a preposition (bi, li, ka) its
 * noun in the genitive, the future sa the indicative, the subjunctive li the subjunctive or
 * jussive. The tables say so by class where they can (`NPref-Bi` pairs with `NSuff-i`, not
 * `NSuff-u`), but a case ending joined to a pronoun (`+u/CASE_DEF_NOM+hu/POSS_PRON_3MS`) shares
 * its class with the other cases (`NSuff-h`), and the person prefixes with and without sa share
 * theirs, so بِفَوْزُهُ and سَيَكْتُبَ were offered. Flags per entry, kept as long as the entry.
 */
const FREE = 0;
const GENITIVE = 1;
const INDICATIVE = 2;
const SUBJUNCTIVE = 3;
type Government = typeof FREE | typeof GENITIVE | typeof INDICATIVE | typeof SUBJUNCTIVE;
const governments = new WeakMap<LexEntry, Government>();
const suffixCases = new WeakMap<LexEntry, string>();

function governedBy(prefix: LexEntry): Government {
  let g = governments.get(prefix);
  if (g === undefined) {
    g = /\/PREP(\+|$)/.test(prefix.pos) ? GENITIVE : /\/FUT(\+|$)/.test(prefix.pos) ? INDICATIVE : /\/SUBJUNC(\+|$)/.test(prefix.pos) ? SUBJUNCTIVE : FREE;
    governments.set(prefix, g);
  }
  return g;
}

/** The case (NOM, ACC, GEN) or moods (I, S, J, SJ) a suffix shows, '' for none. */
function caseOrMoods(suffix: LexEntry): string {
  let v = suffixCases.get(suffix);
  if (v === undefined) {
    v = /\/CASE_(?:IN)?DEF_(NOM|ACC|GEN)/.exec(suffix.pos)?.[1] ?? /_MOOD:([ISJ]+)/.exec(suffix.pos)?.[1] ?? '';
    suffixCases.set(suffix, v);
  }
  return v;
}

function allowedAfter(g: Government, suffix: LexEntry): boolean {
  const v = caseOrMoods(suffix);
  if (v === '') return true;
  if (g === GENITIVE) return v === 'GEN' || /^[ISJ]+$/.test(v);
  if (g === INDICATIVE) return !/^[ISJ]+$/.test(v) || v.includes('I');
  return !/^[ISJ]+$/.test(v) || /[SJ]/.test(v);
}

/** Where {@link Analyzer.solve} finds the stem entries of a form. */
type StemSource = { get(form: string): readonly LexEntry[] | undefined };

/** The shared empty (frozen) list. */
const EMPTY = Object.freeze([]) as unknown as never[];
/** The analysis of a look-up form longer than any word (tokenize.ts MAX_WORD_LETTERS): none. */
const BEYOND_REACH: WordAnalysis = Object.freeze({ solutions: EMPTY, alternatives: EMPTY });

/**
 * The morphological analyzer (the BAMA 1.0 algorithm over BAMA or SAMA tables): every analysis of
 * every word. Make it from the tables' text ({@link Analyzer.fromTables}) or their compiled image
 * ({@link Analyzer.fromImage}); in Node, Analyzer.load (./engine-node.ts) reads a folder of table
 * files. It is read-only once made and can serve concurrent callers.
 */
export class Analyzer {
  private readonly cache: LruCache<string, WordAnalysis>;
  /** Per suffix entry list: for each entry, the categories of the case-bearing entries that replace it (null: none). */
  private readonly replacers = new WeakMap<readonly LexEntry[], ReadonlyArray<readonly number[] | null>>();
  /** Sizes of the loaded tables, the time they took to load, and whether they came compiled (src/analyzer/image.ts). */
  readonly stats: {
    prefixes: number;
    stems: number;
    suffixes: number;
    lemmas: number;
    loadMs: number;
    compiled: boolean;
  };

  /** The analyzer of a lexicon, with its options, the time the lexicon took and whether it came compiled. */
  protected constructor(
    protected readonly lex: Lexicon,
    readonly options: AnalyzerOptions,
    loadMs: number,
    compiled: boolean,
  ) {
    this.cache = new LruCache(options.cacheSize, options.cacheBytes, analysisBytes);
    this.stats = Object.freeze({ ...lex.counts, loadMs, compiled });
  }

  /**
   * The analyzer of the six tables' text (`tables`, by file name: dictPrefixes, dictStems,
   * dictSuffixes, tableAB, tableAC, tableBC), parsed as from files (a quarter of a second for
   * BAMA 1.0), with `options` over {@link defaultAnalyzerOptions}. Returns the analyzer. Throws
   * UsageError for a bad argument, InputParseError (table:line) for a malformed table.
   */
  static fromTables(tables: TableTexts, options: Partial<AnalyzerOptions> = {}): Analyzer {
    const opts = analyzerOptions(options);
    const start = performance.now();
    const lex = lexiconFromTexts(tables, { caseEndings: opts.caseEndings });
    return new this(lex, opts, performance.now() - start, false);
  }

  /**
   * The analyzer of a compiled image of the tables (./image.ts; a model's `analyzerTables`),
   * trusted as it is: no table file is read, so its fingerprint is not checked against any
   * (Analyzer.load checks it). `options.caseEndings` must be the image's. Returns the analyzer.
   * Throws UsageError for a bad argument or options the image was not made with,
   * ModelFormatError for what is not an image this lexdis reads or a damaged one.
   */
  static fromImage(image: LexiconImage, options: Partial<AnalyzerOptions> = {}): Analyzer {
    if (!isLexiconImage(image)) throw new ModelFormatError('not compiled analyzer tables this lexdis reads');
    const opts = analyzerOptions({ caseEndings: image.json.caseEndings, ...options });
    if (image.json.caseEndings !== opts.caseEndings)
      throw new UsageError(`caseEndings is ${opts.caseEndings}, the compiled tables were made with ${image.json.caseEndings}`);
    const start = performance.now();
    const lex = lexiconFromImage(image, '');
    return new this(lex, opts, performance.now() - start, true);
  }

  /** The directory the tables were loaded from ('' for tables not read from files). */
  get dir(): string {
    return this.lex.dir;
  }

  /**
   * Solutions of a look-up form (Buckwalter, no diacritics) and, when it has none, its
   * alternative spellings with theirs; with the `passives` option, each form's solutions have
   * the passives made by rule after them (passive.ts). With the `backoff` option, a form without solutions
   * that is a nisba adjective of a lexicon noun (nisba.ts) gets those analyses and, when it
   * may be a name as well, the proper-noun ones (backoff.ts), before any spelling is changed:
   * the letters as typed explain it (جينية is جِينِيَّة, not جِينَيْهِ "his two genes" with ة
   * read as ه); a form that is not
   * gets the alternative spellings and, when none of those has a solution either, the
   * proper-noun analyses. Cached; the returned data is frozen and shared. A form longer than
   * {@link MAX_WORD_LETTERS} letters is no word (the tokenizer passes it through as data): it
   * gets no analysis, at no cost, and is not cached. Throws nothing.
   */
  analyzeWord(lookup: string): WordAnalysis {
    if (lookup.length > MAX_WORD_LETTERS) return BEYOND_REACH;
    const hit = this.cache.get(lookup);
    if (hit) return hit;
    let solutions = this.solveOwn(lookup);
    if (solutions.length === 0 && this.options.backoff) {
      const nisba = this.nisbaAnalyses(lookup);
      if (nisba.length > 0)
        solutions = mayBeName(nisba) ? (Object.freeze([...nisba, ...this.nameAnalyses(lookup)]) as Solution[]) : nisba;
    }
    let alternatives: Alternative[] = EMPTY;
    if (solutions.length === 0) {
      alternatives = Object.freeze(
        alternativeSpellings(lookup).map((form): Alternative =>
          Object.freeze({ form, solutions: this.cache.peek(form)?.solutions ?? this.solveOwn(form) }),
        ),
      ) as Alternative[];
    }
    if (solutions.length === 0 && this.options.backoff && alternatives.every((a) => a.solutions.length === 0))
      solutions = this.nameAnalyses(lookup);
    const result: WordAnalysis = Object.freeze({ solutions, alternatives });
    this.cache.set(flat(lookup), flatAnalysis(result));
    return result;
  }

  /**
   * The backoff analyses of a look-up form (backoff.ts: a proper noun the lexicon lacks, with
   * its clitics split off), with the case endings when the analyzer has them, whether or not
   * the lexicon knows the form: what `analyzeWord` gives a word without analyses, and what the
   * UD projection matches a treebank name against when the lexicon knows its letters only as
   * other words (فيسبوك as fa + yasubbūka). Returns the solutions; not cached; frozen. Throws nothing.
   */
  nameAnalyses(lookup: string): Solution[] {
    const names = backoffSolutions(lookup, this.lex);
    return this.lex.caseEndings ? (declineNames(names, true) as Solution[]) : names;
  }

  /**
   * The analyses of a look-up form as a nisba adjective the lexicon lacks (nisba.ts: a lexicon
   * noun + `iy~`), joined to prefixes and suffixes as the lexicon's own stems are, source
   * 'backoff'. Returns the solutions; not cached; frozen. Throws nothing.
   */
  nisbaAnalyses(lookup: string): Solution[] {
    const found = this.solve(lookup, { get: (form) => nisbaStems(form, this.lex) });
    return Object.freeze(found.map((s) => Object.freeze({ ...s, source: 'backoff' as const }))) as Solution[];
  }

  /**
   * The solutions of one form from the lexicon and, with the `passives` option, the passives the
   * rule makes of its verbs (passive.ts) after them. Not cached; frozen.
   */
  private solveOwn(form: string): Solution[] {
    const own = this.solve(form);
    if (!this.options.passives) return own;
    return withPassives(own, this.solve(form, { get: (f) => passiveStems(f, this.lex) }));
  }

  /**
   * Every solution of one form, in the reference program's order (not cached; frozen); the
   * stem entries of a form come from the lexicon unless `stems` is given. Takes the form
   * (Buckwalter, no diacritics); returns its solutions. Throws nothing.
   */
  solve(word: string, stems: StemSource = this.lex.stems): Solution[] {
    const { prefixes, suffixes, ab, ac, bc } = this.lex;
    const out: Solution[] = [];
    const len = word.length;
    // the few suffixes (at most 7) are looked up once; a stem is looked up only between a known prefix and suffix
    const sufs: Array<readonly LexEntry[] | undefined> = [];
    for (let s = 0; s <= MAX_SUFFIX && s < len; s++) sufs.push(suffixes.get(word.slice(len - s)));
    for (let p = 0; p <= MAX_PREFIX && p < len; p++) {
      const preEntries = prefixes.get(word.slice(0, p));
      if (!preEntries) continue;
      for (let s = 0; s <= MAX_SUFFIX && len - p - s >= 1; s++) {
        const sufEntries = sufs[s];
        if (!sufEntries) continue;
        const stemEntries = stems.get(word.slice(p, len - s));
        if (!stemEntries || stemEntries.length === 0) continue;
        const replaced = this.lex.caseEndings ? this.replacersOf(sufEntries) : null;
        for (const a of preEntries) {
          const governed = this.lex.caseEndings ? governedBy(a) : FREE;
          for (const b of stemEntries) {
            if (!ab.has(a.cat, b.cat)) continue;
            for (let ci = 0; ci < sufEntries.length; ci++) {
              const c = sufEntries[ci];
              if (!ac.has(a.cat, c.cat) || !bc.has(b.cat, c.cat)) continue;
              if (governed !== FREE && !allowedAfter(governed, c)) continue;
              const by = replaced?.[ci];
              if (by && by.some((k) => ac.has(a.cat, k) && bc.has(b.cat, k))) continue;
              out.push(
                Object.freeze({
                  voc: a.voc + b.voc + c.voc,
                  lemma: b.lemma,
                  morph: a.pos + b.pos + c.pos,
                  gloss: `${a.gloss} + ${b.gloss} + ${c.gloss}`,
                  glossParts: Object.freeze({ prefix: a.gloss, stem: b.gloss, suffix: c.gloss }),
                }),
              );
            }
          }
        }
      }
    }
    if (out.length === 0) return EMPTY;
    return (this.lex.caseEndings ? declineNames(Object.freeze(out)) : Object.freeze(out)) as Solution[];
  }

  /**
   * For each entry of one suffix form's list, the categories of the case-bearing (commented-out)
   * entries of the same form whose POS minus case and mood equals its own: where one of them
   * attaches, the caseless analysis is left out (docs/case-endings.md). Cached per list.
   */
  private replacersOf(entries: readonly LexEntry[]): ReadonlyArray<readonly number[] | null> {
    let out = this.replacers.get(entries);
    if (out) return out;
    const caseBearing = entries.filter((e) => e.commented && e.cat >= 0);
    out = entries.map((e) => {
      if (e.commented || caseBearing.length === 0) return null;
      const base = withoutCaseOrMood(e.pos);
      const cats = [...new Set(caseBearing.filter((c) => withoutCaseOrMood(c.pos) === base).map((c) => c.cat))];
      return cats.length > 0 ? cats : null;
    });
    this.replacers.set(entries, out);
    return out;
  }

  /**
   * Splits a line of raw text into words and non-alphabetic tokens (no analysis): returns the
   * tokens. Throws nothing.
   */
  tokenize(line: string): RawToken[] {
    return tokenizeLine(line);
  }

  /**
   * Tokenizes and analyzes one line of raw text (Arabic script): returns its tokens, each word with
   * its analyses. Throws nothing.
   */
  analyzeLine(line: string): AnalyzedToken[] {
    return tokenizeLine(line).map((t): AnalyzedToken => {
      if (t.kind === 'other') return { kind: 'other', input: t.input };
      const lookup = lookupWord(t.input);
      const { solutions, alternatives } = this.analyzeWord(lookup);
      return { kind: 'word', input: t.input, lookup, solutions, alternatives };
    });
  }

  /** Analyzes raw text: returns one token array per input line (LF or CRLF line endings). Throws nothing. */
  analyzeText(text: string): AnalyzedToken[][] {
    return splitLines(text).map((line) => this.analyzeLine(line));
  }

  /** Number of look-up forms currently cached. */
  get cachedForms(): number {
    return this.cache.size;
  }

  /** The bytes the cached analyses are charged (at most the `cacheBytes` option). */
  get cachedBytes(): number {
    return this.cache.heldBytes;
  }

  /** Empties the cache (for measurements); returns nothing. Throws nothing. */
  clearCache(): void {
    this.cache.clear();
  }
}
