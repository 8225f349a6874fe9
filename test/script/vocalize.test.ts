import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fromBuckwalter, stripArabicDiacritics } from '../../src/script/buckwalter.js';
import { alignLetters, vocalizeWord } from '../../src/script/vocalize.js';

const MARKS = /[\u064b-\u0652\u0670]/g;
const stripMarks = (s: string): string => s.replace(MARKS, '');
/** Renders with the Arabic input given as Buckwalter for readability. */
const v = (bwWord: string, voc: string, morph = '', options = {}): string => vocalizeWord(fromBuckwalter(bwWord), voc, morph, options);
const ar = fromBuckwalter;

test('long vowels: fatha before alif and alif maqsura, kasra before ya, damma before waw', () => {
  assert.equal(v('ktAb', 'kitAb', 'kitAb/NOUN', { sukun: false }), ar('kitaAb'));
  assert.equal(v('ktAb', 'kitAb', 'kitAb/NOUN'), ar('kitaAb'), 'the missing case ending of a noun gets no sukun');
  assert.equal(v('EbAs', 'Eb', ''), ar('EbAs'), 'letters the analysis lacks get no marks');
  assert.equal(v('mhndsyn', 'muhandsyn', '', { sukun: false }), ar('muhandsiyn'));
  assert.equal(v('yqwl', 'yqwlu', 'yaqwl/VERB_IMPERFECT+u/IVSUFF_MOOD:I'), ar('yaquwlu'));
  assert.equal(v('yktb', 'yakotub', 'ya/IV3MS+kotub/VERB_IMPERFECT+/IVSUFF_MOOD:J'), ar('yakotubo'), 'the jussive: sukun on the last letter');
  assert.equal(v('yktb', 'yakotub', 'ya/IV3MS+kotub/VERB_IMPERFECT'), ar('yakotub'), 'no mood said: left bare');
  assert.equal(v('ybdw', 'yaboduw', 'ya/IV3MS+boduw/VERB_IMPERFECT+/IVSUFF_MOOD:I'), ar('yaboduw'), 'a long vowel takes no sukun');
  assert.equal(v('ElY', 'EalY', 'EalY/PREP'), ar('EalaY'));
});

test('the article: shadda on a sun letter, lam left bare; sukun on the lam before a moon letter', () => {
  assert.equal(v('Alr}ys', 'Alra}iys', 'Al/DET+ra}iys/NOUN'), ar('Alr~a}iys'));
  assert.equal(v('ll$ms', 'lil$amos', 'li/PREP+Al/DET+$amos/NOUN'), ar('lil$~amos'));
  assert.equal(v('wAl$ms', 'waAl$amos', 'wa/CONJ+Al/DET+$amos/NOUN'), ar('waAl$~amos'));
  assert.equal(v('AlbHr', 'AlbaHr', 'Al/DET+baHr/NOUN'), ar('AlobaHor'));
  assert.equal(v('AlbHr', 'AlbaHr', 'Al/DET+baHr/NOUN', { sukun: false }), ar('AlbaHr'));
  assert.equal(v('Altzm', '{ilotazama', '{ilotazam/VERB_PERFECT+a/PVSUFF_SUBJ:3MS'), ar('Alotazama'), 'a form VIII verb is no article');
});

test('tanween fatha goes on the letter before a final alif', () => {
  assert.equal(v('EDwA', 'EuDowAF', 'EuDow/NOUN+AF/NSUFF_MASC_SG_ACC_INDEF'), ar('EuDowFA'));
  assert.equal(v('ktAbA', 'kitAbaAF'), ar('kitaAbFA'));
});

test('dagger alif only where the text writes no alif; fatha before it', () => {
  assert.equal(v('h*A', 'h`*A', 'h`*A/DEM_PRON_MS'), ar('ha`*aA'));
  assert.equal(v('h*A', 'h`*A', 'h`*A/DEM_PRON_MS', { daggerAlif: false }), ar('ha*aA'));
  assert.equal(v('hA*A', 'h`*A', ''), ar('haA*aA'), 'هاذا: the written alif replaces the dagger');
});

test('one vowel per letter: a stem/suffix clash keeps the first', () => {
  assert.equal(v('ylqwn', 'yaloqauwna', 'ya/IV3MP+loqa/VERB_IMPERFECT+uwna/IVSUFF_SUBJ:MP_MOOD:I'), ar('yaloqawona'));
});

