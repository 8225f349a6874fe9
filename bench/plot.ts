/**
 * The scale plot, hand-written SVG (no plotting dependency): time (left panel) and memory
 * (right panel) against corpus size on a logarithmic axis, one line per measured series,
 * with the targets drawn as dashed lines.
 *
 * Run on its own: `node dist/bench/plot.js bench/out/results.json -o bench/out/scale.svg`.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { writeFileAtomic } from '../src/io/files.js';
import { argValue, exitOnHelp } from './common.js';

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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  exitOnHelp(process.argv.slice(2), import.meta.url);
  const input = process.argv[2];
  const output = argValue(process.argv, '-o') ?? 'scale.svg';
  if (!input) {
    process.stderr.write('usage: node dist/bench/plot.js results.json -o scale.svg\n');
    process.exitCode = 1;
  } else {
    const res = JSON.parse(readFileSync(input, 'utf8')) as { sizes: SizeRow[]; machine?: { loadAverage?: number[] } };
    writeFileAtomic(output, scaleSvg('lexdis scale-up benchmark (bench/run.ts)', resultPanels(res.sizes), res.sizes.map((r) => r.tokens)));
  }
}
