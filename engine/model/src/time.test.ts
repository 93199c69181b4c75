import { describe, expect, it } from 'vitest';
import { formatInstant, isTimeZone, parseInstant, timeZoneOr } from './time';

describe('instants on the company clock (issue 25, bug 6)', () => {
  it('formats an instant in the company time zone, not the server one', () => {
    // 2026-12-04 17:00 in Shanghai is 09:00 UTC
    expect(formatInstant('2026-12-04T09:00:00.000Z', 'Asia/Shanghai', 'minute')).toBe('2026-12-04 17:00');
    expect(formatInstant(new Date('2026-12-04T09:00:00Z'), 'Asia/Shanghai')).toBe('2026-12-04 17:00:00');
    expect(formatInstant('2026-12-04T09:00:00+00:00', 'Europe/Berlin', 'minute')).toBe('2026-12-04 10:00');
    expect(formatInstant('2026-12-04T20:00:00Z', 'Asia/Shanghai', 'date')).toBe('2026-12-05');
    expect(formatInstant(null, 'Asia/Shanghai')).toBe('');
    expect(formatInstant('not a time', 'Asia/Shanghai')).toBe('not a time');
  });
  it('reads a time without offset on the company clock', () => {
    expect(parseInstant('2026-12-04T17:00', 'Asia/Shanghai')?.toISOString()).toBe('2026-12-04T09:00:00.000Z');
    expect(parseInstant('2026-12-04 17:00:30', 'Asia/Shanghai')?.toISOString()).toBe(
      '2026-12-04T09:00:30.000Z',
    );
    expect(parseInstant('2026-12-04T17:00:00+08:00', 'UTC')?.toISOString()).toBe('2026-12-04T09:00:00.000Z');
    expect(parseInstant('2026-07-01T12:00', 'Europe/Berlin')?.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(parseInstant('2026-01-01T12:00', 'Europe/Berlin')?.toISOString()).toBe('2026-01-01T11:00:00.000Z');
    expect(parseInstant('tomorrow', 'Asia/Shanghai')).toBeNull();
  });
  it('an unknown zone falls back to Asia/Shanghai', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(timeZoneOr('')).toBe('Asia/Shanghai');
    expect(formatInstant('2026-12-04T09:00:00Z', 'Mars/Olympus', 'minute')).toBe('2026-12-04 17:00');
  });
});

describe('text without an offset', () => {
  it('is already on the company clock and shows as written', () => {
    expect(formatInstant('2026-12-04T17:00:00', 'Asia/Shanghai', 'minute')).toBe('2026-12-04 17:00');
    expect(formatInstant('2026-12-04 17:00', 'Europe/Berlin')).toBe('2026-12-04 17:00:00');
  });
});
