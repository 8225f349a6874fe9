/**
 * The learning curve as a self-contained SVG (no dependency): A1 and A2 of Mfull (percent)
 * against the share of each training part used, with axes, grid, point labels and a legend.
 */

export interface CurveSeriesPoint {
  percent: number;
  A1: number;
  A2: number;
  /** Drawn dashed when present: the share of tokens whose gold label is among the candidates. */
  ceiling?: number;
}

export interface CurveSvgOptions {
  title: string;
  width: number;
  height: number;
}

const defaultCurveSvgOptions: CurveSvgOptions = { title: 'Learning curve of Mfull', width: 720, height: 440 };

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const f1 = (x: number) => x.toFixed(1);

/** A nice step for an axis spanning `span` with about `ticks` ticks. */
function niceStep(span: number, ticks: number): number {
  const raw = span / ticks;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * mag >= raw) return m * mag;
  return 10 * mag;
}

/** The plot's geometry: canvas size, margins, plot area, y range and step, and the maps from data to pixels. */
interface Frame {
  W: number;
  H: number;
  m: { left: number; right: number; top: number; bottom: number };
  /** Width and height of the plot area. */
  pw: number;
  ph: number;
  lo: number;
  hi: number;
  step: number;
  x: (pct: number) => number;
  y: (v: number) => number;
}

/** The series drawn, A2 first (under A1), with their colours and legend labels. */
const SERIES: ReadonlyArray<{ key: 'A1' | 'A2'; color: string; label: string }> = [
  { key: 'A2', color: '#d95f02', label: 'A2 (gold label in the top two)' },
  { key: 'A1', color: '#1b5e9e', label: 'A1 (top choice right)' },
];

