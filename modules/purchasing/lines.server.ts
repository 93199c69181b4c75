import { AppError, combineErrors } from '@mes/engine-server';
import { compareDecimal } from '@mes/model';

/** A document's lines as its hooks see them; every purchasing document's lines have a quantity. */
export type Line = Record<string, unknown> & { Qty: string };

/** The lines of the save (or the stored ones when the save leaves them alone). */
export const linesOf = (data: Record<string, unknown>, old: Record<string, unknown> | null): Line[] =>
  (data.Items ?? old?.Items ?? []) as Line[];

/** At least one line, every quantity above zero: all bad lines named at once. */
export function checkQuantities(lines: Line[]): void {
  if (!lines.length) throw new AppError('pur.no_lines').at('Items');
  const errors = lines.flatMap((l, i) =>
    compareDecimal(String(l.Qty), '0') <= 0
      ? [new AppError('pur.qty_positive', { line: i + 1 }).at('Items')]
      : [],
  );
  throwAll(errors);
}

export function throwAll(errors: AppError[]): void {
  // one status for all: a conflict (409) when every error is one, else a bad request
  if (errors.length)
    throw errors.length === 1
      ? errors[0]
      : Object.assign(combineErrors(errors), {
          status: errors.every((e) => e.status === 409) ? 409 : 400,
        });
}
