import { formatScaled, normalizeDecimal, parseDecimal } from '@mes/model';

/**
 * A decimal kept as bigint and scale while a calculation runs (explosion over many levels), so that
 * strings are parsed once and formatted once; products are cut back to MAX_SCALE places to keep
 * the numbers small without losing anything a factory can count.
 */
export interface Exact {
  n: bigint;
  s: number;
}

export const MAX_SCALE = 10;
export const ZERO: Exact = { n: 0n, s: 0 };
export const ONE: Exact = { n: 1n, s: 0 };

export function exact(s: string | null | undefined): Exact {
  if (s === null || s === undefined || s === '') return ZERO;
  const v = parseDecimal(s);
  return { n: v.int, s: v.scale };
}

// powers of ten by exponent: explosion rescales once per node, and `10n ** k` costs more than a lookup
const POW10: bigint[] = [1n];
function pow10(k: number): bigint {
  for (let i = POW10.length; i <= k; i++) POW10.push(POW10[i - 1] * 10n);
  return POW10[k];
}

function rescale(v: Exact, s: number): Exact {
  if (s === v.s) return v;
  if (s > v.s) return { n: v.n * pow10(s - v.s), s };
  const div = pow10(v.s - s);
  const q = v.n / div;
  const r = v.n % div;
  const adj = (r < 0n ? -r : r) * 2n >= div ? (v.n < 0n ? -1n : 1n) : 0n;
  return { n: q + adj, s };
}

/** The value as an integer count of 10^-MAX_SCALE: sums of many values then need no objects. */
export function scaled(a: Exact): bigint {
  return rescale(a, MAX_SCALE).n;
}

export function add(a: Exact, b: Exact): Exact {
  const s = Math.max(a.s, b.s);
  return { n: rescale(a, s).n + rescale(b, s).n, s };
}

export function sub(a: Exact, b: Exact): Exact {
  return add(a, { n: -b.n, s: b.s });
}

export function mul(a: Exact, b: Exact): Exact {
  const r = { n: a.n * b.n, s: a.s + b.s };
  return r.s > MAX_SCALE ? rescale(r, MAX_SCALE) : r;
}

/** a / b rounded to `scale` places (half away from zero); b must not be zero. */
export function div(a: Exact, b: Exact, scale = MAX_SCALE): Exact {
  // a/b = (a.n / 10^a.s) / (b.n / 10^b.s); compute at scale+1 then round
  const num = a.n * pow10(scale + 1 + b.s);
  const den = b.n * pow10(a.s);
  return rescale({ n: num / den, s: scale + 1 }, scale);
}

export function cmp(a: Exact, b: Exact): number {
  const s = Math.max(a.s, b.s);
  const d = rescale(a, s).n - rescale(b, s).n;
  return d === 0n ? 0 : d < 0n ? -1 : 1;
}

export function max(a: Exact, b: Exact): Exact {
  return cmp(a, b) >= 0 ? a : b;
}

export function isZero(a: Exact): boolean {
  return a.n === 0n;
}

/** Rounded to `scale` places, canonical text (no trailing zeros). */
export function text(a: Exact, scale = 6): string {
  const r = rescale(a, Math.min(a.s, scale));
  return normalizeDecimal(formatScaled(r.n, r.s));
}

/** Scrap rates are percentages: the factor is 1 + rate / 100. */
export function scrapFactor(ratePercent: string | null | undefined): Exact {
  const r = exact(ratePercent);
  return add(ONE, { n: r.n, s: r.s + 2 });
}

/** a − b on decimal strings, exact. */
export function minus(a: string, b: string): string {
  return text(sub(exact(a), exact(b)), 10);
}
