import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/analyzer/engine-node.js';
import { formatAnalyses, formatToken } from '../../src/analyzer/print.js';
import { MINI_DIR } from './fixtures.js';

const mini = Analyzer.load(MINI_DIR);

test('reference layout: solutions, not found with alternatives, non-alphabetic data', () => {
  const out = formatAnalyses(mini.analyzeLine('وكتب موءاتى ,'));
  assert.equal(out, [
    '',
    'INPUT STRING: وكتب',
    'LOOK-UP WORD: wktb',
    '  SOLUTION 1: (wakatab) [katab-u_1] wa/CONJ+katab/VERB_PERFECT',
    '     (GLOSS): and + write + ',
    '  SOLUTION 2: (wakutub) [kitAb_1] wa/CONJ+kutub/NOUN',
    '     (GLOSS): and + books + ',
    '',
    'INPUT STRING: موءاتى',
    "LOOK-UP WORD: mw'AtY",
    "     Comment: mw'AtY NOT FOUND",
    " ALTERNATIVE: mw'Aty",
    "     Comment: mw'Aty NOT FOUND",
    ' ALTERNATIVE: m&Aty',
    '  SOLUTION 1: (mu&Atiy) [mu&Atiy_1] mu&Atiy/NOUN',
    '     (GLOSS):  + favorable/suitable + ',
    '',
    'INPUT STRING: ,',
    '     Comment: Non-Alphabetic Data',
    '',
  ].join('\n'));
});

test('a word with neither solutions nor alternatives', () => {
  assert.equal(formatAnalyses(mini.analyzeLine('زز')), '\nINPUT STRING: زز\nLOOK-UP WORD: zz\n     Comment: zz NOT FOUND\n');
});

test('Arabic script output converts forms, lemma and morphology forms but not tags or glosses', () => {
  const [tok] = mini.analyzeLine('كتبت');
  const out = formatToken(tok, { script: 'arabic' });
  assert.match(out, /^LOOK-UP WORD: كتبت$/m);
  assert.match(out, /^ {2}SOLUTION 1: \(كَتَبَت\) \[كَتَب-ُ_1\] كَتَب\/VERB_PERFECT\+َت\/PVSUFF_SUBJ:3FS$/m);
  assert.match(out, /^ {5}\(GLOSS\):  \+ write \+ it\/they\/she <verb>$/m);
});

test('no tokens, no output', () => {
  assert.equal(formatAnalyses([]), '');
});
