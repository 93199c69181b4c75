import { add, cmp, div, type Exact, exact, sub, text, ZERO } from './exact';

/** yyyy-mm-dd plus n days (calendar days; the factory calendar has no holidays yet). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`);
  return ms < 0 ? 0 : Math.round(ms / 864e5) + 1;
}

/** An order already on the station: its minutes spread evenly over its planned days. */
export interface Booking {
  start: string;
  end: string;
  minutes: string;
}

/** Minutes booked per day between `from` and `to` (days without load are absent). */
export function bookedByDay(bookings: Booking[], from: string, to: string): Map<string, string> {
  const sum = new Map<string, Exact>();
  for (const b of bookings) {
    const n = daysBetween(b.start, b.end);
    if (!n) continue;
    const perDay = div(exact(b.minutes), { n: BigInt(n), s: 0 }, 4);
    for (let i = 0; i < n; i++) {
      const day = addDays(b.start, i);
      if (day < from || day > to) continue;
      sum.set(day, add(sum.get(day) ?? ZERO, perDay));
    }
  }
  return new Map([...sum].map(([d, v]) => [d, text(v, 2)]));
}

export interface Levelled {
  /** The minutes taken on each day used, in order. */
  days: { day: string; minutes: string }[];
  /** The last day used: the planned end that the capacity allows; null when it never fits. */
  end: string | null;
  /** The order does not fit by `deadline` (or not at all within the horizon). */
  overloaded: boolean;
  /** Minutes still free on the station between start and deadline (start to end when no deadline). */
  freeBeforeDeadline: string;
}

/**
 * Levels one order onto a station: from `start`, each day takes what the station's daily capacity
 * has left after the orders already booked, until the order's minutes are placed. The day the
 * last minute lands is the end the capacity allows; past `deadline` the order is overloaded.
 */
export function levelOrder(p: {
  capacityPerDay: string;
  booked: Map<string, string>;
  need: string;
  start: string;
  deadline?: string | null;
  horizonDays?: number;
}): Levelled {
  const capacity = exact(p.capacityPerDay);
  const horizon = p.horizonDays ?? 366;
  let left = exact(p.need);
  let freeBefore = ZERO;
  const days: Levelled['days'] = [];
  let end: string | null = null;
  for (let i = 0; i < horizon; i++) {
    const day = addDays(p.start, i);
    let free = sub(capacity, exact(p.booked.get(day)));
    if (cmp(free, ZERO) < 0) free = ZERO;
    if (!p.deadline || day <= p.deadline) freeBefore = add(freeBefore, free);
    if (cmp(left, ZERO) <= 0) {
      if (!p.deadline || day >= p.deadline) break;
      continue;
    }
    const take = cmp(free, left) < 0 ? free : left;
    if (cmp(take, ZERO) > 0) {
      days.push({ day, minutes: text(take, 2) });
      left = sub(left, take);
      if (cmp(left, ZERO) <= 0) end = day;
    }
  }
  if (cmp(exact(p.need), ZERO) <= 0) end = p.start;
  const overloaded = end === null || (!!p.deadline && end > p.deadline);
  return { days, end, overloaded, freeBeforeDeadline: text(freeBefore, 2) };
}
