import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  compareDecimal,
  divDecimal,
  isZeroDecimal,
  mulDecimal,
  negDecimal,
  normalizeDecimal,
  normalizeSlow,
  referenceDecimal as ref,
  subDecimal,
} from './decimal';

describe('decimal', () => {
  it('normalises', () => {
    expect(normalizeDecimal('0012.500')).toBe('12.5');
    expect(normalizeDecimal('-0.000')).toBe('0');
    expect(normalizeDecimal('+3')).toBe('3');
    expect(normalizeDecimal('1.5', 2)).toBe('1.50');
    expect(normalizeDecimal('-0')).toBe('0');
    expect(normalizeDecimal('100')).toBe('100');
    expect(normalizeDecimal('100.000')).toBe('100');
    expect(normalizeDecimal('-10.10')).toBe('-10.1');
  });
  it('gives the bigint reference text for whatever PostgreSQL or a client sends', () => {
    const digits = fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), minLength: 1, maxLength: 8 });
    const text = fc
      .tuple(
        fc.constantFrom('', '-', '+'),
        digits,
        fc.option(fc.string({ unit: fc.constantFrom('0', '3'), minLength: 1, maxLength: 6 })),
      )
      .map(([sign, int, frac]) => `${sign}${int}${frac === null ? '' : `.${frac}`}`);
    fc.assert(
      fc.property(text, (s) => {
        expect(normalizeDecimal(s)).toBe(normalizeSlow(s));
      }),
      { numRuns: 2000 },
    );
  });
  it('adds and multiplies exactly', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(mulDecimal('19.99', '3', 2)).toBe('59.97');
    expect(mulDecimal('1.005', '1', 2)).toBe('1.01');
    expect(mulDecimal('-1.005', '1', 2)).toBe('-1.01');
  });
  it('agrees with integer arithmetic on cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1e9, max: 1e9 }), (a, b) => {
        const s = addDecimal((a / 100).toFixed(2), (b / 100).toFixed(2));
        expect(compareDecimal(s, ((a + b) / 100).toFixed(2))).toBe(0);
      }),
    );
  });
  it('divides with half-away-from-zero rounding', () => {
    expect(divDecimal('10', '3', 4)).toBe('3.3333');
    expect(divDecimal('2', '3', 2)).toBe('0.67');
    expect(divDecimal('-2', '3', 2)).toBe('-0.67');
    expect(divDecimal('1.5', '-0.5', 0)).toBe('-3');
    expect(divDecimal('0.125', '1', 2)).toBe('0.13');
    expect(() => divDecimal('1', '0', 2)).toThrow();
  });
  it('subtracts and negates', () => {
    expect(subDecimal('1', '0.3')).toBe('0.7');
    expect(negDecimal('-2.50')).toBe('2.5');
    expect(negDecimal('0')).toBe('0');
  });
  it('division times divisor comes back within rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e7, max: 1e7 }), fc.integer({ min: 1, max: 1e5 }), (a, b) => {
        const q = divDecimal(String(a), String(b), 6);
        const back = mulDecimal(q, String(b), 6);
        expect(Math.abs(Number(subDecimal(back, String(a))))).toBeLessThanOrEqual(b * 0.0000005 + 1e-9);
      }),
    );
  });

  it('gives exactly what the bigint reference gives, on both sides of the fast path', () => {
    // texts of up to 20 significant digits and 18 places, so that many leave the fast path (15 and
    // 15) and many sums and products of those that stay cross 2^53
    const digits = (max: number) =>
      fc.string({ unit: fc.constantFrom('0', '1', '4', '5', '9'), minLength: 1, maxLength: max });
    const text = fc
      .tuple(fc.constantFrom('', '-', '+'), digits(20), fc.option(digits(18)))
      .map(([sign, int, frac]) => `${sign}${int}${frac === null ? '' : `.${frac}`}`);
    // an odd mantissa below 10^15 and an aligned one that ends in 0: a sum past 2^53 that is odd
    const edge = fc.constantFrom(
      '9007199254740991',
      '9007199254740992',
      '-999999999999999',
      '99999999999999.9',
      '899999999999999',
      '0.000000000000001',
      '-0',
    );
    const any = fc.oneof(text, edge, edge);
    fc.assert(
      fc.property(any, any, fc.integer({ min: 0, max: 18 }), (a, b, scale) => {
        expect(addDecimal(a, b)).toBe(ref.add(a, b));
        expect(subDecimal(a, b)).toBe(ref.sub(a, b));
        expect(mulDecimal(a, b, scale)).toBe(ref.mul(a, b, scale));
        expect(compareDecimal(a, b)).toBe(ref.compare(a, b));
        expect(negDecimal(a)).toBe(ref.neg(a));
        expect(isZeroDecimal(a)).toBe(ref.isZero(a));
        if (!ref.isZero(b)) expect(divDecimal(a, b, scale)).toBe(ref.div(a, b, scale));
      }),
      { numRuns: 20_000 },
    );
  });
  it('refuses what is not a decimal on the fast path too', () => {
    for (const bad of ['1.', '.5', '1e3', '--1', '', '1,5', 'NaN'])
      expect(() => addDecimal(bad, '1'), bad).toThrow(/Not a decimal/);
  });
});
