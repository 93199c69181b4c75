import { normalizeDecimal } from '@mes/model';

/**
 * Both drivers hand us text for these types; one place turns it into what the wire carries, so that
 * PGlite and a PostgreSQL server answer byte-for-byte alike.
 */
export const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;

export const parsers: Record<number, (v: string) => unknown> = {
  [OID.INT8]: (v) => {
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : v;
  },
  [OID.NUMERIC]: (v) => normalizeDecimal(v),
  [OID.DATE]: (v) => v,
  [OID.TIMESTAMPTZ]: (v) => utcText(v) ?? new Date(v).toISOString(),
  [OID.TIMESTAMP]: (v) => utcText(`${v}+00`) ?? new Date(`${v.replace(' ', 'T')}Z`).toISOString(),
};

// sessions speak UTC (db/index.ts), so timestamps arrive as "2026-11-24 03:12:13.123456+00"
const UTC = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * What `new Date(v).toISOString()` gives for a UTC timestamp, without building a Date: a list page
 * has a few of them on every row. Anything else (another offset, a year outside 0000–9999) is
 * left to Date.
 */
export function utcText(v: string): string | undefined {
  const m = UTC.exec(v);
  if (!m) return undefined;
  const ms = (m[3] ?? '').slice(0, 3).padEnd(3, '0');
  return `${m[1]}T${m[2]}.${ms}Z`;
}
