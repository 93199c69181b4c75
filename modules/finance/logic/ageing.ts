import type { Label } from '@mes/model';

/**
 * The ageing brackets, by days past the due date on the day asked (issue 26: 0–30, 31–60, 61–90,
 * 91–180, 180+); what is not yet due stands apart. `to` null: no upper bound.
 */
export const AGEING_BUCKETS: { key: string; from: number | null; to: number | null; label: Label }[] = [
  { key: 'Not_Due', from: null, to: -1, label: { zh: '未到期', en: 'Not due' } },
  { key: 'Days_0_30', from: 0, to: 30, label: { zh: '0–30 天', en: '0–30 days' } },
  { key: 'Days_31_60', from: 31, to: 60, label: { zh: '31–60 天', en: '31–60 days' } },
  { key: 'Days_61_90', from: 61, to: 90, label: { zh: '61–90 天', en: '61–90 days' } },
  { key: 'Days_91_180', from: 91, to: 180, label: { zh: '91–180 天', en: '91–180 days' } },
  { key: 'Days_180_Plus', from: 181, to: null, label: { zh: '180 天以上', en: 'Over 180 days' } },
];

/** Which bracket an amount falls in, `overdue` days past its due date (negative: not yet due). */
export function bucketOf(overdue: number): string {
  const b = AGEING_BUCKETS.find(
    (x) => (x.from === null || overdue >= x.from) && (x.to === null || overdue <= x.to),
  );
  return (b ?? AGEING_BUCKETS[AGEING_BUCKETS.length - 1]).key;
}
