import { addDecimal, compareDecimal, divDecimal, mulDecimal, subDecimal } from '@mes/model';

/** 13 %: the tax rate of a line that names none, when the 税率 dictionary has no entry either. */
export const DEFAULT_TAX_RATE = '13';

const factor = (rate: string) => addDecimal('1', divDecimal(rate, '100', 6));

/** The price with tax from the price without (rounded to the price columns' 6 places). */
export const withTax = (net: string, rate: string) => mulDecimal(net, factor(rate), 6);

/** The price without tax from the price with it. */
export const withoutTax = (gross: string, rate: string) => divDecimal(gross, factor(rate), 6);

/**
 * A line's two prices made consistent: the price without tax leads when given (the one a buyer
 * types and the one the amounts follow), else it is derived from the price with tax.
 */
export function linePrices(
  net: string | null | undefined,
  gross: string | null | undefined,
  rate: string,
): { net: string | null; gross: string | null } {
  if (net != null) return { net, gross: withTax(net, rate) };
  if (gross != null) return { net: withoutTax(gross, rate), gross };
  return { net: null, gross: null };
}

/** A line's amount with tax: quantity × price with tax, to the cent. */
export const amountOf = (qty: string, p: string | null) => (p == null ? null : mulDecimal(qty, p, 2));

/** Sum of decimals, nulls left out. */
export const total = (values: (string | null | undefined)[]) =>
  values.reduce<string>((s, v) => (v == null ? s : addDecimal(s, v)), '0');

/**
 * Most that may still be received on an order line: ordered × (1 + tolerance %) − received.
 * Tolerance is the over-receipt parameter in percent (0: never more than ordered).
 */
export function receivable(ordered: string, received: string, tolerancePct: string): string {
  const cap = mulDecimal(ordered, factor(tolerancePct), 4);
  return subDecimal(cap, received);
}

/** The difference an invoice line makes against its order price, for its quantity (0 when none). */
export function priceDifference(qty: string, invoicePrice: string, orderPrice: string | null): string {
  if (orderPrice == null) return '0';
  return mulDecimal(qty, subDecimal(invoicePrice, orderPrice), 2);
}

export const exceeds = (qty: string, room: string) => compareDecimal(qty, room) > 0;
