/** Calendar-day arithmetic on "YYYY-MM-DD" texts (UTC days: no time zone shifts a date). */
const DAY = 86_400_000;

export function dayNo(d: string): number {
  const [y, m, dd] = d.slice(0, 10).split('-').map(Number);
  return Date.UTC(y, m - 1, dd) / DAY;
}

export function addDays(d: string, n: number): string {
  return new Date((dayNo(d) + n) * DAY).toISOString().slice(0, 10);
}

/** Days from a to b: 0 on the same day. */
export function daysBetween(a: string, b: string): number {
  return dayNo(b) - dayNo(a);
}
