/**
 * Loading the analyzer's six table files (BAMA 1.0 / SAMA formats, see the BAMA readme):
 * three lexicons (`dictPrefixes`, `dictStems`, `dictSuffixes`: four tab-separated fields a
 * line, `;` comments, `;; lemmaID` lines naming the lemma of the entries below them) and
 * three compatibility tables (`tableAB`, `tableAC`, `tableBC`: one `catA catB` pair a line).
 *
 * Lexicon entries are indexed by their unvocalized form; morphological categories are
 * interned to small integers and each table becomes a dense bit matrix, so a look-up never
 * scans the lexicon and a compatibility check is one array read.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DataNotFoundError, InputParseError } from '../errors.js';
import { readTextFile } from '../io.js';

/** One lexicon entry as the engine uses it (all strings Buckwalter, gloss cleaned). */
export interface LexEntry {
  /** Vocalized form (field 2). */
  readonly voc: string;
  /** Interned morphological category (field 3), see {@link Lexicon.categoryName}. */
  readonly cat: number;
  /** Gloss with the `<pos>` part removed, trailing space trimmed, `;` written as `/`. */
  readonly gloss: string;
  /** POS field: the `<pos>…</pos>` content, or one deduced from the category. */
  readonly pos: string;
  /** Lemma ID from the last `;; ` line above the entry ('' when none). */
  readonly lemma: string;
}

/** The six table file names, in the order the reference program loads them. */
export const TABLE_FILES = ['tableAB', 'tableAC', 'tableBC', 'dictPrefixes', 'dictStems', 'dictSuffixes'] as const;

/** Interns category names to consecutive integers. */
class Categories {
  readonly ids = new Map<string, number>();
  readonly names: string[] = [];
  id(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }
}

/** Lines of a file without their line ending (CRLF or LF); the last empty line dropped. */
function fileLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.charCodeAt(l.length - 1) === 13) lines[i] = l.slice(0, -1);
  }
  return lines;
}

/** The reference program's white space (Perl `\s` on bytes): ASCII only. */
const WS_RUN = /[ \t\n\r\f\v]+/g;
const TRAILING_WS = /[ \t\n\r\f\v]+$/;
const POS_TAG = /<pos>([^\n]+?)<\/pos>/;

/** Reads a table into pairs of category names; blank lines are skipped. */
function readTable(file: string, cats: Categories): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  const lines = fileLines(readTextFile(file));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.charCodeAt(0) === 59 /* ; */) continue;
    const norm = line.replace(WS_RUN, ' ').trim();
    if (norm === '') continue;
    const parts = norm.split(' ');
    if (parts.length !== 2) {
      throw new InputParseError(`table line must hold exactly two categories, found ${parts.length}`, { file, line: i + 1 });
    }
    pairs.push([cats.id(parts[0]), cats.id(parts[1])]);
  }
  return pairs;
}

/** The POS field the reference deduces for an entry without `<pos>`; null when it cannot. */
export function deducePos(voc: string, cat: string, gloss: string): string | null {
  if (cat === 'Pref-0' || cat === 'Suff-0') return '';
  switch (cat.charAt(0)) {
    case 'F': return `${voc}/FUNC_WORD`;
    case 'N': return /^[A-Z]/.test(gloss) ? `${voc}/NOUN_PROP` : `${voc}/NOUN`;
    default:
  }
  if (cat.startsWith('IV')) return `${voc}/VERB_IMPERFECT`;
  if (cat.startsWith('PV')) return `${voc}/VERB_PERFECT`;
  if (cat.startsWith('CV')) return `${voc}/VERB_IMPERATIVE`;
  return null;
}

/** The gloss as printed: first `<pos>…</pos>` removed, trailing space trimmed, `;` → `/`. */
export function cleanGloss(glossPos: string): string {
  return glossPos.replace(POS_TAG, '').replace(TRAILING_WS, '').replaceAll(';', '/');
}

interface DictResult {
  entries: Map<string, LexEntry[]>;
  count: number;
  lemmas: Set<string>;
}

