import { randomUUID } from 'node:crypto';
import { columnOf, type EntityDef, type NumberingDef } from '@mes/model';
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
function seriesUpsert(def: EntityDef, now: Date): RawBuilder<unknown> {
  const n = def.features.numbering;
  if (!n) throw new Error(`${def.name} has no numbering`);
  const periodOf = (col: RawBuilder<unknown>) =>
    sql`(CASE ${col} WHEN 1 THEN ${periodText(1, now)} WHEN 2 THEN ${periodText(2, now)}
      WHEN 3 THEN ${periodText(3, now)} ELSE '' END)`;
  const code = PERIOD_CODE[n.period];
  return sql`INSERT INTO numbering_series AS s (series_code, series_name, prefix, period, digits, current_period, current_value)
    VALUES (${def.name}, ${def.label.zh}, ${n.prefix}, ${code}, ${n.digits}, ${periodText(code, now)}, 1)
    ON CONFLICT (series_code) DO UPDATE SET
      current_value = CASE WHEN coalesce(s.current_period, '') = ${periodOf(sql`s.period`)}
        THEN coalesce(s.current_value, 0) + 1 ELSE 1 END,
      current_period = ${periodOf(sql`s.period`)}, updated_at = now()
    RETURNING s.prefix, s.digits, s.current_period, s.current_value`;
}

/**
 * Gives the record `id` the next number of its entity's series and returns it, in one statement.
 * The saving service calls it last, just before the commit, with the record inserted under a
 * placeholder (`numberPlaceholder`): the series row stays locked only from here to the commit, so
 * concurrent saves wait for one statement, not for a whole save. `also` adds a statement that
 * needs the number (the operation log), so that nothing else is sent while the row is locked.
 */
export async function assignNumber(
  tx: Tx,
  def: EntityDef,
  id: number,
  opts: { now?: Date; also?: (no: RawBuilder<string>) => RawBuilder<unknown> } = {},
): Promise<string> {
  const col = sql.ref(columnOf(def.features.numbering?.field ?? ''));
  const { rows } = await sql<{ no: string }>`WITH s AS (${seriesUpsert(def, opts.now ?? new Date())}),
      n AS (SELECT s.prefix || coalesce(s.current_period, '') || CASE WHEN length(s.current_value::text) >= s.digits
        THEN s.current_value::text ELSE lpad(s.current_value::text, s.digits, '0') END AS no FROM s),
      u AS (UPDATE ${sql.table(def.table)} AS t SET ${col} = n.no FROM n WHERE t.id = ${id} RETURNING n.no)
      ${opts.also ? sql`, a AS (${opts.also(sql<string>`(SELECT no FROM n)`)})` : sql``}
    SELECT no FROM u`.execute(tx);
  return rows[0].no;
}

/**
 * Has the record `id`, saved under `placeholder`, numbered when the transaction commits (migration
 * 0016): the series row is then locked only while the commit runs, not for round trips to this
 * server. `log` is the record's log row, written here, whose copy of the stand-in becomes the number.
 */
export async function numberAtCommit(
  tx: Tx,
  def: EntityDef,
  id: number,
  placeholder: string,
  log: RawBuilder<unknown>,
  now = new Date(),
): Promise<void> {
  const n = def.features.numbering;
  if (!n) throw new Error(`${def.name} has no numbering`);
  await sql`WITH o AS (${log} RETURNING id)
    INSERT INTO numbering_pending (table_name, column_name, record_id, placeholder, series_code, series_name, prefix,
      period, digits, day, log_id)
    SELECT ${def.table}, ${columnOf(n.field)}, ${id}, ${placeholder}, ${def.name}, ${def.label.zh}, ${n.prefix},
      ${PERIOD_CODE[n.period]}, ${n.digits}, ${periodText(3, now)}, o.id FROM o`.execute(tx);
}

/** A unique stand-in for the number until `assignNumber` gives the real one in the same transaction. */
export const numberPlaceholder = (): string => `~${randomUUID().replaceAll('-', '').slice(0, 12)}`;
