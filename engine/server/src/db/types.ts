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
  [OID.TIMESTAMPTZ]: (v) => new Date(v).toISOString(),
  [OID.TIMESTAMP]: (v) => new Date(`${v.replace(' ', 'T')}Z`).toISOString(),
};
