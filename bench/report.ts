/**
 * What bench/run.ts writes beside its results.json: the markdown summary (summary.md) and the
 * scale plot (scale.svg, hand-written SVG, no plotting dependency: time and memory against corpus
 * size on a logarithmic axis, one line per measured series, the targets as dashed lines).
 * `node dist/bench/run.js --report-only bench/out/results.json` rewrites both from a result.
 */

export interface Series {
  name: string;
  color: string;
  /** (tokens, value) points; null values are gaps (a failed measurement). */
  points: [number, number | null][];
}

export interface Panel {
  title: string;
  unit: string;
  series: Series[];
  /** Horizontal target lines. */
  targets?: { label: string; value: number }[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fmt = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${Math.round(n / 1e3)}k` : String(n));

/** A round upper bound and step for a linear axis. */
function niceAxis(max: number): { top: number; step: number } {
  const raw = Math.max(max, 1e-9) / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  return { top: Math.ceil(max / step) * step || step, step };
}

function panel(p: Panel, x0: number, width: number, height: number, sizes: number[]): string {
  const m = { l: 58, r: 12, t: 30, b: 40 };
  const w = width - m.l - m.r;
  const h = height - m.t - m.b;
  const lo = Math.log10(Math.min(...sizes));
  const hi = Math.log10(Math.max(...sizes));
  const span = hi - lo || 1;
  const X = (n: number) => x0 + m.l + (sizes.length === 1 ? w / 2 : ((Math.log10(n) - lo) / span) * w);
  const values = p.series.flatMap((s) => s.points.map(([, v]) => v ?? 0)).concat((p.targets ?? []).map((t) => t.value));
  const { top, step } = niceAxis(Math.max(...values, 0));
  const Y = (v: number) => m.t + h - (v / top) * h;
  const out: string[] = [`<text x="${x0 + m.l + w / 2}" y="18" text-anchor="middle" font-weight="bold">${esc(p.title)}</text>`];
  out.push(`<rect x="${x0 + m.l}" y="${m.t}" width="${w}" height="${h}" fill="none" stroke="#999"/>`);
  for (let v = 0; v <= top + 1e-9; v += step) {
    out.push(`<line x1="${x0 + m.l}" x2="${x0 + m.l + w}" y1="${Y(v)}" y2="${Y(v)}" stroke="#eee"/>`);
    out.push(`<text x="${x0 + m.l - 6}" y="${Y(v) + 4}" text-anchor="end">${Number(v.toPrecision(6))}</text>`);
  }
  for (const n of sizes) out.push(`<text x="${X(n)}" y="${m.t + h + 16}" text-anchor="middle">${fmt(n)}</text>`);
  out.push(`<text x="${x0 + m.l + w / 2}" y="${m.t + h + 32}" text-anchor="middle">corpus tokens (log scale)</text>`);
  out.push(`<text transform="translate(${x0 + 14},${m.t + h / 2}) rotate(-90)" text-anchor="middle">${esc(p.unit)}</text>`);
  for (const t of p.targets ?? []) {
    out.push(`<line x1="${x0 + m.l}" x2="${x0 + m.l + w}" y1="${Y(t.value)}" y2="${Y(t.value)}" stroke="#c00" stroke-dasharray="5,4"/>`);
    out.push(`<text x="${x0 + m.l + 4}" y="${Y(t.value) - 4}" fill="#c00">${esc(t.label)}</text>`);
  }
  p.series.forEach((s, i) => {
    const pts = s.points.filter((q): q is [number, number] => q[1] !== null);
    if (pts.length > 1) out.push(`<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${pts.map(([n, v]) => `${X(n).toFixed(1)},${Y(v).toFixed(1)}`).join(' ')}"/>`);
    for (const [n, v] of pts) out.push(`<circle cx="${X(n).toFixed(1)}" cy="${Y(v).toFixed(1)}" r="3.5" fill="${s.color}"><title>${esc(s.name)}: ${v} at ${n}</title></circle>`);
    const ly = height + 10;
    const lx = x0 + m.l + (i % 2) * (w / 2);
    const dy = Math.floor(i / 2) * 14;
    out.push(`<line x1="${lx}" x2="${lx + 16}" y1="${ly + dy - 4}" y2="${ly + dy - 4}" stroke="${s.color}" stroke-width="2"/>`);
    out.push(`<text x="${lx + 20}" y="${ly + dy}">${esc(s.name)}</text>`);
  });
  return out.join('\n');
}

