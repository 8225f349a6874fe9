/**
 * The service's last edges (issue 35) against the real `lexdis serve`, printed as JSON:
 *   - `workerKills`: `serve --workers 2` (default limits: a 10 s deadline) under load from 8
 *     clients, each request on a connection of its own, while `--kills` workers are killed with
 *     SIGKILL, each once both workers listen (a replacement has loaded) and the service answers;
 *     every request is counted as answered (any status), closed (reset, refused) or hung (neither
 *     within the deadline + 2 s). Target: none hung;
 *   - `declaredBodies`: `--bodies` POSTs declaring `--body-mib` MiB with Content-Length and no
 *     Expect, the whole body sent, on a raw socket: how many got 413 and how many a reset.
 *     Target: every one 413;
 *   - `idleSockets`: `--idle` idle sockets (reopened as the server closes them) against the
 *     default maxConnections, for `--idle-seconds` while /healthz is probed every 100 ms on
 *     new connections: probes answered, failed, the slowest. Target: all answered, ≤ 0.5 s.
 *
 * Run: `node dist/bench/service-edges.js --model DIR [--kills 5] [--bodies 20] [--body-mib 12] [--idle 1100]
 *   [--idle-seconds 30] [--out FILE]`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { request } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { projectRoot } from '../src/config.js';
import { defaultServiceOptions } from '../src/service/options.js';
import { argNumber, argValue, emitJson, errorLine, exitOnHelp, median, round } from './common.js';

const LEXDIS = join(projectRoot(), 'bin', 'lexdis');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** `lexdis serve` on a fixed port (a port 0 would change when every worker is down at once). */
async function serve(model: string, workers: number) {
  const port = await freePort();
  const child = spawn(process.execPath, [LEXDIS, 'serve', '-m', model, '--port', String(port), '--quiet', '--workers', String(workers)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (/serving /.test(stderr)) resolve(`http://127.0.0.1:${port}`);
    });
    void exited.then((code) => reject(new Error(`lexdis serve exited ${code}: ${stderr}`)));
  });
  return { child, url, port, exited, stderr: () => stderr };
}

type Outcome = 'answered' | 'closed' | 'hung';

function post(url: string, body: string, limitMs: number): Promise<{ outcome: Outcome; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const end = (outcome: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ outcome, ms: performance.now() - t0 });
    };
    const timer = setTimeout(() => end('hung'), limitMs);
    const req = request(`${url}/v1/analyze`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => end('answered'));
      res.on('close', () => end(res.complete ? 'answered' : 'closed'));
    });
    req.on('error', () => end('closed'));
    req.end(body);
  });
}

/** The inodes of the sockets listening on `port` (/proc/net/tcp and tcp6, state 0A). */
function listeningInodes(port: number): Set<string> {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const out = new Set<string>();
  for (const f of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(f, 'utf8').split('\n').slice(1)) {
      const c = line.trim().split(/\s+/);
      if (c.length > 9 && c[1].endsWith(hex) && c[3] === '0A') out.add(c[9]);
    }
  }
  return out;
}

/** The workers of `primary` that hold the socket listening on `port` (they have called listen). */
function listeningWorkers(primary: number, port: number): number[] {
  const inodes = listeningInodes(port);
  return workersOf(primary).filter((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkOr(`/proc/${pid}/fd/${fd}`));
        return m !== null && inodes.has(m[1]);
      });
    } catch {
      return false;
    }
  });
}

function readlinkOr(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
}

const workersOf = (pid: number) => spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);