test('vowels the vocalization leaves out are taken from the morphology (pronoun suffixes)', () => {
  assert.equal(v('ktAbh', 'kitAbh', 'kitAb/NOUN+hu/POSS_PRON_3MS'), ar('kitaAbhu'), 'the case slot before the pronoun stays bare');
  assert.equal(v('EnhA', 'EanhA', 'Ean/PREP+hA/PRON_3FS'), ar('EanohaA'));
});

test('the typed letters are kept: hamza seats, alif forms, ta marbuta, wasla', () => {
  assert.equal(v('ms}wl', 'mas&uwl'), ar('maso}uwl'));
  assert.equal(v('AElnt', '>aEolanat', '>aEolan/VERB_PERFECT+at/PVSUFF_SUBJ:3FS'), ar('AaEolanato'));
  assert.equal(v('{ltzm', '{ilotazama'), ar('{lotazama'));
  assert.equal(v('mdrsh', 'madrasap'), ar('madorasah'));
});

test('marks already typed are kept and never doubled', () => {
  assert.equal(v('kataba', 'kutiba'), ar('kataba'));
  assert.equal(v('k~tb', 'kat~aba'), ar('k~at~aba'));
  assert.equal(v('d~r', 'dar~a'), ar('d~ar~a'));
});

test('alignment skips letters the analysis does not have', () => {
  assert.deepEqual(alignLetters(['k', 't', 'A', 'b'], ['k', 't', 'b']), [0, 1, -1, 2]);
  assert.deepEqual(alignLetters(['A', 'l'], ['>', 'l']), [0, 1]);
});

const LETTERS = "'|>&<}AbptvjHxd*rzs$SDTZEgfqklmnhwYy{";
const MARKS_BW = 'aiuoFNK~`';
const bwWord = (alphabet: string, min: number) => fc.array(fc.constantFrom(...alphabet), { minLength: min, maxLength: 12 }).map((a) => a.join(''));

test('property: stripping the marks of the output gives back the typed word, for any analysis', () => {
  fc.assert(fc.property(
    bwWord(LETTERS + MARKS_BW + '_', 1), bwWord(LETTERS + MARKS_BW, 0), fc.boolean(), fc.boolean(),
    (typed, voc, sukun, daggerAlif) => {
      const word = ar(typed);
      const out = vocalizeWord(word, voc, '', { sukun, daggerAlif });
      assert.equal(stripMarks(out), stripMarks(word));
      if (stripMarks(word) === word) assert.equal(stripArabicDiacritics(out), stripArabicDiacritics(word));
    },
  ), { seed: 10, numRuns: 2000 });
});

test('property: no letter of the output carries two vowels or two shaddas', () => {
  fc.assert(fc.property(bwWord(LETTERS, 1), bwWord(LETTERS + MARKS_BW, 0), (typed, voc) => {
    const out = vocalizeWord(ar(typed), voc, `${voc}/NOUN`);
    for (const cluster of out.match(/[\u064b-\u0652\u0670]+/g) ?? []) {
      assert.ok((cluster.match(/[\u064b-\u0650\u0652]/g) ?? []).length <= 1, `two vowels in ${out}`);
      assert.ok((cluster.match(/\u0651/g) ?? []).length <= 1, `two shaddas in ${out}`);
    }
  }), { seed: 11, numRuns: 2000 });
});

test('li + the article before a stem in lam: shadda on the stem lam', () => {
  assert.equal(v('llgp', 'lilugap', 'li/PREP+Al/DET+lug/NOUN+ap/NSUFF_FEM_SG'), ar('lil~ugap'));
});

test('a vowel the analysis puts on a long alif goes to the letter before it', () => {
  assert.equal(v('HyAth', 'HayAath', 'HayA/NOUN+ap/NSUFF_FEM_SG+hu/POSS_PRON_3MS'), ar('HayaAthu'));
});

test('hamzat wasl: bare on a typed alif, its kasra kept on a typed hamza-below alif', () => {
  assert.equal(v('AlAvnyn', 'Al{ivonayoni', 'Al/DET+{ivonayoni/NOUN'), ar('AliAvonayoni'), 'the article lam takes a helping kasra');
  assert.equal(v('Al<vnyn', 'Al{ivonayoni', 'Al/DET+{ivonayoni/NOUN'), ar('Alo<ivonayoni'), 'before a typed hamza, sukun');
});

