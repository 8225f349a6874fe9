/**
 * The analyzer option `caseEndings` (docs/case-endings.md): the case endings BAMA 1.0's
 * dictSuffixes carries commented out, loaded on request, each replacing the caseless suffix it
 * extends wherever the tables let it attach. Checked on words whose case forms are known, on
 * the tables' compatibility classes, and over every word of UD Arabic-PUD.
 */
/* oxlint-disable max-lines -- one option, checked on known words, the tables and the whole corpus */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Analyzer, loadLexicon } from '../../src/analyzer/index.js';
import { lemmaBefore, withoutCaseOrMood } from '../../src/analyzer/lexicon.js';
import { MOOD_SUFFIXES } from '../../src/analyzer/rules/mood.js';
import { OBJECT_PRONOUN_CLASSES } from '../../src/analyzer/rules/mood-pronoun.js';
import { DIPTOTE_GENITIVE, endsInConsonant } from '../../src/analyzer/rules/names.js';
import { DEFECTIVE_SUFFIXES, defectiveCategory } from '../../src/analyzer/rules/defective.js';
import { hamzaCategory, isTriptoteAA, TRIPTOTE_AA_EXAMPLES } from '../../src/analyzer/rules/hamza.js';
import { declinableCategory } from '../../src/analyzer/rules/declinable.js';
import { JUSSIVE_SUFFIXES, jussiveCategory, jussiveVowels } from '../../src/analyzer/rules/jussive.js';
import { MAQSUR_SUFFIXES } from '../../src/analyzer/rules/maqsur.js';
import { dataPaths } from '../../bin/data.js';
import { fromBuckwalter, lookupForm } from '../../src/script/buckwalter.js';
import { UsageError } from '../../src/errors.js';

let on: Analyzer | undefined;
let off: Analyzer | undefined;
const withCase = (): Analyzer => (on ??= Analyzer.load(dataPaths.bama(), { caseEndings: true }));
const reference = (): Analyzer => (off ??= Analyzer.load(dataPaths.bama()));

/** The vocalizations of a word (Buckwalter look-up form) with the given option. */
function vocs(a: Analyzer, word: string): string[] {
  return a.analyzeWord(word).solutions.map((s) => s.voc);
}
function morphs(a: Analyzer, word: string): string[] {
  return a.analyzeWord(word).solutions.map((s) => s.morph);
}

test('off by default: the analyses are the reference program\'s, with no case ending', () => {
  assert.equal(reference().options.caseEndings, false);
  assert.deepEqual(morphs(reference(), 'Alr}ys'), ['Al/DET+ra}iys/NOUN']);
  assert.throws(() => Analyzer.load(dataPaths.bama(), { caseEndings: 'yes' as unknown as boolean }), UsageError);
});

test('الرئيس: the definite noun takes the three case vowels and never tanween', () => {
  assert.deepEqual(vocs(withCase(), 'Alr}ys'), ['Alra}iysu', 'Alra}iysa', 'Alra}iysi']);
  assert.deepEqual(morphs(withCase(), 'Alr}ys'), [
    'Al/DET+ra}iys/NOUN+u/CASE_DEF_NOM', 'Al/DET+ra}iys/NOUN+a/CASE_DEF_ACC', 'Al/DET+ra}iys/NOUN+i/CASE_DEF_GEN',
  ]);
  assert.ok(vocs(withCase(), 'Alr}ys').map(fromBuckwalter).includes('الرَئِيسِ'));
});

test('رئيس: the indefinite noun adds رئيسٌ and رئيسٍ, and no accusative tanween without its alif', () => {
  const v = vocs(withCase(), 'r}ys');
  assert.deepEqual(v, ['ra}iysu', 'ra}iysa', 'ra}iysi', 'ra}iysN', 'ra}iysK']);
  assert.ok(v.map(fromBuckwalter).includes('رَئِيسٌ'));
  assert.ok(!v.includes('ra}iys'), 'the caseless analysis is replaced');
});

test('كتابا: the accusative tanween with alif (كتابًا) stays as the tables give it', () => {
  const v = vocs(withCase(), 'ktAbA');
  assert.ok(v.includes('kitAbAF'));
  assert.deepEqual(v, vocs(reference(), 'ktAbA'), 'no case-bearing entry extends these suffixes');
});

