import { describe, expect, it } from 'vitest';
import { latestToday, postingDateFault } from './dates';

describe('posting dates', () => {
  const at = (iso: string) => new Date(iso);

  it('today is the furthest-ahead calendar day anywhere (UTC+14)', () => {
    expect(latestToday(at('2026-11-27T09:59:00Z'))).toBe('2026-11-27');
    expect(latestToday(at('2026-11-27T10:00:00Z'))).toBe('2026-11-28');
    expect(latestToday(at('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });

  it('refuses a day after every time zone’s today, and never a clerk’s today ahead of the server', () => {
    // 00:30 on the 28th in Shanghai while a server on UTC still has the 27th
    const now = at('2026-11-27T16:30:00Z');
    expect(postingDateFault('2026-11-28', null, now)).toBeNull();
    expect(postingDateFault('2026-11-29', null, now)).toBe('future');
    expect(postingDateFault('2027-01-01', null, now)).toBe('future');
    expect(postingDateFault('2025-01-01', null, now)).toBeNull();
  });

  it('refuses the closed period, its last day included', () => {
    const now = at('2026-11-27T08:00:00Z');
    expect(postingDateFault('2026-10-31', '2026-10-31', now)).toBe('closed');
    expect(postingDateFault('2026-01-05', '2026-10-31', now)).toBe('closed');
    expect(postingDateFault('2026-11-01', '2026-10-31', now)).toBeNull();
    // a period closed into the future closes today too; the closing is the stronger reason
    expect(postingDateFault('2026-12-05', '2026-12-31', now)).toBe('closed');
  });
});
