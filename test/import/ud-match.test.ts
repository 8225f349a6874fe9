import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Candidate } from '../../src/corpus/types.js';
import { parseConllu, type ConlluWord } from '../../src/import/conllu.js';
import { agreement, candidateShape, diacriticAgreement, expectation, letterMarks, passiveByVoc } from '../../src/import/ud-agree.js';
import { goldLabel } from '../../src/import/ud-gold.js';
import { annotate, matchCandidates, type MatchResult } from '../../src/import/ud-match.js';
import { labelKey } from '../../src/labels/elements.js';
import { factorize } from '../../src/labels/factorize.js';
import { toBuckwalter } from '../../src/script/buckwalter.js';

/** Treebank words from rows: form, UPOS, XPOS, FEATS, MISC (lemma column = form). */
function words(...rows: [string, string, string, string, string][]): ConlluWord[] {
  const lines = rows.map(([form, upos, xpos, feats, misc], i) => [i + 1, form, form, upos, xpos, feats, i === 0 ? 0 : 1, 'dep', '_', misc].join('\t'));
  return parseConllu(lines.join('\n'), 'mem')[0].words;
}

/** Candidates from [lemma, morph] (vocalization: the morphology's vocalized parts). */
function cands(...labels: [string, string][]): Candidate[] {
  return labels.map(([lemma, morph], i) => ({
    key: labelKey(lemma, morph), lemma, morph, voc: morph.split('+').map((s) => s.slice(0, s.lastIndexOf('/'))).join(''),
    gloss: '', elements: factorize(lemma, morph), source: 'analyzer', solutionNo: i + 1,
  }));
}

function chosen(r: MatchResult, c: Candidate[]): string {
  if (!r.matched) return `unmatched ${r.reason}`;
  return `${r.level} ${c[r.gold].morph}`;
}

const PERF_3FS = 'Aspect=Perf|Gender=Fem|Number=Sing|Person=3|Voice=Act';

test('clitic tokens, FEATS and voice pick among the candidates of the lemma', () => {
  const w = words(['و', 'CCONJ', 'CC', '_', 'SpaceAfter=No'], ['كتبت', 'VERB', 'VBC', PERF_3FS, 'LId=كَتَب-ُ_1']);
  const c = cands(
    ['katab-u_1', 'katab/VERB_PERFECT+tu/PVSUFF_SUBJ:1S'],
    ['katab-u_1', 'wa/CONJ+katab/VERB_PERFECT+tu/PVSUFF_SUBJ:1S'],
    ['katab-u_1', 'wa/CONJ+kutib/VERB_PERFECT+at/PVSUFF_SUBJ:3FS'],
    ['katab-u_1', 'wa/CONJ+katab/VERB_PERFECT+at/PVSUFF_SUBJ:3FS'],
    ['kitAb_1', 'wa/CONJ+kitAb/NOUN+ap/NSUFF_FEM_SG'],
  );
  const r = matchCandidates(w, c);
  assert.equal(chosen(r, c), 'exact wa/CONJ+katab/VERB_PERFECT+at/PVSUFF_SUBJ:3FS');
  assert.ok(r.matched && r.tied === 1 && r.lemmaCandidates === 4);
});

test('segments that spell the lemma are stem, not proclitics; compounds of several tokens', () => {
  const fiyma = words(['فيما', 'ADP', 'IN', '_', 'LId=فِيما_1']);
  const c1 = cands(['fiymA_1', 'fiy/PREP+mA/REL_PRON'], ['fiy_1', 'fiy/PREP']);
  assert.equal(chosen(matchCandidates(fiyma, c1), c1), 'exact fiy/PREP+mA/REL_PRON');
  assert.deepEqual(candidateShape('fiymA_1', 'fiy/PREP+mA/REL_PRON').procs, []);
  assert.deepEqual(candidateShape('*`lika_1', 'ka/PREP+*`lika/DEM_PRON_MS').procs.map((p) => p.tag), ['PREP']);
  const biAn = words(['ب', 'ADP', 'IN', '_', 'SpaceAfter=No'], ['أن', 'ADP', 'IN', '_', 'LId=أَنْ_1']);
  const c2 = cands(['bi>an~a_1', 'bi/PREP+>an~a/FUNC_WORD'], ['bi>an_1', 'bi/PREP+>an/FUNC_WORD']);
  assert.equal(chosen(matchCandidates(biAn, c2), c2), 'compound bi/PREP+>an/FUNC_WORD');
  // a proclitic token the candidate's stem starts with is absorbed
  const biHayv = words(['ب', 'ADP', 'IN', '_', 'SpaceAfter=No'], ['حيث', 'ADP', 'IN', '_', 'LId=حَيْثُ_1']);
  const c3 = cands(['Hayovu_1', 'biHayovu/CONJ']);
  assert.equal(chosen(matchCandidates(biHayv, c3), c3), 'exact biHayovu/CONJ');
});