test('مدرسة, للمدرسة, المعلمات, كتابه: ta marbuta, preposition + article, feminine plural, possessive', () => {
  assert.deepEqual(vocs(withCase(), 'mdrsp').filter((x) => x.startsWith('madoras')),
    ['madorasapu', 'madorasapa', 'madorasapi', 'madorasapN', 'madorasapF', 'madorasapK']);
  // li + Al: genitive only, definite
  assert.deepEqual(morphs(withCase(), 'llmdrsp').filter((m) => m.includes('madoras/')), ['li/PREP+Al/DET+madoras/NOUN+ap/NSUFF_FEM_SG+i/CASE_DEF_GEN']);
  assert.deepEqual(vocs(withCase(), 'AlmElmAt'), ['AlmuEal~imAtu', 'AlmuEal~imAti', 'AlmuEal~imAti']);
  const k = vocs(withCase(), 'ktAbh').filter((x) => x.startsWith('kitAb'));
  assert.deepEqual(k, ['kitAbuhu', 'kitAbahu', 'kitAbihi']);
});

test('an object pronoun after a singular imperfect comes after its mood vowel, as the stem shows it; sa and li govern it too', () => {
  assert.deepEqual(vocs(reference(), 'yjElhA'), ['yajoEalhA'], 'the reference program: no mood vowel');
  assert.deepEqual(morphs(withCase(), 'yjElhA'), ['I', 'S', 'J'].map((m) => `ya/IV3MS+joEal/VERB_IMPERFECT+${{ I: 'u', S: 'a', J: '' }[m]}/IVSUFF_MOOD:${m}+hA/IVSUFF_DO:3FS`));
  assert.deepEqual(vocs(withCase(), 'syjElhA'), ['sayajoEaluhA']);
  assert.deepEqual(vocs(withCase(), 'yErfny').filter((v) => v.startsWith('yaEorif')), ['yaEorifuniy', 'yaEorifaniy', 'yaEorifniy']);
  // a stem in -uw shows the subjunctive's fatha only; a geminate stem has no jussive of its own
  assert.deepEqual(morphs(withCase(), 'ydEwh').filter((m) => m.includes('doEuw/')), ['ya/IV3MS+doEuw/VERB_IMPERFECT+a/IVSUFF_MOOD:S+hu/IVSUFF_DO:3MS', 'ya/IV3MS+doEuw/VERB_IMPERFECT+/IVSUFF_MOOD:I+hu/IVSUFF_DO:3MS']);
  assert.ok(!morphs(withCase(), 'yHbh').some((m) => m.includes('Hib~/VERB_IMPERFECT+/IVSUFF_MOOD:J')));
});

test('after a preposition only the genitive, also when a pronoun follows the case ending (one suffix class for every case)', () => {
  assert.deepEqual(vocs(withCase(), 'bfwzh'), ['bifawozihi']);
  assert.deepEqual(vocs(withCase(), 'wbmdrsth').filter((v) => v.includes('madoras')), ['wabimadorasatihi']);
  assert.deepEqual(vocs(withCase(), 'fwzh').filter((v) => v.startsWith('fawoz')), ['fawozuhu', 'fawozahu', 'fawozihi'], 'without the preposition, every case');
  // an emphatic la is no preposition
  assert.ok(morphs(withCase(), 'lktAbh').some((m) => m.startsWith('la/EMPHATIC_PARTICLE') && m.includes('CASE_DEF_NOM')));
  assert.ok(morphs(withCase(), 'lktAbh').filter((m) => m.startsWith('li/PREP')).every((m) => m.includes('CASE_DEF_GEN')));
});

test("the future sa takes the indicative only, the subjunctive li the subjunctive or jussive; without the option, the reference program's analyses", () => {
  const fut = morphs(withCase(), 'syktb');
  assert.ok(fut.length > 0 && fut.every((m) => m.endsWith('IVSUFF_MOOD:I')), fut.join(' '));
  const li = morphs(withCase(), 'lyktb').filter((m) => m.startsWith('li/SUBJUNC'));
  assert.ok(li.length > 0 && li.every((m) => /IVSUFF_MOOD:[SJ]$/.test(m)), li.join(' '));
  // a suffix that shows no mood (feminine plural) stays after sa
  assert.ok(morphs(withCase(), 'syktbn').some((m) => m.startsWith('sa/FUT') && m.includes('IVSUFF_SUBJ:FP')));
  assert.ok(morphs(reference(), 'syktbwA').some((m) => m.startsWith('sa/FUT')), 'the reference program offers it');
  assert.ok(!morphs(withCase(), 'syktbwA').some((m) => m.startsWith('sa/FUT')), 'sa + the subjunctive/jussive -uwA');
});

