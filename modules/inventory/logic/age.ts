import type { Label } from '@mes/model';

/** Inventory age brackets in days (issue 5): 0–30, 31–60, 61–90, 91–180, over 180. */
export const AGE_BUCKETS: readonly { from: number; to: number | null; label: Label }[] = [
  { from: 0, to: 30, label: { zh: '0–30天', en: '0–30 days' } },
  { from: 31, to: 60, label: { zh: '31–60天', en: '31–60 days' } },
  { from: 61, to: 90, label: { zh: '61–90天', en: '61–90 days' } },
  { from: 91, to: 180, label: { zh: '91–180天', en: '91–180 days' } },
  { from: 181, to: null, label: { zh: '180天以上', en: 'Over 180 days' } },
];

/** Index of the bracket a layer received `days` ago falls in. */
export function ageBucket(days: number): number {
  const i = AGE_BUCKETS.findIndex((b) => days >= b.from && (b.to === null || days <= b.to));
  return i < 0 ? 0 : i;
}
