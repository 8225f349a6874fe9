/**
 * Coverage on real data: every distinct label of the BAMA 1.0 reference analyses of
 * UD Arabic-PUD, and every POS fragment of the BAMA 1.0 lexicon files, must factor with
 * a stem, a pos, and no unknown tag.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataPaths } from '../../bin/data.js';
import { analysesSkip } from '../helpers/reference.js';
import { LABEL_ELEMENTS } from '../../src/labels/elements.js';
import { factorizeDetailed, formatMorph, parseMorph } from '../../src/labels/factorize.js';
import { stemInfo } from '../../src/labels/tags.js';

/** Distinct (lemma, morph) pairs of the SOLUTION lines of an analysis file. */
function referenceLabels(file: string): Map<string, [string, string]> {
  const text = readFileSync(file, 'utf8');
  const labels = new Map<string, [string, string]>();
  for (const m of text.matchAll(/^\s+SOLUTION \d+: \(.*?\) \[(.*?)\] (\S+)\s*$/gm)) {
    labels.set(`${m[1]}\t${m[2]}`, [m[1], m[2]]);
  }
  return labels;
}

function addUnknown(into: Map<string, string>, tags: string[], where: string): void {
  for (const t of tags) if (!into.has(t)) into.set(t, where);
}

test('every label of the PUD reference analyses factors with a stem, a pos and known tags', { skip: analysesSkip() }, (t) => {
  const labels = referenceLabels(dataPaths.referenceAnalyses());
  assert.ok(labels.size > 1000, `only ${labels.size} labels read: is the file format as expected?`);
  const unknown = new Map<string, string>();
  const stemless: string[] = [];
  const values = new Map(LABEL_ELEMENTS.map((e) => [e, new Set<string>()]));
  const tuples = new Set<string>();
  for (const [lemma, morph] of labels.values()) {
    const f = factorizeDetailed(lemma, morph);
    if (f.stem < 0 || f.elements.pos === '') stemless.push(morph);
    addUnknown(unknown, f.unknownTags, morph);
    for (const e of LABEL_ELEMENTS) values.get(e)!.add(f.elements[e]);
    tuples.add(LABEL_ELEMENTS.map((e) => f.elements[e]).join('\t'));
  }
  assert.deepEqual(stemless, [], 'labels without a stem or pos');
  assert.deepEqual([...unknown].map(([tag, ex]) => `${tag} (e.g. ${ex})`), [], 'tags the rules do not know');
  t.diagnostic(`${labels.size} distinct labels, ${tuples.size} distinct element tuples`);
  t.diagnostic(`distinct values per LE: ${LABEL_ELEMENTS.map((e) => `${e}=${values.get(e)!.size}`).join(' ')}`);
});

test('in the PUD reference, no vocalization holds + or /, and morphology strings round-trip', { skip: analysesSkip() }, () => {
  for (const [, morph] of referenceLabels(dataPaths.referenceAnalyses()).values()) {
    for (const piece of morph.split('+')) assert.equal(piece.split('/').length, 2, `piece "${piece}" of ${morph}`);
    assert.equal(formatMorph(parseMorph(morph)), morph);
  }
});

/** The `<pos>…</pos>` fragments of a BAMA lexicon file's entries (comment lines left out). */
function posFragments(file: string): string[] {
  const entries = readFileSync(file, 'latin1').split(/\r?\n/).filter((l) => !l.startsWith(';')).join('\n');
  return [...entries.matchAll(/<pos>([^<]*)<\/pos>/g)].map((m) => m[1]).filter((s) => s.trim() !== '');
}

test('every tag of the BAMA 1.0 lexicon (prefixes, suffixes, stems) is known in its place', () => {
  const dir = dataPaths.bama();
  const unknown = new Map<string, string>();
  const prefixes = posFragments(join(dir, 'dictPrefixes'));
  const suffixes = posFragments(join(dir, 'dictSuffixes'));
  const stems = posFragments(join(dir, 'dictStems'));
  assert.ok(prefixes.length > 100 && suffixes.length > 100 && stems.length > 1000, 'lexicon files look empty');
  for (const p of prefixes) {
    const f = factorizeDetailed('x', `${p}x/VERB_IMPERFECT`);
    addUnknown(unknown, f.unknownTags, p);
    assert.equal(f.elements.pos, 'VERB', `prefix ${p} must not be taken for the stem`);
  }
  for (const s of suffixes) {
    const f = factorizeDetailed('x', `x/NOUN${s}`);
    addUnknown(unknown, f.unknownTags, s);
    assert.equal(f.elements.pos, 'NOUN', `suffix ${s} must not be taken for the stem`);
  }
  for (const s of stems) {
    const f = factorizeDetailed('x', s);
    addUnknown(unknown, f.unknownTags, s);
    assert.ok(f.stem >= 0 && f.elements.pos !== '', `stem entry ${s} has no stem`);
  }
  // Stem entries without <pos> get their tag from the morphological category (readme.txt).
  for (const tag of ['FUNC_WORD', 'VERB_IMPERFECT', 'VERB_PERFECT', 'VERB_IMPERATIVE', 'NOUN_PROP', 'NOUN']) {
    if (!stemInfo(tag)) unknown.set(tag, 'default stem tag');
  }
  assert.deepEqual([...unknown].map(([tag, ex]) => `${tag} (in ${ex})`), []);
});
