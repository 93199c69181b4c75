import {
  AppError,
  defineHooks,
  type Engine,
  type HookContext,
  ok,
  parseWith,
  requestContext,
  withTx,
} from '@mes/engine-server';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import './messages.server';
import { OPP_STATUS, opportunity } from './opportunity.entity';
import { salesOrder } from './order.entity';

export const salesOpportunityHooks = defineHooks(opportunity, {
  validate(_ctx, data, old) {
    // 已成交 is what Deal leaves behind, with the order it made
    if (Number(data.Opp_Status) === OPP_STATUS.DEAL && Number(old?.Opp_Status) !== OPP_STATUS.DEAL)
      throw new AppError('sales.deal_by_action').at('Opp_Status');
  },
});

const dealBody = z.object({ Opp_ID: z.number().int().positive(), Order_Date: z.iso.date().optional() });

/**
 * 成交: the opportunity becomes a draft sales order of its customer for its product and quantity
 * (priced as any order: the customer's last price, else the expected amount per unit), and is
 * marked 已成交 with the order it made — in one transaction.
 */
export async function deal(engine: Engine, c: HookContext, body: z.infer<typeof dealBody>) {
  const opp = await engine.service(opportunity.name).mustGet(body.Opp_ID, c.tx, true);
  const status = Number(opp.Opp_Status);
  if (status === OPP_STATUS.ABANDONED || status === OPP_STATUS.DEAL || Number(opp.State) === 0)
    throw new AppError('sales.deal_closed', {}, 409);
  if (!opp.Material_ID || !opp.Qty || Number(opp.Qty) <= 0) throw new AppError('sales.deal_needs_product');
  const last = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sales_order o
    JOIN sales_order_lines l ON l.parent_id = o.id
    WHERE o.customer_id = ${Number(opp.Customer_ID)} AND o.state = 3 AND l.material_id = ${Number(opp.Material_ID)}`.execute(
    c.tx,
  );
  const perUnit =
    !last.rows[0]?.n && opp.Expected_Amount
      ? (
          await sql<{
            p: string;
          }>`SELECT round(${String(opp.Expected_Amount)}::numeric / ${String(opp.Qty)}::numeric, 6)::text AS p`.execute(
            c.tx,
          )
        ).rows[0]?.p
      : undefined;
  const order = await engine.service(salesOrder.name).insert(
    {
      Customer_ID: opp.Customer_ID,
      Order_Date: body.Order_Date ?? new Date().toISOString().slice(0, 10),
      Salesman_ID: opp.Owner_ID ?? undefined,
      Remark: opp.Opp_Name,
      Lines: [{ Material_ID: opp.Material_ID, Qty: opp.Qty, ...(perUnit ? { Unit_Price: perUnit } : {}) }],
    },
    c,
    c.tx,
  );
  // the order's 商机 is read-only on the wire: only a deal sets it
  await sql`UPDATE sales_order SET opp_id = ${body.Opp_ID} WHERE id = ${Number(order.Sales_Order_ID)}`.execute(
    c.tx,
  );
  order.Opp_ID = body.Opp_ID;
  await sql`UPDATE sales_opportunity SET opp_status = ${OPP_STATUS.DEAL}, sales_order_id = ${Number(order.Sales_Order_ID)},
    version = version + 1, updated_at = now() WHERE id = ${body.Opp_ID}`.execute(c.tx);
  return order;
}

/** `POST /SalesOpportunity/Deal`: the opportunity's edit grant, on a record in the user's scope. */
export function opportunityRoutes(app: FastifyInstance, engine: Engine) {
  app.post(
    '/SalesOpportunity/Deal',
    {
      config: {
        perm: { entity: opportunity.name, button: 'edit' },
        records: [{ entity: opportunity.name, in: 'body', key: 'Opp_ID' }],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const body = parseWith(dealBody, req.body, opportunity, ctx.lang);
      const order = await withTx(engine.db, (tx) =>
        deal(engine, { ...ctx, tx, registry: engine.registry }, body),
      );
      return ok(order, ctx);
    },
  );
}
