import { describe, expect, it } from 'vitest';
import { downtime, reliability } from './reliability';

const H = 3_600_000;
const day0 = Date.UTC(2026, 10, 1);

describe('MTBF, MTTR and availability', () => {
  it('a 100-hour period with two faults of 2 h and 3 h', () => {
    // up 95 h, 2 failures: MTBF 47.5 h, MTTR 2.5 h, availability 95 %
    const r = reliability(
      [
        { start: day0 + 10 * H, end: day0 + 12 * H },
        { start: day0 + 50 * H, end: day0 + 53 * H },
      ],
      day0,
      day0 + 100 * H,
    );
    expect(r).toEqual({
      failures: 2,
      periodHours: '100.00',
      downHours: '5.00',
      upHours: '95.00',
      mtbfHours: '47.50',
      mttrHours: '2.50',
      availability: '95.00',
    });
  });
  it('clips to the period, merges overlaps and counts a fault where it starts', () => {
    const from = day0;
    const to = day0 + 24 * H;
    // begun before the period (2 h inside), two overlapping reports (1–4 h and 3–6 h: 5 h), one still open (2 h)
    const iv = [
      { start: from - 5 * H, end: from + 2 * H },
      { start: from + 10 * H, end: from + 13 * H },
      { start: from + 12 * H, end: from + 15 * H },
      { start: to - 2 * H, end: null },
    ];
    expect(downtime(iv, from, to) / H).toBe(2 + 5 + 2);
    const r = reliability(iv, from, to);
    expect(r.failures).toBe(3);
    expect(r.mttrHours).toBe('3.00');
    expect(r.mtbfHours).toBe('5.00');
    expect(r.availability).toBe('62.50');
  });
  it('no failures: no MTBF, full availability; several machines widen the period', () => {
    const r = reliability([], day0, day0 + 10 * H, 3);
    expect(r.mtbfHours).toBeNull();
    expect(r.availability).toBe('100.00');
    expect(r.periodHours).toBe('30.00');
  });
});
