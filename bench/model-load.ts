/**
 * The model store's two formats side by side, for one trained model, printed as JSON:
 * format 1 (a LevelDB directory, what earlier builds wrote) and format 2 (one immutable
 * file, what it writes now). Both are written from the same parts into a scratch folder.
 * For each: bytes on disk; in-process load time (readModel, and Model.load which also
 * builds the tables), the median of `--runs` alternating runs; and `--procs` processes
 * loading the model at the same moment (wall time until the last is done, failures, and
 * whether the model's files changed).
 *
 * Run: `npx tsc -p . && node dist/bench/model-load.js --model DIR [--runs 7] [--procs 8] [--out FILE]`
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../src/config.js';
import { Model } from '../src/model/model.js';
import { readModel, writeModel } from '../src/model/store.js';
import { plan, writeDatabase } from '../src/model/store-v1.js';
import { argNumber, argValue, emitJson, hasFlag, median, round } from './common.js';

const HELP = `Usage: node dist/bench/model-load.js --model DIR [--runs 7] [--procs 8] [--out FILE]
Writes the model at DIR as format 1 (LevelDB) and format 2 (single file) into a scratch folder and
prints JSON: bytes on disk, load times (readModel, Model.load), and N processes loading at once.`;

/** Bytes and SHA-256 of every file in `dir`. */
function digest(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).sort().map((f) => [f, createHash('sha256').update(readFileSync(join(dir, f))).digest('hex')]));
}

const bytesIn = (dir: string) => readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);

/** `n` processes each loading `dir` with readModel, all started at once. */
async function concurrentLoads(dir: string, n: number): Promise<{ wallMs: number; failures: number; firstError?: string }> {
  const url = pathToFileURL(join(projectRoot(), 'dist', 'src', 'model', 'store.js')).href;
  const script = `const { readModel } = await import(${JSON.stringify(url)}); await readModel(process.argv[1]);`;
  const t0 = performance.now();
  const runs = await Promise.all(Array.from({ length: n }, () => new Promise<{ status: number | null; err: string }>((res) => {
    const c = spawn(process.execPath, ['--input-type=module', '-e', script, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    c.stderr.on('data', (b: Buffer) => { err += b; });
    c.on('close', (status) => res({ status, err }));
  })));
  const failed = runs.filter((r) => r.status !== 0);
  return { wallMs: Math.round(performance.now() - t0), failures: failed.length, firstError: failed[0]?.err.trim().split('\n').at(-1) };
}

async function main(argv: string[]): Promise<void> {
  if (hasFlag(argv, '--help')) return void process.stdout.write(`${HELP}\n`);
  const src = argValue(argv, '--model');
  if (!src) throw new Error(HELP);
  const runs = argNumber(argv, '--runs', 7);
  const procs = argNumber(argv, '--procs', 8);
  const out = argValue(argv, '--out');
  const parts = await readModel(src);
  const scratch = mkdtempSync(join(tmpdir(), 'lexdis-bench-model-'));
  try {
    const dirs = { v1: join(scratch, 'v1'), v2: join(scratch, 'v2') };
    const given = { header: Object.fromEntries(Object.entries(parts.header).filter(([k]) => k !== 'magic' && k !== 'formatVersion')), json: parts.json, binary: parts.binary };
    await writeDatabase(dirs.v1, plan(given, 1));
    await writeModel(dirs.v2, given);
    const times: Record<'v1' | 'v2', { read: number[]; model: number[] }> = { v1: { read: [], model: [] }, v2: { read: [], model: [] } };
    for (let r = 0; r < runs; r++) {
      for (const v of ['v1', 'v2'] as const) {
        let t = performance.now();
        await readModel(dirs[v]);
        times[v].read.push(performance.now() - t);
        t = performance.now();
        await Model.load(dirs[v]);
        times[v].model.push(performance.now() - t);
      }
    }
    const result: Record<string, unknown> = { bench: 'model-load', model: resolve(src), runs, procs };
    for (const v of ['v1', 'v2'] as const) {
      const before = digest(dirs[v]);
      const conc = await concurrentLoads(dirs[v], procs);
      result[v] = {
        format: v === 'v1' ? 'LevelDB directory (format 1)' : 'single file (format 2)',
        bytesOnDisk: bytesIn(dirs[v]), files: readdirSync(dirs[v]).length,
        readModelMs: round(median(times[v].read), 1), modelLoadMs: round(median(times[v].model), 1),
        concurrent: { ...conc, filesChanged: JSON.stringify(digest(dirs[v])) !== JSON.stringify(before) },
      };
    }
    const v1 = result.v1 as { bytesOnDisk: number; readModelMs: number };
    const v2 = result.v2 as { bytesOnDisk: number; readModelMs: number };
    result.ratios = { bytes: round(v2.bytesOnDisk / v1.bytesOnDisk, 3), readModelTime: round(v2.readModelMs / v1.readModelMs, 3) };
    result.node = process.version;
    emitJson(result, out);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((err) => { process.stderr.write(`Error: ${(err as Error).message}\n`); process.exitCode = 1; });
