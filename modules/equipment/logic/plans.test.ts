import { describe, expect, it } from 'vitest';
import { addCycles, CYCLE, dueOccurrences, FROM, type RuleCycle } from './plans';

const rule = (o: Partial<RuleCycle>): RuleCycle => ({
  ruleId: 7,
  kind: CYCLE.DAYS,
  every: 30,
  tolerance: null,
  countFrom: FROM.FIXED,
  start: '2026-01-01',
  leadDays: 14,
  ...o,
});
const m = (counter: string, lastDone: { date: string; counter: string | null } | null = null) => ({
  machineId: 3,
  counter,
  lastDone,
});

describe('calendar cycles', () => {
  it('adds months keeping the day, clamped to the month end', () => {
    expect(addCycles('2026-01-31', CYCLE.MONTHS, 1, 1)).toBe('2026-02-28');
    expect(addCycles('2026-01-31', CYCLE.MONTHS, 1, 2)).toBe('2026-03-31');
    expect(addCycles('2026-11-15', CYCLE.MONTHS, 3, 1)).toBe('2027-02-15');
    expect(addCycles('2026-01-01', CYCLE.WEEKS, 2, 3)).toBe('2026-02-12');
  });
  it('fixed dates: the latest past date only (overdue), then what falls within the lead days', () => {
    const weekly = rule({ kind: CYCLE.WEEKS, every: 1, start: '2026-11-02', leadDays: 10 });
    const got = dueOccurrences(weekly, m('0'), '2026-11-20');
    // 11-02, 11-09 and 11-16 are past: only 11-16 stays (overdue); 11-23 and 11-30 are within 10 days
    expect(got.map((o) => o.dueDate)).toEqual(['2026-11-16', '2026-11-23', '2026-11-30']);
    expect(got[0].key).toBe('7:3:2026-11-16');
  });
  it('fixed dates do not move with a completion; what was done is not planned again', () => {
    const monthly = rule({ kind: CYCLE.MONTHS, every: 1, start: '2026-09-10', leadDays: 5 });
    const got = dueOccurrences(monthly, m('0', { date: '2026-11-12', counter: null }), '2026-11-20');
    expect(got.map((o) => o.dueDate)).toEqual([]);
    const later = dueOccurrences(monthly, m('0', { date: '2026-11-12', counter: null }), '2026-12-06');
    expect(later.map((o) => o.dueDate)).toEqual(['2026-12-10']);
  });
  it('from the last completion: one cycle after it, once it is within the lead days', () => {
    const r = rule({ countFrom: FROM.COMPLETION, every: 30, leadDays: 7 });
    expect(dueOccurrences(r, m('0', { date: '2026-11-01', counter: null }), '2026-11-20')).toEqual([]);
    expect(dueOccurrences(r, m('0', { date: '2026-11-01', counter: null }), '2026-11-24')).toEqual([
      { key: '7:3:2026-12-01', dueDate: '2026-12-01', dueCounter: null },
    ]);
    // never done: due on the start date
    expect(dueOccurrences(r, m('0'), '2025-12-28')[0].dueDate).toBe('2026-01-01');
  });
});

describe('counter cycles', () => {
  const shots = rule({ kind: CYCLE.SHOTS, every: 5000, tolerance: '200' });
  it('falls due within the tolerance before the count, not earlier', () => {
    expect(dueOccurrences(shots, m('4799'), '2026-11-20')).toEqual([]);
    expect(dueOccurrences(shots, m('4800'), '2026-11-20')).toEqual([
      { key: '7:3:C5000', dueDate: null, dueCounter: '5000' },
    ]);
  });
  it('fixed counts stay on multiples of the cycle whenever it was done', () => {
    // done late at 5300: the next is still at 10000
    expect(
      dueOccurrences(shots, m('9850', { date: '2026-11-01', counter: '5300' }), '2026-11-20')[0].dueCounter,
    ).toBe('10000');
  });
  it("fixed counts: work done early within the tolerance was that count's, the next one is the one after", () => {
    expect(dueOccurrences(shots, m('4850', { date: '2026-11-01', counter: '4850' }), '2026-11-20')).toEqual(
      [],
    );
    expect(
      dueOccurrences(shots, m('9800', { date: '2026-11-01', counter: '4850' }), '2026-11-20')[0].dueCounter,
    ).toBe('10000');
  });
  it('from completion counts one cycle from the reading at the last record', () => {
    const r = { ...shots, countFrom: FROM.COMPLETION };
    expect(dueOccurrences(r, m('9850', { date: '2026-11-01', counter: '5300' }), '2026-11-20')).toEqual([]);
    expect(
      dueOccurrences(r, m('10100', { date: '2026-11-01', counter: '5300' }), '2026-11-20')[0].dueCounter,
    ).toBe('10300');
  });
  it('run hours accept decimals', () => {
    const hours = rule({ kind: CYCLE.HOURS, every: 500, tolerance: '10.5' });
    expect(dueOccurrences(hours, m('489.5'), '2026-11-20')[0].dueCounter).toBe('500');
    expect(dueOccurrences(hours, m('489.4'), '2026-11-20')).toEqual([]);
  });
});
