/**
 * Exact decimal arithmetic on strings via bigint, so that money and quantities never pass through
 * binary floating point.
 */
const RE = /^([+-])?(\d+)(?:\.(\d+))?$/;

export function isDecimal(s: string): boolean {
  return RE.test(s);
}

export function parseDecimal(s: string): { int: bigint; scale: number } {
  const m = RE.exec(s.trim());
  if (!m) throw new Error(`Not a decimal: ${s}`);
  const frac = m[3] ?? '';
  const v = BigInt(m[2] + frac);
  return { int: m[1] === '-' ? -v : v, scale: frac.length };
}

const POW10N: bigint[] = Array.from({ length: 64 }, (_, i) => 10n ** BigInt(i));
const pow10n = (n: number) => POW10N[n] ?? 10n ** BigInt(n);

function scaleTo(v: { int: bigint; scale: number }, scale: number): bigint {
  return v.int * pow10n(scale - v.scale);
}

export function formatScaled(int: bigint, scale: number): string {
  const neg = int < 0n;
  const s = (neg ? -int : int).toString().padStart(scale + 1, '0');
  const body = scale ? `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}` : s;
  return neg && /[1-9]/.test(body) ? `-${body}` : body;
}

// what PostgreSQL sends for numeric: no sign but '-', no leading zeros
const CANONICAL_HEAD = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** Canonical text: no leading '+', no trailing zeros beyond `minScale`. */
export function normalizeDecimal(s: string, minScale = 0): string {
  // every numeric read from the database passes here: strings only, no bigint, when the text allows
  if (minScale === 0 && CANONICAL_HEAD.test(s)) {
    let end = s.length;
    if (s.includes('.')) {
      while (s.charCodeAt(end - 1) === 48) end--;
      if (s.charCodeAt(end - 1) === 46) end--;
    }
    const out = end === s.length ? s : s.slice(0, end);
    return out === '-0' ? '0' : out;
  }
  return normalizeSlow(s, minScale);
}

/** The reference: through bigint, for any accepted text and a minimum scale. */
export function normalizeSlow(s: string, minScale = 0): string {
  const v = parseDecimal(s);
  let out = formatScaled(v.int, v.scale);
  if (out.includes('.')) {
    out = out.replace(/0+$/, '');
    const frac = out.split('.')[1] ?? '';
    if (frac.length < minScale) out = out + '0'.repeat(minScale - frac.length);
    out = out.replace(/\.$/, '');
  }
  if (minScale > 0 && !out.includes('.')) out = `${out}.${'0'.repeat(minScale)}`;
  return out;
}

export function decimalDigits(s: string): { intDigits: number; fracDigits: number } {
  const m = RE.exec(s.trim());
  if (!m) return { intDigits: Number.POSITIVE_INFINITY, fracDigits: Number.POSITIVE_INFINITY };
  return {
    intDigits: m[2].replace(/^0+(?=\d)/, '').length,
    fracDigits: (m[3] ?? '').replace(/0+$/, '').length,
  };
}

function addBig(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const sc = Math.max(x.scale, y.scale);
  return normalizeDecimal(formatScaled(scaleTo(x, sc) + scaleTo(y, sc), sc));
}

function mulBig(a: string, b: string, scale: number): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const raw = x.int * y.int;
  const rawScale = x.scale + y.scale;
  if (rawScale <= scale) return normalizeDecimal(formatScaled(raw * pow10n(scale - rawScale), scale));
  const div = pow10n(rawScale - scale);
  // round half away from zero, as accountants expect
  const q = raw / div;
  const r = raw % div;
  const adj = (r < 0n ? -r : r) * 2n >= div ? (raw < 0n ? -1n : 1n) : 0n;
  return normalizeDecimal(formatScaled(q + adj, scale));
}

function compareBig(a: string, b: string): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const sc = Math.max(x.scale, y.scale);
  const d = scaleTo(x, sc) - scaleTo(y, sc);
  return d === 0n ? 0 : d < 0n ? -1 : 1;
}

function negBig(a: string): string {
  const x = parseDecimal(a);
  return normalizeDecimal(formatScaled(-x.int, x.scale));
}

function subBig(a: string, b: string): string {
  return addBig(a, negBig(b));
}

function divBig(a: string, b: string, scale: number): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (y.int === 0n) throw new Error('Division by zero');
  // a/b = (x.int / 10^xs) / (y.int / 10^ys); scale the numerator so that the quotient has `scale` places
  const shift = scale + y.scale - x.scale;
  const num = shift >= 0 ? x.int * pow10n(shift) : x.int;
  const den = shift >= 0 ? y.int : y.int * pow10n(-shift);
  const q = num / den;
  const r = num % den;
  const absR = r < 0n ? -r : r;
  const absD = den < 0n ? -den : den;
  const neg = num < 0n !== den < 0n;
  const adj = absR * 2n >= absD ? (neg ? -1n : 1n) : 0n;
  return normalizeDecimal(formatScaled(q + adj, scale));
}

function isZeroBig(a: string): boolean {
  return parseDecimal(a).int === 0n;
}

/**
 * The same operations on the bigint path alone: the reference the fast path is tested against.
 * Not for use in the product.
 */
export const referenceDecimal = {
  add: addBig,
  sub: subBig,
  mul: mulBig,
  div: divBig,
  compare: compareBig,
  neg: negBig,
  isZero: isZeroBig,
};

