/**
 * The UD projection onto candidates with case endings (docs/case-endings.md): PUD's Case,
 * Definite and Mood choose among the case variants. Hand-checked words of PUD sentences.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Analyzer } from '../../src/analyzer/index.js';
import { dataPaths } from '../../bin/data.js';
import { nunation } from '../../src/import/ud-agree.js';
import { projectUd, type WordTrace } from '../../src/import/ud-project.js';
import { emptyElements } from '../../src/labels/elements.js';
import { factorize } from '../../src/labels/factorize.js';

let blocks: string[] | undefined;
const analyzer = (): Analyzer => Analyzer.load(dataPaths.bama(), { caseEndings: true });

/** Gold vocalization (or morphology) of every word of PUD sentence blocks [from, to) (1-based, as awk counts them). */
function goldVocs(from: number, to: number, field: 'voc' | 'morph' = 'voc'): Map<string, string[]> {
  blocks ??= readFileSync(dataPaths.pudConllu(), 'utf8').split(/\n\n+/).filter((b) => b.trim());
  const traces: WordTrace[] = [];
  projectUd(blocks.slice(from - 1, to - 1).join('\n\n') + '\n\n', analyzer(), { trace: (w) => void traces.push(w) });
  const out = new Map<string, string[]>();
  for (const w of traces) {
    const t = w.token;
    if (t.gold >= 0) out.set(t.form, [...(out.get(t.form) ?? []), t.candidates[t.gold][field]]);
  }
  return out;
}

test('Case and Definite pick the case ending: first sentences of PUD', () => {
  const g = goldVocs(1, 3);
  assert.deepEqual(g.get('المساعدة'), ['AlmusAEidapu']); // Nom Def
  assert.deepEqual(g.get('الكثير'), ['Alkaviyri']); // Gen Def
  assert.deepEqual(g.get('مسبوقة'), ['masobuwqapK']); // Gen Ind: tanween
  assert.deepEqual(g.get('الانتقال'), ['Al{inotiqAli', 'Al{inotiqAla', 'Al{inotiqAla']); // Gen, then Acc twice
  assert.deepEqual(g.get('للسلطة'), ['lilsuloTapi']);
  assert.deepEqual(g.get('مختلفاً'), ['muxotalifAF']); // Acc Ind with its alif
  assert.deepEqual(g.get('يوم'), ['yawoma']); // an ADV without Case: the adverbial accusative
  assert.deepEqual(g.get('بعض'), ['baEoDa']); // Acc without Definite: no tanween
  assert.deepEqual(g.get('يتابعون'), ['yutAbiEuwna']); // Mood=Ind
});

test('a proper noun without Case takes the case of its place in the tree (ud-tree.ts)', () => {
  // PUD sentence 98: تموز (PROPN, no Case) is an nmod: genitive, not the nominative the analyzer lists first;
  // a foreign month name is a diptote, so its genitive is a fatha (name-declension.ts)
  assert.deepEqual(goldVocs(98, 99).get('تموز'), ['tam~uwza']);
});

test('tanween written in the treebank form outweighs its Definite', () => {
  // PUD: فرصةٌ with Case=Nom|Definite=Def, written with tanween
  assert.ok(goldVocs(182, 183).get('فرصةٌ')!.every((v) => v.endsWith('apN')));
  assert.ok(goldVocs(94, 95).get('أدوارٍ')!.every((v) => v.endsWith('K')));
});

test('nunation reads tanween from the ending', () => {
  const el = (morph: string) => ({ ...emptyElements(), ...factorize('x_1', morph) });
  assert.equal(nunation(el('x/NOUN+N/CASE_INDEF_NOM')), 'Ind');
  assert.equal(nunation(el('x/NOUN+ap/NSUFF_FEM_SG+K/CASE_INDEF_GEN')), 'Ind');
  assert.equal(nunation(el('x/NOUN+AF/NSUFF_MASC_SG_ACC_INDEF')), 'Ind');
  assert.equal(nunation(el('Al/DET+x/NOUN+u/CASE_DEF_NOM')), 'Def');
  assert.equal(nunation(el('x/NOUN')), '');
  assert.equal(nunation(el('x/NOUN+ayoni/NSUFF_MASC_DU_ACCGEN')), '');
});

test('the first term of a construct takes no tanween, though PUD marks it Definite=Ind (ud-tree.ts)', () => {
  // PUD sentence 36: على عاتقِ كلِّ شركةِ طيرانٍ — عاتق and شركة are Definite=Ind, each followed by its nmod
  const g = goldVocs(36, 37);
  assert.deepEqual(g.get('عاتق'), ['EAtiqi']);
  assert.deepEqual(g.get('شركة'), ['$arikapi']);
  assert.deepEqual(g.get('طيران'), ['TayarAnK']); // the last term keeps its tanween
});
