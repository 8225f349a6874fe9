import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readPosFile, writePosFile, type PosAlternative, type PosDocument, type PosFile, type PosSolution, type PosToken } from '../../../src/formats/pos/pos.js';

/** Characters that stress the line syntax: Arabic, spaces, tabs and every delimiter the format uses. */
const CHARS = ['a', 'b', 'k', ' ', '\t', 'ك', 'ت', 'ب', '\u064e', '(', ')', '[', ']', '*', ':', '+', '/', '~', ';', '#', '<', '>', 'P', '1', '_', '.'];
const text = (minLength = 0, maxLength = 8, chars = CHARS) =>
  fc.string({ unit: fc.constantFrom(...chars), minLength, maxLength });
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const score = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -100000, max: 100000 }).map((i) => i / 10000),
).filter((x) => !Object.is(x, -0));

const solution: fc.Arbitrary<PosSolution> = fc
  .record({
    n: fc.integer({ min: 1, max: 999 }),
    voc: text(0, 8, CHARS.filter((c) => c !== '(' && c !== ')')),
    lemma: opt(text(0, 8, CHARS.filter((c) => c !== '[' && c !== ']'))),
    morph: text(1, 12),
    gloss: opt(text(0, 10)),
    score: opt(score),
  })
  .filter((s) => s.morph.trim() !== '' && !s.morph.startsWith('['))
  .map(({ n, voc, lemma, morph, gloss, score }) => {
    const s: PosSolution = { n, gold: false, voc, morph };
    if (lemma !== undefined) s.lemma = lemma;
    if (gloss !== undefined) s.gloss = gloss;
    if (score !== undefined) s.score = score;
    return s;
  });

const alternative: fc.Arbitrary<PosAlternative> = fc
  .record({
    form: text(),
    comments: fc.array(text(), { maxLength: 2 }),
    solutions: fc.array(solution, { maxLength: 2 }),
  })
  .map(({ form, comments, solutions }) => ({ form, comments, solutions }));

const token: fc.Arbitrary<Omit<PosToken, 'index'>> = fc
  .record({
    input: text(),
    lookup: opt(text()),
    comments: fc.array(text(), { maxLength: 2 }),
    solutions: fc.array(solution, { maxLength: 3 }),
    alternatives: fc.array(alternative, { maxLength: 2 }),
    stars: fc.array(fc.nat(), { maxLength: 3 }),
  })
  .map(({ input, lookup, comments, solutions, alternatives, stars }) => {
    // Copies, so that generated values are never mutated; the stars (none, one or several) go where
    // the reader allows them.
    const own = solutions.map((s) => ({ ...s }));
    const alts = alternatives.map((a) => ({ ...a, solutions: a.solutions.map((s) => ({ ...s })) }));
    const eligible = own.length > 0 ? own : alts.flatMap((a) => a.solutions);
    for (const star of stars) if (eligible.length > 0) eligible[star % eligible.length].gold = true;
    const t: PosToken = { input, comments, solutions: own, alternatives: alts };
    if (lookup !== undefined) t.lookup = lookup;
    return t;
  });

/** Tokens of one document, all indexed (contiguous paragraphs, unique PnWm) or none. */
const tokens = (minLength: number): fc.Arbitrary<PosToken[]> =>
  fc
    .record({
      list: fc.array(fc.record({ t: token, newParagraph: fc.boolean(), step: fc.integer({ min: 1, max: 3 }) }), {
        minLength,
        maxLength: 5,
      }),
      indexed: fc.boolean(),
    })
    .map(({ list, indexed }) => {
      let paragraph = 0;
      let word = 0;
      return list.map(({ t, newParagraph, step }, i) => {
        if (!indexed) return t;
        if (i === 0 || newParagraph) [paragraph, word] = [paragraph + step, 0];
        word += step;
        return { ...t, index: { paragraph, word } };
      });
    });

const posFile: fc.Arbitrary<PosFile> = fc
  .record({
    leadingBlank: fc.boolean(),
    implicit: opt(tokens(1)),
    named: fc.uniqueArray(
      fc.record({ id: text(1, 6).filter((id) => id.trim() !== '' && id !== 'doc1'), tokens: tokens(0) }),
      { maxLength: 3, selector: (d) => d.id },
    ),
  })
  .map(({ leadingBlank, implicit, named }) => {
    // Plain objects (fast-check records have a null prototype, which deepEqual would notice).
    const explicit: PosDocument[] = named.map(({ id, tokens }) => ({ id, tokens }));
    const documents: PosDocument[] = implicit ? [{ tokens: implicit }, ...explicit] : explicit;
    return { leadingBlank, documents };
  });

test('property: write → read gives the model back and write(read(write(m))) === write(m) (10,000 seeded cases)', () => {
  fc.assert(
    fc.property(posFile, (model) => {
      const written = writePosFile(model);
      // read as a part of a file: a generated last token may be one pos-end.ts takes for a cut
      // (test/reliability/cut-pos.test.ts)
      const read = readPosFile(written, 'generated.pos', null);
      assert.deepEqual(read, { source: 'generated.pos', ...model });
      assert.equal(writePosFile(read), written);
    }),
    { numRuns: 10_000, seed: 20100501 },
  );
});
