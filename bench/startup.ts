/**
 * Where a one-sentence `lexdis diacritize` spends its start-up, step by step in a fresh process
 * (run it as a child of its own, as a user's command runs): the modules the command loads (from
 * its bundle, dist/bundle/cli.js, as bin/lexdis runs it: the program and the diacritize command;
 * tsc's modules when there is no bundle: `bundled` says which), the model file (Model.load), the
 * analyzer's tables (compiled in the model or parsed from the files: `analyzer.compiled` says
 * which), and the sentence itself (its first tagging, the code not yet compiled). `--no-bundle`:
 * tsc's modules even where the bundle is; `--also DIR`: a second model, its runs taking turns with
 * the first's (its medians under `also`). Each step's wall and CPU milliseconds (process.cpuUsage: the fairer figure
 * on a shared machine) and the RSS after it, as JSON; `--runs N` runs N fresh processes and
 * gives each step's median.
 *
 * Run: `node dist/bench/startup.js --model DIR [--also DIR] [--tables DIR] [--runs 5] [--sentence TEXT] [--no-bundle]`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dataPaths } from '../bin/data.js';
import { argNumber, argValue, errorLine, exitOnHelp, hasFlag, LEXDIS_NODE_ARGS, median, round, STARTUP_SENTENCE } from './common.js';

/** The steps, in order. */
const STEPS = ['modules', 'model', 'analyzer', 'sentence'] as const;
type Step = (typeof STEPS)[number];
type Times = Record<Step, { wallMs: number; cpuMs: number; rssMB: number }>;

/** One fresh process's steps (the child's side: `--child`). */
async function child(model: string, tables: string, sentence: string, useBundle: boolean): Promise<void> {
  const out = {} as Times & { compiled: boolean; bundled: boolean; total: { wallMs: number; cpuMs: number } };
  let t = performance.now();
  let c = process.cpuUsage();
  const restart = () => {
    t = performance.now();
    c = process.cpuUsage();
  };
  const lap = (step: Step) => {
    const d = process.cpuUsage(c);
    out[step] = {
      wallMs: round(performance.now() - t, 1),
      cpuMs: round((d.user + d.system) / 1000, 1),
      rssMB: Math.round(process.memoryUsage().rss / 2 ** 20),
    };
    restart();
  };
  // what `lexdis diacritize` imports: the program and its command module, and what they load
  const bundle = new URL('../bundle/cli.js', import.meta.url);
  out.bundled = useBundle && existsSync(bundle);
  if (out.bundled) await ((await import(bundle.href)) as typeof import('../bin/cli.js')).buildProgram(['node', 'lexdis', 'diacritize']);
  else await import('../bin/commands/diacritize.js');
  if (out.bundled) lap('modules');
  // with the bundle, the steps below run tsc's copy of the same code (its loading not counted)
  const { Model, modelAnalyzerOptions } = await import('../src/model/model-node.js');
  const { Analyzer } = await import('../src/analyzer/engine-node.js');
  const { Tagger } = await import('../src/tagger/tagger-node.js');
  const { diacritizeText } = await import('../src/tagger/diacritize.js');
  if (out.bundled) restart();
  else lap('modules');
  const m = await Model.load(model);
  lap('model');
  const a = Analyzer.load(tables, modelAnalyzerOptions(m.info), m.analyzerTables);
  out.compiled = a.stats.compiled;
  lap('analyzer');
  // what `lexdis diacritize` does with a window (src/tagger/diacritize-stream.ts); diacritizeText
  // exists in older builds too
  const text = diacritizeText(new Tagger(m, a), `${sentence}\n`)[0].text.trimEnd();
  lap('sentence');
  out.total = {
    wallMs: round(STEPS.reduce((n, s) => n + out[s].wallMs, 0), 1),
    cpuMs: round(STEPS.reduce((n, s) => n + out[s].cpuMs, 0), 1),
  };
  if (text === sentence) throw new Error('the sentence came back without vowels');
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

type ChildOut = Times & { compiled: boolean; bundled: boolean; total: { wallMs: number; cpuMs: number } };

/** Each step's median (wall, CPU, RSS) over `runs`, and the total's. */
function medians(runs: ChildOut[]) {
  const med = (f: (x: ChildOut) => number) => round(median(runs.map(f)), 1);
  const steps = Object.fromEntries(
    STEPS.map((s) => [
      s,
      { wallMs: med((x) => x[s].wallMs), cpuMs: med((x) => x[s].cpuMs), rssMB: med((x) => x[s].rssMB) },
    ]),
  );
  return {
    runs: runs.length, compiled: runs.every((x) => x.compiled), bundled: runs.every((x) => x.bundled),
    steps, total: { wallMs: med((x) => x.total.wallMs), cpuMs: med((x) => x.total.cpuMs) },
  };
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const model = argValue(argv, '--model');
  if (!model) throw new Error('usage: node dist/bench/startup.js --model DIR [--also DIR] [--tables DIR] [--runs 5]');
  const tables = argValue(argv, '--tables') ?? dataPaths.bama();
  const sentence = argValue(argv, '--sentence') ?? STARTUP_SENTENCE;
  const useBundle = !hasFlag(argv, '--no-bundle');
  if (argv.includes('--child')) return child(model, tables, sentence, useBundle);
  const also = argValue(argv, '--also');
  const models = also === undefined ? [model] : [model, also];
  const runs = models.map((): ChildOut[] => []);
  for (let i = 0; i < argNumber(argv, '--runs', 5); i++) {
    models.forEach((m, k) => {
      const r = spawnSync(process.execPath, [...LEXDIS_NODE_ARGS, fileURLToPath(import.meta.url), '--child', '--model', m,
        '--tables', tables, '--sentence', sentence, ...(useBundle ? [] : ['--no-bundle'])], { encoding: 'utf8', timeout: 60_000 });
      if (r.status !== 0) throw new Error(`child: exit ${r.status}: ${r.stderr.trim()}`);
      runs[k].push(JSON.parse(r.stdout) as ChildOut);
    });
  }
  process.stdout.write(`${JSON.stringify({
    kind: 'lexdis-bench-startup', model, tables, sentence, ...medians(runs[0]),
    ...(also === undefined ? {} : { also: { model: also, ...medians(runs[1]) } }),
  }, null, 2)}\n`);
}

main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
