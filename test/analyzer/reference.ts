/**
 * Test helper: a strict parser for the reference program's output (pud-analyses.txt), and
 * a model of the reference's gloss mangling (AraMorph.pl's Latin-1 `tr` applied to the bytes
 * of UTF-8 glosses, its output later read as Windows-1256).
 */
import type { AnalyzedToken, Solution } from '../../src/analyzer/types.js';
import { InputParseError } from '../../src/errors.js';

export interface RefSolution { voc: string; lemma: string; morph: string; gloss: string }
export interface RefAlternative { form: string; solutions: RefSolution[] }
export interface RefToken {
  kind: 'word' | 'other';
  input: string;
  lookup: string;
  solutions: RefSolution[];
  alternatives: RefAlternative[];
  /** 1-based line of its `INPUT STRING:` line. */
  line: number;
  /** The token's text exactly as in the file, starting with its blank line. */
  block: string;
}

const SOLUTION = /^ {2}SOLUTION (\d+): \((.*?)\) \[(.*?)\] (.*)$/;
const GLOSS = /^ {5}\(GLOSS\): (.*)$/;

/** Parses the whole reference text; any line out of place is an InputParseError. */
export function parseReference(text: string, file = 'pud-analyses.txt'): RefToken[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const tokens: RefToken[] = [];
  let i = 0;
  const fail = (msg: string): never => { throw new InputParseError(msg, { file, line: i + 1 }); };
  const take = (prefix: string): string => {
    if (i >= lines.length || !lines[i].startsWith(prefix)) fail(`expected "${prefix}"`);
    return lines[i++].slice(prefix.length);
  };
  const solutions = (): RefSolution[] => {
    const out: RefSolution[] = [];
    while (i < lines.length && SOLUTION.test(lines[i])) {
      const m = SOLUTION.exec(lines[i])!;
      if (Number(m[1]) !== out.length + 1) fail('solution numbers out of sequence');
      i++;
      const g = GLOSS.exec(lines[i] ?? '') ?? fail('expected (GLOSS):');
      i++;
      out.push({ voc: m[2], lemma: m[3], morph: m[4], gloss: g[1] });
    }
    return out;
  };
  while (i < lines.length) {
    const start = i;
    if (lines[i] !== '') fail('expected a blank line');
    i++;
    const line = i + 1;
    const input = take('INPUT STRING: ');
    let tok: Omit<RefToken, 'block'>;
    if (lines[i] === '     Comment: Non-Alphabetic Data') {
      i++;
      tok = { kind: 'other', input, lookup: '', solutions: [], alternatives: [], line };
    } else {
      const lookup = take('LOOK-UP WORD: ');
      const sols = solutions();
      const alternatives: RefAlternative[] = [];
      if (sols.length === 0) {
        if (take('     Comment: ') !== `${lookup} NOT FOUND`) fail('expected NOT FOUND comment');
        while (i < lines.length && lines[i].startsWith(' ALTERNATIVE: ')) {
          const form = take(' ALTERNATIVE: ');
          const altSols = solutions();
          if (altSols.length === 0 && take('     Comment: ') !== `${form} NOT FOUND`) fail('expected NOT FOUND comment');
          alternatives.push({ form, solutions: altSols });
        }
      }
      tok = { kind: 'word', input, lookup, solutions: sols, alternatives, line };
    }
    tokens.push({ ...tok, block: `${lines.slice(start, i).join('\n')}\n` });
  }
  return tokens;
}

