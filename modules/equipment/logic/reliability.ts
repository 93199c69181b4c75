/**
 * Reliability figures from actual down intervals (ISO 14224 style): over a period, the uptime is
 * the period less the downtime; MTBF = uptime ÷ failures, MTTR = downtime ÷ failures, availability =
 * uptime ÷ period. Intervals are clipped to the period and overlaps of one machine merged, so a fault
 * reported twice is not down twice. Times in milliseconds; figures rounded for display only.
 */
export interface DownInterval {
  start: number;
  /** null: still down at the end of the period */
  end: number | null;
}

export interface Reliability {
  failures: number;
  periodHours: string;
  downHours: string;
  upHours: string;
  /** null without failures: nothing failed, the mean time between failures is not known */
  mtbfHours: string | null;
  mttrHours: string | null;
  /** percent, two decimals */
  availability: string;
}

const HOUR = 3_600_000;
const fixed = (n: number, d = 2) => (Math.round(n * 10 ** d) / 10 ** d).toFixed(d);

/** The merged, clipped intervals' total length in ms. */
export function downtime(intervals: readonly DownInterval[], from: number, to: number): number {
  const clipped = intervals
    .map((i) => [Math.max(i.start, from), Math.min(i.end ?? to, to)] as const)
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let curS = Number.NaN;
  let curE = Number.NaN;
  for (const [s, e] of clipped) {
    if (Number.isNaN(curS) || s > curE) {
      if (!Number.isNaN(curS)) total += curE - curS;
      curS = s;
      curE = e;
    } else curE = Math.max(curE, e);
  }
  if (!Number.isNaN(curS)) total += curE - curS;
  return total;
}

/** The figures of one machine (or the sum over several, `machines` of them) over [from, to). */
export function reliability(
  intervals: readonly DownInterval[],
  from: number,
  to: number,
  machines = 1,
): Reliability {
  const period = Math.max(0, to - from) * machines;
  // a failure is counted where it starts: a fault begun before the period belongs to the last one
  const failures = intervals.filter((i) => i.start >= from && i.start < to).length;
  const down = downtime(intervals, from, to);
  const up = period - down;
  return {
    failures,
    periodHours: fixed(period / HOUR),
    downHours: fixed(down / HOUR),
    upHours: fixed(up / HOUR),
    mtbfHours: failures ? fixed(up / HOUR / failures) : null,
    mttrHours: failures ? fixed(down / HOUR / failures) : null,
    availability: period ? fixed((up / period) * 100) : '100.00',
  };
}