/** An SVG document with the panels side by side. */
export function scaleSvg(title: string, panels: Panel[], sizes: number[]): string {
  const width = 460;
  const legendRows = Math.max(...panels.map((p) => Math.ceil(p.series.length / 2)));
  const plotHeight = 300;
  const height = plotHeight + 14 * legendRows + 34;
  const body = panels.map((p, i) => panel(p, i * width, width, plotHeight, sizes)).join('\n');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width * panels.length}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    body,
    `<text x="6" y="${height - 6}" fill="#555">${esc(title)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

/** The two panels of bench/run.ts's results (see run.ts for the row shape). */
export function resultPanels(rows: readonly SizeRow[]): Panel[] {
  const pick = (f: (r: SizeRow) => number | null | undefined): [number, number | null][] =>
    rows.map((r) => [r.tokens, f(r) ?? null]);
  return [
    {
      title: 'Time', unit: 'seconds',
      series: [
        { name: 'lexdis train (whole command)', color: '#1f77b4', points: pick((r) => r.train?.wallSeconds) },
        { name: 'stage one, 1 worker', color: '#2ca02c', points: pick((r) => r.stage1?.workers1.seconds) },
        { name: 'stage one, 2 workers', color: '#98df8a', points: pick((r) => r.stage1?.workers2.seconds) },
        { name: 'stage two (rows + θ)', color: '#9467bd', points: pick((r) => (r.train ? r.train.rowsSeconds + r.train.thetaSeconds : null)) },
        { name: 'model load', color: '#ff7f0e', points: pick((r) => r.tag?.model.loadSeconds) },
      ],
      targets: [{ label: 'target: train 350k ≤ 60 s', value: 60 }],
    },
    {
      title: 'Memory', unit: 'MB',
      series: [
        { name: 'lexdis train peak RSS', color: '#1f77b4', points: pick((r) => r.train?.peakRssMB) },
        { name: 'tag bench peak RSS', color: '#ff7f0e', points: pick((r) => r.tag?.peakRssMB) },
        { name: 'model on disk', color: '#8c564b', points: pick((r) => (r.tag ? r.tag.model.bytesOnDisk / 2 ** 20 : null)) },
      ],
      targets: [{ label: 'target: 1M tokens ≤ 2048 MB', value: 2048 }],
    },
  ];
}

/** What the plot needs of one size's results (bench/run.ts writes more). */
export interface SizeRow {
  tokens: number;
  stage1?: { workers1: { seconds: number }; workers2: { seconds: number } } | null;
  train?: { wallSeconds: number; peakRssMB: number; rowsSeconds: number; thetaSeconds: number } | null;
  tag?: { model: { loadSeconds: number; bytesOnDisk: number }; peakRssMB: number } | null;
}

/** One target at one size. */
export interface Target {
  name: string;
  step: 'train' | 'stage1' | 'tag' | 'throughput';
  tokens: number;
  value: number | null;
  limit: string;
  /** null: not measured (the step failed or was skipped), or not applicable (then `note` says why). */
  met: boolean | null;
  /** Why the target is not applicable, or what stands between the figure and it. */
  note?: string;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const cell = (v: unknown): string => (v === undefined || v === null || (typeof v === 'number' && Number.isNaN(v)) ? '–' : String(v));

/** Renders the run's result object as markdown. */
export function summaryMarkdown(result: Json): string {
  const rows = result.sizes as Json[];
  const out = [...preamble(result), ...sizeTable(rows), '', ...targetTable(result.targets as Json[])];
  const errors = rows.flatMap((r) => (r.errors as string[]).map((e) => `- ${r.tokens}: ${e}`));
  if (errors.length > 0) out.push('', '## Failures', '', ...errors);
  const profs = rows.filter((r) => r.profiles);
  if (profs.length > 0) {
    out.push('', '## Profiles (top frames by self time)', '');
    for (const r of profs)
      for (const [what, p] of Object.entries(r.profiles as Json)) {
        if (what === 'trainMemory' && p) out.push(...memoryTable(r.tokens, p as Json));
        else out.push(...profileTables(what, r.tokens, p as Json));
      }
  }
  return `${out.join('\n')}\n`;
}

/** Takes the run's result; gives the summary's title, the command and machine, and what the corpora are. */
function preamble(result: Json): string[] {
  return [
    '# lexdis scale-up benchmark',
    '',
    `Command: \`${result.command}\` (${result.seconds} s). Node ${result.machine.node}, ${result.machine.cpus} CPUs, ` +
      `${result.machine.memoryMB} MB; load average ${result.machine.loadAverageStart.join(' ')} at the start, ` +
      `${result.machine.loadAverageEnd.join(' ')} at the end (other work on the machine slows every figure)` +
      (result.calibration ? `; busy loop ${result.calibration.oneMs} ms alone, two-loop capacity ${result.calibration.capacity} at the start.` : '.'),
    '',
    'The corpora are generated by bench/scale.ts from UD Arabic-PUD projected onto BAMA 1.0: documents drawn',
    'with replacement and words renamed so the vocabulary grows along the source\'s Heaps\' law. They are for',
    'speed and memory only — accuracy on them means nothing.',
    '',
  ];
}