/** Renders the curve. The y axis spans the data (rounded to a nice step), the x axis 0–100%. */
export function curveSvg(points: readonly CurveSeriesPoint[], options: Partial<CurveSvgOptions> = {}): string {
  const o = { ...defaultCurveSvgOptions, ...options };
  const fr = frame(points, o.width, o.height);
  const { W, H } = fr;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<title>${esc(o.title)}</title>`);
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  out.push(`<text x="${W / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">${esc(o.title)}</text>`);
  out.push(...axisLines(fr));
  const sorted = [...points].sort((a, b) => a.percent - b.percent);
  const hasCeiling = sorted.some((p) => p.ceiling !== undefined);
  out.push(...seriesLines(sorted, fr), ...legendLines(fr, hasCeiling));
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/**
 * The frame of a `W` × `H` plot of `points`: the y axis spans their values (A1, A2 and any
 * ceiling; at least 2 percentage points wide, 0–100 without values) widened to a nice step within 0–100.
 */
function frame(points: readonly CurveSeriesPoint[], W: number, H: number): Frame {
  const m = { left: 64, right: 24, top: 48, bottom: 64 };
  const pw = W - m.left - m.right;
  const ph = H - m.top - m.bottom;
  const values = points.flatMap((p) => (p.ceiling === undefined ? [p.A1, p.A2] : [p.A1, p.A2, p.ceiling]));
  let lo = values.length ? Math.min(...values) : 0;
  let hi = values.length ? Math.max(...values) : 100;
  if (hi - lo < 2) { lo -= 1; hi += 1; }
  const step = niceStep(hi - lo, 6);
  lo = Math.max(0, Math.floor(lo / step) * step);
  hi = Math.min(100, Math.ceil(hi / step) * step);
  if (hi <= lo) hi = lo + step;
  const x = (pct: number) => m.left + (pct / 100) * pw;
  const y = (v: number) => m.top + ph - ((v - lo) / (hi - lo)) * ph;
  return { W, H, m, pw, ph, lo, hi, step, x, y };
}

/** The grid and y ticks, x ticks every 10%, the axes and their titles. */
function axisLines({ H, m, pw, ph, lo, hi, step, x, y }: Frame): string[] {
  const out: string[] = [];
  // Grid and y ticks.
  for (let v = lo; v <= hi + 1e-9; v += step) {
    const yy = y(v).toFixed(1);
    out.push(`<line x1="${m.left}" y1="${yy}" x2="${m.left + pw}" y2="${yy}" stroke="#e3e3e3"/>`);
    out.push(`<text x="${m.left - 8}" y="${yy}" text-anchor="end" dominant-baseline="middle">${Number(v.toFixed(2))}</text>`);
  }
  // x ticks.
  for (let pct = 0; pct <= 100; pct += 10) {
    const xx = x(pct).toFixed(1);
    out.push(`<line x1="${xx}" y1="${m.top + ph}" x2="${xx}" y2="${m.top + ph + 5}" stroke="#333"/>`);
    out.push(`<text x="${xx}" y="${m.top + ph + 20}" text-anchor="middle">${pct}%</text>`);
  }
  out.push(`<line x1="${m.left}" y1="${m.top + ph}" x2="${m.left + pw}" y2="${m.top + ph}" stroke="#333"/>`);
  out.push(`<line x1="${m.left}" y1="${m.top}" x2="${m.left}" y2="${m.top + ph}" stroke="#333"/>`);
  out.push(`<text x="${m.left + pw / 2}" y="${H - 16}" text-anchor="middle">share of each training part used (documents)</text>`);
  out.push(`<text transform="translate(18 ${m.top + ph / 2}) rotate(-90)" text-anchor="middle">accuracy on the held-out folds (%)</text>`);
  return out;
}

/** The ceiling (dashed) where points have one, then each series as a line with labelled points. */
function seriesLines(sorted: readonly CurveSeriesPoint[], { x, y }: Frame): string[] {
  const out: string[] = [];
  const ceil = sorted.filter((p) => p.ceiling !== undefined);
  if (ceil.length > 0) {
    const pts = ceil.map((p) => `${x(p.percent).toFixed(1)},${y(p.ceiling!).toFixed(1)}`).join(' ');
    out.push(`<polyline class="ceiling" points="${pts}" fill="none" stroke="#888" stroke-width="1.5" stroke-dasharray="5 4"/>`);
  }
  for (const s of SERIES) {
    const pts = sorted.map((p) => `${x(p.percent).toFixed(1)},${y(p[s.key]).toFixed(1)}`).join(' ');
    if (sorted.length > 1) out.push(`<polyline points="${pts}" fill="none" stroke="${s.color}" stroke-width="2"/>`);
    for (const p of sorted) {
      const cx = x(p.percent).toFixed(1);
      const cy = y(p[s.key]).toFixed(1);
      out.push(`<circle cx="${cx}" cy="${cy}" r="3.5" fill="${s.color}"><title>${s.key} at ${p.percent}%: ${f1(p[s.key])}</title></circle>`);
      out.push(`<text x="${cx}" y="${(Number(cy) - 8).toFixed(1)}" text-anchor="middle" font-size="10" fill="${s.color}">${f1(p[s.key])}</text>`);
    }
  }
  return out;
}

/** The legend in the plot's lower right: the ceiling first when drawn, then the series. */
function legendLines({ m, pw, ph }: Frame, hasCeiling: boolean): string[] {
  const out: string[] = [];
  const legend = SERIES.map((s) => ({ ...s, dash: '' }));
  if (hasCeiling) legend.unshift({ key: 'A2', color: '#888', label: 'ceiling (gold among the candidates)', dash: ' stroke-dasharray="5 4"' });
  legend.forEach((s, i) => {
    const ly = m.top + ph - 18 * legend.length + i * 18;
    const lx = m.left + pw - 250;
    out.push(`<line x1="${lx}" y1="${ly}" x2="${lx + 22}" y2="${ly}" stroke="${s.color}" stroke-width="2"${s.dash}/>`);
    out.push(`<text x="${lx + 28}" y="${ly}" dominant-baseline="middle">${esc(s.label)}</text>`);
  });
  return out;
}