test('stem classes the tables give no case ending keep their caseless analysis (foreign names, perfect verbs)', () => {
  // >abAbA (Nprop) and the perfect verb qAlat have no case-bearing compatibility
  assert.deepEqual(morphs(withCase(), 'AbAbA'), morphs(reference(), 'AbAbA'));
  assert.deepEqual(morphs(withCase(), 'qAlt'), morphs(reference(), 'qAlt'));
});

test('a singular imperfect gets its mood vowels as SAMA has them: indicative u, subjunctive a, jussive bare', () => {
  const ref = morphs(reference(), 'yktb');
  assert.ok(ref.includes('ya/IV3MS+kotub/VERB_IMPERFECT'));
  const got = morphs(withCase(), 'yktb');
  for (const m of ['ya/IV3MS+kotub/VERB_IMPERFECT+u/IVSUFF_MOOD:I', 'ya/IV3MS+kotub/VERB_IMPERFECT+a/IVSUFF_MOOD:S', 'ya/IV3MS+kotub/VERB_IMPERFECT+/IVSUFF_MOOD:J'])
    assert.ok(got.includes(m), m);
  assert.ok(!got.includes('ya/IV3MS+kotub/VERB_IMPERFECT'), 'the moodless analysis is replaced');
  // a hollow verb's long stem (yaquwl) takes the indicative and subjunctive; its jussive is the
  // short stem (yaqul), kept as it is
  const yqwl = morphs(withCase(), 'yqwl');
  assert.ok(yqwl.includes('ya/IV3MS+quwl/VERB_IMPERFECT+u/IVSUFF_MOOD:I') && yqwl.includes('ya/IV3MS+quwl/VERB_IMPERFECT+a/IVSUFF_MOOD:S'));
  assert.ok(!yqwl.some((m) => m.includes('quwl/VERB_IMPERFECT+/IVSUFF_MOOD:J')));
  assert.deepEqual(morphs(withCase(), 'yql').filter((m) => m.includes('+qul/')), morphs(reference(), 'yql').filter((m) => m.includes('+qul/')));
  // a stem in -uw shows only the subjunctive's fatha; its bare form is the indicative
  const ybdw = morphs(withCase(), 'ybdw');
  assert.ok(ybdw.includes('ya/IV3MS+boduw/VERB_IMPERFECT+a/IVSUFF_MOOD:S') && ybdw.includes('ya/IV3MS+boduw/VERB_IMPERFECT+/IVSUFF_MOOD:I'));
  assert.ok(!ybdw.some((m) => m.includes('boduw/VERB_IMPERFECT+u/')));
  // suffixes that show the mood already are untouched
  assert.deepEqual(morphs(withCase(), 'yktbwn').filter((m) => m.includes('uwna')), morphs(reference(), 'yktbwn').filter((m) => m.includes('uwna')));
});

test('a proper name ending in a consonant is a diptote: u, a, and a after a preposition, never tanween; a vowel-final name keeps its bare form', () => {
  const misr = morphs(withCase(), 'mSr').filter((m) => m.includes('NOUN_PROP'));
  assert.deepEqual(misr.sort(), ['miSor/NOUN_PROP+a/CASE_DEF_ACC', 'miSor/NOUN_PROP+a/CASE_INDEF_GEN', 'miSor/NOUN_PROP+u/CASE_DEF_NOM']);
  assert.deepEqual(morphs(withCase(), 'bmSr').filter((m) => m.includes('NOUN_PROP')), ['bi/PREP+miSor/NOUN_PROP+a/CASE_INDEF_GEN']);
  assert.deepEqual(morphs(withCase(), 'swryA').filter((m) => m.includes('NOUN_PROP')), ['suwriyA/NOUN_PROP']);
  assert.ok(endsInConsonant('miSor') && endsInConsonant('fATimap') && !endsInConsonant('suwriyA') && !endsInConsonant('>abuw') && !endsInConsonant('>abiy'));
  // a common diptote: after a preposition the construct's kasra and the indefinite's fatha
  assert.deepEqual(morphs(withCase(), 'bmsAjd').sort(), ['bi/PREP+masAjid/NOUN+a/CASE_INDEF_GEN', 'bi/PREP+masAjid/NOUN+i/CASE_DEF_GEN']);
});