const mb = (b: number): string => (b / 2 ** 20).toFixed(1);

/** The rows of the table of sizes: a label and what it shows of one size's figures. */
const SIZE_ROWS: readonly [string, (r: Json) => unknown][] = [
  ['corpus: documents', (r) => r.corpus.documents],
  ['corpus: word types / lemma types', (r) => `${r.corpus.wordTypes} / ${r.corpus.lemmaTypes}`],
  ['corpus: pos file MB', (r) => mb(r.corpus.bytes)],
  ['stage one, 1 worker: tokens/s', (r) => r.stage1.workers1.tokensPerSecond],
  ['stage one, 2 workers: tokens/s', (r) => r.stage1.workers2.tokensPerSecond],
  ['stage one speedup (count phase)', (r) => `${r.stage1.speedup} (${r.stage1.countPhaseSpeedup})`],
  ['machine capacity (busy loops), per run', (r) => r.stage1.perRun.map((p: Json) => p.capacity).join(', ')],
  ['speedup per run', (r) => r.stage1.perRun.map((p: Json) => p.speedup).join(', ')],
  ['speedup / capacity, median of runs (target ≥ 0.85)', (r) => r.stage1.speedupShareOfCapacity],
  ['β* entries', (r) => r.train.betaKeys],
  ['stage two: rows (rows/s)', (r) => `${r.train.rows} (${r.train.rowsPerSecond})`],
  ['stage two: θ fit s (rows/s)', (r) => `${r.train.thetaSeconds} (${r.train.thetaRowsPerSecond})`],
  ['A1/A2 on D2 s / sequence λ s / β* recount s', (r) => `${r.train.evaluateSeconds ?? '–'} / ${r.train.sequenceSeconds ?? '–'} / ${r.train.recountSeconds ?? '–'}`],
  ['train() in all s (the phases above and the rest)', (r) => r.train.trainSeconds ?? '–'],
  ['lexdis train: wall s, the fastest of its runs (target ≤ 60 at 350k)', (r) =>
    (r.train.wallSecondsRuns?.length > 1 ? `${r.train.wallSeconds} (${r.train.wallSecondsRuns.join(', ')})` : r.train.wallSeconds)],
  ['… of which read corpus + start-up s', (r) => r.train.readCorpusAndStartSeconds],
  ['reading (with start-up) tokens/s', (r) => r.train.readTokensPerSecond],
  ['reading the corpus: s (CPU s)', (r) => `${r.train.readCorpusSeconds ?? '–'} (${r.train.readCorpusCpuSeconds ?? '–'})`],
  ['reading tokens/s, wall / CPU (target ≥ 150k)', (r) => `${r.train.readCorpusTokensPerSecond ?? '–'} / ${r.train.readCorpusCpuTokensPerSecond ?? '–'}`],
  ['… stage one / rows / θ / save s', (r) => `${r.train.stage1Seconds} / ${r.train.rowsSeconds} / ${r.train.thetaSeconds} / ${r.train.saveSeconds}`],
  ['lexdis train: CPU s', (r) => r.train.cpuSeconds],
  ['lexdis train: peak RSS MB (target ≤ 2048 at 1M)', (r) => r.train.peakRssMB],
  ['model on disk MB', (r) => mb(r.tag.model.bytesOnDisk)],
  ['model load s', (r) => r.tag.model.loadSeconds],
  ['tagging (ranking) tokens/s (target ≥ 20k)', (r) => r.tag.ranking.tokensPerSecond],
  ['tagging incl. C(t) preparation tokens/s', (r) => r.tag.ranking.tokensPerSecondWithPrepare],
  ['analyzer tokens/s (PUD text, cold cache)', (r) => r.tag.text.analyzerTokensPerSecond],
  ['tagger on raw text tokens/s, cold / warm', (r) => `${r.tag.text.taggerColdTokensPerSecond} / ${r.tag.text.taggerWarmTokensPerSecond}`],
  ['tagger on raw text, Arabic words/s: first pass / again / a new text after it', (r) =>
    `${r.tag.text.taggerColdWordsPerSecond} / ${r.tag.text.taggerWarmWordsPerSecond} / ${r.tag.newText?.wordsPerWallSecond ?? '–'}`],
  ['one-sentence diacritize, wall s / bare node -e 0 s (ratio)', (r) =>
    `${r.throughput.startup.diacritizeSeconds} / ${r.throughput.startup.nodeSeconds} (${r.throughput.startup.ratio})`],
  ['diacritize a text, Arabic words/s: 1 worker / 2 workers (MB)', (r) =>
    `${r.throughput.workers.median.wordsPerSecond1} / ${r.throughput.workers.median.wordsPerSecond2} (${r.throughput.workers.textMB})`],
  ['… speedup / capacity = share (same output)', (r) =>
    `${r.throughput.workers.median.speedup} / ${r.throughput.workers.median.capacity} = ${r.throughput.workers.median.shareOfCapacity} (${r.throughput.workers.sameOutput ? 'yes' : 'NO'})`],
  ['… peak RSS MB: 1 worker / 2 workers (ratio)', (r) =>
    `${r.throughput.workers.median.peakRssMB1} / ${r.throughput.workers.median.peakRssMB2} (${r.throughput.workers.median.peakRssRatio})`],
  ['service 2 workers / 1: speedup / capacity; p99 ms 1 / 2 workers', (r) =>
    `${r.throughput.service.speedup} / ${r.throughput.service.capacity}; ${r.throughput.service.p99Ms1} / ${r.throughput.service.p99Ms2}`],
];

