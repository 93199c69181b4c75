import { describe, expect, it } from 'vitest';
import {
  amountOf,
  exceeds,
  linePrices,
  priceDifference,
  receivable,
  total,
  withoutTax,
  withTax,
} from './prices';

describe('tax prices', () => {
  it('adds 13 % and takes it back off to six places', () => {
    expect(withTax('10', '13')).toBe('11.3');
    expect(withoutTax('11.3', '13')).toBe('10');
    expect(withoutTax('1', '13')).toBe('0.884956');
    expect(withTax('2.5', '0')).toBe('2.5');
  });
  it('lets the price without tax lead, and derives it only when missing', () => {
    expect(linePrices('10', '99', '13')).toEqual({ net: '10', gross: '11.3' });
    expect(linePrices(null, '11.3', '13')).toEqual({ net: '10', gross: '11.3' });
    expect(linePrices(null, null, '13')).toEqual({ net: null, gross: null });
  });
  it('rounds amounts to the cent and sums decimals exactly', () => {
    expect(amountOf('3', '0.884956')).toBe('2.65');
    expect(amountOf('3', null)).toBeNull();
    expect(total(['0.1', '0.2', null])).toBe('0.3');
  });
});

describe('matching', () => {
  it('allows receiving up to the order plus the tolerance', () => {
    expect(receivable('100', '0', '0')).toBe('100');
    expect(receivable('100', '60', '5')).toBe('45');
    expect(exceeds('45.0001', receivable('100', '60', '5'))).toBe(true);
    expect(exceeds('45', receivable('100', '60', '5'))).toBe(false);
  });
  it('values an invoice price difference against the order price', () => {
    expect(priceDifference('10', '5.5', '5')).toBe('5');
    expect(priceDifference('10', '4.5', '5')).toBe('-5');
    expect(priceDifference('10', '4.5', null)).toBe('0');
  });
});
