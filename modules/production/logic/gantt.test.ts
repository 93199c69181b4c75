import { describe, expect, it } from 'vitest';
import { barBox, barLabel, dayIndex, daysFrom } from './gantt';

describe('Gantt day → pixel', () => {
  it('counts whole calendar days, whatever the text carries after the date', () => {
    expect(dayIndex('2026-11-21', '2026-11-07')).toBe(14);
    expect(dayIndex('2026-11-07', '2026-11-07')).toBe(0);
    expect(dayIndex('2026-11-06', '2026-11-07')).toBe(-1);
    expect(dayIndex('2026-12-01T00:00:00.000Z', '2026-11-30')).toBe(1);
    // across a month and a year end
    expect(dayIndex('2027-01-02', '2026-12-30')).toBe(3);
  });

  it('puts a bar under its start day’s column and covers its end day', () => {
    expect(barBox('2026-11-21', '2026-11-23', '2026-11-07', 41, 28)).toEqual({
      left: 14 * 28,
      width: 3 * 28,
    });
    // one day
    expect(barBox('2026-11-07', '2026-11-07', '2026-11-07', 41, 28)).toEqual({ left: 0, width: 28 });
    // clipped at both ends of the chart
    expect(barBox('2026-11-01', '2026-11-08', '2026-11-07', 5, 28)).toEqual({ left: 0, width: 56 });
    expect(barBox('2026-11-10', '2026-12-30', '2026-11-07', 5, 28)).toEqual({ left: 3 * 28, width: 2 * 28 });
    expect(barBox('2026-11-01', '2026-11-02', '2026-11-07', 5, 28)).toBeNull();
    expect(barBox('2026-11-12', '2026-11-20', '2026-11-07', 5, 28)).toBeNull();
  });

  it('lines the header days up with the same columns', () => {
    const days = daysFrom('2026-12-30', 4);
    expect(days).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(days.map((d) => dayIndex(d, '2026-12-30'))).toEqual([0, 1, 2, 3]);
  });
});

describe('Gantt bar label', () => {
  it('shows each order’s own number: whole when it fits, else its tail, never the shared prefix', () => {
    expect(barLabel('WO2026110042', 200)).toBe('WO2026110042');
    const a = barLabel('WO2026110042', 28 * 2);
    const b = barLabel('WO2026110043', 28 * 2);
    expect(a).not.toBe(b);
    expect(a.startsWith('…')).toBe(true);
    expect(a.endsWith('42')).toBe(true);
    expect(barLabel('WO2026110042', 28)).toBe('…42');
    expect(barLabel('WO2026110042', 28)).not.toContain('WO20');
  });
});
