import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { CorpusError, InputParseError } from '../../src/errors.js';
import { inferScheme } from '../../src/labels/scheme-auto.js';
import { checkPatterns, loadSchemeFile, parseSchemeFile } from '../../src/labels/scheme-file.js';
import {
  ARABIC_SCHEME, elementName, featureSetForScheme, schemeFactorizer, schemeSlots, slotOf,
} from '../../src/labels/scheme.js';

const SCHEME = join(projectRoot(), 'test', 'fixtures', 'schemes', 'turkish-like.json');

test('a scheme file: elements take slots (same name, else the next free; the first is pos), tags fill them', () => {
  const s = loadSchemeFile(SCHEME);
  assert.equal(s.name, 'turkish-like');
  assert.deepEqual(s.elements.map((e) => [e.name, e.slot]), [
    ['pos', 'pos'], ['agreement', 'pre1'], ['possessive', 'pre2'], ['case', 'case'], ['polarity', 'det'], ['tense', 'dpos'],
  ]);
  const f = schemeFactorizer(s)('ev+Noun+A3pl+P3sg+Acc');
  assert.deepEqual([f.lemma, f.morph], ['ev', 'Noun+A3pl+P3sg+Acc']);
  assert.deepEqual([f.elements.lemma, f.elements.pos, f.elements.pre1, f.elements.pre2, f.elements.case, f.elements.mood], ['ev', 'Noun', 'A3pl', 'P3sg', 'Acc', '']);
  assert.deepEqual(schemeSlots(s), ['lemma', 'pos', 'pre1', 'pre2', 'case', 'det', 'dpos']);
  assert.equal(elementName(s, 'pre1'), 'agreement');
  assert.equal(slotOf(s, 'tense'), 'dpos');
  assert.equal(featureSetForScheme(s, 'agreement+prior'), 'pre1+prior');
  assert.equal(featureSetForScheme(s, 'full'), 'full');
  assert.throws(() => schemeFactorizer(s)('ev+Noun+A3sg+Ins'), (e: unknown) => e instanceof CorpusError && /tag "Ins" fills no element/.test(e.message));
});

test('bad scheme files are InputParseErrors at the file and line', () => {
  const base = {
    name: 'x', elements: ['pos', 'case'],
    tags: { pos: ['Noun'], case: ['Nom', 'Acc'] },
  };
  const bad: Array<[string, number, RegExp]> = [
    ['{\n  "elements": ["pos"],\n  "tags": {\n    "pos": ["Noun"],\n    "kase": ["Nom"]\n  }\n}', 5, /unknown element "kase": not in "elements"/],
    ['{\n  "elements": ["pos", "case"],\n  "tags": {\n    "pos": ["Noun"],\n    "case": ["Nom",\n      "Noun"]\n  }\n}', 6, /tag "Noun" is given to two elements: "pos" \(line 4\) and "case"/],
    ['{\n  "elements": ["pos",\n    "case"],\n  "tags": { "pos": ["Noun"] }\n}', 3, /element "case" has no tags/],
    ['{\n  "elements": ["pos"],\n  "tags": { "pos": ["/(/"] }\n}', 3, /bad pattern/],
    ['{\n  "elements": ["pos"],\n  "tagz": {}\n}', 3, /unknown key "tagz"/],
    ['{\n  "elements": ["pos"],\n  "tags": { "pos": ["N"] },\n}', 4, /not valid JSON/],
    ['{\n  "elements": ["lemma"],\n  "tags": {}\n}', 2, /"lemma" is not an element to list/],
  ];
  assert.ok(parseSchemeFile(JSON.stringify(base, null, 2), 'ok.json'));
  for (const [text, line, message] of bad) {
    assert.throws(() => parseSchemeFile(text, 'bad.json'),
      (e: unknown) => e instanceof InputParseError && e.file === 'bad.json' && e.line === line && message.test(e.message),
      `${message} at line ${line}`);
  }
  // A pattern that matches no tag of the corpus, at its line.
  const s = parseSchemeFile('{\n  "elements": ["pos", "agr"],\n  "tags": {\n    "pos": ["Noun"],\n    "agr": ["/^A[0-9]sg$/"]\n  }\n}', 'p.json');
  assert.throws(() => checkPatterns(s, new Set(['Noun', 'A3pl'])), (e: unknown) => e instanceof InputParseError && e.line === 5 && /matches no tag/.test(e.message));
  checkPatterns(s, new Set(['Noun', 'A3sg']));
});

test('the automatic scheme: pos, one element per further position, one per Key= category', () => {
  const s = inferScheme([['Noun', 'A3sg', 'Pnon', 'Acc'], ['Verb', 'Pos', 'Past', 'A3sg', 'Case=Nom']]);
  assert.deepEqual(s.elements.map((e) => [e.name, e.slot]), [
    ['pos', 'pos'], ['tag2', 'pre1'], ['tag3', 'pre2'], ['tag4', 'det'], ['Case', 'case'],
  ]);
  const f = schemeFactorizer(s);
  assert.deepEqual(f('gel+Verb+Pos+Past+A3sg').elements.det, 'A3sg');
  assert.throws(() => f('gel+Verb+Pos+Past+A3sg+Q'), (e: unknown) => e instanceof CorpusError && /"Q"/.test(e.message), 'a 5th bare tag has no element');
  // More categories than slots: the rarest are pooled into `other`.
  const many = inferScheme([Array.from({ length: 20 }, (_, i) => `T${i}`)]);
  assert.equal(many.elements.length, 15);
  assert.equal(many.elements.at(-1)!.name, 'other');
  assert.equal(schemeFactorizer(many)(`x+${Array.from({ length: 20 }, (_, i) => `T${i}`).join('+')}`).elements[many.elements.at(-1)!.slot], 'T14|T15|T16|T17|T18|T19');
});

test('the built-in Arabic scheme is factorize.ts on lemma/morph', () => {
  const f = schemeFactorizer(ARABIC_SCHEME)('katab-u_1/katab/VERB_PERFECT+tu/PVSUFF_SUBJ:1S');
  assert.equal(f.elements.pos, 'VERB');
  assert.equal(f.elements.persuf, '1');
  assert.equal(schemeSlots(ARABIC_SCHEME).length, 16);
});
