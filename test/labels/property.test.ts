/** Property tests (fast-check, seeded): random well-formed labels from the known tag inventory. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { LABEL_ELEMENTS } from '../../src/labels/elements.js';
import { factorize, factorizeDetailed, formatMorph, parseMorph, type MorphSegment } from '../../src/labels/factorize.js';
import { FIXED_STEM_TAGS, PNG_CODES, stemInfo } from '../../src/labels/tags.js';

const SEED = 20100710;
const RUNS = 10_000;

const BW_LETTERS = "'|>&<}AbptvjHxd*rzs$SDTZEg_fqklmnhwYyFNKaui~o`{";
const voc = fc.string({ unit: fc.constantFrom(...BW_LETTERS), maxLength: 6 });

const PROCLITICS = ['CONJ', 'PREP', 'FUT', 'SUBJUNC', 'FUT_PART', 'EMPHATIC_PARTICLE', 'RESULT_CLAUSE_PARTICLE',
  'INTERROG_PART', 'NEG_PART', 'SUB_CONJ', 'CONNEC_PART', 'RC_PART', 'JUS_PART', 'EMPHATIC_PART', 'VOC_PART', 'INTERJ'];
const IV_PREFIXES = ['1S', '1P', '2MS', '2FS', '2D', '2MP', '2FP', '3MS', '3FS', '3MD', '3FD', '3MP', '3FP'].map((c) => `IV${c}`);
const STEMS = [...FIXED_STEM_TAGS, ...PNG_CODES.map((c) => `PRON_${c}`), 'DEM_PRON_MS', 'DEM_PRON_F', 'DEM_PRON_FD', 'DEM_PRON_MP'];
const MOODS = ['', '_MOOD:I', '_MOOD:SJ', '_MOOD:S', '_MOOD:J'];
const NSUFFS = ['NSUFF_FEM_SG', 'NSUFF_FEM_PL', 'NSUFF_MASC_DU_NOM', 'NSUFF_MASC_DU_ACCGEN_POSS', 'NSUFF_FEM_DU_ACCGEN',
  'NSUFF_MASC_PL_NOM_POSS', 'NSUFF_MASC_SG_ACC_INDEF', 'NSUFF_MASC_PL_GEN', 'NSUFF_MASC_DU_ACC_POSS'];
const CASES = ['NOM', 'ACC', 'GEN'].flatMap((c) => [`CASE_DEF_${c}`, `CASE_INDEF_${c}`]);
const INFL = [
  ...NSUFFS, ...CASES, ...PNG_CODES.map((c) => `PVSUFF_SUBJ:${c}`),
  ...['MP', 'FP', 'D', '3MP', '2FS', '3D', '3FP'].flatMap((c) => MOODS.map((m) => `IVSUFF_SUBJ:${c}${m}`)),
  'IVSUFF_MOOD:I', 'IVSUFF_MOOD:S', 'IVSUFF_MOOD:J', 'CVSUFF_SUBJ:2MS', 'CVSUFF_SUBJ:2FS', 'CVSUFF_SUBJ:2MP',
];
const CLITICS = PNG_CODES.flatMap((c) => [`POSS_PRON_${c}`, `PVSUFF_DO:${c}`, `IVSUFF_DO:${c}`, `CVSUFF_DO:${c}`, `PRON_${c}`]);

interface Built { lemma: string; segments: MorphSegment[]; proclitics: string[]; det: boolean; stem: string }

const label: fc.Arbitrary<Built> = fc.record({
  lemma: fc.string({ maxLength: 12 }),
  proclitics: fc.array(fc.constantFrom(...PROCLITICS), { maxLength: 3 }),
  det: fc.boolean(),
  iv: fc.option(fc.constantFrom(...IV_PREFIXES), { nil: undefined }),
  stem: fc.constantFrom(...STEMS),
  infl: fc.array(fc.constantFrom(...INFL), { maxLength: 2 }),
  clitics: fc.array(fc.constantFrom(...CLITICS), { maxLength: 2 }),
  vocs: fc.array(voc, { minLength: 10, maxLength: 10 }),
}).map((r) => {
  const tags = [...r.proclitics, ...(r.det ? ['DET'] : []), ...(r.iv ? [r.iv] : []), r.stem, ...r.infl, ...r.clitics];
  return {
    lemma: r.lemma, proclitics: r.proclitics, det: r.det, stem: r.stem,
    segments: tags.map((tag, i) => ({ voc: r.vocs[i], tag })),
  };
});

const hasPron = (b: Built) => b.segments.some((s) => s.tag.startsWith('PRON_'));

test('factorize never throws, is deterministic, and fills every element with a string', () => {
  fc.assert(fc.property(label, (b) => {
    const morph = formatMorph(b.segments);
    const a = factorize(b.lemma, morph);
    const again = factorize(b.lemma, morph);
    assert.deepEqual(a, again);
    assert.deepEqual(Object.keys(a), [...LABEL_ELEMENTS]);
    for (const v of Object.values(a)) assert.equal(typeof v, 'string');
    assert.equal(a.lemma, b.lemma);
  }), { seed: SEED, numRuns: RUNS });
});

test('labels built from the known inventory have a stem, a pos and no unknown tag', () => {
  fc.assert(fc.property(label, (b) => {
    const f = factorizeDetailed(b.lemma, formatMorph(b.segments));
    assert.ok(f.stem >= 0 && f.elements.pos !== '');
    assert.deepEqual(f.unknownTags, []);
  }), { seed: SEED + 1, numRuns: RUNS });
});

test('parseMorph inverts formatMorph when vocalizations hold no + or /', () => {
  fc.assert(fc.property(label, (b) => {
    assert.deepEqual(parseMorph(formatMorph(b.segments)), b.segments);
  }), { seed: SEED + 2, numRuns: RUNS });
});

test('without PRON_ tags, elements depend on the tags alone: prefixes, det and pos as built', () => {
  fc.assert(fc.property(label, fc.array(voc, { minLength: 10, maxLength: 10 }), (b, otherVocs) => {
    fc.pre(!hasPron(b));
    const el = factorize(b.lemma, formatMorph(b.segments));
    const revoiced = b.segments.map((s, i) => ({ voc: otherVocs[i], tag: s.tag }));
    assert.deepEqual(factorize(b.lemma, formatMorph(revoiced)), el);
    assert.equal(el.pre1, b.proclitics.at(-1) ?? '');
    assert.equal(el.pre2, b.proclitics.slice(0, -1).join('+'));
    assert.equal(el.det, b.det ? 'DET' : '');
    assert.equal(el.pos, stemInfo(b.stem)!.pos);
  }), { seed: SEED + 3, numRuns: RUNS });
});

test('labels with different lemmas or different stem tags have different elements', () => {
  fc.assert(fc.property(label, label, (a, b) => {
    const ea = factorize(a.lemma, formatMorph(a.segments));
    const eb = factorize(b.lemma, formatMorph(b.segments));
    if (a.lemma !== b.lemma) assert.notDeepEqual(ea, eb);
    if (!hasPron(a) && !hasPron(b) && stemInfo(a.stem)!.pos !== stemInfo(b.stem)!.pos) assert.notEqual(ea.pos, eb.pos);
  }), { seed: SEED + 4, numRuns: RUNS });
});

test('arbitrary strings never make factorize throw', () => {
  fc.assert(fc.property(fc.string({ maxLength: 40 }), fc.string({ unit: fc.constantFrom('a', 'A', '/', '+', '_', ':', ' ', 'N'), maxLength: 30 }), (lemma, morph) => {
    const el = factorize(lemma, morph);
    for (const e of LABEL_ELEMENTS) assert.equal(typeof el[e], 'string');
  }), { seed: SEED + 5, numRuns: RUNS });
});