test('pronoun suffix vowel from the morphology, -hi after y', () => {
  assert.equal(v('Elyh', 'Ealayoh', 'Ealay/PREP+hu/PRON_3MS'), ar('Ealayohi'));
  assert.equal(v('ywAjhhA', 'yuwAjihhA', 'yu/IV3MS+wAjih/VERB_IMPERFECT+hA/IVSUFF_DO:3FS'), ar('yuwaAjihhaA'), 'the mood slot before the object stays bare');
});

test('a name never starts with a vowelless consonant: kasra on its bare first letter, fatha on a bare أ', () => {
  assert.equal(v('flym', 'fliymu', 'flym/NOUN_PROP+u/CASE_DEF_NOM'), ar('filiymu'));
  assert.equal(v('bryTAnyA', 'briyTAniyA', 'briyTAniyA/NOUN_PROP'), ar('biriyTaAniyaA'));
  assert.equal(v('>t$', '>ti$u', '>t$/NOUN_PROP+u/CASE_DEF_NOM'), ar('>ati$u'));
  assert.equal(v('wflym', 'wafliymu', 'wa/CONJ+flym/NOUN_PROP+u/CASE_DEF_NOM'), ar('wafoliymu'), 'after a proclitic the cluster is broken already');
  assert.equal(v('mbnY', 'mbnY', 'mbnY/NOUN'), ar('mbonaY'), 'not a name: no vowel guessed for an analysis without vowels');
});

test('no two sukuns in a row', () => {
  assert.equal(v('>rslAn', '>arslAn', '>arslAn/NOUN_PROP'), ar('>arosolaAn').replace(ar('so'), ar('s')));
});

test('final alif and alif maqsura: tanween goes before them, a case vowel on them is not written; long ya carries no case vowel', () => {
  assert.equal(v('qDAyA', 'qaDAyAi', 'qaDAyA/NOUN+i/CASE_DEF_GEN'), ar('qaDaAyaA'));
  assert.equal(v('mbnY', 'mabonaYF', 'mabonaY/NOUN+F/CASE_INDEF_ACC'), ar('mabonFY'));
  assert.equal(v('AlqADy', 'AlqADiyu', 'Al/DET+qADiy/NOUN+u/CASE_DEF_NOM'), ar('AloqaADiy'));
  // nor one before a pronoun, which then reads -hi… (أَيْدِيهِمْ; the accusative keeps its fatha)
  assert.equal(v('>ydyhm', '>ayodiyuhum', '>ayodiy/NOUN+u/CASE_DEF_NOM+hum/POSS_PRON_3MP'), ar('>ayodiyhimo'));
  assert.equal(v('>ydyhm', '>ayodiyihim', '>ayodiy/NOUN+i/CASE_DEF_GEN+hum/POSS_PRON_3MP'), ar('>ayodiyhimo'));
  assert.equal(v('>ydyhm', '>ayodiyahum', '>ayodiy/NOUN+a/CASE_DEF_ACC+hum/POSS_PRON_3MP'), ar('>ayodiyahumo'));
  assert.equal(v('twlyh', 'tawal~iyuhu', 'tawal~iy/NOUN+u/CASE_DEF_NOM+hu/POSS_PRON_3MS'), ar('tawal~iyhi'));
  assert.equal(v('wAlstyn', 'waAlsit~iyna', 'wa/CONJ+Al/DET+sit~/NOUN+iyona/NSUFF_MASC_PL_ACCGEN'), ar('waAls~it~iyna'));
  assert.equal(v('fysbwk', 'fysbwk', 'fysbwk/NOUN_PROP'), ar('fiysobuwk'));
  assert.equal(v('twfy', 'tuwuf~iya', 'tuwuf~iy/VERB_PERFECT+a/PVSUFF_SUBJ:3MS'), ar('tuwuf~iya'), 'a waw with its own damma is a consonant');
  assert.equal(v('jzA}ryyn', 'jazA}iriy~iyna', 'jazA}iriy~/ADJ+iyna/NSUFF_MASC_PL_ACCGEN'), ar('jazaA}iriy~iyna'), 'a doubled ya keeps its vowel');
});
