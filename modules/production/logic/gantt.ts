/**
 * Day → pixel mapping of the Gantt chart. Dates are calendar days ("YYYY-MM-DD", or the date part of
 * an ISO text): counting them from the chart's first day as whole calendar days keeps a bar under
 * its day's column whatever the time of day the chart was opened (a diff of two instants truncates).
 */
const MS_PER_DAY = 86_400_000;

function dayNumber(date: string): number {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return Date.UTC(y, m - 1, d) / MS_PER_DAY;
}

/** Calendar days from `from` to `date`: 0 for the same day, negative before it. */
export function dayIndex(date: string, from: string): number {
  return dayNumber(date) - dayNumber(from);
}

/** The first `days` calendar days from `from`, as "YYYY-MM-DD". */
export function daysFrom(from: string, days: number): string[] {
  const start = dayNumber(from);
  return Array.from({ length: Math.max(0, days) }, (_, i) =>
    new Date((start + i) * MS_PER_DAY).toISOString().slice(0, 10),
  );
}

/**
 * Where a bar from `start` to `end` (both days included) sits on a chart of `days` columns of
 * `dayPx` from `from`: clipped to the chart, at least one column wide; null when wholly outside.
 */
export function barBox(
  start: string,
  end: string,
  from: string,
  days: number,
  dayPx: number,
): { left: number; width: number } | null {
  const a = dayIndex(start, from);
  const b = Math.max(a, dayIndex(end, from));
  if (b < 0 || a > days - 1) return null;
  const first = Math.max(0, a);
  const last = Math.min(days - 1, b);
  return { left: first * dayPx, width: (last - first + 1) * dayPx };
}

/**
 * A bar's label: the whole order number when it fits, else its distinguishing tail ("…0042"),
 * never the common prefix every number shares ("WO20…" on every bar).
 */
export function barLabel(orderNo: string, widthPx: number, charPx = 6.5, paddingPx = 8): string {
  const fit = Math.floor((widthPx - paddingPx) / charPx);
  if (orderNo.length <= fit) return orderNo;
  if (fit <= 1) return orderNo.slice(-Math.max(1, fit));
  return `…${orderNo.slice(-(fit - 1))}`;
}
