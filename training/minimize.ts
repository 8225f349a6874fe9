/**
 * One-dimensional minimization for the fits of training (the softmax temperature, stage2.ts;
 * the weight λ of the tag bigrams, sequence-fit.ts).
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
