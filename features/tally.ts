/**
 * The stage-one counting kernel: adds, for every gold token of an encoding, one to the β*
 * count of each local template (Algorithm 1: β*_jk = Σ_i x_ij y_ik), and one to the marginal
 * count(word kind, context) of each (word kind, context) group used. Marginals do not depend
 * on the target (every gold token has exactly one value per target), so they are stored once
 * per group under MARGINAL_TARGET with value NONE, not once per template.
 * Document templates are not counted here (see features/doc.ts).
 */
import { N_TARGETS, contextArray, type EncodedCorpus } from './encode.js';
import { CountTable } from './counts.js';
import { NONE, SEED_HI, SEED_LO, finishHi, finishLo, stepHi, stepLo } from './hash.js';
import { isDocTemplate, marginalCode, targetIndex, templateCode, type Context, type Template } from './templates.js';

/** Local templates grouped by (word kind, context): one partial hash per group and token. */
export interface TemplateGroup {
  word: 'word' | 'none';
  context: Context;
  marginal: number;
  /** Template codes and target indices of the group's members. */
  codes: Int32Array;
  targets: Int32Array;
  /** Column of each member in the template list. */
  columns: Int32Array;
}

/** Groups the local templates of a list, in order of first appearance. */
export function groupTemplates(templates: readonly Template[]): TemplateGroup[] {
  const groups = new Map<string, { word: 'word' | 'none'; context: Context; members: number[] }>();
  templates.forEach((t, j) => {
    if (isDocTemplate(t)) return;
    const k = `${t.word}:${t.context}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { word: t.word, context: t.context, members: [] }));
    g.members.push(j);
  });
  return [...groups.values()].map((g) => ({
    word: g.word,
    context: g.context,
    marginal: marginalCode(g.word, g.context),
    codes: Int32Array.from(g.members, (j) => templateCode(templates[j])),
    targets: Int32Array.from(g.members, (j) => targetIndex(templates[j].target)),
    columns: Int32Array.from(g.members),
  }));
}

/**
 * Counts tokens [from, to) of `enc` into `table`. Calls onProgress(tokensDone) every
 * `progressEvery` tokens. Returns the number of gold tokens counted.
 */
export function tallyTokens(
  enc: EncodedCorpus,
  templates: readonly Template[],
  table: CountTable,
  from = 0,
  to = enc.nTokens,
  onProgress?: (done: number) => void,
  progressEvery = 20000,
): number {
  const groups = groupTemplates(templates);
  const ctxArrays = groups.map((g) => contextArray(enc, g.context));
  const word = enc.word;
  const gold = enc.gold;
  let counted = 0;
  for (let i = from; i < to; i++) {
    if (onProgress && (i - from) % progressEvery === 0 && i > from) onProgress(i - from);
    const g0 = i * N_TARGETS;
    if (gold[g0] < 0) continue;
    counted++;
    for (let gi = 0; gi < groups.length; gi++) {
      const g = groups[gi];
      const w = g.word === 'word' ? word[i] : NONE;
      const ca = ctxArrays[gi];
      const c = ca === null ? NONE : ca[i];
      const hH = stepHi(stepHi(SEED_HI, w), c);
      const hL = stepLo(stepLo(SEED_LO, w), c);
      table.add(finishHi(stepHi(stepHi(hH, g.marginal), NONE)), finishLo(stepLo(stepLo(hL, g.marginal), NONE)), 1);
      const codes = g.codes;
      const targets = g.targets;
      for (let m = 0; m < codes.length; m++) {
        const v = gold[g0 + targets[m]];
        const code = codes[m];
        table.add(finishHi(stepHi(stepHi(hH, code), v)), finishLo(stepLo(stepLo(hL, code), v)), 1);
      }
    }
  }
  if (onProgress) onProgress(to - from);
  return counted;
}
