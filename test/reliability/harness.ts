/**
 * What the reliability tests share: the table of docs/reliability.md parsed, the real
 * `lexdis` command run as a child process with a time limit, and a digest of a directory
 * tree (to prove an output was left exactly as it was).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';

export const LEXDIS = join(projectRoot(), 'bin', 'lexdis');

/** One filled cell: the command must fail with `code`, or succeed (`code` null). */
export interface Cell {
  input: string;
  fault: string;
  command: string;
  code: string | null;
  /** A known defect: run, but reported as a to-do. */
  open: boolean;
}

export interface Table {
  commands: string[];
  rows: string[];
  cells: Cell[];
}

/** Parses the table between the reliability-table markers of docs/reliability.md. */
export function readTable(file = join(projectRoot(), 'docs', 'reliability.md')): Table {
  const text = readFileSync(file, 'utf8');
  const m = /<!-- reliability-table:start -->\n([\s\S]*?)<!-- reliability-table:end -->/.exec(text);
  if (!m) throw new Error(`${file}: no reliability table markers`);
  const lines = m[1].trim().split('\n').map((l) => l.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim()));
  const [head, sep, ...body] = lines;
  if (head[0] !== 'input / fault' || !sep.every((c) => /^-+$/.test(c))) throw new Error(`${file}: malformed table header`);
  const commands = head.slice(1);
  const cells: Cell[] = [];
  const rows: string[] = [];
  for (const r of body) {
    if (r.length !== head.length) throw new Error(`${file}: row "${r[0]}" has ${r.length} cells, the header ${head.length}`);
    const [input, fault] = r[0].split('/');
    if (!input || !fault) throw new Error(`${file}: row name "${r[0]}" is not input/fault`);
    rows.push(r[0]);
    r.slice(1).forEach((c, i) => {
      if (c === '–' || c === '-') return;
      const cm = /^(ok|[A-Z_]+)( \(open\))?$/.exec(c);
      if (!cm) throw new Error(`${file}: cell "${c}" of ${r[0]} × ${commands[i]} is not ok, a CODE or –`);
      cells.push({ input, fault, command: commands[i], code: cm[1] === 'ok' ? null : cm[1], open: Boolean(cm[2]) });
    });
  }
  return { commands, rows, cells };
}

export interface CliRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

/** Runs `./bin/lexdis args` (stdin closed, stdout kept to `keepStdout` characters). */
export function runLexdis(args: readonly string[], timeoutMs: number, keepStdout = 4096): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.LEXDIS_DEBUG;
    const child = spawn(process.execPath, [LEXDIS, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => {
      if (stdout.length < keepStdout) stdout += b.toString('utf8');
    });
    child.stderr.on('data', (b: Buffer) => err.push(b));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, timedOut, stdout, stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

/** Relative path → SHA-256 of every file under `dir` (directories end in `/`); {} when absent. */
export function treeDigest(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      const r = rel ? `${rel}/${e}` : e;
      if (statSync(p).isDirectory()) {
        out[`${r}/`] = '';
        walk(p, r);
      } else out[r] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir, '');
  return out;
}

/** Entries of `dir` named like lexdis temporary files or model-swap siblings. */
export function leftovers(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((e) => e.startsWith('.lexdis-')) : [];
}
