/**
 * Where the time of tagging raw text goes, one thread, printed as JSON: the steps of
 * `Tagger.tagText` (src/rank/tag-steps.ts) timed one by one — analysis (with the dagger-alif
 * joins), C(t) per word type (src/rank/word-types.ts), the document's features, the local scores
 * Σθ·z, the sequence decoding, the ranking and the output objects (src/rank/tagger.ts) — for
 * three texts in one process: UD Arabic-PUD's raw sentences with everything cold (the process's
 * first text), then `--text FILE`, a text the tagger has not seen (its caches hold PUD's words
 * only), then the same text again `--repeat` times (warm: the best run is kept), and last PUD
 * again in a second tagger loaded afresh (its own model, analyzer and caches: only the compiled
 * code is shared), which tells what a first pass costs for want of compiled code from what it
 * costs for its new words. Per text: Arabic words, the word types it added to the tagger's
 * cache, milliseconds per step, words per wall and per CPU second (CPU time of the process, so
 * the collector's helper threads count). With `--profile FILE`, the new text's run is also
 * sampled (node:inspector) and the functions with the most self time are listed.
 *
 * Run: `node dist/bench/tag-phases.js --model DIR --text FILE [--repeat 3] [--profile out.cpuprofile] [--top 25]`.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { joinDaggerAlif } from '../src/analyzer/dagger.js';
import { dataPaths } from '../bin/data.js';
import { splitSentences } from '../src/formats/text.js';
import { readTextFile, splitLines } from '../src/io.js';
import { taggedSentence, Tagger } from '../src/rank/tagger.js';
import { rankToken } from '../src/rank/types.js';
import { rendererKeys, vocalizeOptionsKey, type Renderer } from '../src/rank/render-cache.js';
import { argNumber, argValue, errorLine, exitOnHelp, round } from './common.js';

/** The steps timed, in pipeline order. */
const STEPS = ['analysis', 'candidates', 'documentFeatures', 'localScores', 'sequenceDecoding', 'ranking', 'output'] as const;
type Step = (typeof STEPS)[number];

/** One text tagged as tagText tags it (top 1, default options), each step timed; returns Arabic words and ms per step. */
function timedTag(tagger: Tagger, text: string): { words: number; newTypes: number; ms: Record<Step, number>; wallMs: number; cpuMs: number } {
  const types = tagger.words.size;
  const ms = Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<Step, number>;
  const c0 = process.cpuUsage();
  const start = performance.now();
  let t = start;
  const lap = (s: Step): void => {
    const now = performance.now();
    ms[s] += now - t;
    t = now;
  };
  const a = tagger.analyzer;
  const lines = splitLines(text).map((l) => joinDaggerAlif(a.analyzeLine(l), a));
  lap('analysis');
  const sentences = tagger.words.sentences(splitSentences(lines));
  lap('candidates');
  const { model, ranker } = tagger;
  const df = model.extractor.document({ id: 'text', sentences });
  lap('documentFeatures');
  const optionsKey = vocalizeOptionsKey({});
  const render: Renderer = { cache: tagger.rendered, optionsKey, keys: rendererKeys(optionsKey) };
  let words = 0;
  sentences.forEach((s, si) => {
    const local = ranker.localScores(df, s, si);
    lap('localScores');
    const scores = model.sequence ? model.sequence.decode(s.tokens, local, model.info.temperature) : local;
    lap('sequenceDecoding');
    const ranked = scores.map((x, ti) => rankToken(s.tokens[ti], x, ranker.temperature));
    lap('ranking');
    for (const tok of taggedSentence(ranked, 1, {}, render).tokens) if (tok.arabic) words++;
    lap('output');
  });
  const c = process.cpuUsage(c0);
  return { words, newTypes: tagger.words.size - types, ms, wallMs: performance.now() - start, cpuMs: (c.user + c.system) / 1000 };
}

/** The JSON of one timed run. */
function report(r: ReturnType<typeof timedTag>): Record<string, unknown> {
  return {
    arabicWords: r.words,
    newWordTypes: r.newTypes,
    wordsPerWallSecond: Math.round((r.words * 1000) / r.wallMs),
    wordsPerCpuSecond: Math.round((r.words * 1000) / r.cpuMs),
    ms: Object.fromEntries(STEPS.map((s) => [s, round(r.ms[s], 1)])),
  };
}

/** Self time per function of a V8 CPU profile, the `top` largest, in ms. */
function selfTimes(profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>; samples: number[]; timeDeltas: number[] }, top: number): Array<[string, number]> {
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byName = new Map<string, number>();
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
    byName.set(name, (byName.get(name) ?? 0) + (byNode.get(n.id) ?? 0));
  }
  return [...byName].sort((x, y) => y[1] - x[1]).slice(0, top).map(([k, us]) => [k, round(us / 1000, 1)]);
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const dir = argValue(argv, '--model');
  const file = argValue(argv, '--text');
  if (!dir || !file) throw new Error('usage: node dist/bench/tag-phases.js --model DIR --text FILE [--repeat 3] [--profile FILE] [--top 25]');
  const repeat = argNumber(argv, '--repeat', 3);
  const tagger = await Tagger.load(dir, { tables: dataPaths.bama() });
  const pud = timedTag(tagger, readTextFile(dataPaths.referenceSentences()));
  const text = readTextFile(file);
  const profileFile = argValue(argv, '--profile');
  const session = profileFile ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const fresh = timedTag(tagger, text);
  let hot: Array<[string, number]> | undefined;
  if (session && profileFile) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
    hot = selfTimes(profile as unknown as Parameters<typeof selfTimes>[0], argNumber(argv, '--top', 25));
    session.disconnect();
  }
  const warm = Array.from({ length: repeat }, () => timedTag(tagger, text)).sort((x, y) => x.wallMs - y.wallMs)[0];
  const compiled = timedTag(await Tagger.load(dir, { tables: dataPaths.bama() }), readTextFile(dataPaths.referenceSentences()));
  console.log(JSON.stringify({
    kind: 'lexdis-bench-tag-phases', model: dir, text: file,
    pudCold: report(pud), newText: report(fresh), warm: { runs: repeat, best: report(warm) }, pudColdCompiled: report(compiled),
    ...(hot ? { newTextSelfMs: Object.fromEntries(hot), profiled: 'newText (sampling slows it down)' } : {}),
  }, null, 2));
}

main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
