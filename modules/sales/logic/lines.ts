import { compareDecimal } from '@mes/model';
import { DEFAULT_TAX_RATE, lineAmounts } from './amounts';

export type Line = Record<string, unknown>;

/** The rows of a document's line table as the hooks get them. */
export const linesOf = (data: Record<string, unknown>, key = 'Lines'): Line[] =>
  Array.isArray(data[key]) ? (data[key] as Line[]) : [];

export const text = (v: unknown): string => (v === null || v === undefined || v === '' ? '' : String(v));

/** A positive quantity, or the 1-based number of the first line that has none. */
export function firstNonPositive(lines: Line[]): number | null {
  const i = lines.findIndex((l) => compareDecimal(text(l.Qty) || '0', '0') <= 0);
  return i < 0 ? null : i + 1;
}

/** Sets a priced line's tax rate (13 % when empty) and its amounts, before the engine sums the totals. */
export function priceLine(l: Line): void {
  if (!text(l.Tax_Rate)) l.Tax_Rate = DEFAULT_TAX_RATE;
  Object.assign(
    l,
    lineAmounts({ Qty: text(l.Qty), Unit_Price: text(l.Unit_Price), Tax_Rate: text(l.Tax_Rate) }),
  );
}
