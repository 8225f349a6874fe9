/**
 * How a FeatureExtractor walks its templates: local templates grouped by (word kind, context)
 * with their columns in ascending target order, the dense base-rate table, and the columns of
 * document templates.
 */
import { UsageError } from '../src/errors.js';
import { TARGETS } from '../src/labels/elements.js';
import { NONE, VALUE_LIMIT } from './beta.js';
import { N_TARGETS } from './encode.js';
import type { ExtractorParts } from './extract.js';
import { groupSpecs } from './tally.js';
import { isDocTemplate, isLocalTemplate, targetIndex, templateName, type Context } from './templates.js';

/** A group of local templates and the columns it fills. */
export interface ExtractGroup {
  group: number;
  word: 'word' | 'none';
  context: Context;
  targets: Int32Array;
  columns: Int32Array;
  /**
   * For the base-rate group without context (one context, whose run holds every value of
   * every target): counts per target index and value id, read directly (no search).
   */
  dense: { marginal: number; counts: (Uint32Array | null)[] } | null;
}

function denseRates(parts: ExtractorParts, group: number, word: string, context: string, targets: Int32Array): ExtractGroup['dense'] {
  if (word !== 'none' || context !== 'none') return null;
  const beta = parts.counts;
  const at = beta.find(group, NONE, NONE);
  const counts: (Uint32Array | null)[] = new Array(N_TARGETS).fill(null);
  for (const t of targets) counts[t] = new Uint32Array(parts.vocab.size(TARGETS[t]));
  if (at < 0) return { marginal: 0, counts };
  const keys = beta.entryKeys;
  const cnts = beta.entryCounts;
  for (let e = beta.runStart(at); e < beta.runEnd(at); e++) {
    const t = Math.floor(keys[e] / VALUE_LIMIT);
    const v = keys[e] - t * VALUE_LIMIT;
    const row = counts[t];
    if (row && v < row.length) row[v] = cnts[e];
  }
  return { marginal: beta.marginalAt(at), counts };
}

/** A document-template column: its target index and position in the document tables. */
export interface DocColumn {
  column: number;
  target: number;
  pos: number;
}

/** The local template groups of an extractor; throws when β* lacks a template's counts. */
export function planGroups(parts: ExtractorParts): ExtractGroup[] {
  return groupSpecs(parts.templates).map((g) => {
    const cols = parts.templates.flatMap((t, j) =>
      isLocalTemplate(t) && t.word === g.word && t.context === g.context ? [j] : [],
    );
    for (const j of cols)
      if (!parts.counts.has(g.group, targetIndex(parts.templates[j].target)))
        throw new UsageError(`β* was not counted for template ${templateName(parts.templates[j])}`);
    // Members in ascending target order: entries of a run are sorted by target, then value.
    cols.sort((a, b) => targetIndex(parts.templates[a].target) - targetIndex(parts.templates[b].target));
    const targets = Int32Array.from(cols, (j) => targetIndex(parts.templates[j].target));
    return {
      group: g.group, word: g.word, context: g.context, columns: Int32Array.from(cols), targets,
      dense: denseRates(parts, g.group, g.word, g.context, targets),
    };
  });
}

/** The document-template columns; throws when the document tables lack a target. */
export function planDocColumns(parts: ExtractorParts): DocColumn[] {
  const out: DocColumn[] = [];
  parts.templates.forEach((t, j) => {
    if (!isDocTemplate(t)) return;
    const pos = parts.doc ? parts.doc.targetPos(t.target) : -1;
    if (pos < 0) throw new UsageError(`template ${t.target}:doc needs document tables for '${t.target}'`);
    out.push({ column: j, target: targetIndex(t.target), pos });
  });
  return out;
}
