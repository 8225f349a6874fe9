/**
 * The case the dependency tree gives a word whose FEATS carry none (src/import/ud-tree.ts),
 * and its vote in the UD projection.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseConllu } from '../../src/import/conllu.js';
import { SentenceTree } from '../../src/import/ud-tree.js';

/** A sentence of (form, lemma, upos, feats, head, deprel) rows. */
function sentence(rows: [string, string, string, string, number, string][]) {
  const text = rows.map((r, i) => [i + 1, r[0], r[1], r[2], '_', r[3], r[4], r[5], '_', '_'].join('\t')).join('\n');
  return parseConllu(`# sent_id = s1\n# text = x\n${text}\n\n`)[0].words;
}

test('syntacticCase: a case dependent, nmod, nsubj, obj, and the head\'s case through flat/conj/appos/amod', () => {
  const w = sentence([
    ['قال', 'قَال', 'VERB', '_', 0, 'root'],
    ['إن', 'إِنَّ', 'SCONJ', '_', 4, 'mark'],
    ['كلينتون', 'كلينتون', 'PROPN', '_', 4, 'nsubj'],
    ['فازت', 'فاز', 'VERB', '_', 1, 'ccomp'],
    ['ب', 'بِ', 'ADP', '_', 6, 'case'],
    ['ولاية', 'وِلايَة', 'NOUN', 'Case=Gen', 4, 'obl'],
    ['كارولينا', 'كارولينا', 'PROPN', '_', 6, 'nmod'],
    ['الشمالية', 'شَمالِيّ', 'ADJ', 'Case=Gen', 7, 'amod'],
    ['جون', 'جون', 'PROPN', '_', 4, 'obj'],
    ['كيري', 'كيري', 'PROPN', '_', 9, 'flat'],
    ['أوباما', 'أوباما', 'PROPN', '_', 1, 'nsubj'],
    ['و', 'وَ', 'CCONJ', '_', 13, 'cc'],
    ['بايدن', 'بايدن', 'PROPN', '_', 11, 'conj'],
    ['أمس', 'أَمس', 'ADV', '_', 1, 'obl:tmod'],
  ]);
  const tree = new SentenceTree(w);
  const got = w.map((x) => tree.syntacticCase(x) ?? '-');
  assert.deepEqual(got, ['-', '-', 'Acc', '-', '-', '-', 'Gen', '-', 'Acc', 'Acc', 'Nom', '-', 'Nom', '-']);
});

test('syntacticCase: nsubj is nominative after a mark that is not of the inna family (أنْ)', () => {
  const w = sentence([
    ['يريد', 'أَراد', 'VERB', '_', 0, 'root'],
    ['أن', 'أَن', 'SCONJ', '_', 3, 'mark'],
    ['يفوز', 'فاز', 'VERB', '_', 1, 'xcomp'],
    ['سميث', 'سميث', 'PROPN', '_', 3, 'nsubj'],
  ]);
  assert.equal(new SentenceTree(w).syntacticCase(w[3]), 'Nom');
});

test('isConstructHead: the next word is its nmod, genitive or without Case, and no preposition of its own', () => {
  const w = sentence([
    ['حضر', 'حَضَر', 'VERB', '_', 0, 'root'],
    ['ممثلو', 'مُمَثِّل', 'NOUN', 'Case=Nom|Definite=Ind', 1, 'nsubj'],
    ['شركة', 'شَرِكَة', 'NOUN', 'Case=Gen|Definite=Ind', 2, 'nmod'],
    ['طيران', 'طَيَرَان', 'NOUN', 'Case=Gen|Definite=Ind', 3, 'nmod'],
    ['في', 'فِي', 'ADP', '_', 6, 'case'],
    ['مدينة', 'مَدِينَة', 'NOUN', 'Case=Gen|Definite=Ind', 4, 'nmod'],
    ['أمس', 'أَمس', 'ADV', '_', 1, 'obl:tmod'],
    ['اجتماعا', 'اِجتِماع', 'NOUN', 'Case=Acc|Definite=Ind', 1, 'obj'],
    ['يوما', 'يَوم', 'NOUN', 'Case=Acc|Definite=Ind', 8, 'nmod'],
    ['دبي', 'دبي', 'PROPN', '_', 9, 'nmod'],
  ]);
  const tree = new SentenceTree(w);
  // ممثلو → شركة → طيران are constructs; طيران's nmod (مدينة) is not next and has a preposition;
  // اجتماعا's nmod is accusative; يوما's next word is a proper noun without Case
  assert.deepEqual(
    w.map((x) => tree.isConstructHead(x)),
    [false, true, true, false, false, false, false, false, true, false],
  );
});

test('isConstructHead: a quantifier (det) may stand first in the complement', () => {
  const w = sentence([
    ['على', 'عَلَى', 'ADP', '_', 2, 'case'],
    ['عاتق', 'عَاتِق', 'NOUN', 'Case=Gen|Definite=Ind', 0, 'root'],
    ['كل', 'كُلّ', 'DET', 'Case=Gen', 4, 'det'],
    ['شركة', 'شَرِكَة', 'NOUN', 'Case=Gen|Definite=Ind', 2, 'nmod'],
    ['جديدة', 'جَدِيد', 'ADJ', 'Case=Gen|Definite=Ind', 4, 'amod'],
  ]);
  const tree = new SentenceTree(w);
  assert.deepEqual(w.map((x) => tree.isConstructHead(x)), [false, true, false, false, false]);
});

test('syntacticCase: غير takes the case of its head\'s place, not the genitive PUD gives its head', () => {
  const w = sentence([
    ['في', 'فِي', 'ADP', '_', 2, 'case'],
    ['عمليات', 'عَمَلِيَّة', 'NOUN', 'Case=Gen|Definite=Ind', 0, 'root'],
    ['غير', 'غَير', 'PART', 'Polarity=Neg', 4, 'advmod'],
    ['مسبوقة', 'مَسبُوق', 'ADJ', 'Case=Gen|Definite=Ind', 2, 'amod'],
    ['رأى', 'رَأَى', 'VERB', '_', 2, 'acl'],
    ['غير', 'غَير', 'PART', 'Polarity=Neg', 7, 'advmod'],
    ['مسبوق', 'مَسبُوق', 'ADJ', 'Case=Gen', 5, 'obj'],
    ['غير', 'غَير', 'PART', 'Polarity=Neg', 9, 'advmod'],
    ['قادر', 'قَادِر', 'ADJ', 'Case=Gen', 5, 'ccomp'],
  ]);
  const tree = new SentenceTree(w);
  assert.deepEqual([2, 5, 7].map((i) => tree.syntacticCase(w[i]) ?? '-'), ['Gen', 'Acc', '-']);
});
