/**
 * Passives made by rule (src/analyzer/passive.ts, the analyzer's `passives` option): the passive
 * of sound verbs of forms I–X whose tables list none, perfect and imperfect, vocalized, tagged and
 * glossed as the rule says; none where the tables list it, nor where the rule does not reach; the
 * source 'rule' kept through the pos file and the tagger's candidates.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/analyzer/engine-node.js';
import { formatToken } from '../../src/analyzer/print.js';
import { passiveGloss, pastParticiple, PASSIVE_MARK } from '../../src/analyzer/passive-gloss.js';
import { RULE_COMMENT } from '../../src/analyzer/rule-comment.js';
import type { AnalyzedToken, Solution } from '../../src/analyzer/types.js';
import { analyzedToPosToken, posToCorpus, posTokenToAnalyzed, readPosFile, writePosFile } from '../../src/formats/pos/pos.js';
import { corpusToPos } from '../../src/formats/pos/corpus-pos.js';
import { analyzerCandidates } from '../../src/tagger/word-types.js';
import { dataPaths } from '../../bin/data.js';

const withPassives = Analyzer.load(dataPaths.bama(), { passives: true });
const withCase = Analyzer.load(dataPaths.bama(), { passives: true, caseEndings: true, backoff: true });
const rule = (a: Analyzer, word: string): Solution[] => a.analyzeWord(word).solutions.filter((s) => s.source === 'rule');
const row = (s: Solution) => [s.voc, s.lemma, s.morph];

test('off by default: no passive is made (the reference program\'s analyses)', () => {
  const plain = Analyzer.load(dataPaths.bama());
  assert.equal(plain.options.passives, false);
  assert.ok(plain.analyzeWord('Emmt').solutions.every((s) => s.source === undefined && !s.morph.includes('_PASS')));
});

test('perfect passives of forms I, II, III, IV, V, VIII and X: vocalization, PV_PASS, lemma, gloss', () => {
  const expect: Array<[string, string, string, string]> = [
    // form I (faEal), the imperfect passive listed, the perfect made: عُثِرَ
    ['Evr', 'Euvira', 'Eavar-u_1', 'Euvir/PV_PASS+a/PVSUFF_SUBJ:3MS'],
    // form II: عُمِّمَتْ
    ['Emmt', 'Eum~imat', 'Eam~am_1', 'Eum~im/PV_PASS+at/PVSUFF_SUBJ:3FS'],
    // form III, the long ā as ū (the letters change: قوبل): قُوبِلَ
    ['qwbl', 'quwbila', 'qAbal_1', 'quwbil/PV_PASS+a/PVSUFF_SUBJ:3MS'],
    // form IV, its imperfect passive listed: أُعْلِنَ
    ['>Eln', '>uEolina', '>aEolan_1', '>uEolin/PV_PASS+a/PVSUFF_SUBJ:3MS'],
    // form V: تُفُقِّدَ
    ['tfqd', 'tufuq~ida', 'tafaq~ad_1', 'tufuq~id/PV_PASS+a/PVSUFF_SUBJ:3MS'],
    // form VIII: اُخْتُرِقَ
    ['Axtrq', '{uxoturiqa', '{ixotaraq_1', '{uxoturiq/PV_PASS+a/PVSUFF_SUBJ:3MS'],
    // form X: اُسْتُكْمِلَ
    ['Astkml', '{usotukomila', '{isotakomal_1', '{usotukomil/PV_PASS+a/PVSUFF_SUBJ:3MS'],
  ];
  for (const [word, voc, lemma, morph] of expect) {
    const got = rule(withPassives, word).map(row);
    assert.ok(got.some((r) => r[0] === voc && r[1] === lemma && r[2] === morph), `${word}: ${voc} ${lemma} ${morph} among ${JSON.stringify(got)}`);
  }
  const [announced] = rule(withPassives, '>Eln');
  assert.equal(announced.gloss, ' + be announced/be declared + he/it <verb>');
});

test('imperfect passives of forms II, IV, V, VIII and X: the u prefix, the stem\'s last vowel a, IV_PASS', () => {
  const expect: Array<[string, string, string, string]> = [
    // form II: يُصَرَّفُ
    ['ySrf', 'yuSar~afu', 'Sar~af_1', 'yu/IV3MS+Sar~af/IV_PASS+u/IVSUFF_MOOD:I'],
    // form IV: يُبْرَزُ
    ['ybrz', 'yuborazu', '>aboraz_1', 'yu/IV3MS+boraz/IV_PASS+u/IVSUFF_MOOD:I'],
    // form V, whose active prefix is ya-: يُتَفَقَّدُ
    ['ytfqd', 'yutafaq~adu', 'tafaq~ad_1', 'yu/IV3MS+tafaq~ad/IV_PASS+u/IVSUFF_MOOD:I'],
    // form VIII: يُخْتَرَقُ
    ['yxtrq', 'yuxotaraqu', '{ixotaraq_1', 'yu/IV3MS+xotaraq/IV_PASS+u/IVSUFF_MOOD:I'],
    // form X: يُسْتَكْمَلُ
    ['ystkml', 'yusotakomalu', '{isotakomal_1', 'yu/IV3MS+sotakomal/IV_PASS+u/IVSUFF_MOOD:I'],
  ];
  for (const [word, voc, lemma, morph] of expect) {
    const got = rule(withCase, word).map(row);
    assert.ok(got.some((r) => r[0] === voc && r[1] === lemma && r[2] === morph), `${word}: ${voc} ${lemma} ${morph} among ${JSON.stringify(got)}`);
  }
  // the passive takes the moods as BAMA's own passives do, and no object pronoun
  assert.deepEqual(rule(withCase, 'ySrf').filter((s) => s.lemma === 'Sar~af_1').map((s) => s.voc), ['yuSar~afu', 'yuSar~afa', 'yuSar~af']);
  assert.ok(rule(withCase, 'ySrfh').every((s) => !s.morph.includes('_DO:')));
});

test('no duplicate where the tables list the passive (under the verb\'s lemma or one of its own)', () => {
  // katab-u_1 lists kutib and kotab
  assert.deepEqual(rule(withPassives, 'ktbt'), []);
  assert.deepEqual(rule(withPassives, 'yktb'), []);
  // >aboEad_1's passive is the lemma >uboEid_1; {it~axa*_1's is {ut~uxi*_1
  assert.deepEqual(rule(withPassives, '>bEd'), []);
  assert.deepEqual(rule(withPassives, 'ybEd'), []);
  assert.deepEqual(rule(withPassives, 'Atx*t'), []);
  // أعلن: its imperfect passive is listed, so only the perfect is made
  assert.ok(rule(withPassives, 'yEln').every((s) => s.lemma !== '>aEolan_1'));
});

test('none where the rule does not reach: a hamza whose seat changes, hollow, assimilated, form VII, a state', () => {
  for (const word of ['s>l', 'y>kl', '>qAm', 'yqwl', 'wjd', 'Anktb', 'ynktb']) {
    const made = rule(withPassives, word).filter((s) => !/^(wa|fa)/.test(s.voc));
    assert.deepEqual(made.map(row), [], word);
  }
  // form I of state (baruz-u, faEula): neither aspect; the active of the same letters (baraz-u) has them
  assert.ok(withPassives.analyzeWord('brz').solutions.some((s) => s.lemma === 'baruz-u_1'));
  assert.ok(rule(withPassives, 'brz').every((s) => s.lemma !== 'baruz-u_1'));
  assert.ok(rule(withPassives, 'brz').some((s) => s.lemma === 'baraz-u_1'));
  assert.ok(rule(withCase, 'ybrz').every((s) => s.lemma !== 'baruz-u_1'));
  assert.ok(rule(withCase, 'ybrz').some((s) => s.lemma === 'baraz-u_1'));
});

test('the source survives the pos file, the reference layout and the tagger\'s candidates', () => {
  const token: AnalyzedToken = { kind: 'word', input: 'عممت', lookup: 'Emmt', ...withPassives.analyzeWord('Emmt') };
  const places = token.solutions.flatMap((s, i) => (s.source === 'rule' ? [i + 1] : []));
  assert.ok(places.length > 0);
  assert.ok(formatToken(token).includes(`     Comment: ${RULE_COMMENT} ${places.join(' ')}\n  SOLUTION 1:`));
  const pos = analyzedToPosToken(token, { paragraph: 1, word: 1 });
  assert.deepEqual(posTokenToAnalyzed(pos), { ...token, solutions: token.solutions.map((s) => ({ ...s })) });
  const text = writePosFile({ leadingBlank: false, documents: [{ id: 'd', tokens: [pos] }] });
  const corpus = posToCorpus(readPosFile(text, 'x.pos'));
  const cands = corpus.documents[0].sentences[0].tokens[0].candidates;
  assert.deepEqual(cands.map((c) => c.source), analyzerCandidates(token).map((c) => c.source));
  assert.deepEqual(cands.filter((c) => c.source === 'rule').map((c) => c.solutionNo), places);
  // corpus → pos → corpus keeps it
  const again = posToCorpus(readPosFile(writePosFile(corpusToPos(corpus)), 'y.pos'));
  const sources = again.documents[0].sentences[0].tokens[0].candidates.map((c) => c.source);
  assert.deepEqual(sources, cands.map((c) => c.source));
});

test('the gloss: be + the past participle of each sense\'s verb', () => {
  assert.equal(passiveGloss('announce/declare'), 'be announced/be declared');
  assert.equal(passiveGloss('write/inscribe'), 'be written/be inscribed');
  assert.equal(passiveGloss('carry out/apply'), 'be carried out/be applied');
  assert.equal(passiveGloss('stop/admit/open'), 'be stopped/be admitted/be opened');
  assert.equal(passiveGloss('be tolerant/treat kindly'), 'be treated kindly');
  assert.equal(passiveGloss('be tolerant'), `${PASSIVE_MARK}be tolerant`);
  assert.equal(pastParticiple('make'), 'made');
});