test('unmatched reasons: not found, lemma, segmentation, verb class, voice', () => {
  const name = words(['شولمان', 'PROPN', 'NNP', 'Gender=Masc', 'LId=شولمان_0']);
  assert.equal(chosen(matchCandidates(name, []), []), 'unmatched not-found');
  const ra = words(['يرى', 'VERB', 'VBC', 'Aspect=Imp', 'LId=رَأَى-َ_1']);
  const c0 = cands(['rAwanod_1', 'rAwanod/NOUN']);
  assert.equal(chosen(matchCandidates(ra, c0), c0), 'unmatched lemma-not-among-candidates');
  const tdwyn = words(['تدوينة', 'NOUN', 'NN', 'Gender=Fem|Number=Sing', 'LId=تَدْوِين_1']);
  const c1 = cands(['tadowiyn_1', 'tadowiyn/NOUN+hu/POSS_PRON_3MS']);
  assert.equal(chosen(matchCandidates(tdwyn, c1), c1), 'unmatched segmentation-disagrees');
  const tHml = words(['تحمل', 'NOUN', 'NN', 'Gender=Masc|Number=Sing', 'LId=حَمَل-ِ_1']);
  const c2 = cands(['Hamal-i_1', 'ta/IV3FS+Homil/VERB_IMPERFECT']);
  assert.equal(chosen(matchCandidates(tHml, c2), c2), 'unmatched pos-disagrees');
  const wjht = words(['وجهت', 'VERB', 'VBC', PERF_3FS.replace('Act', 'Pass'), 'LId=وَجَّه_1']);
  const c3 = cands(['waj~ah_1', 'waj~ah/VERB_PERFECT+at/PVSUFF_SUBJ:3FS']);
  assert.equal(chosen(matchCandidates(wjht, c3), c3), 'unmatched voice-disagrees');
  const c4 = cands(['waj~ah_1', 'waj~ah/VERB_PERFECT+at/PVSUFF_SUBJ:3FS'], ['waj~ah_1', 'wuj~ih/VERB_PERFECT+at/PVSUFF_SUBJ:3FS']);
  assert.equal(chosen(matchCandidates(wjht, c4), c4), 'vocalized wuj~ih/VERB_PERFECT+at/PVSUFF_SUBJ:3FS');
});

test('class level: a same-spelled lemma with the POS the XPOS allows', () => {
  const mivl = words(['مثل', 'ADP', 'IN', '_', 'LId=مِثْل_1']);
  const c = cands(['mivol_1', 'mivol/NOUN'], ['mivola_1', 'mivola/PREP']);
  assert.equal(chosen(matchCandidates(mivl, c), c), 'class mivola/PREP');
  // NOUN/VBC: UPOS and XPOS disagree, so the LId's lemma stands
  const drs = words(['درس', 'NOUN', 'VBC', 'Aspect=Perf', 'LId=دَرْس_1']);
  const c2 = cands(['daros_1', 'daros/NOUN'], ['daras-u_1', 'daras/VERB_PERFECT+a/PVSUFF_SUBJ:3MS']);
  assert.equal(chosen(matchCandidates(drs, c2), c2), 'exact daros/NOUN');
});

test('enclitics: pronoun tokens after a host; the host LId may sit on the pronoun', () => {
  const lh = annotate(words(['ل', 'ADP', 'IN', '_', 'LId=لِ-_1|SpaceAfter=No'], ['ه', 'PRON', 'PRP', 'Person=3|Gender=Masc|Number=Sing', '_']));
  assert.deepEqual([lh.content, lh.stemEnd, lh.lemma, lh.lemmaFrom], [0, 0, 'li-_1', 'LId']);
  const bk = annotate(words(['ب', 'ADP', 'IN', '_', 'SpaceAfter=No'], ['ك', 'PRON', 'PRP', 'Person=2', 'LId=بِ_1']));
  assert.deepEqual([bk.content, bk.stemEnd, bk.lemma, bk.lemmaFrom], [0, 0, 'bi_1', 'enclitic LId']);
  const whm = annotate(words(['و', 'PART', 'RP', '_', 'SpaceAfter=No'], ['هم', 'PRON', 'PRP', 'Person=3', 'LId=هُم_1']));
  assert.deepEqual([whm.content, whm.stemEnd], [1, 1]);
  const c = cands(['bi_1', 'bi/PREP+ka/PRON_2MS'], ['bi_1', 'bi/PREP+ki/PRON_2FS']);
  const r = matchCandidates(words(['ب', 'ADP', 'IN', '_', 'SpaceAfter=No'], ['ك', 'PRON', 'PRP', 'Person=2|Gender=Fem', 'LId=بِ_1']), c);
  assert.equal(chosen(r, c), 'exact bi/PREP+ki/PRON_2FS');
});