async function workerKills(model: string, kills: number) {
  const s = await serve(model, 2);
  const limitMs = defaultServiceOptions.requestTimeoutMs + 2000;
  const body = JSON.stringify({ text: 'ذهب الطالب إلى المكتبة ليقرأ كتابا عن تاريخ مصر. '.repeat(6), top: 3 });
  const results: Array<{ outcome: Outcome; ms: number }> = [];
  let loading = true;
  const clients = Array.from({ length: 8 }, async () => {
    while (loading) {
      const r = await post(s.url, body, limitMs);
      results.push(r);
      if (r.outcome === 'closed') await sleep(20);
    }
  });
  const answered = () => results.filter((r) => r.outcome === 'answered').length;
  const replacedMs: number[] = [];
  try {
    for (let k = 0; k < kills; k++) {
      // both workers listening (the replacement of the last kill has loaded) and answering
      for (let i = 0; i < 1200 && listeningWorkers(s.child.pid!, s.port).length < 2; i++) await sleep(50);
      const since = answered();
      for (let i = 0; i < 600 && answered() < since + 20; i++) await sleep(50);
      const pids = listeningWorkers(s.child.pid!, s.port);
      const victim = pids[k % pids.length];
      const t0 = performance.now();
      process.kill(victim, 'SIGKILL');
      for (
        let i = 0;
        i < 600 && !(workersOf(s.child.pid!).length === 2 && !workersOf(s.child.pid!).includes(victim));
        i++
      )
        await sleep(20);
      replacedMs.push(performance.now() - t0);
    }
    await sleep(1000);
  } finally {
    loading = false;
    await Promise.all(clients);
    s.child.kill('SIGTERM');
  }
  const count = (o: Outcome) => results.filter((r) => r.outcome === o).length;
  return {
    kills,
    requests: results.length,
    answered: count('answered'),
    closed: count('closed'),
    hung: count('hung'),
    slowestMs: round(Math.max(...results.map((r) => r.ms)), 0),
    limitMs,
    workerForkedAfterMs: replacedMs.map((m) => round(m, 0)),
    exitStatus: await s.exited,
  };
}

/** A POST declaring `bytes` and sending them all on a raw socket: '413', another status line, or 'reset'. */
function declaredBody(port: number, bytes: number): Promise<string> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    let got = '';
    let failed = false;
    sock.on('connect', () => {
      sock.write(`POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\nConnection: close\r\n\r\n`);
      const chunk = Buffer.alloc(65536, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < bytes) {
          const n = Math.min(chunk.length, bytes - sent);
          sent += n;
          if (!sock.write(chunk.subarray(0, n))) return void sock.once('drain', pump);
        }
      };
      pump();
    });
    sock.on('data', (d) => { got += d.toString('latin1'); });
    sock.on('error', () => { failed = true; });
    sock.on('close', () => resolve(got.startsWith('HTTP/1.1 413 ') ? '413' : failed || got === '' ? 'reset' : got.slice(0, 12)));
  });
}

async function declaredBodies(model: string, n: number, mib: number) {
  const s = await serve(model, 1);
  const outcomes: Record<string, number> = {};
  try {
    for (let i = 0; i < n; i++) {
      const r = await declaredBody(s.port, mib * 2 ** 20);
      outcomes[r] = (outcomes[r] ?? 0) + 1;
    }
  } finally {
    s.child.kill('SIGTERM');
  }
  return { bodies: n, mib, outcomes };
}

function probe(url: string): Promise<number> {
  const t = performance.now();
  return new Promise((res) => {
    const req = request(`${url}/healthz`, { agent: false, timeout: 5000 }, (r) => { r.resume(); r.on('end', () => res(r.statusCode === 200 ? performance.now() - t : NaN)); });
    req.on('timeout', () => req.destroy());
    req.on('error', () => res(NaN));
    req.end();
  });
}

async function idleSockets(model: string, idle: number, seconds: number) {
  const s = await serve(model, 1);
  const sockets = new Set<Socket>();
  let holding = true;
  let reopened = 0;
  const hold = (): void => {
    if (!holding) return;
    const sock = connect(s.port, '127.0.0.1');
    sockets.add(sock);
    sock.on('error', () => undefined);
    sock.on('close', () => { sockets.delete(sock); reopened++; setTimeout(hold, 5); });
  };
  const probes: number[] = [];
  try {
    for (let i = 0; i < idle; i++) hold();
    await sleep(500);
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) {
      probes.push(await probe(s.url));
      await sleep(100);
    }
  } finally {
    holding = false;
    for (const sock of sockets) sock.destroy();
    s.child.kill('SIGTERM');
  }
  const ok = probes.filter((p) => !Number.isNaN(p));
  return {
    idle, maxConnections: defaultServiceOptions.maxConnections, seconds, socketsReopened: reopened,
    probes: probes.length, answered: ok.length, slowestMs: round(Math.max(...ok), 1), medianMs: round(median(ok), 1),
  };
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const model = argValue(argv, '--model');
  if (!model) throw new Error('--model DIR is required (see --help)');
  emitJson({
    kind: 'lexdis-bench-service-edges', model, date: new Date().toISOString(),
    workerKills: await workerKills(model, argNumber(argv, '--kills', 5)),
    declaredBodies: await declaredBodies(model, argNumber(argv, '--bodies', 20), argNumber(argv, '--body-mib', 12)),
    idleSockets: await idleSockets(model, argNumber(argv, '--idle', 1100), argNumber(argv, '--idle-seconds', 30)),
  }, argValue(argv, '--out'));
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
