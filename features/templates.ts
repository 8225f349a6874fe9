/**
 * Feature templates, declared as data (Shah et al. 2010, section 3.2 and Table 3). One template
 * is one feature column: for the target token t and a candidate label l it names a count in β*
 * (or, for a document template, a document-level statistic, see features/ztf-tables.ts).
 *
 * Local template { target e, word, context }:
 *   word 'word' → count(t, e(l), context)     (Table 3: Freq, PrevWord, NextWord, Prev/Next I/F Letter)
 *   word 'none' → count(e(l), context)        (base rates, section 2; our 'prior' group)
 * Document template { target e, word: 'doc' } → Ztf for e (section 3.2.2).
 *
 * Contexts never cross a sentence boundary: the word before the first token of a sentence is
 * the boundary value BOS, the word after the last is EOS (their letters are BOS/EOS too).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { UsageError } from '../src/errors.js';
import { LABEL_ELEMENTS, PAPER_TARGETS, TARGETS, type Target } from '../src/labels/elements.js';
import { LABEL_CONTEXTS } from './neighbours.js';

/** Local contexts, in Table 3 order after 'none'. */
export const CONTEXTS = [
  'none', 'prevWord', 'nextWord', 'prevILetter', 'nextILetter', 'prevFLetter', 'nextFLetter', ...LABEL_CONTEXTS,
] as const;
export type Context = (typeof CONTEXTS)[number];

/**
 * What the word slot of a template holds: the token's own word, nothing, the document, or (for
 * the source template) the candidate's own source.
 */
const WORD_KINDS = ['none', 'word', 'doc', 'rule'] as const;
export type WordKind = (typeof WORD_KINDS)[number];

export interface LocalTemplate {
  target: Target;
  word: 'word' | 'none';
  context: Context;
}
export interface DocTemplate {
  target: Target;
  word: 'doc';
}
/**
 * The source template `label:rule`: 1 for a candidate the analyzer made by rule (source 'rule':
 * the passives of src/analyzer/passive.ts), else 0. Not a count of β*: the one feature a
 * candidate has by its making, so that θ can weigh what its counts (all 0 for the word it is
 * made for) do not. Only a model trained with `passives` has it (see {@link withRuleTemplate}).
 */
export interface RuleTemplate {
  target: 'label';
  word: 'rule';
}
export type Template = LocalTemplate | DocTemplate | RuleTemplate;

/** Table 3's seven statistics, by the paper's names. */
const TABLE3_STATISTICS: ReadonlyArray<{ name: string; context: Context }> = [
  { name: 'Freq', context: 'none' },
  { name: 'PrevWord', context: 'prevWord' },
  { name: 'NextWord', context: 'nextWord' },
  { name: 'PrevILetter', context: 'prevILetter' },
  { name: 'NextILetter', context: 'nextILetter' },
  { name: 'PrevFLetter', context: 'prevFLetter' },
  { name: 'NextFLetter', context: 'nextFLetter' },
];

/** The base-rate ('prior') group per target: count(e), count(e, t−1), count(e, t+1). */
const PRIOR_CONTEXTS: readonly Context[] = ['none', 'prevWord', 'nextWord'];

/** Targets of the document-level feature set Ztf. */
export const TF_TARGETS: readonly Target[] = ['label', 'lemma'];

export function isDocTemplate(t: Template): t is DocTemplate {
  return t.word === 'doc';
}

/** True for the source template `label:rule`. */
export function isRuleTemplate(t: Template): t is RuleTemplate {
  return t.word === 'rule';
}

/** True for a template that reads β* (word 'word' or 'none'). */
export function isLocalTemplate(t: Template): t is LocalTemplate {
  return t.word === 'word' || t.word === 'none';
}

/** The source template's name. */
export const RULE_TEMPLATE_NAME = 'label:rule';