/** Bytes AraMorph.pl's gloss clean-up rewrites (Latin-1 accented letters → ASCII). */
const PERL_TR = new Map<number, string>();
const ranges: Array<[number, number, string]> = [
  [0xc0, 0xc5, 'A'], [0xc7, 0xc7, 'C'], [0xc8, 0xcb, 'E'], [0xcc, 0xcf, 'I'], [0xd1, 0xd1, 'N'], [0xd2, 0xd6, 'O'],
  [0xd9, 0xdc, 'U'], [0xe0, 0xe5, 'a'], [0xe7, 0xe7, 'c'], [0xe8, 0xeb, 'e'], [0xec, 0xef, 'i'], [0xf1, 0xf1, 'n'],
  [0xf2, 0xf6, 'o'], [0xf9, 0xfc, 'u'],
];
for (const [lo, hi, to] of ranges) for (let b = lo; b <= hi; b++) PERL_TR.set(b, to);
for (const [b, to] of [[0xc6, 'AE'], [0x8a, 'Sh'], [0x8e, 'Zh'], [0xdf, 'ss'], [0xe6, 'ae'], [0x9a, 'sh'], [0x9e, 'zh']] as const) PERL_TR.set(b, to);

/**
 * What the reference printed for a (correct, UTF-8) gloss: its bytes through the Perl `tr`,
 * read back as Windows-1256 (é, C3 A9, becomes "A©"; à, C3 A0, becomes "A" + NBSP).
 */
export function perlMangledGloss(gloss: string): string {
  const out: number[] = [];
  for (const byte of Buffer.from(gloss, 'utf8')) {
    const to = PERL_TR.get(byte);
    if (to === undefined) out.push(byte);
    else for (const ch of to) out.push(ch.charCodeAt(0));
  }
  return new TextDecoder('windows-1256').decode(Uint8Array.from(out));
}

/** One token whose analyses differ from the reference's. */
export interface Difference {
  token: number;
  line: number;
  input: string;
  lookup: string;
  reason: 'gloss-encoding' | 'other';
  ours: string;
  reference: string;
}

const key = (s: RefSolution): string => JSON.stringify([s.voc, s.lemma, s.morph, s.gloss]);
const solutionSet = (sols: readonly RefSolution[]): string[] => sols.map(key).sort();
const plain = (s: Solution, gloss: (g: string) => string = (g) => g): RefSolution =>
  ({ voc: s.voc, lemma: s.lemma, morph: s.morph, gloss: gloss(s.gloss) });

/** Solutions and alternatives of a token as comparable strings (solution order ignored). */
function signature(
  sols: readonly RefSolution[],
  alts: ReadonlyArray<{ form: string; solutions: readonly RefSolution[] }>,
): string {
  return JSON.stringify([solutionSet(sols), alts.map((a) => [a.form, solutionSet(a.solutions)])]);
}

function oursSignature(tok: AnalyzedToken, gloss?: (g: string) => string): string {
  if (tok.kind !== 'word') return signature([], []);
  return signature(tok.solutions.map((s) => plain(s, gloss)),
    tok.alternatives.map((a) => ({ form: a.form, solutions: a.solutions.map((s) => plain(s, gloss)) })));
}

/** The first gloss of ours that the reference does not have, and the reference's counterpart. */
function glossPair(tok: AnalyzedToken, ref: RefToken): [string, string] {
  const ours = tok.kind === 'word' ? [...tok.solutions, ...tok.alternatives.flatMap((a) => a.solutions)] : [];
  const theirs = [...ref.solutions, ...ref.alternatives.flatMap((a) => a.solutions)];
  const have = new Set(theirs.map((s) => s.gloss));
  const i = ours.findIndex((s) => !have.has(s.gloss));
  return i < 0 ? ['', ''] : [ours[i].gloss, theirs[i]?.gloss ?? ''];
}

/** Every token whose solutions or alternatives differ from the reference's, with the reason. */
export function compareWithReference(ours: readonly AnalyzedToken[], reference: readonly RefToken[]): Difference[] {
  const differences: Difference[] = [];
  for (let i = 0; i < Math.min(ours.length, reference.length); i++) {
    const o = ours[i];
    const r = reference[i];
    const want = signature(r.solutions, r.alternatives);
    if (oursSignature(o) === want) continue;
    const reason = oursSignature(o, perlMangledGloss) === want ? 'gloss-encoding' : 'other';
    const [og, rg] = glossPair(o, r);
    differences.push({ token: i + 1, line: r.line, input: r.input, lookup: r.lookup, reason, ours: og, reference: rg });
  }
  return differences;
}
