/**
 * One-dimensional minimization for the fits of training (the softmax temperature, stage2.ts;
 * the weight λ of the tag bigrams, sequence-fit.ts; the weight μ of the case pass, case-fit.ts).
 */

/**
 * The minimum of a unimodal `f` on [a, b] by golden-section search: takes the function, the
 * bracket and the number of steps (each shrinks the bracket by 0.618); returns the middle of
 * the last bracket. Deterministic: the same arguments give the same number.
 */
export function goldenSection(f: (x: number) => number, a: number, b: number, steps: number): number {
  const r = (Math.sqrt(5) - 1) / 2;
  let c = b - r * (b - a);
  let d = a + r * (b - a);
  let fc = f(c);
  let fd = f(d);
  for (let i = 0; i < steps; i++) {
    if (fc < fd) {
      b = d; d = c; fd = fc; c = b - r * (b - a); fc = f(c);
    } else {
      a = c; c = d; fc = fd; d = a + r * (b - a); fd = f(d);
    }
  }
  return (a + b) / 2;
}

/** A weight tried by {@link minimizeWeight}, with what was measured at it. */
export type Tried<M> = M & { weight: number };

/**
 * The weight that minimizes `measure(w).nll`: first on `grid` (ascending; a tie goes to the
 * smaller weight), then by golden-section search between the best grid weight's neighbours
 * (beyond the last, up to twice it), unless the best is the grid's first; the result is kept to
 * 10⁻³ and replaces the grid's best only when it measures lower. `measure(w, false)` may skip
 * what the search does not need. Returns the best weight's measure and every grid weight's.
 */
export function minimizeWeight<M extends { nll: number }>(
  grid: readonly number[],
  measure: (w: number, full: boolean) => M,
): { best: Tried<M>; tried: Tried<M>[] } {
  const tried = grid.map((weight) => ({ ...measure(weight, true), weight }));
  let bi = 0;
  tried.forEach((t, i) => {
    if (t.nll < tried[bi].nll) bi = i;
  });
  let best = tried[bi];
  if (bi > 0) {
    const lo = tried[bi - 1].weight;
    const hi = bi + 1 < tried.length ? tried[bi + 1].weight : 2 * best.weight;
    // 16 steps shrink the bracket to 4·10⁻⁴ of its width
    const w = Math.round(goldenSection((x) => measure(x, false).nll, lo, hi, 16) * 1000) / 1000;
    const at = { ...measure(w, true), weight: w };
    if (at.nll < best.nll) best = at;
  }
  return { best, tried };
}
