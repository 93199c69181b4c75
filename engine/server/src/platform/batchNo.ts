import { sql } from 'kysely';
import type { Tx } from '../db/tx';
import { periodText } from '../numbering';

/**
 * The next batch number for a material number (spec part 2 §7): number + date + a three-digit daily
 * sequence, unique even under concurrency, in the caller's transaction. The caller knows the
 * material exists (GET /BatchNO is the material module's).
 */
export async function nextBatchNo(tx: Tx, materialNumber: string, now = new Date()): Promise<string> {
  const code = `BatchNO:${materialNumber}`.slice(0, 60);
  const day = periodText(3, now);
  await sql`INSERT INTO numbering_series (series_code, series_name, prefix, period, digits)
    VALUES (${code}, ${`批次号 ${materialNumber}`.slice(0, 100)}, ${materialNumber.slice(0, 10)}, 3, 3)
    ON CONFLICT (series_code) DO NOTHING`.execute(tx);
  const { rows } = await sql<{ v: number }>`UPDATE numbering_series
    SET current_value = CASE WHEN current_period = ${day} THEN coalesce(current_value, 0) + 1 ELSE 1 END,
        current_period = ${day}, updated_at = now()
    WHERE series_code = ${code} RETURNING current_value AS v`.execute(tx);
  return `${materialNumber}${day}${String(rows[0].v).padStart(3, '0')}`;
}
