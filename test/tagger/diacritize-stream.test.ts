/**
 * Streaming diacritization (src/tagger/diacritize-stream.ts) against the whole-input path: the
 * same text within one window; across small windows, every character not in an Arabic word
 * copied, the typed letters unchanged, one JSON line per input line; bad input aborts the sink.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { dataPaths } from '../../bin/data.js';
import { InputParseError } from '../../src/errors.js';
import { diacritizeText } from '../../src/tagger/diacritize.js';
import { diacritizeStream, type DiacritizeStreamOptions } from '../../src/tagger/diacritize-stream.js';
import { Tagger } from '../../src/tagger/tagger.js';
import { ownReadingOrder } from '../../src/tagger/tagged.js';
import type { Candidate, CandidateSource } from '../../src/corpus/types.js';
import type { RankedCandidate } from '../../src/tagger/types.js';
import { train } from '../../training/train.js';
import { bamaAnalyzer, pudCorpus } from '../helpers/pud.js';
import { memorySink } from '../helpers/memory-sink.js';

let dir = '';
let tagger: Tagger;
let text = '';
const MARKS = /[\u064B-\u0652\u0670]/g;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-diac-stream-'));
  const { model } = await train(pudCorpus(150), { workers: 0, featureSet: 'aggr', seed: 3 });
  tagger = new Tagger(model, bamaAnalyzer());
  const lines = readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(0, 14);
  text = lines.join('\r\n') + '\n\n  Latin words, 1,234 and — punctuation.\n' + lines[0];
  writeFileSync(join(dir, 'in.txt'), text);
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function streamed(options: Partial<DiacritizeStreamOptions>): Promise<string> {
  const sink = memorySink();
  await diacritizeStream(tagger, join(dir, 'in.txt'), sink, options);
  assert.equal(sink.state, 'committed');
  return sink.text;
}

test('within one window the streamed text is the whole-input diacritization', async () => {
  const whole = diacritizeText(tagger, text).map((l) => l.text).join('');
  assert.equal(await streamed({ documentChars: 1 << 20 }), whole);
});

test('across small windows: the input comes back when the marks are stripped, and vowels were added', async () => {
  const out = await streamed({ documentChars: 300 });
  assert.equal(out.replace(MARKS, ''), text.replace(MARKS, '')); // PUD types a few marks itself
  assert.ok(out.length > text.length * 1.3, 'most Arabic words got vowels');
});

test('jsonl: one object per input line, numbered as the input', async () => {
  const objs = (await streamed({ format: 'jsonl', documentChars: 300 })).trim().split('\n').map((l) => JSON.parse(l) as { line: number; text: string });
  assert.deepEqual(objs.map((o) => o.line), text.split('\n').map((_, i) => i + 1));
  assert.deepEqual(objs.map((o) => o.text.replace(MARKS, '')), text.split('\n').map((l) => l.replace(/\r$/, '').replace(MARKS, '')));
});

test('a NUL byte aborts the sink with a located INPUT_PARSE error', async () => {
  writeFileSync(join(dir, 'bad.txt'), `${text}\n\u0000`);
  const sink = memorySink();
  await assert.rejects(diacritizeStream(tagger, join(dir, 'bad.txt'), sink, { documentChars: 300 }), InputParseError);
  assert.equal(sink.state, 'aborted');
});

test('with candidates: each word lists the renderings that share the shown analysis\' score (what the tie-break decides)', () => {
  // الجسيمات: two lemmas (جَسِيم, جُسَيْم) neither in the training part, whose analyses differ by nothing else
  const input = `${text}\nالجسيمات`;
  const words = diacritizeText(tagger, input, { candidates: true }).flatMap((p) => p.words).filter((w) => w.source !== 'none');
  const sentences = tagger.tagText(input, { top: Number.MAX_SAFE_INTEGER });
  const tokens = sentences.flatMap((s) => s.tokens).filter((t) => t.arabic && t.analyses.length > 0);
  assert.equal(words.length, tokens.length);
  words.forEach((w, i) => {
    const as = tokens[i].analyses;
    // a label seen in training is shown only when its vowels are its own (a name the projection
    // gave its backoff analysis: إِتْش)
    const shown = as.find((a) => !a.borrowedReading) ?? as[0];
    assert.equal(w.vocalized, shown.vocalized, w.input);
    assert.equal(w.tied![0], shown.vocalized);
    assert.equal(
      w.tied!.length,
      as.filter((a) => a.score === shown.score && Boolean(a.borrowedReading) === Boolean(shown.borrowedReading)).length,
      w.input,
    );
    assert.equal(w.candidates!.length, as.length);
  });
  assert.ok(words[words.length - 1].tied!.length > 1, 'the tie is seen');
  assert.ok(words.some((w) => w.tied!.length === 1));
  assert.equal(diacritizeText(tagger, text).flatMap((p) => p.words)[0].tied, undefined, 'only with candidates');
});

test('ownReadingOrder: a label seen only in training with borrowed vowels goes behind the best analysis with a vocalization of its own', () => {
  const c = (key: string, source: CandidateSource) =>
    ({ candidate: { key, source, ...(source === 'train' ? { borrowedReading: true } : {}) } as Candidate, score: 0 }) as RankedCandidate;
  const [t1, a1, t2, a2] = [c('t1', 'train'), c('a1', 'analyzer'), c('t2', 'train'), c('a2', 'backoff')];
  assert.deepEqual(ownReadingOrder([t1, t2, a1, a2]).map((r) => r.candidate.key), ['a1', 't1', 't2', 'a2']);
  const own = [a1, t1];
  assert.equal(ownReadingOrder(own), own, 'unchanged when the first has its own reading');
  const only = [t1, t2];
  assert.equal(ownReadingOrder(only), only, 'unchanged when nothing else is offered');
  // a label seen in training with vowels of its own (a treebank name given its backoff analysis) stays first
  const named = { candidate: { key: 'name', source: 'train' } as Candidate, score: 0 } as RankedCandidate;
  const withName = [named, a1];
  assert.equal(ownReadingOrder(withName), withName);
  // the vocalized text and tag with ownReadingFirst agree, and the plain ranking is the model's
  const plain = tagger.tagText(text, { top: 1 }).flatMap((s) => s.tokens);
  const first = tagger.tagText(text, { top: 1, ownReadingFirst: true }).flatMap((s) => s.tokens);
  assert.equal(plain.length, first.length);
  first.forEach((t, i) => {
    if (t.analyses.length === 0) return;
    if (plain[i].analyses[0].source !== 'train') assert.equal(t.analyses[0].voc, plain[i].analyses[0].voc);
  });
});
