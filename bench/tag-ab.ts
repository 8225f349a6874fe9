/**
 * Two builds of lexdis compared on warm tagging, in one process, printed as JSON: each build's
 * `Tagger` (from its compiled package root, `BUILD/dist/src/index.js`) loads the same model and
 * tags the same text (UD Arabic-PUD's raw sentences unless `--text FILE`) a few times to warm
 * up; then the two tag it in turn, `--rounds` times each, the order alternating from one round
 * to the next. Per build: the median and fastest wall and CPU milliseconds of a pass (CPU time
 * of the process, so the collector's helper threads count). Then the median of the per-round
 * ratios B / A, which cancels what a shared machine's drift does to both within a round: on
 * this VM the speed moves by ±10 % from one minute to the next, more than the changes worth
 * measuring (docs/bench.md, ninth session). The build loaded second tends to be slower (by up
 * to 15 % for two identical builds with PUD's model), so the comparison is run twice, in two
 * child processes, A loaded first and then B loaded first; `pairedRatioBOverA` is the
 * geometric mean of the two orders' ratios, each order's shown beside it. The two builds'
 * outputs are compared too (their JSON, `top: 3` with scores): `sameOutput` says whether they
 * agree.
 *
 * Build the "before" in a worktree: `git worktree add /tmp/before COMMIT && cd /tmp/before &&
 * ln -s "$OLDPWD/node_modules" node_modules && npx tsc -p tsconfig.json`.
 *
 * Run: `node dist/bench/tag-ab.js --model DIR --a BUILD --b BUILD [--text FILE] [--rounds 40] [--warm 3]`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dataPaths } from '../bin/data.js';
import { readTextFile } from '../src/io.js';
import type { Tagger as TaggerClass } from '../src/rank/tagger.js';
import { argNumber, argValue, buildExport, errorLine, exitOnHelp, median, round, wallAndCpuSeconds } from './common.js';

/** One warm pass: wall and CPU milliseconds. */
function pass(tagger: TaggerClass, text: string): { wall: number; cpu: number } {
  const { wall, cpu } = wallAndCpuSeconds(() => tagger.tagText(text, { top: 1 }));
  return { wall: wall * 1000, cpu: cpu * 1000 };
}

/** Median and fastest of a list of milliseconds. */
function summary(ms: readonly number[]): { medianMs: number; fastestMs: number } {
  return { medianMs: round(median(ms), 1), fastestMs: round(Math.min(...ms), 1) };
}

/**
 * One order's comparison, in this process: the builds `dirs` ([A, B]) loaded B first when
 * `bFirst`, then tagging in turn. Returns the result for A and B.
 */
async function compare(model: string, dirs: string[], textFile: string, rounds: number, warm: number, bFirst: boolean): Promise<OrderResult> {
  const text = readTextFile(textFile);
  const taggers: TaggerClass[] = [];
  for (const dir of bFirst ? [dirs[1], dirs[0]] : dirs) taggers.push(await (await buildExport<typeof TaggerClass>(dir, 'dist/src/index.js', 'Tagger')).load(model, { tables: dataPaths.bama() }));
  if (bFirst) taggers.reverse();
  const outputs = taggers.map((t) => JSON.stringify(t.tagText(text, { top: 3 })));
  for (const t of taggers) for (let i = 0; i < warm; i++) t.tagText(text, { top: 1 });
  const runs = taggers.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  for (let r = 0; r < rounds; r++) {
    for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) {
      const p = pass(taggers[i], text);
      runs[i].wall.push(p.wall);
      runs[i].cpu.push(p.cpu);
    }
  }
  const ratio = (k: 'wall' | 'cpu') => round(median(runs[1][k].map((b, i) => b / runs[0][k][i])), 3);
  return {
    sameOutput: outputs[0] === outputs[1],
    a: { build: dirs[0], wall: summary(runs[0].wall), cpu: summary(runs[0].cpu) },
    b: { build: dirs[1], wall: summary(runs[1].wall), cpu: summary(runs[1].cpu) },
    pairedRatioBOverA: { wall: ratio('wall'), cpu: ratio('cpu') },
  };
}

/** Timings of one build: median and fastest pass. */
interface BuildTimes {
  build: string;
  wall: { medianMs: number; fastestMs: number };
  cpu: { medianMs: number; fastestMs: number };
}

/** One order's result. */
interface OrderResult {
  sameOutput: boolean;
  a: BuildTimes;
  b: BuildTimes;
  pairedRatioBOverA: { wall: number; cpu: number };
}

/** Runs this script in a child process for one order (`--order`), and returns its JSON. */
function childOrder(argv: string[], order: 'ab' | 'ba'): OrderResult {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...argv, '--order', order], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error(`the ${order} run failed (status ${r.status})`);
  return JSON.parse(r.stdout) as OrderResult;
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const model = argValue(argv, '--model');
  const dirs = [argValue(argv, '--a'), argValue(argv, '--b')];
  if (!model || !dirs[0] || !dirs[1]) throw new Error('usage: node dist/bench/tag-ab.js --model DIR --a BUILD --b BUILD [--text FILE] [--rounds 40] [--warm 3]');
  const rounds = argNumber(argv, '--rounds', 40);
  const warm = argNumber(argv, '--warm', 3);
  if (!(Number.isInteger(rounds) && rounds >= 1) || !(Number.isInteger(warm) && warm >= 0)) throw new Error('--rounds must be an integer ≥ 1 and --warm ≥ 0');
  const textFile = argValue(argv, '--text') ?? dataPaths.referenceSentences();
  const order = argValue(argv, '--order');
  if (order === 'ab' || order === 'ba') {
    console.log(JSON.stringify(await compare(model, dirs as string[], textFile, rounds, warm, order === 'ba')));
    return;
  }
  const orders = { aFirst: childOrder(argv, 'ab'), bFirst: childOrder(argv, 'ba') };
  const both = (k: 'wall' | 'cpu') => round(Math.sqrt(orders.aFirst.pairedRatioBOverA[k] * orders.bFirst.pairedRatioBOverA[k]), 3);
  console.log(JSON.stringify({
    kind: 'lexdis-bench-tag-ab', model, text: textFile, rounds,
    sameOutput: orders.aFirst.sameOutput && orders.bFirst.sameOutput,
    pairedRatioBOverA: { wall: both('wall'), cpu: both('cpu') },
    orders,
  }, null, 2));
}

main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
