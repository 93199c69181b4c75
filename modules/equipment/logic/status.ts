/**
 * The status timeline of a machine: each record holds from its time until the next one. The time
 * in each status over a period is what the records cover of it; before the first record the
 * status is unknown and not counted.
 */
export interface StatusChange {
  status: number;
  /** ms since the epoch */
  at: number;
}

/** Milliseconds spent in each status within [from, to). */
export function timeInStatus(
  changes: readonly StatusChange[],
  from: number,
  to: number,
): Map<number, number> {
  const sorted = [...changes].sort((a, b) => a.at - b.at);
  const out = new Map<number, number>();
  sorted.forEach((c, i) => {
    const end = i + 1 < sorted.length ? sorted[i + 1].at : to;
    const s = Math.max(c.at, from);
    const e = Math.min(end, to);
    if (e > s) out.set(c.status, (out.get(c.status) ?? 0) + e - s);
  });
  return out;
}

/** The status in force at `at` (the latest record not after it), or null before the first. */
export function statusAt(changes: readonly StatusChange[], at: number): number | null {
  let best: StatusChange | null = null;
  for (const c of changes) if (c.at <= at && (!best || c.at >= best.at)) best = c;
  return best?.status ?? null;
}