// The fast path: a decimal of at most 15 significant digits and 15 places is an integer mantissa
// below 2^53 and a scale, so Number arithmetic on the mantissas is exact integer arithmetic. Every
// result is checked to be a safe integer (a product or sum of safe integers that is not exact is not
// safe either), and anything else goes the bigint way. Postings do thousands of these a second.
const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);
const MAX_FAST_SCALE = 15;
let scanScale = 0;

/** The mantissa of a plain decimal text (scanScale gets its scale), or NaN: then the bigint way. */
function mantissa(s: string): number {
  const len = s.length;
  let i = 0;
  let c = s.charCodeAt(0);
  const neg = c === 45;
  if (neg || c === 43) i = 1;
  let m = 0;
  let significant = 0;
  let intDigits = 0;
  let scale = -1;
  for (; i < len; i++) {
    c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      if (m !== 0) significant++;
      if (scale >= 0) scale++;
      else intDigits++;
    } else if (c === 46 && scale < 0 && intDigits > 0) scale = 0;
    else return Number.NaN;
  }
  if (intDigits === 0 || scale === 0 || significant > 15 || scale > MAX_FAST_SCALE) return Number.NaN;
  scanScale = scale < 0 ? 0 : scale;
  return neg ? -m : m;
}

/** Canonical text of mantissa / 10^scale (a safe integer): no trailing zeros, no '-0'. */
function textOf(m: number, scale: number): string {
  if (m === 0) return '0';
  const neg = m < 0;
  let a = neg ? -m : m;
  let sc = scale;
  while (sc > 0 && a % 10 === 0) {
    a /= 10;
    sc--;
  }
  let t = String(a);
  if (sc > 0) {
    if (t.length <= sc) t = '0'.repeat(sc - t.length + 1) + t;
    t = `${t.slice(0, t.length - sc)}.${t.slice(t.length - sc)}`;
  }
  return neg ? `-${t}` : t;
}

/** a + sign·b on the fast path, or null. */
function addFast(a: string, b: string, sign: 1 | -1): string | null {
  const x = mantissa(a);
  const xs = scanScale;
  const y = mantissa(b);
  const ys = scanScale;
  if (Number.isNaN(x) || Number.isNaN(y)) return null;
  const sc = xs > ys ? xs : ys;
  const xa = x * POW10[sc - xs];
  const ya = y * POW10[sc - ys] * sign;
  const r = xa + ya;
  return Number.isSafeInteger(xa) && Number.isSafeInteger(ya) && Number.isSafeInteger(r)
    ? textOf(r, sc)
    : null;
}

/** q rounded half away from zero, for an integer n and a positive integer d, all safe. */
function roundedQuotient(n: number, d: number): number {
  const r = n % d;
  const q = (n - r) / d;
  const ar = r < 0 ? -r : r;
  return ar * 2 >= d ? q + (n < 0 ? -1 : 1) : q;
}

export function addDecimal(a: string, b: string): string {
  return addFast(a, b, 1) ?? addBig(a, b);
}

export function subDecimal(a: string, b: string): string {
  return addFast(a, b, -1) ?? subBig(a, b);
}

export function negDecimal(a: string): string {
  const x = mantissa(a);
  return Number.isNaN(x) ? negBig(a) : textOf(-x, scanScale);
}

export function mulDecimal(a: string, b: string, scale: number): string {
  const x = mantissa(a);
  const xs = scanScale;
  const y = mantissa(b);
  const ys = scanScale;
  if (!Number.isNaN(x) && !Number.isNaN(y)) {
    const raw = x * y;
    const rawScale = xs + ys;
    if (Number.isSafeInteger(raw)) {
      if (rawScale <= scale) return textOf(raw, rawScale);
      if (rawScale - scale <= MAX_FAST_SCALE)
        return textOf(roundedQuotient(raw, POW10[rawScale - scale]), scale);
    }
  }
  return mulBig(a, b, scale);
}

/** a / b rounded half away from zero to `scale` places; b must not be zero. */
export function divDecimal(a: string, b: string, scale: number): string {
  const x = mantissa(a);
  const xs = scanScale;
  const y = mantissa(b);
  const ys = scanScale;
  if (!Number.isNaN(x) && !Number.isNaN(y) && y !== 0 && scale <= MAX_FAST_SCALE) {
    // a/b = (x / 10^xs) / (y / 10^ys): scale the numerator so that the quotient has `scale` places
    const shift = scale + ys - xs;
    if (Math.abs(shift) <= MAX_FAST_SCALE) {
      const num = shift >= 0 ? x * POW10[shift] : x;
      const den = shift >= 0 ? y : y * POW10[-shift];
      if (Number.isSafeInteger(num) && Number.isSafeInteger(den)) {
        const q = roundedQuotient(den < 0 ? -num : num, den < 0 ? -den : den);
        if (Number.isSafeInteger(q)) return textOf(q, scale);
      }
    }
  }
  return divBig(a, b, scale);
}

export function compareDecimal(a: string, b: string): number {
  const x = mantissa(a);
  const xs = scanScale;
  const y = mantissa(b);
  const ys = scanScale;
  if (!Number.isNaN(x) && !Number.isNaN(y)) {
    const sc = xs > ys ? xs : ys;
    const xa = x * POW10[sc - xs];
    const ya = y * POW10[sc - ys];
    if (Number.isSafeInteger(xa) && Number.isSafeInteger(ya)) return xa === ya ? 0 : xa < ya ? -1 : 1;
  }
  return compareBig(a, b);
}

export function isZeroDecimal(a: string): boolean {
  const x = mantissa(a);
  return Number.isNaN(x) ? isZeroBig(a) : x === 0;
}
