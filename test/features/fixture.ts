/**
 * A tiny hand-made corpus for features and stage-one tests: three documents, sentences of
 * one to five tokens, punctuation, a token without gold, a gold label the analyzer missed,
 * a word with two different gold labels, and the empty string as an LE value.
 */
import { BetaTable } from '../../features/beta.js';
import { DocTables } from '../../features/ztf-tables.js';
import { encodeCorpus } from '../../features/encode.js';
import { SeenLexicon } from '../../features/seen-labels.js';
import { countAll } from '../../features/tally.js';
import { TF_TARGETS, type Template } from '../../features/templates.js';
import { Vocab } from '../../features/vocab.js';
import type { Candidate, Corpus, Token } from '../../src/corpus/types.js';
import { TARGETS, emptyElements, labelKey, type LabelElements } from '../../src/labels/elements.js';

/** A candidate from lemma, morph and some LE values (the others empty). */
export function cand(lemma: string, morph: string, fields: Partial<LabelElements> = {}, source: Candidate['source'] = 'analyzer'): Candidate {
  const elements = { ...emptyElements(), lemma, ...fields };
  return { key: labelKey(lemma, morph), lemma, morph, voc: morph.split('/')[0], gloss: `gloss of ${lemma}`, elements, source };
}

const K_KATAB = cand('katab-u_1', 'katab/PV+a/PVSUFF_SUBJ:3MS', { pos: 'PV', perpos: '3', numpos: 'S', genpos: 'M' });
const K_KUTUB = cand('kitAb_1', 'kutub/NOUN+u/CASE_DEF_NOM', { pos: 'NOUN', numpos: 'P', case: 'NOM' });
const K_KATB = cand('katob_1', 'katob/NOUN', { pos: 'NOUN' });
const F_FIY = cand('fiy_1', 'fiy/PREP', { pos: 'PREP' });
const B_BAYT = cand('bayot_1', 'bayot/NOUN+i/CASE_DEF_GEN', { pos: 'NOUN', case: 'GEN' });
const B_BAYT_ACC = cand('bayot_1', 'bayot/NOUN+a/CASE_DEF_ACC', { pos: 'NOUN', case: 'ACC' });
const A_ALKITAB = cand('kitAb_1', 'Al/DET+kitAb/NOUN+u/CASE_DEF_NOM', { det: 'Al', pos: 'NOUN', case: 'NOM' });
const Q_QABL = cand('qabol_1', 'qabol/NOUN', { pos: 'NOUN' });
const Q_QABIL = cand('qabil-a_1', 'qabil/PV+a/PVSUFF_SUBJ:3MS', { pos: 'PV', perpos: '3' });
const W_WA = cand('wa_1', 'wa/CONJ', { pre1: 'wa', pos: 'CONJ' });

function tok(lookup: string, candidates: Candidate[], gold: number, extra: Partial<Token> = {}): Token {
  return { form: lookup, lookup, arabic: /[A-Za-z'><|&}*$]/.test(lookup) && !/^[0-9]+$/.test(lookup), candidates, gold, ...extra };
}
function punct(p: string): Token {
  return { form: p, lookup: p, arabic: false, candidates: [], gold: -1 };
}

/** The tiny corpus. Returns fresh objects each call. */
export function tinyCorpus(): Corpus {
  return {
    source: 'tiny',
    documents: [
      {
        id: 'doc1',
        sentences: [
          { id: 'd1s1', tokens: [tok('ktb', [K_KATAB, K_KUTUB, K_KATB], 0), tok('Alktab', [A_ALKITAB], 0), tok('fy', [F_FIY], 0), tok('byt', [B_BAYT, B_BAYT_ACC], 0), punct('.')] },
          { id: 'd1s2', tokens: [tok('ktb', [K_KATAB, K_KUTUB, K_KATB], 1), tok('qbl', [Q_QABL, Q_QABIL], 0)] },
        ],
      },
      {
        id: 'doc2',
        sentences: [
          { id: 'd2s1', tokens: [tok('w', [W_WA], 0), tok('ktb', [K_KATAB, K_KUTUB], 0), tok('fy', [F_FIY], 0), tok('byt', [B_BAYT, B_BAYT_ACC], 1)] },
          { id: 'd2s2', tokens: [tok('qbl', [Q_QABL, Q_QABIL], 1)] },
          { id: 'd2s3', tokens: [punct('2010'), tok('byt', [B_BAYT], -1), punct('"')] },
        ],
      },
      {
        id: 'doc3',
        sentences: [
          // 'byt' with a gold label the analyzer did not give (appended with source 'gold').
          { id: 'd3s1', tokens: [tok('fy', [F_FIY], 0), tok('byt', [B_BAYT, { ...B_BAYT_ACC, source: 'gold' }], 1, { goldUnmatched: true }), tok('ktb', [K_KATAB, K_KUTUB, K_KATB], 2)] },
        ],
      },
    ],
  };
}

/** A document to tag against a model trained on the tiny corpus: unseen words and values. */
export function tinyTestDocument(): Corpus {
  return {
    source: 'tiny-test',
    documents: [
      {
        id: 'test1',
        sentences: [
          { id: 't1', tokens: [tok('ktb', [K_KATAB, K_KATB, cand('katab-i_9', 'katab/NEW', { pos: 'NEWPOS' })], -1), tok('fy', [F_FIY], -1), tok('mdrsp', [cand('madoras_1', 'madoras/NOUN', { pos: 'NOUN' })], -1), punct(',')] },
          { id: 't2', tokens: [tok('byt', [B_BAYT], -1), tok('qbl', [Q_QABL], -1), tok('ktb', [K_KUTUB], -1)] },
        ],
      },
    ],
  };
}

/** Stage one in this thread over `d1` for some templates: what a FeatureExtractor is built from (but the transform). */
export function stageOne(d1: Corpus, templates: Template[]) {
  const vocab = new Vocab();
  const enc = encodeCorpus(d1, vocab, { mode: 'intern' });
  const counts = BetaTable.fromBlocks(countAll(enc, templates, { word: vocab.size('word'), letter: vocab.size('letter'), values: TARGETS.map((t) => vocab.size(t)) }));
  const doc = DocTables.build(enc, vocab, TF_TARGETS);
  const lexicon = SeenLexicon.build(d1, vocab);
  return { vocab: vocab.freeze(), counts, doc, lexicon };
}
