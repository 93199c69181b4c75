import type { EntityDef, NumberingDef } from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from './db/tx';

const PERIOD_CODE: Record<NumberingDef['period'], number> = { none: 0, year: 1, month: 2, day: 3 };

export function periodText(period: number, now: Date): string {
  const iso = now.toISOString().slice(0, 10).replaceAll('-', '');
  return period === 1 ? iso.slice(0, 4) : period === 2 ? iso.slice(0, 6) : period === 3 ? iso : '';
}

/**
 * Next document number of an entity's series, in one statement: the upsert locks the series row for
 * the rest of the transaction, so two concurrent documents never get the same number and a
 * rolled-back document gives its number back. The period is taken from the row, as the numbering
 * settings page may have changed it.
 */
export async function nextNumber(tx: Tx, def: EntityDef, now = new Date()): Promise<string> {
  const n = def.features.numbering;
  if (!n) throw new Error(`${def.name} has no numbering`);
  const periodOf = (col: RawBuilder<unknown>) =>
    sql`(CASE ${col} WHEN 1 THEN ${periodText(1, now)} WHEN 2 THEN ${periodText(2, now)}
      WHEN 3 THEN ${periodText(3, now)} ELSE '' END)`;
  const code = PERIOD_CODE[n.period];
  const { rows } = await sql<{
    prefix: string;
    digits: number;
    current_period: string;
    current_value: number;
  }>`
    INSERT INTO numbering_series AS s (series_code, series_name, prefix, period, digits, current_period, current_value)
    VALUES (${def.name}, ${def.label.zh}, ${n.prefix}, ${code}, ${n.digits}, ${periodText(code, now)}, 1)
    ON CONFLICT (series_code) DO UPDATE SET
      current_value = CASE WHEN coalesce(s.current_period, '') = ${periodOf(sql`s.period`)}
        THEN coalesce(s.current_value, 0) + 1 ELSE 1 END,
      current_period = ${periodOf(sql`s.period`)}, updated_at = now()
    RETURNING s.prefix, s.digits, s.current_period, s.current_value`.execute(tx);
  const r = rows[0];
  return `${r.prefix}${r.current_period ?? ''}${String(r.current_value).padStart(r.digits, '0')}`;
}
