import { addDecimal, mulDecimal } from '@mes/model';

/** An entry's amount in base currency: amount × rate, to the cent (half away from zero). */
export function baseAmount(amount: string, rate: string): string {
  return mulDecimal(amount, rate, 2);
}

/** The key of a partner's balance in one currency. */
export const balanceKey = (side: number, partnerId: number, currencyId: number): string =>
  `${side}:${partnerId}:${currencyId}`;

export interface Running {
  Balance: string;
  Base_Balance: string;
}

export interface RunningInput {
  side: number;
  partnerId: number;
  currencyId: number;
  amount: string;
  base: string;
}

/**
 * The running balance after each entry, in order, from the balances before them (a key missing
 * starts at zero). Returns the balances after each entry and the closing balance of every key.
 */
export function runBalances(
  opening: ReadonlyMap<string, Running>,
  entries: readonly RunningInput[],
): { after: Running[]; closing: Map<string, Running> } {
  const closing = new Map(opening);
  const after = entries.map((e) => {
    const key = balanceKey(e.side, e.partnerId, e.currencyId);
    const was = closing.get(key) ?? { Balance: '0', Base_Balance: '0' };
    const now = {
      Balance: addDecimal(was.Balance, e.amount),
      Base_Balance: addDecimal(was.Base_Balance, e.base),
    };
    closing.set(key, now);
    return now;
  });
  return { after, closing };
}
