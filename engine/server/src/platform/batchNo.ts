import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { type Tx, withTx } from '../db/tx';
import type { Engine } from '../engine';
import { ok, requestContext } from '../http/envelope';
import { periodText } from '../numbering';
import { parseWith } from '../validation';

const query = z.object({
  Encoding_Rules: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[\w.-]+$/),
});

/**
 * GET /BatchNO: the next batch number for a material (spec part 2 §7: Encoding_Rules is the
 * material number): number + date + a three-digit daily sequence, unique even under concurrency.
 */
export function batchNoRoutes(app: FastifyInstance, engine: Engine) {
  app.get('/BatchNO', { config: { perm: { signedIn: true } } }, async (req) => {
    const ctx = requestContext(req);
    const { Encoding_Rules } = parseWith(query, req.query, undefined, ctx.lang);
    const key = await withTx(engine.db, (tx) => nextBatchNo(tx, Encoding_Rules));
    return ok({ Key_Name: key }, ctx);
  });
}

/** The next batch number for a material number, in the caller's transaction (receipts use it too). */
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
