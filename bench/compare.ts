/**
 * `node dist/bench/run.js --compare SNAPSHOT.json`: each figure of a run against the committed
 * snapshot (docs/bench/results.json). Times and rates are first divided by the busy-loop
 * calibration each run measured at its start (one loop alone, in ms: the machine's speed at that
 * moment), so a slower or busier machine does not pass for a slower lexdis; memory and sizes are
 * compared as they are. The output is a report, never a failure: a figure worse than the
 * snapshot by more than the run-to-run spread (WORSE_BEYOND) is marked.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * How a figure scales with machine speed: a time (lower is better), a rate (higher is better), a
 * size (lower is better, not calibrated), or a share (higher is better, not calibrated: a ratio
 * measured against its own baseline in the same run).
 */
export type FigureKind = 'time' | 'rate' | 'size' | 'share';

/** One compared figure: where it is in a size row, and its kind. */
export interface Figure {
  name: string;
  kind: FigureKind;
  get: (row: Json) => unknown;
}

/** The figures compared, per corpus size (declared once; the table follows this order). */
export const FIGURES: readonly Figure[] = [
  { name: 'lexdis train wall s', kind: 'time', get: (r) => r.train?.wallSeconds },
  { name: 'lexdis train CPU s', kind: 'time', get: (r) => r.train?.cpuSeconds },
  { name: 'read corpus + start-up s', kind: 'time', get: (r) => r.train?.readCorpusAndStartSeconds },
  { name: 'read corpus CPU s', kind: 'time', get: (r) => r.train?.readCorpusCpuSeconds },
  { name: 'stage one s (in train)', kind: 'time', get: (r) => r.train?.stage1Seconds },
  { name: 'rows s', kind: 'time', get: (r) => r.train?.rowsSeconds },
  { name: 'θ fit s', kind: 'time', get: (r) => r.train?.thetaSeconds },
  { name: 'A1/A2 on D2 s', kind: 'time', get: (r) => r.train?.evaluateSeconds },
  { name: 'sequence λ s', kind: 'time', get: (r) => r.train?.sequenceSeconds },
  { name: 'β* recount s', kind: 'time', get: (r) => r.train?.recountSeconds },
  { name: 'save s', kind: 'time', get: (r) => r.train?.saveSeconds },
  { name: 'peak RSS MB', kind: 'size', get: (r) => r.train?.peakRssMB },
  { name: 'model bytes', kind: 'size', get: (r) => r.train?.modelBytes },
  { name: 'stage one 1 worker tokens/s', kind: 'rate', get: (r) => r.stage1?.workers1?.tokensPerSecond },
  { name: 'stage one 2 workers tokens/s', kind: 'rate', get: (r) => r.stage1?.workers2?.tokensPerSecond },
  { name: 'ranking tokens/s', kind: 'rate', get: (r) => r.tag?.ranking?.tokensPerSecond },
  { name: 'analyzer tokens/s', kind: 'rate', get: (r) => r.tag?.text?.analyzerTokensPerSecond },
  { name: 'tagger raw text tokens/s (warm)', kind: 'rate', get: (r) => r.tag?.text?.taggerWarmTokensPerSecond },
  { name: 'tagger new text words/s (after PUD)', kind: 'rate', get: (r) => r.tag?.newText?.wordsPerWallSecond },
  { name: 'model load s', kind: 'time', get: (r) => r.tag?.model?.loadSeconds },
  { name: 'tagger first pass words/s', kind: 'rate', get: (r) => r.tag?.text?.taggerColdWordsPerSecond },
  { name: 'one-sentence diacritize wall s', kind: 'time', get: (r) => r.throughput?.startup?.diacritizeSeconds },
  { name: 'one-sentence diacritize / node -e 0', kind: 'size', get: (r) => r.throughput?.startup?.ratio },
  { name: 'diacritize 1 worker words/s', kind: 'rate', get: (r) => r.throughput?.workers?.median?.wordsPerSecond1 },
  { name: 'diacritize 2 workers words/s', kind: 'rate', get: (r) => r.throughput?.workers?.median?.wordsPerSecond2 },
  { name: 'diacritize workers speedup / capacity', kind: 'share', get: (r) => r.throughput?.workers?.median?.shareOfCapacity },
  { name: 'diacritize 2 workers peak RSS / 1', kind: 'size', get: (r) => r.throughput?.workers?.median?.peakRssRatio },
  { name: 'service workers speedup / capacity', kind: 'share', get: (r) => r.throughput?.service?.shareOfCapacity },
  { name: 'service p99 ms, 2 workers', kind: 'time', get: (r) => r.throughput?.service?.p99Ms2 },
];

