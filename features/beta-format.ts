/**
 * The saved form of β* (features/beta.ts): its constants, key layout, JSON header, flat
 * buffers, and the checks a loaded table must pass.
 */
import { ModelFormatError } from '../src/errors.js';
import { TARGETS, type Target } from '../src/labels/elements.js';
import { CONTEXTS, type Context } from './templates.js';

export const BETA_KIND = 'lexdis-beta';
/** The version of a table whose counts are whole tokens (unit 1). */
export const BETA_VERSION = 1;
/**
 * The version of a table whose counts are in units of 1/`unit` of a token (a corpus with several gold labels
 * on some token: features/gold-rows.ts), which a reader of version 1 would take for whole tokens.
 */
export const BETA_VERSION_UNIT = 2;

/** The id for 'no word' / 'no context' in a group key. */
export const NONE = -1;

/** Value ids must stay below this (key = target·VALUE_LIMIT + value fits an int32). */
export const VALUE_LIMIT = 1 << 26;

/** Group index of a (word kind, context) pair: word groups first, then base-rate groups (CONTEXTS order in each). */
export function groupIndex(word: 'word' | 'none', context: Context): number {
  return (word === 'word' ? 0 : CONTEXTS.length) + CONTEXTS.indexOf(context);
}

/** The entry key of (target index, value id). */
export function entryKey(target: number, value: number): number {
  return target * VALUE_LIMIT + value;
}

/** One group's counts (also what a worker returns for a slice of a group). */
export interface GroupBlock {
  /** groupIndex of the group. */
  group: number;
  /** Target indices counted, ascending. */
  targets: number[];
  /** Per context: word id (NONE for base-rate groups), context id (NONE for context 'none'), marginal. */
  word: Int32Array;
  ctx: Int32Array;
  marginal: Uint32Array;
  /** End of each context's run in key/count (relative to the block). */
  runEnd: Uint32Array;
  key: Int32Array;
  count: Uint32Array;
}

export interface BetaJSON {
  kind: typeof BETA_KIND;
  version: number;
  /** Counts and marginals are in units of 1/unit of a token (version 2); absent: 1. */
  unit?: number;
  groups: Array<{ word: 'word' | 'none'; context: Context; targets: Target[]; contexts: number; entries: number }>;
}

/** Flat buffers of a BetaTable: every group's arrays concatenated in group order. */
export interface BetaBuffers {
  ctxWord: Int32Array;
  ctxCtx: Int32Array;
  ctxMarginal: Uint32Array;
  /** Cumulative run ends over all contexts (length = number of contexts). */
  ctxRunEnd: Uint32Array;
  entKey: Int32Array;
  entCount: Uint32Array;
}

/**
 * Checks a saved table: kind tag, version, group order, array lengths, and the sort order of
 * contexts and entries. Returns its group list.
 */
export function checkBeta(json: unknown, b: BetaBuffers): BetaJSON['groups'] {
  const j = json as Partial<BetaJSON> | null;
  if (!j || typeof j !== 'object' || j.kind !== BETA_KIND) throw new ModelFormatError(`not a lexdis β* table (kind tag '${String(j?.kind)}')`);
  if (j.version !== BETA_VERSION && j.version !== BETA_VERSION_UNIT)
    throw new ModelFormatError(`β* version ${String(j.version)}, expected ${BETA_VERSION} or ${BETA_VERSION_UNIT}`);
  const unitOk = j.version === BETA_VERSION ? j.unit === undefined : Number.isInteger(j.unit) && j.unit! > 1;
  if (!unitOk) throw new ModelFormatError(`β* version ${j.version} with count unit ${String(j.unit)}`);
  const groups = j.groups;
  if (!Array.isArray(groups)) throw new ModelFormatError('β* lacks its group list');
  const nCtx = groups.reduce((n, g) => n + g.contexts, 0);
  const nEnt = groups.reduce((n, g) => n + g.entries, 0);
  const bad = (why: string) => new ModelFormatError(`β* is damaged: ${why}`);
  if ([b.ctxWord, b.ctxCtx, b.ctxMarginal, b.ctxRunEnd].some((a) => a?.length !== nCtx)) throw bad('context arrays have the wrong length');
  if (b.entKey?.length !== nEnt || b.entCount?.length !== nEnt) throw bad('entry arrays have the wrong length');
  let c0 = 0;
  let prevGroup = -1;
  for (const g of groups) {
    if (!(CONTEXTS as readonly string[]).includes(g.context) || (g.word !== 'word' && g.word !== 'none')) throw bad('unknown group');
    const gi = groupIndex(g.word, g.context);
    if (gi <= prevGroup) throw bad('groups out of order');
    prevGroup = gi;
    if (!g.targets.every((t) => (TARGETS as readonly string[]).includes(t))) throw bad('unknown target');
    const why = orderProblem(b, c0, c0 + g.contexts, nEnt);
    if (why) throw bad(why);
    c0 += g.contexts;
  }
  if (nCtx > 0 && b.ctxRunEnd[nCtx - 1] !== nEnt) throw bad('runs do not cover the entries');
  return groups;
}

/**
 * What is out of order in the contexts [from, to) of one group and their runs (null: nothing).
 * The arrays are read through locals: run once per load, in a loop over every entry, this is
 * what a model's start-up waits on before the code is compiled (five times as long otherwise).
 */
function orderProblem(b: BetaBuffers, from: number, to: number, nEnt: number): string | null {
  const { ctxRunEnd, ctxWord, ctxCtx, entKey } = b;
  for (let k = from; k < to; k++) {
    const start = k === 0 ? 0 : ctxRunEnd[k - 1];
    const end = ctxRunEnd[k];
    if (end < start || end > nEnt) return 'run ends out of order';
    if (k > from && (ctxWord[k] < ctxWord[k - 1] || (ctxWord[k] === ctxWord[k - 1] && ctxCtx[k] <= ctxCtx[k - 1]))) return 'contexts out of order';
    for (let e = start + 1; e < end; e++) if (entKey[e] <= entKey[e - 1]) return 'entries out of order';
  }
  return null;
}
