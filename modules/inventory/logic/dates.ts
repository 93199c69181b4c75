/**
 * The calendar day it is now where the day is furthest ahead (UTC+14): a posting date after it lies in
 * the future for every user, wherever the server's clock is set, while a clerk whose today is a day
 * ahead of the server's is never refused.
 */
export const latestToday = (now: Date = new Date()): string =>
  new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

/** Why stock cannot be posted (or reversed) on `date`, if it cannot. */
export function postingDateFault(
  date: string,
  closedUntil: string | null,
  now: Date = new Date(),
): 'future' | 'closed' | null {
  if (closedUntil && date <= closedUntil) return 'closed';
  if (date > latestToday(now)) return 'future';
  return null;
}

/** The calendar day of `d` in the server's time zone, as yyyy-MM-dd (posting dates are days). */
export const isoDay = (d: Date = new Date()): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
