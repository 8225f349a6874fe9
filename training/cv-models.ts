/**
 * The models a cross-validation run compares, by name, and the trainings they need.
 *
 * A model name is one of
 *   SET[/TRANSFORM][/SOLVER]   a model trained on a named feature set (features/templates.ts),
 *                              e.g. `full` (Mfull), `baseline`, `uni`, `lemma` (Mlemma),
 *                              `full+prior/rel`, `full/svc`; defaults from defaultTrainOptions
 *   ind                        Mind: Mlemma and Mlemma' (Zfull − Zlemma), combined (training/cv-combine.ts)
 *   cheat                      Mcheat: Zfull + neighbour-label features with gold neighbour labels
 *   2pass                      M2pass: the same features with Mfull's predicted neighbour labels
 *   first-solution, random, most-frequent   the baselines of src/eval/baselines.ts
 *   curve:P                    Mfull trained on a seeded P% of the training documents (learning curve)
 * or a group: table5, table4, baselines, solvers, transforms, curve, all.
 * Names are canonical: a transform or solver equal to the default is dropped (`full/log1p/svr` = `full`).
 */
import { DEFAULT_FEATURE_SET, featureSetNames, featureSetSuffixHelp } from '../features/templates.js';
import { isTransform, VALUE_TRANSFORMS, type ValueTransform } from '../features/transform.js';
import { UsageError } from '../src/errors.js';
import { featureSetDisplay, featureSetForScheme, schemeSlots, type LabelScheme } from '../src/labels/scheme.js';
import { SOLVER_NAMES, type SolverName } from './solvers/index.js';
import { defaultTrainOptions } from './train.js';

/** Feature set of Mlemma' (Zfull − Zlemma) and of Mcheat / M2pass (Zfull + neighbour labels). */
const REST_OF_LEMMA_SET = 'full-lemma';
const NEIGHBOUR_SET = 'full+nbr';

export const BASELINE_NAMES = ['first-solution', 'random', 'most-frequent'] as const;
export type BaselineName = (typeof BASELINE_NAMES)[number];

/** Training shares (percent) of the learning curve. */
const CURVE_PERCENTS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;

/** Where the neighbour-label context of a token comes from during a training. */
export type ContextSource = 'none' | 'gold' | 'first-pass';

/** One training of a fold; models that share a key share the trained model. */
export interface TrainingSpec {
  key: string;
  featureSet: string;
  transform: ValueTransform;
  solver: SolverName;
  /** Share (percent) of the training documents used. */
  percent: number;
  contexts: ContextSource;
  /** Recount β* over D1 ∪ D2 after θ (train()'s `recount`). */
  recount: boolean;
}

/**
 * A model of a cross-validation run: a trained feature set, a combination (ind, cheat, 2pass) or a
 * baseline (parseModelList).
 */
export type CvModel =
  | { name: string; kind: 'trained'; training: TrainingSpec }
  | { name: 'ind'; kind: 'ind' }
  | { name: 'cheat'; kind: 'cheat' }
  | { name: '2pass'; kind: '2pass' }
  | { name: BaselineName; kind: 'baseline' };

/** The defaults a cv model name leaves unsaid: value transform, solver, recount. */
export interface Defaults {
  transform: ValueTransform;
  solver: SolverName;
  /** Whether trained models recount β* over D1 ∪ D2 after fitting θ (applies to every model of a run). */
  recount: boolean;
  /**
   * Whether trained models decode sentences with tag bigrams (train()'s `sequence`; applies to
   * every model of a run).
   */
  sequence: boolean;
  /**
   * Whether trained models decode a second time with the case pass (train()'s `casePass`; with the
   * sequence decoding only).
   */
  casePass: boolean;
}

export const defaultModelDefaults = (): Defaults => ({
  transform: defaultTrainOptions.transform, solver: defaultTrainOptions.solver, recount: defaultTrainOptions.recount,
  sequence: defaultTrainOptions.sequence,
  casePass: defaultTrainOptions.casePass,
});

/** Canonical name of a model trained on SET with a transform and a solver. */
export function trainedName(
  set: string,
  transform: ValueTransform,
  solver: SolverName,
  d: Defaults = defaultModelDefaults(),
): string {
  return set + (transform === d.transform ? '' : `/${transform}`) + (solver === d.solver ? '' : `/${solver}`);
}

/** The training spec of SET/transform/solver on percent% of the documents. */
function trainingSpec(
  featureSet: string, transform: ValueTransform, solver: SolverName, recount: boolean, percent = 100, contexts: ContextSource = 'none',
): TrainingSpec {
  const key = `${featureSet}/${transform}/${solver}@${percent}#${contexts}${recount ? '+recount' : ''}`;
  return { key, featureSet, transform, solver, percent, contexts, recount };
}

/** The models of Table 5 (alternative approaches), in the table's row order: the paper's, then the priors. */
export const TABLE5_MODELS: readonly string[] = ['baseline', 'ind', 'uni', 'cheat', '2pass', 'full', 'full+prior', DEFAULT_FEATURE_SET];

