/**
 * docs/label-elements.md is the specification of factorize: every row of its rule table
 * (and of the generic factorizer's table) is checked here, so the two cannot drift.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { isLabelElement } from '../../src/labels/elements.js';
import { factorizeDetailed, parseMorph } from '../../src/labels/factorize.js';
import { makeGenericFactorizer } from '../../src/labels/generic.js';
import { FIXED_STEM_TAGS } from '../../src/labels/tags.js';

const DOC = join(projectRoot(), 'docs', 'label-elements.md');

interface Row { line: number; cells: Record<string, string> }

/** Cells of a markdown table row; `\|` is a literal pipe. */
function cellsOf(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((c) => c.trim());
}

/** The contents of the code spans of a cell, in order, with `\|` unescaped. */
function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]*)`/g)].map((m) => (m[1] === "''" ? '' : m[1].replace(/\\\|/g, '|')));
}

/** Every table in the markdown whose header has exactly these columns. */
function tableWith(text: string, header: string[]): Row[] {
  const lines = text.split('\n');
  const rows: Row[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('|') || cellsOf(lines[i]).join('\t') !== header.join('\t')) continue;
    for (let j = i + 2; j < lines.length && lines[j].startsWith('|'); j++) {
      const cells = cellsOf(lines[j]);
      assert.equal(cells.length, header.length, `${DOC}:${j + 1}: ${cells.length} cells, expected ${header.length}`);
      rows.push({ line: j + 1, cells: Object.fromEntries(header.map((h, k) => [h, cells[k]])) });
    }
  }
  return rows;
}

/** The element/value pairs a row asserts. */
function expectations(row: Row): Array<[string, string]> {
  const elements = row.cells.element.split(',').map((e) => e.trim());
  const values = codeSpans(row.cells.value);
  assert.equal(values.length, elements.length, `${DOC}:${row.line}: ${elements.length} elements but ${values.length} values`);
  for (const e of elements) assert.ok(isLabelElement(e), `${DOC}:${row.line}: "${e}" is not a label element`);
  return elements.map((e, k) => [e, values[k]]);
}

const text = readFileSync(DOC, 'utf8');
const rules = tableWith(text, ['#', 'rule', 'lemma', 'morphology example', 'element', 'value']);
const generic = tableWith(text, ['#', 'rule', 'analysis', 'element', 'value']);

test('the rule table is there and its rows are numbered uniquely', () => {
  assert.ok(rules.length >= 100, `only ${rules.length} rule rows found in ${DOC}`);
  const ids = rules.map((r) => r.cells['#']);
  assert.equal(new Set(ids).size, ids.length);
});

test('every rule row: factorize gives the documented element values', () => {
  for (const row of rules) {
    const [lemma] = codeSpans(row.cells.lemma);
    const [morph] = codeSpans(row.cells['morphology example']);
    assert.ok(lemma !== undefined && morph !== undefined, `${DOC}:${row.line}: lemma and morphology must be code spans`);
    const f = factorizeDetailed(lemma, morph);
    for (const [element, value] of expectations(row)) {
      assert.equal(f.elements[element as keyof typeof f.elements], value,
        `${DOC}:${row.line} (rule ${row.cells['#']}): ${element} of [${lemma}] ${morph}`);
    }
    const unknownExpected = /unknown/.test(row.cells.rule);
    assert.equal(f.unknownTags.length > 0, unknownExpected,
      `${DOC}:${row.line}: unknown tags ${JSON.stringify(f.unknownTags)}`);
  }
});

test('every stem tag of the tag table has a row with an example of it', () => {
  const exampled = new Set<string>();
  for (const row of rules) for (const seg of parseMorph(codeSpans(row.cells['morphology example'])[0])) exampled.add(seg.tag);
  const missing = FIXED_STEM_TAGS.filter((t) => !exampled.has(t));
  assert.deepEqual(missing, [], `stem tags without an example row in ${DOC}`);
});

test('every generic-factorizer row gives the documented element values', () => {
  assert.ok(generic.length >= 5, `only ${generic.length} generic rows found`);
  const factor = makeGenericFactorizer();
  for (const row of generic) {
    const [analysis] = codeSpans(row.cells.analysis);
    const { elements } = factor(analysis);
    for (const [element, value] of expectations(row)) {
      assert.equal(elements[element as keyof typeof elements], value, `${DOC}:${row.line}: ${element} of ${analysis}`);
    }
  }
});