/**
 * The templates of a model trained on candidates with the passives made by rule: the feature
 * set's, then the source template last; without `passives`, the set's own list unchanged.
 */
export function withRuleTemplate(templates: Template[], passives: boolean): Template[] {
  if (!passives || templates.some(isRuleTemplate)) return templates;
  return [...templates, { target: 'label', word: 'rule' }];
}

const TARGET_INDEX = new Map<string, number>(TARGETS.map((t, i) => [t, i]));
const CONTEXT_INDEX = new Map<string, number>(CONTEXTS.map((c, i) => [c, i]));

/** Index of a target in TARGETS. */
export function targetIndex(target: Target): number {
  const i = TARGET_INDEX.get(target);
  if (i === undefined) throw new UsageError(`unknown feature target '${target}'`);
  return i;
}

/** `target:word:context` for local templates, `target:doc` for document ones. */
export function templateName(t: Template): string {
  if (isRuleTemplate(t)) return RULE_TEMPLATE_NAME;
  return isDocTemplate(t) ? `${t.target}:doc` : `${t.target}:${t.word}:${t.context}`;
}

/** Inverse of {@link templateName}; throws UsageError on anything else. */
export function parseTemplate(name: string): Template {
  const parts = name.split(':');
  const target = parts[0] as Target;
  if (!TARGET_INDEX.has(target)) throw new UsageError(`bad feature template '${name}': unknown target`);
  if (parts.length === 2 && parts[1] === 'doc') return { target, word: 'doc' };
  if (name === RULE_TEMPLATE_NAME) return { target: 'label', word: 'rule' };
  if (parts.length === 3 && (parts[1] === 'word' || parts[1] === 'none') && CONTEXT_INDEX.has(parts[2]))
    return { target, word: parts[1], context: parts[2] as Context };
  throw new UsageError(`bad feature template '${name}'`);
}

/** Checks targets, kinds and contexts, and that no template repeats. */
export function validateTemplates(templates: readonly Template[]): void {
  const seen = new Set<string>();
  for (const t of templates) {
    const name = templateName(parseTemplate(templateName(t)));
    if (isLocalTemplate(t) && !CONTEXT_INDEX.has(t.context)) throw new UsageError(`bad context in ${name}`);
    if (seen.has(name)) throw new UsageError(`feature template ${name} appears twice`);
    seen.add(name);
  }
}

function table3(target: Target): LocalTemplate[] {
  return TABLE3_STATISTICS.map((s) => ({ target, word: 'word', context: s.context }));
}
function prior(target: Target): LocalTemplate[] {
  return PRIOR_CONTEXTS.map((context) => ({ target, word: 'none', context }));
}

/** Named feature sets (without the optional prior group). `Ze` is registered under e's name. */
export const FEATURE_SETS: Readonly<Record<string, readonly Template[]>> = (() => {
  const sets: Record<string, Template[]> = {};
  sets.baseline = table3('label');
  for (const e of LABEL_ELEMENTS) sets[e] = table3(e);
  sets.aggr = PAPER_TARGETS.flatMap(table3);
  sets.uni = PAPER_TARGETS.map((target) => ({ target, word: 'word', context: 'none' }) as Template);
  sets.tf = TF_TARGETS.map((target) => ({ target, word: 'doc' }) as Template);
  sets.full = [...sets.aggr, ...sets.tf];
  // Mlemma' of Mind (section 4.1.3): Zfull − Zlemma (lemma's Table-3 templates; its tf template stays).
  sets['full-lemma'] = sets.full.filter((t) => !(t.target === 'lemma' && !isDocTemplate(t)));
  // Neighbour-label features (features/neighbours.ts) for Mcheat and M2pass: per target,
  // count(t, e(l), label(t∓1)) and count(e(l), label(t∓1)).
  sets.nbr = PAPER_TARGETS.flatMap((target) => (['word', 'none'] as const).flatMap((word) => LABEL_CONTEXTS.map((context) => ({ target, word, context }) as Template)));
  sets['full+nbr'] = [...sets.full, ...sets.nbr];
  return sets;
})();

