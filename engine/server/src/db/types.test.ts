import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OID, parsers, utcText } from './types';

describe('timestamp text', () => {
  it('is what Date makes of a UTC timestamp, to the millisecond', () => {
    const stamp = fc
      .tuple(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.option(fc.integer({ min: 0, max: 999_999 })),
        fc.integer({ min: 1, max: 6 }),
      )
      .map(([d, micros, digits]) => {
        const base = d.toISOString().slice(0, 19).replace('T', ' ');
        return micros === null
          ? `${base}+00`
          : `${base}.${String(micros).padStart(6, '0').slice(0, digits)}+00`;
      });
    fc.assert(
      fc.property(stamp, (v) => {
        expect(utcText(v)).toBe(new Date(v).toISOString());
        expect(parsers[OID.TIMESTAMPTZ](v)).toBe(new Date(v).toISOString());
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves other offsets to Date', () => {
    expect(utcText('2026-11-24 08:00:00+08')).toBeUndefined();
    expect(parsers[OID.TIMESTAMPTZ]('2026-11-24 08:00:00+08')).toBe('2026-11-24T00:00:00.000Z');
    expect(parsers[OID.TIMESTAMP]('2026-11-24 08:00:00.5')).toBe('2026-11-24T08:00:00.500Z');
  });
});