test('voice from BAMA vocalizations, and the diacritics a form carries', () => {
  const pv = (voc: string) => passiveByVoc('PERFECT', [], voc);
  assert.deepEqual([pv('kutib'), pv('>uqiym'), pv('qiyl'), pv('kun'), pv('katab'), pv('Eud')], [true, true, true, false, false, false]);
  const iv = (prefix: string, stem: string) => passiveByVoc('IMPERFECT', [{ voc: prefix, tag: 'IV3MS' }], stem);
  assert.deepEqual([iv('yu', 'ktab'), iv('yu', 'qAm'), iv('yu', 'qiym'), iv('yu', 'faD~il'), iv('ya', 'ktub')], [true, true, false, false, false]);
  assert.deepEqual(letterMarks('nawoEAF'), [['n', 'a'], ['w', 'o'], ['E', ''], ['A', 'F']]);
  const form = letterMarks(toBuckwalter('نوعاً'));
  assert.equal(diacriticAgreement(form, 'nawoEAF'), 1);
  assert.equal(diacriticAgreement(form, 'nawoEA'), -1);
  assert.equal(diacriticAgreement(letterMarks('nwE'), 'nawoEA'), 0);
});

test('agreement scores are higher for the candidate that fits', () => {
  const ann = annotate(words(['ل', 'ADP', 'IN', '_', 'SpaceAfter=No'], ['لسلطة', 'NOUN', 'NN', 'Definite=Def|Gender=Fem|Number=Sing', 'LId=سُلْطَة_1']));
  const exp = expectation(ann);
  const score = (lemma: string, morph: string) => agreement(exp, factorize(lemma, morph), candidateShape(lemma, morph));
  const good = score('suloTap_1', 'li/PREP+Al/DET+suloT/NOUN+ap/NSUFF_FEM_SG');
  const noDet = score('suloTap_1', 'li/PREP+suloT/NOUN+ap/NSUFF_FEM_SG');
  assert.equal(good.structural, true);
  assert.equal(noDet.structural, false);
  assert.ok(good.score > noDet.score);
});

test('gold labels are built from the annotation in the analyzer\'s tag set', () => {
  const gold = (ws: ConlluWord[], lookup: string) => {
    const ann = annotate(ws);
    return goldLabel(ann, expectation(ann), lookup);
  };
  assert.deepEqual(gold(words(['وجهت', 'VERB', 'VBC', PERF_3FS, 'LId=وَجَّه_1']), 'wjht'),
    { lemma: 'waja~h_1', morph: 'wjht/VERB_PERFECT+/PVSUFF_SUBJ:3FS', voc: 'wjht', gloss: '' });
  assert.equal(gold(words(['ل', 'ADP', 'IN', '_', 'SpaceAfter=No'], ['أوباما', 'PROPN', 'NNP', 'Gender=Masc', 'LId=اوباما_0']), 'l>wbAmA').morph,
    'li/PREP+>wbAmA/NOUN_PROP');
  assert.equal(gold(words(['ابنت', 'NOUN', 'NN', 'Gender=Fem|Number=Sing', 'LId=ٱِبْن_1|SpaceAfter=No'],
    ['ها', 'PRON', 'PRP', 'Gender=Fem|Number=Sing|Person=3', '_']), 'AbnthA').morph, 'Abn/NOUN+t/NSUFF_FEM_SG+hA/POSS_PRON_3FS');
  const g = gold(words(['س', 'PART', 'RP', '_', 'SpaceAfter=No'], ['يكتبون', 'VERB', 'VBC', 'Aspect=Imp|Gender=Masc|Mood=Ind|Number=Plur|Person=3', 'LId=كَتَب-ُ_1|SpaceAfter=No'],
    ['ها', 'PRON', 'PRP', 'Gender=Fem|Number=Sing|Person=3', '_']), 'syktbwnhA');
  assert.equal(g.morph, 'sa/FUT+/IV3MP+yktbwn/VERB_IMPERFECT+/IVSUFF_MOOD:I+hA/IVSUFF_DO:3FS');
  const el = factorize(g.lemma, g.morph);
  assert.deepEqual([el.pre1, el.pos, el.dpos, el.perpos, el.numpos, el.genpos, el.mood, el.pron], ['FUT', 'VERB', 'IMPERFECT', '3', 'P', 'M', 'I', 'IVSUFF_DO:3FS']);
  assert.equal(gold(words(['الكابيتول', 'PROPN', 'NNP', 'Number=Sing', 'LId=كابيتول_0']), 'AlkAbytwl').morph, 'Al/DET+kAbytwl/NOUN_PROP');
});
