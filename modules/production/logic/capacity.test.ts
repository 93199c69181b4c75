import { describe, expect, it } from 'vitest';
import { addDays, bookedByDay, daysBetween, levelOrder } from './capacity';

describe('capacity levelling', () => {
  it('counts calendar days across month ends', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(daysBetween('2026-11-29', '2026-12-02')).toBe(4);
    expect(daysBetween('2026-12-02', '2026-11-29')).toBe(0);
  });

  it('spreads booked orders evenly over their days and sums overlapping ones', () => {
    const b = bookedByDay(
      [
        { start: '2026-11-02', end: '2026-11-04', minutes: '300' },
        { start: '2026-11-04', end: '2026-11-04', minutes: '50' },
      ],
      '2026-11-01',
      '2026-11-03',
    );
    expect(Object.fromEntries(b)).toEqual({ '2026-11-02': '100', '2026-11-03': '100' });
    const all = bookedByDay(
      [{ start: '2026-11-02', end: '2026-11-04', minutes: '100' }],
      '2026-11-01',
      '2026-11-30',
    );
    expect(all.get('2026-11-02')).toBe('33.33');
  });

  it('fits an order in one day when the capacity allows', () => {
    const r = levelOrder({ capacityPerDay: '480', booked: new Map(), need: '300', start: '2026-11-02' });
    expect(r).toMatchObject({
      end: '2026-11-02',
      overloaded: false,
      days: [{ day: '2026-11-02', minutes: '300' }],
    });
  });

  it('spreads an order over the following days at the daily capacity', () => {
    const r = levelOrder({ capacityPerDay: '480', booked: new Map(), need: '1000', start: '2026-11-02' });
    expect(r.days).toEqual([
      { day: '2026-11-02', minutes: '480' },
      { day: '2026-11-03', minutes: '480' },
      { day: '2026-11-04', minutes: '40' },
    ]);
    expect(r.end).toBe('2026-11-04');
    expect(r.overloaded).toBe(false);
  });

  it('takes only what booked orders leave, skipping full days', () => {
    const booked = new Map([
      ['2026-11-02', '480'],
      ['2026-11-03', '400'],
      ['2026-11-04', '600'],
    ]);
    const r = levelOrder({ capacityPerDay: '480', booked, need: '200', start: '2026-11-02' });
    expect(r.days).toEqual([
      { day: '2026-11-03', minutes: '80' },
      { day: '2026-11-05', minutes: '120' },
    ]);
    expect(r.end).toBe('2026-11-05');
  });

  it('is overloaded when the order does not fit by its deadline, and tells the free minutes', () => {
    const booked = new Map([['2026-11-02', '300']]);
    const r = levelOrder({
      capacityPerDay: '480',
      booked,
      need: '700',
      start: '2026-11-02',
      deadline: '2026-11-03',
    });
    expect(r.overloaded).toBe(true);
    expect(r.freeBeforeDeadline).toBe('660');
    expect(r.end).toBe('2026-11-04');
    const ok = levelOrder({
      capacityPerDay: '480',
      booked,
      need: '660',
      start: '2026-11-02',
      deadline: '2026-11-03',
    });
    expect(ok).toMatchObject({ overloaded: false, end: '2026-11-03', freeBeforeDeadline: '660' });
  });

  it('never fits on a station without capacity; an order of no minutes ends where it starts', () => {
    const none = levelOrder({
      capacityPerDay: '0',
      booked: new Map(),
      need: '10',
      start: '2026-11-02',
      horizonDays: 30,
    });
    expect(none).toMatchObject({ end: null, overloaded: true, days: [] });
    const zero = levelOrder({ capacityPerDay: '480', booked: new Map(), need: '0', start: '2026-11-02' });
    expect(zero).toMatchObject({ end: '2026-11-02', overloaded: false });
  });
});
