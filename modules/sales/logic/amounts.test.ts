import { describe, expect, it } from 'vitest';
import { creditOver, lineAmounts, openQty, sumOf } from './amounts';

describe('a sales line’s amounts', () => {
  it('taxes the rounded amount at the line’s rate', () => {
    expect(lineAmounts({ Qty: '3', Unit_Price: '33.333', Tax_Rate: '13' })).toEqual({
      Amount: '100',
      Tax_Amount: '13',
      Amount_With_Tax: '113',
      Price_With_Tax: '37.66629',
    });
  });
  it('a zero rate leaves the amount as it is', () => {
    const a = lineAmounts({ Qty: '2.5', Unit_Price: '10.01', Tax_Rate: '0' });
    expect(a.Amount).toBe('25.03');
    expect(a.Tax_Amount).toBe('0');
    expect(a.Amount_With_Tax).toBe('25.03');
  });
  it('sums decimals exactly', () => {
    expect(sumOf([{ a: '0.1' }, { a: '0.2' }, { a: null }], (r) => r.a)).toBe('0.3');
  });
});

describe('open quantity and credit', () => {
  it('never answers a negative open quantity', () => {
    expect(openQty('10', '4')).toBe('6');
    expect(openQty('10', '12')).toBe('0');
  });
  it('answers the amount over the limit, none within it or without a limit', () => {
    expect(creditOver('1000', '800', '300')).toBe('100');
    expect(creditOver('1000', '700', '300')).toBeNull();
    expect(creditOver(null, '700', '300')).toBeNull();
    expect(creditOver('0', '700', '300')).toBeNull();
  });
});