test('a defective noun or adjective in -iy: nominative and genitive without a vowel, accusative a; other stems of its class as they were', () => {
  assert.deepEqual(morphs(withCase(), 'AlqADy'), ['Al/DET+qADiy/NOUN+/CASE_DEF_NOM', 'Al/DET+qADiy/NOUN+a/CASE_DEF_ACC', 'Al/DET+qADiy/NOUN+/CASE_DEF_GEN']);
  assert.deepEqual(vocs(withCase(), 'AlqADy'), ['AlqADiy', 'AlqADiya', 'AlqADiy']);
  assert.deepEqual(vocs(reference(), 'AlqADy'), ['AlqADiy'], 'the reference program: one caseless analysis');
  // after a preposition only the genitive; the indefinite accusative keeps the tables' tanween with alif
  assert.deepEqual(morphs(withCase(), 'bAlqADy'), ['bi/PREP+Al/DET+qADiy/NOUN+/CASE_DEF_GEN']);
  assert.ok(morphs(withCase(), 'qADyA').includes('qADiy/NOUN+AF/NSUFF_MASC_SG_ACC_INDEF'));
  assert.ok(vocs(withCase(), 'jz\'').every((v) => /'[uaiNK]$/.test(v)), 'juzo\' (same class, not in -iy) takes the hamza rule instead');
  assert.equal(defectiveCategory('N0F_Nh', 'qADiy'), 'N0F_Nh-iy');
  assert.equal(defectiveCategory('N0F_Nh', "juzo'"), 'N0F_Nh');
  assert.equal(defectiveCategory('N0_Nh', 'qADiy'), 'N0_Nh');
});

test('a triptote in final hamza that the tables file as invariable or defective takes u, a, i, tanween N and K; no tanween after the article; stems in -ā\' unchanged', () => {
  assert.deepEqual(vocs(reference(), "$y'"), ["$ayo'"], 'the reference program: no case');
  assert.deepEqual(vocs(withCase(), "$y'"), ["$ayo'u", "$ayo'a", "$ayo'i", "$ayo'N", "$ayo'K"]);
  assert.deepEqual(vocs(withCase(), "Al$y'"), ["Al$ayo'u", "Al$ayo'a", "Al$ayo'i"]);
  assert.deepEqual(vocs(withCase(), "b$y'"), ["bi$ayo'i", "bi$ayo'K"]);
  assert.deepEqual(vocs(withCase(), 'jz\''), ["juzo'u", "juzo'a", "juzo'i", "juzo'N", "juzo'K"]);
  assert.equal(hamzaCategory('N0', "$ayo'"), 'N0-hamza');
  assert.equal(hamzaCategory('N0F', 'say~i}'), 'N0F-hamza');
  assert.equal(hamzaCategory('N0', "<ixA'"), 'N0-hamza-aa', 'after a long ā: by the pattern (rule 9)');
  assert.equal(hamzaCategory('N0', 'kumbyuwtar'), 'N0');
  assert.equal(hamzaCategory('N', "$ayo'"), 'N', 'a class that takes the case endings already');
});

test('أيّ and أيّة, filed as function words, decline: u, a, i, tanween N and K; the genitive only after a preposition', () => {
  const ayy = (a: Analyzer, w: string) => [...new Set(a.analyzeWord(w).solutions.filter((s) => s.morph.startsWith('>ay~') || s.morph.includes('+>ay~')).map((s) => s.voc))];
  assert.deepEqual(ayy(reference(), '>y'), ['>ay~'], 'the reference program: no case');
  assert.deepEqual(ayy(withCase(), '>y'), ['>ay~u', '>ay~a', '>ay~i', '>ay~N', '>ay~K']);
  assert.deepEqual(ayy(withCase(), 'l>y'), ['li>ay~i', 'li>ay~K']);
  assert.deepEqual(ayy(withCase(), 'w>y'), ['wa>ay~u', 'wa>ay~a', 'wa>ay~i', 'wa>ay~N', 'wa>ay~K']);
  assert.ok(ayy(withCase(), '>yp').includes('>ay~apu'));
  assert.equal(declinableCategory('FW-WaBi', '>ay~'), 'FW-WaBi-declined');
  assert.equal(declinableCategory('FW-WaBi', '>ay~ap'), 'FW-WaBi-declined');
  assert.equal(declinableCategory('FW-WaBi', 'kay'), 'FW-WaBi', 'other function words of the class are left alone');
  assert.equal(declinableCategory('FW', '>ay~'), 'FW');
});

test('stems in -ā\': a triptote by its pattern gains the tanween; diptotes (the feminine ā\', أشياء) and unknown patterns are left alone', () => {
  assert.deepEqual(vocs(withCase(), "AstftA'"), ["{isotifotA'u", "{isotifotA'a", "{isotifotA'i", "{isotifotA'N", "{isotifotA'K"]);
  assert.ok(vocs(withCase(), "wbA'").includes("wabA'K"));
  assert.ok(vocs(withCase(), ">nbA'").includes(">anobA'N"), 'the plural أَفْعَال');
  assert.deepEqual(vocs(withCase(), "ElmA'"), ["EulamA'u", "EulamA'a", "EulamA'i"], 'فُعَلَاء: a diptote');
  assert.ok(!vocs(withCase(), "SHrA'").some((v) => /[NK]$/.test(v)), 'فَعْلَاء: a diptote');
  assert.deepEqual(vocs(withCase(), "AlwbA'"), ["AlwabA'u", "AlwabA'a", "AlwabA'i"], 'no tanween after the article');
  assert.deepEqual(vocs(withCase(), "bwbA'"), ["biwabA'i", "biwabA'K"], 'the genitive only after a preposition');
  assert.equal(isTriptoteAA(">a$oyA'"), false, 'أشياء');
  assert.equal(isTriptoteAA("kahorabA'"), false, 'a pattern not declared');
  assert.equal(isTriptoteAA(">aSodiqA'"), false, 'أَفْعِلَاء');
  for (const ex of TRIPTOTE_AA_EXAMPLES) assert.ok(isTriptoteAA(ex), ex);
  assert.equal(hamzaCategory('NAt', "wabA'"), 'NAt', 'a class with its own endings');
});

test('the jussive of a verb in a long vowel keeps the short vowel on its shortened stem (لم يتبقَّ, لم يعطِ, لم يدعُ)', () => {
  const jussives = (a: Analyzer, w: string) => a.analyzeWord(w).solutions.filter((s) => /IV_?0|VERB_IMPERFECT/.test(s.morph) && (s.morph.includes('MOOD:J') || !/MOOD/.test(s.morph))).map((s) => s.voc);
  assert.ok(vocs(reference(), 'ytbq').includes('yatabaq~'), 'the reference program: the last letter bare');
  assert.deepEqual(jussives(withCase(), 'ytbq'), ['yatabaq~a']);
  assert.ok(vocs(withCase(), 'yET').includes('yuEoTi'));
  assert.ok(!vocs(withCase(), 'yET').includes('yuEoT'), 'the bare jussive is replaced');
  assert.ok(vocs(withCase(), 'ydE').includes('yadoEu'));
  const text = ';; baqiy-a_1\nbqY\tboqaY\tIV_0\tremain\nbq\tboq\tIV_0hwnyn\tremain\n;; >aboqaY_1\nbqy\tboqiy\tIV_0hAnn_yu\tkeep\nbq\tboq\tIV_0hwnyn_yu\tkeep\n'
    + ';; EaTaY_1\nETY\tEoTaY\tIV_0_Pass_yu\tbe given\nETy\tEoTiy\tIV_0hAnn_yu\tgive\nET\tEoT\tIV_0hwnyn_yu\tgive\n;; x_1\nxr\txr\tIV_0hwnyn\tno full stem\n';
  const vowels = jussiveVowels(text, lemmaBefore);
  assert.deepEqual([...vowels], [['baqiy-a_1\tboq', 'a'], ['>aboqaY_1\tboq', 'i'], ['EaTaY_1\tEoT', 'i']], 'by lemma; a passive full stem does not count; no full stem, no vowel');
  const cat = jussiveCategory(vowels);
  assert.equal(cat('IV_0hwnyn', 'boq', () => 'baqiy-a_1'), 'IV_0hwnyn-Ja');
  assert.equal(cat('IV_0hwnyn', 'xr', () => 'x_1'), 'IV_0hwnyn');
  assert.equal(cat('IV_0', 'boq', () => 'baqiy-a_1'), 'IV_0', 'only the shortened classes');
  assert.equal(lemmaBefore(text, text.indexOf('bqy')), '>aboqaY_1');
  assert.equal(lemmaBefore('bq\tboq\tIV_0\tx\n', 3), '', 'no lemma line: none');
  assert.deepEqual(JUSSIVE_SUFFIXES.map((s) => s.pos), ['+a/IVSUFF_MOOD:J', '+i/IVSUFF_MOOD:J', '+u/IVSUFF_MOOD:J']);
});

test('commented-out entries are loaded only with the option, and only case/mood ones', () => {
  const dir = dataPaths.bama();
  const text = readFileSync(join(dir, 'dictSuffixes'), 'utf8');
  // an independent count: `;` + form (no space) + three more tab fields, with a CASE_ tag
  const commented = text.split('\n').filter((l) => /^;[^;\s]*\t[^\t]*\t[^\t]+\t[^\t]*\/CASE_[A-Z]/.test(l)).length;
  assert.ok(commented > 150);
  const a = loadLexicon(dir);
  const b = loadLexicon(dir, { caseEndings: true });
  // and each object pronoun after a singular imperfect once per mood (mood-pronoun.ts)
  const pronouns = text.split('\n').filter((l) => /^[^;][^\t]*\t[^\t]*\tIVSuff-(h|k|ny-nA)\t/.test(l)).length;
  assert.equal(pronouns, 12, 'IVSuff-h: 5, IVSuff-k: 5, IVSuff-ny-nA: 2');
  assert.equal(OBJECT_PRONOUN_CLASSES.length, 3);
  assert.equal(
    b.counts.suffixes - a.counts.suffixes,
    commented +
      MOOD_SUFFIXES.length * (1 + pronouns) +
      1 +
      DEFECTIVE_SUFFIXES.length +
      JUSSIVE_SUFFIXES.length +
      MAQSUR_SUFFIXES.length,
    'and the mood suffixes, the diptote genitive, the defective endings, the jussives with a vowel and the endings of nouns in alif maqsura',
  );
  assert.deepEqual(b.counts.stems, a.counts.stems);
  assert.deepEqual(b.counts.prefixes, a.counts.prefixes);
  assert.ok(a.suffixes.get('')!.every((e) => !e.commented));
  // the null form: the case vowels, then the mood suffixes of src/analyzer/rules/mood.ts, the
  // diptote genitive, the defective endings, the jussives with a vowel, the maqsur endings
  assert.deepEqual(b.suffixes.get('')!.filter((e) => e.commented).map((e) => e.voc), [
    'u', 'a', 'i', 'N', 'F', 'K', ...MOOD_SUFFIXES.map((m) => m.voc), DIPTOTE_GENITIVE.voc, ...DEFECTIVE_SUFFIXES.map((m) => m.voc), ...JUSSIVE_SUFFIXES.map((m) => m.voc),
    ...MAQSUR_SUFFIXES.map((m) => m.voc),
  ]);
});

test('withoutCaseOrMood gives the caseless suffix a case-bearing one extends', () => {
  assert.equal(withoutCaseOrMood('+u/CASE_DEF_NOM'), '');
  assert.equal(withoutCaseOrMood('+ap/NSUFF_FEM_SG+K/CASE_INDEF_GEN'), '+ap/NSUFF_FEM_SG');
  assert.equal(withoutCaseOrMood('+At/NSUFF_FEM_PL+u/CASE_DEF_NOM+hu/POSS_PRON_3MS'), '+At/NSUFF_FEM_PL+hu/POSS_PRON_3MS');
  assert.equal(withoutCaseOrMood('+a/IVSUFF_MOOD:S'), '');
  assert.equal(withoutCaseOrMood('+uwA/IVSUFF_SUBJ:MP_MOOD:SJ'), '+uwA/IVSUFF_SUBJ:MP');
});

/** Category names of the tables, with their pairs. */
function tables() {
  const lex = loadLexicon(dataPaths.bama(), { caseEndings: true });
  const caseBearing = new Map<number, Set<number>>(); // case-bearing category → its caseless bases
  for (const form of lex.suffixes.forms()) {
    const list = lex.suffixes.get(form)!;
    for (const c of list.filter((e) => e.commented && e.cat >= 0)) {
      for (const e of list.filter((x) => !x.commented && withoutCaseOrMood(x.pos) === withoutCaseOrMood(c.pos))) {
        if (!caseBearing.has(c.cat)) caseBearing.set(c.cat, new Set());
        caseBearing.get(c.cat)!.add(e.cat);
      }
    }
  }
  return { lex, caseBearing };
}

/** Stem classes that take `base` but none of the case endings extending it, and the reverse. */
function stemGaps(base: string): { caseless: string[]; caseOnly: string[] } {
  const { lex, caseBearing } = tables();
  const b = lex.categoryNames.indexOf(base);
  const ks = [...caseBearing].filter(([, bases]) => bases.has(b)).map(([k]) => k);
  const caseless: string[] = [];
  const caseOnly: string[] = [];
  lex.categoryNames.forEach((name, x) => {
    const withCase = ks.some((k) => lex.bc.has(x, k));
    if (lex.bc.has(x, b) && !withCase && name.startsWith('N')) caseless.push(name);
    if (!lex.bc.has(x, b) && withCase) caseOnly.push(name);
  });
  return { caseless: caseless.sort(), caseOnly: caseOnly.sort() };
}

test('the tables: every nominal stem class with the null suffix takes the case vowels, except the indeclinable ones', () => {
  // the exceptions docs/case-endings.md lists: invariable nouns, defective classes (their stems in -iy take
  // case endings as categories of their own, src/analyzer/rules/defective.ts), proper names
  const { caseless, caseOnly } = stemGaps('Suff-0');
  assert.deepEqual(caseless, ['N0', 'N0F', 'N0F_Nh', 'N0F_Nh_L', 'N0_L', 'Nprop']);
  // nouns in final hamza (majiy}) take only the case-bearing suffixes: the reference has no bare form of them
  assert.deepEqual(caseOnly, ['NF_Nhy']);
  for (const base of ['NSuff-ap', 'NSuff-At', 'NSuff-|t', 'NSuff-h', 'NSuff-ath']) {
    assert.deepEqual(stemGaps(base), { caseless: [], caseOnly: [] }, base);
  }
  assert.deepEqual(vocs(reference(), 'mjy}'), []);
  assert.deepEqual(vocs(withCase(), 'mjy}'), ['majiy}u', 'majiy}a', 'majiy}i', 'majiy}N', 'majiy}K']);
});

test('the tables: no prefix class with the article combines with an indefinite (tanween) ending', () => {
  const { lex, caseBearing } = tables();
  const indefinite = [...caseBearing.keys()].filter((k) => /INDEF/.test(
    [...lex.suffixes.forms()].flatMap((f) => lex.suffixes.get(f)!).find((e) => e.cat === k)!.pos));
  assert.ok(indefinite.length >= 5);
  const withArticle = new Set<number>();
  for (const form of lex.prefixes.forms()) for (const e of lex.prefixes.get(form)!) if (/\/DET\b/.test(e.pos)) withArticle.add(e.cat);
  assert.ok(withArticle.size >= 4);
  for (const a of withArticle) for (const k of indefinite) {
    assert.ok(!lex.ac.has(a, k), `${lex.categoryNames[a]} + ${lex.categoryNames[k]}`);
  }
});

test('over every word of UD Arabic-PUD: the article never gets tanween, and the option adds nothing but case endings and mood vowels', () => {
  const words = new Set<string>();
  for (const line of readFileSync(dataPaths.pudConllu(), 'utf8').split('\n')) {
    if (line.startsWith('# text = ')) for (const w of line.slice(9).split(/[\s.,:;!?()"«»،؛؟-]+/)) if (w) words.add(lookupForm(w));
  }
  assert.ok(words.size > 5000);
  let added = 0;
  for (const w of words) {
    const sols = withCase().solve(w);
    for (const s of sols) {
      assert.ok(!(/\/DET\+/.test(s.morph) && /CASE_INDEF/.test(s.morph)), `${w}: ${s.morph}`);
    }
    // an analysis without a case ending or singular mood is one of the reference's: the option only adds those
    const ref = new Set(reference().solve(w).map((s) => `${s.lemma} ${s.morph}`));
    for (const s of sols) {
      if (/CASE_|\+[a-z]?\/IVSUFF_MOOD:/.test(s.morph)) added++;
      else assert.ok(ref.has(`${s.lemma} ${s.morph}`), `${w}: ${s.morph}`);
    }
  }
  assert.ok(added > words.size, `case-bearing analyses: ${added}`);
});