/** The model groups, expanded to canonical names; Table 4 has one Me per element of the corpus's label scheme. */
export function modelGroups(d: Defaults = defaultModelDefaults(), scheme?: LabelScheme): Record<string, string[]> {
  const table5 = [...TABLE5_MODELS];
  const table4 = [...schemeSlots(scheme), 'full'];
  const baselines = [...BASELINE_NAMES];
  const solvers = SOLVER_NAMES.map((s) => trainedName('full', d.transform, s, d));
  const transforms = ['full', 'full+prior'].flatMap((set) => VALUE_TRANSFORMS.map((t) => trainedName(set, t, d.solver, d)));
  const curve = CURVE_PERCENTS.map((p) => `curve:${p}`);
  const all = [...new Set([...table5, ...table4, ...baselines, ...solvers, ...transforms, ...curve])];
  return { table5, table4, baselines, solvers, transforms, curve, all };
}

/** Parses one model name (not a group); an element name of the scheme stands for its slot's feature set. */
export function parseModel(given: string, d: Defaults = defaultModelDefaults(), scheme?: LabelScheme): CvModel {
  const name = given.includes('/') ? featureSetForScheme(scheme, given.slice(0, given.indexOf('/'))) + given.slice(given.indexOf('/')) : featureSetForScheme(scheme, given);
  if (name === 'ind' || name === 'cheat' || name === '2pass') return { name, kind: name } as CvModel;
  if ((BASELINE_NAMES as readonly string[]).includes(name)) return { name: name as BaselineName, kind: 'baseline' };
  const curve = /^curve:(\d+)$/.exec(name);
  if (curve) {
    const p = Number(curve[1]);
    if (!(p >= 1 && p <= 100)) throw new UsageError(`curve point '${name}': the share must be 1…100 percent`);
    return { name: `curve:${p}`, kind: 'trained', training: trainingSpec('full', d.transform, d.solver, d.recount, p) };
  }
  const [set, ...mods] = name.split('/');
  if (!featureSetNames().includes(set)) throw new UsageError(`unknown model '${name}': ${modelNamesHelp()}`);
  let transform: ValueTransform | undefined;
  let solver: SolverName | undefined;
  for (const m of mods) {
    if (isTransform(m) && transform === undefined) transform = m;
    else if ((SOLVER_NAMES as readonly string[]).includes(m) && solver === undefined) solver = m as SolverName;
    else throw new UsageError(`model '${name}': '${m}' is not a value transform (${VALUE_TRANSFORMS.join(', ')}) or a solver (${SOLVER_NAMES.join(', ')}), or it repeats`);
  }
  transform ??= d.transform;
  solver ??= d.solver;
  return { name: trainedName(set, transform, solver, d), kind: 'trained', training: trainingSpec(set, transform, solver, d.recount) };
}

/**
 * Parses a comma list of model names and groups into distinct models, in order of first
 * mention. Takes the list, the defaults and the label scheme; returns the models. Throws
 * UsageError for an unknown name or an empty list.
 */
export function parseModelList(list: string, d: Defaults = defaultModelDefaults(), scheme?: LabelScheme): CvModel[] {
  const groups = modelGroups(d, scheme);
  const out = new Map<string, CvModel>();
  const items = list.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (items.length === 0) throw new UsageError(`no model named: ${modelNamesHelp()}`);
  for (const item of items) {
    const names = Object.hasOwn(groups, item) ? groups[item] : [item];
    for (const n of names) {
      const m = parseModel(n, d, scheme);
      if (!out.has(m.name)) out.set(m.name, m);
    }
  }
  return [...out.values()];
}

/**
 * The trainings a model needs, in the order they must run. M2pass needs Mfull (its first pass
 * on the test documents) and, when the run recounts β*, Mfull without the recount: the first
 * pass on D2 must be the D1-only model θ was fitted with (a recounted model has seen D2).
 * The last training is the model's own.
 */
export function trainingsOf(m: CvModel, d: Defaults = defaultModelDefaults()): TrainingSpec[] {
  const spec = (set: string, contexts: ContextSource = 'none', recount = d.recount) => trainingSpec(set, d.transform, d.solver, recount, 100, contexts);
  switch (m.kind) {
    case 'trained': return [m.training];
    case 'ind': return [spec('lemma'), spec(REST_OF_LEMMA_SET)];
    case 'cheat': return [spec(NEIGHBOUR_SET, 'gold')];
    case '2pass': return [spec('full'), ...(d.recount ? [spec('full', 'none', false)] : []), spec(NEIGHBOUR_SET, 'first-pass')];
    case 'baseline': return [];
  }
}

/**
 * The paper's name of a model (Mfull, Mlemma, Mind…), with its transform/solver/share when not the
 * default; element names from the scheme.
 */
export function displayName(name: string, scheme?: LabelScheme): string {
  const fixed: Record<string, string> = {
    ind: 'Mind', cheat: 'Mcheat', '2pass': 'M2pass',
    'first-solution': 'first analyzer solution', random: 'random candidate', 'most-frequent': 'most frequent label',
  };
  if (Object.hasOwn(fixed, name)) return fixed[name];
  const curve = /^curve:(\d+)$/.exec(name);
  if (curve) return `Mfull on ${curve[1]}% of the training part`;
  const [set, ...mods] = name.split('/');
  return `M${featureSetDisplay(scheme, set)}${mods.length ? ` (${mods.join(', ')})` : ''}`;
}

/** One line naming what --models accepts. */
export function modelNamesHelp(): string {
  return 'groups table5, table4, baselines, solvers, transforms, curve, all; models SET[/TRANSFORM][/SOLVER] ' +
    `(SET: full, aggr, baseline, uni, an LE such as lemma, ${featureSetSuffixHelp()}), ind, cheat, 2pass, ${BASELINE_NAMES.join(', ')}, curve:PERCENT`;
}
