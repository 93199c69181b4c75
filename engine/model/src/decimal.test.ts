import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDecimal, compareDecimal, mulDecimal, normalizeDecimal } from './decimal';

describe('decimal', () => {
  it('normalises', () => {
    expect(normalizeDecimal('0012.500')).toBe('12.5');
    expect(normalizeDecimal('-0.000')).toBe('0');
    expect(normalizeDecimal('+3')).toBe('3');
    expect(normalizeDecimal('1.5', 2)).toBe('1.50');
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
});
