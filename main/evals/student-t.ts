// Student's t distribution, for the mean score's confidence interval and compare's paired test:
// the CDF through the regularized incomplete beta function (a continued fraction, as Numerical
// Recipes computes it), the quantile by bisection on it.

function logGamma(x: number): number {
  // Lanczos, g = 7, n = 9.
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-14) break;
  }
  return h;
}

/** I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(a, b, x)) / a
    : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(T <= t) for `df` degrees of freedom. */
export function tCdf(t: number, df: number): number {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The t such that P(T <= t) = p. */
export function tQuantile(p: number, df: number): number {
  let low = -1e3;
  let high = 1e3;
  for (let i = 0; i < 200; i++) {
    const middle = (low + high) / 2;
    if (tCdf(middle, df) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

export const mean = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;

/** The 95% confidence interval of the mean, by Student's t; undefined for fewer than two values. */
export function meanInterval(values: readonly number[]): [number, number] | undefined {
  if (values.length < 2) return undefined;
  const m = mean(values);
  const variance = values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1);
  const half = tQuantile(0.975, values.length - 1) * Math.sqrt(variance / values.length);
  return [Math.max(0, m - half), Math.min(1, m + half)];
}

/** Student's paired t test on the differences: two-sided p; 1 when they are all equal (nothing to tell). */
export function pairedTTest(differences: readonly number[]): { t: number; df: number; p: number } {
  const n = differences.length;
  if (n < 2) return { t: 0, df: Math.max(0, n - 1), p: 1 };
  const m = mean(differences);
  const variance = differences.reduce((sum, v) => sum + (v - m) ** 2, 0) / (n - 1);
  if (variance === 0) return { t: m === 0 ? 0 : Math.sign(m) * Infinity, df: n - 1, p: m === 0 ? 1 : 0 };
  const t = m / Math.sqrt(variance / n);
  return { t, df: n - 1, p: 2 * (1 - tCdf(Math.abs(t), n - 1)) };
}