/** Suffix that adds the base-rate group for every target of the set's local templates. */
const PRIOR_SUFFIX = '+prior';
/** Suffix (before `+prior`) that adds Table 3's statistics of the case-less label. */
const CASELESS_SUFFIX = '+caseless';

/**
 * lexdis's default feature set: Zfull, the case-less label's Table 3 statistics and the
 * base-rate group (chosen by cross-validation: docs/method.md).
 */
export const DEFAULT_FEATURE_SET = `full${CASELESS_SUFFIX}${PRIOR_SUFFIX}`;

/** The suffixes a feature-set name takes, in words (the help of train and cv). */
export function featureSetSuffixHelp(): string {
  return `optionally followed by ${CASELESS_SUFFIX} and then ${PRIOR_SUFFIX}`;
}

/** The accepted feature-set names in a line: the base sets and the suffixes they take. */
export function featureSetHelp(): string {
  return `${Object.keys(FEATURE_SETS).join(', ')}, each ${featureSetSuffixHelp()}`;
}

/** Takes nothing; returns every accepted feature-set name. Throws nothing. */
export function featureSetNames(): string[] {
  const base = Object.keys(FEATURE_SETS);
  return base.flatMap((n) => [n, n + CASELESS_SUFFIX, n + PRIOR_SUFFIX, n + CASELESS_SUFFIX + PRIOR_SUFFIX]);
}

/**
 * The templates of a named set (`full`, `aggr`, `baseline`, `uni`, `tf`, an LE name such as
 * `lemma`), optionally with `+caseless` and then `+prior`. Column order: the set's own order,
 * then the case-less label's Table 3 statistics, then the prior group (targets in TARGETS
 * order, contexts in PRIOR_CONTEXTS order). With `keep` (the label and the element slots a
 * label scheme uses, src/labels/scheme.ts), templates of other targets are left out; a set
 * left empty is a UsageError.
 */
export function resolveFeatureSet(name: string, keep?: ReadonlySet<Target>): Template[] {
  const withPrior = name.endsWith(PRIOR_SUFFIX);
  let base = withPrior ? name.slice(0, -PRIOR_SUFFIX.length) : name;
  const withCaseless = base.endsWith(CASELESS_SUFFIX);
  if (withCaseless) base = base.slice(0, -CASELESS_SUFFIX.length);
  const set = Object.hasOwn(FEATURE_SETS, base) ? FEATURE_SETS[base] : undefined;
  if (!set) throw new UsageError(`unknown feature set '${name}' (known: ${featureSetHelp()})`);
  const out = [...set, ...(withCaseless ? table3('caseless') : [])].map((t) => ({ ...t }));
  if (withPrior) {
    const targets = new Set(out.filter((t) => !isDocTemplate(t)).map((t) => t.target));
    for (const target of TARGETS) if (targets.has(target)) out.push(...prior(target));
  }
  if (!keep) return out;
  const kept = out.filter((t) => keep.has(t.target));
  if (kept.length === 0) throw new UsageError(`feature set '${name}' has no feature for the elements of the corpus's label scheme`);
  return kept;
}

/** Canonical JSON of a template list (fixed key order), the input of the hash. */
export function canonicalTemplates(templates: readonly Template[]): string {
  return JSON.stringify(
    templates.map((t) => (isLocalTemplate(t) ? [t.target, t.word, t.context] : [t.target, t.word])),
  );
}

/**
 * sha256 (hex) of the canonical JSON: recorded in a model to name its feature columns. Hashed in
 * JavaScript (@noble/hashes), synchronously and anywhere: Model.fromBytes checks it on loading,
 * where WebCrypto's digest would be asynchronous (docs/dependencies.md).
 */
export function templateSetHash(templates: readonly Template[]): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalTemplates(templates))));
}
