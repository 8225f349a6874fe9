import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alternativeSpellings } from '../../src/analyzer/alternatives.js';

test('the readme example: final Y, medial w\'', () => {
  assert.deepEqual(alternativeSpellings("mw'AtY"), ["mw'Aty", 'm&Aty']);
});

test('final Y\' and y\'', () => {
  assert.deepEqual(alternativeSpellings("ElY'"), ["Ely'", 'El}']);
  assert.deepEqual(alternativeSpellings("Yw'Y'"), ["yw'y'", "y&y'", "yw'}", 'y&}']);
  assert.deepEqual(alternativeSpellings("by'"), ['b}'], 'no Y to change: the word itself is not repeated');
  assert.deepEqual(alternativeSpellings("Yby'"), ["yby'", 'yb}']);
  assert.deepEqual(alternativeSpellings("sw'y'"), ["s&y'", "sw'}", 's&}']);
});

test('final y and Y', () => {
  assert.deepEqual(alternativeSpellings('Ely'), ['ElY']);
  assert.deepEqual(alternativeSpellings("Yw'y"), ["y&y", "yw'Y", 'y&Y']);
  assert.deepEqual(alternativeSpellings('YlY'), ['yly']);
});

test('final h and p, other words', () => {
  assert.deepEqual(alternativeSpellings('mdrsh'), ['mdrsp']);
  assert.deepEqual(alternativeSpellings('mdrsp'), ['mdrsh']);
  assert.deepEqual(alternativeSpellings("Yw'h"), ["yw'h", 'y&h', 'y&p']);
  assert.deepEqual(alternativeSpellings('mYnA'), ['mynA']);
  assert.deepEqual(alternativeSpellings("sw'l"), ['s&l']);
  assert.deepEqual(alternativeSpellings("sw'lw'"), ["s&lw'"], 'only the first w\' changes');
  assert.deepEqual(alternativeSpellings('ktb'), []);
  assert.deepEqual(alternativeSpellings(''), []);
});