/** Takes the sizes' figures; gives the table of sizes, a column a size and a line per SIZE_ROWS entry. */
function sizeTable(rows: Json[]): string[] {
  const head = `| | ${rows.map((r) => `${r.tokens.toLocaleString('en')} tokens`).join(' | ')} |`;
  const sep = `|---|${rows.map(() => '---:').join('|')}|`;
  const line = ([label, f]: readonly [string, (r: Json) => unknown]) =>
    `| ${label} | ${rows.map((r) => cell(safe(() => f(r)))).join(' | ')} |`;
  return [head, sep, ...SIZE_ROWS.map(line)];
}

/** Takes the targets; gives their section: a line each, with whether it is met (or why it is not measured). */
function targetTable(targets: Json[]): string[] {
  return [
    '## Targets',
    '',
    '| target | tokens | value | limit | met |',
    '|---|---:|---:|---|---|',
    ...targets.map((t) => `| ${t.name} | ${t.tokens} | ${cell(t.value)} | ${t.limit} | ${t.met === null ? (t.note ? `n/a: ${t.note}` : 'not measured') : t.met ? 'yes' : `**no**${t.note ? `: ${t.note}` : ''}`} |`),
  ];
}

/** Takes a size and its bench/train.ts --memory figures; gives the table of a training's memory by phase. */
function memoryTable(tokens: number, p: Json): string[] {
  return [
    `Memory of a whole training at ${tokens} tokens, by phase (bench/train.ts --memory):`, '',
    '| phase | s | RSS MB | heap MB | external MB | peak RSS MB |', '|---|---:|---:|---:|---:|---:|',
    ...(p.phases as Json[]).map((ph) => `| ${ph.phase} | ${ph.seconds} | ${ph.rssMB} | ${ph.heapMB} | ${ph.externalMB} | ${ph.peakRssMB} |`),
    '',
  ];
}

/** Takes a profiled step, a size and its profiles; gives the top frames of the main thread and the busiest workers. */
function profileTables(what: string, tokens: number, p: Json): string[] {
  const out: string[] = [];
  // short profiles (calibration loops) left out
  for (const f of ((p?.profiles ?? []) as Json[]).filter((x) => x.totalMs >= 1000).slice(0, 4)) {
    out.push(`${what} at ${tokens} tokens — ${f.file} (${f.totalMs} ms sampled):`, '');
    out.push('| function | where | self ms | share |', '|---|---|---:|---:|');
    for (const fr of f.frames as Json[]) out.push(`| ${fr.function} | ${fr.where} | ${fr.selfMs} | ${(100 * fr.selfShare).toFixed(1)}% |`);
    out.push('');
  }
  return out;
}

function safe<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}
