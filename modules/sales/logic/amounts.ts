import { addDecimal, compareDecimal, divDecimal, isZeroDecimal, mulDecimal, subDecimal } from '@mes/model';

/** The tax rate of a line that names none: 13 % (China's standard VAT on goods). */
export const DEFAULT_TAX_RATE = '13';

export interface TaxedLine {
  Qty: string;
  Unit_Price: string;
  Tax_Rate: string;
}

export interface LineAmounts {
  Amount: string;
  Tax_Amount: string;
  Amount_With_Tax: string;
  Price_With_Tax: string;
}

/**
 * A line's amounts from its price without tax: amount rounded to the cent, tax on the rounded
 * amount (as a fapiao computes it), the price with tax to six places.
 */
export function lineAmounts(l: TaxedLine): LineAmounts {
  const amount = mulDecimal(l.Qty, l.Unit_Price, 2);
  const tax = mulDecimal(amount, divDecimal(l.Tax_Rate, '100', 6), 2);
  const factor = addDecimal('1', divDecimal(l.Tax_Rate, '100', 6));
  return {
    Amount: amount,
    Tax_Amount: tax,
    Amount_With_Tax: addDecimal(amount, tax),
    Price_With_Tax: mulDecimal(l.Unit_Price, factor, 6),
  };
}

/** Sums a field over lines (decimal strings; empty counts 0). */
export function sumOf<T>(rows: readonly T[], pick: (r: T) => string | null | undefined): string {
  return rows.reduce((s, r) => addDecimal(s, pick(r) ?? '0'), '0');
}

/** What is still open on a line: ordered (or delivered) less what later documents already took. */
export function openQty(total: string, taken: string): string {
  const left = subDecimal(total, taken);
  return compareDecimal(left, '0') > 0 ? left : '0';
}

/**
 * The credit check: the customer's exposure (what it owes and what its open orders will bill) plus
 * this order, against its credit limit. Answers the amount over the limit, or null when within it
 * or when the customer has no limit (none set, or 0).
 */
export function creditOver(limit: string | null, exposure: string, order: string): string | null {
  if (limit === null || isZeroDecimal(limit)) return null;
  const over = subDecimal(addDecimal(exposure, order), limit);
  return compareDecimal(over, '0') > 0 ? over : null;
}