/** Reads one lexicon file into a map from unvocalized form to its entries, in file order. */
function readDict(file: string, cats: Categories): DictResult {
  const entries = new Map<string, LexEntry[]>();
  const lemmas = new Set<string>();
  const lines = fileLines(readTextFile(file));
  let lemma = '';
  let count = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.charCodeAt(0) === 59 /* ; */) {
      if (line.startsWith(';; ')) {
        lemma = line.slice(3); // verbatim, as the reference prints it (one BAMA 1.0 ID has trailing spaces)
        lemmas.add(lemma);
      }
      continue;
    }
    if (line === '') continue;
    const fields = line.split('\t');
    if (fields.length !== 4) {
      throw new InputParseError(
        `lexicon entry must have 4 tab-separated fields (entry, vocalization, category, gloss), found ${fields.length}`,
        { file, line: i + 1 },
      );
    }
    const [form, voc, cat, glossPos] = fields;
    const tagged = POS_TAG.exec(glossPos);
    const pos = tagged ? tagged[1] : deducePos(voc, cat, glossPos);
    if (pos === null) {
      throw new InputParseError(`no POS can be deduced for category "${cat}" (add <pos>…</pos> to the gloss)`, { file, line: i + 1 });
    }
    const entry: LexEntry = Object.freeze({ voc, cat: cats.id(cat), gloss: cleanGloss(glossPos), pos, lemma });
    const list = entries.get(form);
    if (list) list.push(entry);
    else entries.set(form, [entry]);
    count++;
  }
  return { entries, count, lemmas };
}

/** A compatibility table as a dense bit matrix over interned categories. */
export class CompatTable {
  private readonly bits: Uint8Array;
  constructor(readonly size: number, pairs: ReadonlyArray<readonly [number, number]>) {
    this.bits = new Uint8Array(size * size);
    for (const [a, b] of pairs) this.bits[a * size + b] = 1;
  }
  /** True when the pair (a, b) is listed. */
  has(a: number, b: number): boolean {
    return this.bits[a * this.size + b] === 1;
  }
}

/** The loaded tables of one lexicon directory. */
export interface Lexicon {
  readonly dir: string;
  readonly prefixes: ReadonlyMap<string, readonly LexEntry[]>;
  readonly stems: ReadonlyMap<string, readonly LexEntry[]>;
  readonly suffixes: ReadonlyMap<string, readonly LexEntry[]>;
  readonly ab: CompatTable;
  readonly ac: CompatTable;
  readonly bc: CompatTable;
  readonly categoryNames: readonly string[];
  readonly counts: { prefixes: number; stems: number; suffixes: number; lemmas: number };
}

/**
 * Loads the six files from `dir`. A missing directory or file is a DataNotFoundError naming
 * it; a malformed line is an InputParseError with file and line. Two leniencies against the
 * reference program: blank lines are skipped, and repeated lemma IDs are accepted (it refuses
 * both). A lemma ID is the rest of its `;; ` line, verbatim but for the line ending.
 */
export function loadLexicon(dir: string): Lexicon {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new DataNotFoundError('analyzer table directory not found', { file: dir });
  }
  const cats = new Categories();
  const [abPairs, acPairs, bcPairs] = (['tableAB', 'tableAC', 'tableBC'] as const).map((f) => readTable(join(dir, f), cats));
  const prefixes = readDict(join(dir, 'dictPrefixes'), cats);
  const stems = readDict(join(dir, 'dictStems'), cats);
  const suffixes = readDict(join(dir, 'dictSuffixes'), cats);
  const n = cats.names.length;
  return {
    dir,
    prefixes: prefixes.entries,
    stems: stems.entries,
    suffixes: suffixes.entries,
    ab: new CompatTable(n, abPairs),
    ac: new CompatTable(n, acPairs),
    bc: new CompatTable(n, bcPairs),
    categoryNames: cats.names,
    counts: { prefixes: prefixes.count, stems: stems.count, suffixes: suffixes.count, lemmas: stems.lemmas.size },
  };
}
