/**
 * Days to pay by a partner's payment terms, as master data keeps them (free text such as "月结60天",
 * "NET 30", "30 days", "货到付款"): the first whole number in the text, 0 when none (cash on delivery).
 * 月结 N 天 counts from the end of the invoice's month (dueDate).
 */
export function termDays(terms: string | null | undefined): number {
  const m = /(\d{1,3})/.exec(terms ?? '');
  return m ? Number(m[1]) : 0;
}

/** Whether the terms count from the end of the month (月结, EOM). */
export function fromMonthEnd(terms: string | null | undefined): boolean {
  return /月结|EOM|end of month/i.test(terms ?? '');
}

/** The due date of an entry posted on `day` (yyyy-MM-dd) under `terms`. */
export function dueDate(day: string, terms: string | null | undefined): string {
  const [y, m, d] = day.split('-').map(Number);
  // noon UTC: adding days never crosses a day boundary through a clock change
  const start = fromMonthEnd(terms) ? new Date(Date.UTC(y, m, 0, 12)) : new Date(Date.UTC(y, m - 1, d, 12));
  start.setUTCDate(start.getUTCDate() + termDays(terms));
  return start.toISOString().slice(0, 10);
}
