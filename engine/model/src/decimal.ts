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

function scaleTo(v: { int: bigint; scale: number }, scale: number): bigint {
  return v.int * 10n ** BigInt(scale - v.scale);
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

export function addDecimal(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const sc = Math.max(x.scale, y.scale);
  return normalizeDecimal(formatScaled(scaleTo(x, sc) + scaleTo(y, sc), sc));
}

export function mulDecimal(a: string, b: string, scale: number): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const raw = x.int * y.int;
  const rawScale = x.scale + y.scale;
  if (rawScale <= scale) return normalizeDecimal(formatScaled(raw * 10n ** BigInt(scale - rawScale), scale));
  const div = 10n ** BigInt(rawScale - scale);
  // round half away from zero, as accountants expect
  const q = raw / div;
  const r = raw % div;
  const adj = (r < 0n ? -r : r) * 2n >= div ? (raw < 0n ? -1n : 1n) : 0n;
  return normalizeDecimal(formatScaled(q + adj, scale));
}

export function compareDecimal(a: string, b: string): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const sc = Math.max(x.scale, y.scale);
  const d = scaleTo(x, sc) - scaleTo(y, sc);
  return d === 0n ? 0 : d < 0n ? -1 : 1;
}

export function negDecimal(a: string): string {
  const x = parseDecimal(a);
  return normalizeDecimal(formatScaled(-x.int, x.scale));
}

export function subDecimal(a: string, b: string): string {
  return addDecimal(a, negDecimal(b));
}

/** a / b rounded half away from zero to `scale` places; b must not be zero. */
export function divDecimal(a: string, b: string, scale: number): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (y.int === 0n) throw new Error('Division by zero');
  // a/b = (x.int / 10^xs) / (y.int / 10^ys); scale the numerator so that the quotient has `scale` places
  const shift = scale + y.scale - x.scale;
  const num = shift >= 0 ? x.int * 10n ** BigInt(shift) : x.int;
  const den = shift >= 0 ? y.int : y.int * 10n ** BigInt(-shift);
  const q = num / den;
  const r = num % den;
  const absR = r < 0n ? -r : r;
  const absD = den < 0n ? -den : den;
  const neg = num < 0n !== den < 0n;
  const adj = absR * 2n >= absD ? (neg ? -1n : 1n) : 0n;
  return normalizeDecimal(formatScaled(q + adj, scale));
}

export function isZeroDecimal(a: string): boolean {
  return parseDecimal(a).int === 0n;
}
