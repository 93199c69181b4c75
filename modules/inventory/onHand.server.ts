import { type Engine, ok, parseWith, requestContext } from '@mes/engine-server';
import { normalizeDecimal } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { stockDoc } from './stockDoc.entity';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const onHandQuery = z.object({ Material_ID: id, Location_ID: id.optional() });

/**
 * `GET /StockReport/OnHand?Material_ID=&Location_ID=`: the context of a stock line (LinesDef.context):
 * the material's quantity on hand at the location (`Here`, with a location) and in all (`Total`), and
 * its last cost (`Price`, the default unit price; none before its first receipt). Whoever may open
 * the stock documents may ask, for materials and locations their record rules let them see.
 */
export function onHandRoute(
  app: FastifyInstance,
  engine: Engine,
  /**
   * Another module's lines that take from stock (a work order's picking) ask under their own
   * entity's grant, at their own path: a picker may not open the stock documents.
   */
  at: { path: string; entity: string } = { path: '/StockReport/OnHand', entity: stockDoc.name },
) {
  app.get(
    at.path,
    {
      config: {
        perm: { entity: at.entity, button: 'view' },
        records: [
          { entity: 'Material', in: 'query', key: 'Material_ID' },
          { entity: 'Location', in: 'query', key: 'Location_ID' },
        ],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(onHandQuery, req.query, stockDoc, ctx.lang);
      const { rows } = await sql<{ here: string | null; total: string | null; price: string | null }>`SELECT
          (SELECT sum(qty)::text FROM stock_balance WHERE material_id = ${q.Material_ID}
            AND location_id = ${q.Location_ID ?? null}) AS here,
          (SELECT qty::text FROM stock_cost WHERE material_id = ${q.Material_ID}) AS total,
          (SELECT nullif(last_cost, 0)::text FROM stock_cost WHERE material_id = ${q.Material_ID}) AS price`.execute(
        engine.db,
      );
      const r = rows[0];
      const dec = (v: string | null) => (v === null ? null : normalizeDecimal(v));
      return ok(
        {
          Material_ID: q.Material_ID,
          Location_ID: q.Location_ID ?? null,
          Here: q.Location_ID ? (dec(r.here) ?? '0') : null,
          Total: dec(r.total) ?? '0',
          Price: dec(r.price),
        },
        ctx,
      );
    },
  );
}