/** A calibrated ratio beyond this (worse) is marked: the spread of repeated runs on a shared machine. */
export const WORSE_BEYOND = 1.25;

export interface ComparedFigure {
  tokens: number;
  name: string;
  kind: FigureKind;
  snapshot: number | null;
  now: number | null;
  /** now / snapshot as measured. */
  ratio: number | null;
  /**
   * For times and rates: the ratio with each run's figure expressed in busy-loop units
   * (time / loop ms, rate × loop ms). > 1 is worse for times and sizes, < 1 worse for rates.
   */
  calibratedRatio: number | null;
  /** True when the calibrated ratio is worse than WORSE_BEYOND (or 1/WORSE_BEYOND for rates). */
  worse: boolean | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The busy-loop time (ms) a result recorded: its run-level calibration. Throws when it has none. */
export function loopMs(result: Json, what: string): number {
  const ms = num(result.calibration?.oneMs);
  if (ms === null || ms <= 0) throw new Error(`${what} has no busy-loop calibration (calibration.oneMs): made by an older bench?`);
  return ms;
}

/**
 * Compares two results of bench/run.ts, size by size (sizes present in both), figure by figure.
 * Takes the snapshot and the new result (parsed JSON); throws when either lacks its calibration.
 */
export function compareResults(snapshot: Json, now: Json): ComparedFigure[] {
  const a = loopMs(snapshot, 'the snapshot');
  const b = loopMs(now, 'the new result');
  const out: ComparedFigure[] = [];
  for (const row of now.sizes as Json[]) {
    const old = (snapshot.sizes as Json[]).find((r) => r.tokens === row.tokens);
    if (!old) continue;
    for (const f of FIGURES) {
      const s = num(f.get(old));
      const n = num(f.get(row));
      const ratio = s !== null && n !== null && s !== 0 ? n / s : null;
      let cal: number | null = ratio;
      if (ratio !== null && f.kind === 'time') cal = ratio * (a / b);
      if (ratio !== null && f.kind === 'rate') cal = ratio * (b / a);
      const worse = cal === null ? null : f.kind === 'rate' || f.kind === 'share' ? cal < 1 / WORSE_BEYOND : cal > WORSE_BEYOND;
      out.push({
        tokens: row.tokens,
        name: f.name,
        kind: f.kind,
        snapshot: s,
        now: n,
        ratio,
        calibratedRatio: cal,
        worse,
      });
    }
  }
  return out;
}

const fmt = (v: number | null): string => (v === null ? '–' : String(Number(v.toPrecision(4))));

/** The comparison as a plain-text table (one line per figure), with the two calibrations. */
export function compareTable(snapshot: Json, now: Json, rows: readonly ComparedFigure[]): string {
  const lines = [
    `busy loop: snapshot ${loopMs(snapshot, 'the snapshot')} ms, now ${loopMs(now, 'the new result')} ms ` +
      '(times × snapshot/now, rates × now/snapshot before comparing; sizes and same-run shares as they are)',
    `snapshot: ${snapshot.command ?? '?'}`,
    '',
    ['tokens', 'figure', 'snapshot', 'now', 'ratio', 'calibrated', ''].join('\t'),
  ];
  for (const r of rows)
    lines.push([r.tokens, r.name, fmt(r.snapshot), fmt(r.now), fmt(r.ratio), fmt(r.calibratedRatio), r.worse ? 'WORSE' : ''].join('\t'));
  const worse = rows.filter((r) => r.worse);
  lines.push('', worse.length === 0 ? 'no figure worse than the snapshot beyond the spread' : `${worse.length} figure(s) worse than the snapshot beyond ×${WORSE_BEYOND}`);
  return `${lines.join('\n')}\n`;
}
