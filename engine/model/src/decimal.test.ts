import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  compareDecimal,
  divDecimal,
  mulDecimal,
  negDecimal,
  normalizeDecimal,
  normalizeSlow,
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
});
