import {
  AppError,
  defineHooks,
  type Engine,
  ok,
  parseWith,
  requestContext,
  withTx,
} from '@mes/engine-server';
import { compareDecimal, STATE } from '@mes/model';
import { requirements } from '@mes/production/server';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { checkQuantities, linesOf } from './lines.server';
import { purchaseOrder } from './order.entity';
import { purchaseRequest } from './request.entity';
import { refuseWhenUsed } from './sourceLines.server';

export const purchaseRequestHooks = defineHooks(purchaseRequest, {
  validate(_ctx, data, old) {
    checkQuantities(linesOf(data, old));
  },
  beforeUnapprove: (ctx, record) =>
    refuseWhenUsed(ctx, purchaseOrder, 'request_id', Number(record.Request_ID), 'pur.request_ordered'),
});

/** A day `days` after `day` (yyyy-MM-dd), for the needed-by date of a generated request. */
const after = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);
/** Lead time assumed for the needed-by date of lines made from the below-safety-stock list. */
const SAFETY_LEAD_DAYS = 7;

const fromSafety = z.strictObject({ Material_IDs: z.array(z.number().int().positive()).min(1).max(500) });
const fromPlan = z.strictObject({ Plan_ID: z.number().int().positive() });

/**
 * Requests made for the buyer: the selected rows of the below-safety-stock list (each material's
 * shortfall to its safety stock, as the list computes it) or a production plan's bought shortages
 * (its MRP-lite result, action buy with a net quantity). Both answer a draft request to check and approve.
 */
export function requestRoutes(app: FastifyInstance, engine: Engine) {
  const add = { config: { perm: { entity: purchaseRequest.name, button: 'add' as const } } };
  const requests = engine.service(purchaseRequest.name);

  app.post(
    '/PurchaseRequest/FromBelowSafety',
    {
      config: { ...add.config, records: [{ entity: 'Material', in: 'body' as const, key: 'Material_IDs' }] },
    },
    async (req) => {
      const ctx = requestContext(req);
      const body = parseWith(fromSafety, req.body, purchaseRequest, ctx.lang);
      const { rows } = await sql<{ id: number; shortfall: string }>`SELECT m.id,
        m.safety_stock - coalesce(s.qty, 0) AS shortfall
      FROM material m LEFT JOIN (SELECT material_id, sum(qty) AS qty FROM stock_balance GROUP BY material_id) s
        ON s.material_id = m.id
      WHERE m.id IN (${sql.join(body.Material_IDs)}) AND NOT m.disabled AND m.safety_stock > 0
        AND coalesce(s.qty, 0) < m.safety_stock ORDER BY m.material_number`.execute(engine.db);
      if (!rows.length) throw new AppError('pur.nothing_to_request', {}, 409);
      const day = today();
      const made = await requests.insert(
        {
          Doc_Date: day,
          Source: 2,
          Items: rows.map((r) => ({
            Material_ID: Number(r.id),
            Qty: String(r.shortfall),
            Need_Date: after(day, SAFETY_LEAD_DAYS),
            Reason: ctx.lang === 'en' ? 'Below safety stock' : '低于安全库存',
          })),
        },
        ctx,
      );
      return ok(made, ctx);
    },
  );

  app.post(
    '/PurchaseRequest/FromPlan',
    { config: { ...add.config, records: [{ entity: 'ProducePlan', in: 'body' as const, key: 'Plan_ID' }] } },
    async (req) => {
      const ctx = requestContext(req);
      const body = parseWith(fromPlan, req.body, purchaseRequest, ctx.lang);
      const { rows: plans } = await sql<{ plan_date: string; due: string | null; state: number }>`SELECT
          p.plan_date::text AS plan_date, p.state, (SELECT min(due_date)::text FROM produce_plan_items i WHERE i.parent_id = p.id) AS due
        FROM produce_plan p WHERE p.id = ${body.Plan_ID} AND p.state <> ${STATE.VOID}`.execute(engine.db);
      if (!plans[0]) throw new AppError('pur.plan_not_found', {}, 404);
      const buy = (await requirements(engine, body.Plan_ID)).filter(
        (l) => l.action === 'buy' && compareDecimal(l.net, '0') > 0,
      );
      if (!buy.length) throw new AppError('pur.nothing_to_request', {}, 409);
      const need = plans[0].due ?? plans[0].plan_date;
      // one request per plan: the plan's row lock queues a second click behind the first
      const made = await withTx(engine.db, async (tx) => {
        await sql`SELECT id FROM produce_plan WHERE id = ${body.Plan_ID} FOR UPDATE`.execute(tx);
        const { rows: existing } = await sql<{ id: number }>`SELECT id FROM purchase_request
          WHERE plan_id = ${body.Plan_ID} AND state <> ${STATE.VOID} ORDER BY id LIMIT 1`.execute(tx);
        if (existing[0]) return requests.mustGet(Number(existing[0].id), tx);
        const row = await requests.insert(
          {
            Doc_Date: today(),
            Source: 3,
            Items: buy.map((l) => ({
              Material_ID: l.materialId,
              Qty: l.net,
              Need_Date: need,
              Reason: ctx.lang === 'en' ? 'Production plan shortage' : '生产计划缺料',
            })),
          },
          ctx,
          tx,
        );
        // Plan_ID is the server's to set (read-only on the wire)
        await sql`UPDATE purchase_request SET plan_id = ${body.Plan_ID} WHERE id = ${row.Request_ID as number}`.execute(
          tx,
        );
        return requests.mustGet(Number(row.Request_ID), tx);
      });
      return ok(made, ctx);
    },
  );
}
