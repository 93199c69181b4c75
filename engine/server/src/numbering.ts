import type { EntityDef, NumberingDef } from '@mes/model';
import { sql } from 'kysely';
import type { Tx } from './db/tx';

const PERIOD_CODE: Record<NumberingDef['period'], number> = { none: 0, year: 1, month: 2, day: 3 };

export function periodText(period: number, now: Date): string {
  const iso = now.toISOString().slice(0, 10).replaceAll('-', '');
  return period === 1 ? iso.slice(0, 4) : period === 2 ? iso.slice(0, 6) : period === 3 ? iso : '';
}

/**
 * Next document number of an entity's series. The series row is locked for the rest of the
 * transaction, so two concurrent documents never get the same number and a rolled-back document
 * gives its number back.
 */
export async function nextNumber(tx: Tx, def: EntityDef, now = new Date()): Promise<string> {
  const n = def.features.numbering;
  if (!n) throw new Error(`${def.name} has no numbering`);
  await sql`INSERT INTO numbering_series (series_code, series_name, prefix, period, digits)
    VALUES (${def.name}, ${def.label.zh}, ${n.prefix}, ${PERIOD_CODE[n.period]}, ${n.digits})
    ON CONFLICT (series_code) DO NOTHING`.execute(tx);
  const { rows } = await sql<{
    prefix: string;
    period: number;
    digits: number;
    current_period: string | null;
    current_value: number | null;
  }>`
    SELECT prefix, period, digits, current_period, current_value FROM numbering_series
    WHERE series_code = ${def.name} FOR UPDATE`.execute(tx);
  const s = rows[0];
  const p = periodText(s.period, now);
  const value = (s.current_period ?? '') === p ? (s.current_value ?? 0) + 1 : 1;
  await sql`UPDATE numbering_series SET current_period = ${p}, current_value = ${value}, updated_at = now()
    WHERE series_code = ${def.name}`.execute(tx);
  return `${s.prefix}${p}${String(value).padStart(s.digits, '0')}`;
}
