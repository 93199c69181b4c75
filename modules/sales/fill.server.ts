import { type Engine, ok, parseWith, requestContext } from '@mes/engine-server';
import { normalizeDecimal, STATE } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { DELIVERY_TYPE, salesDelivery } from './delivery.entity';
import { salesInvoice } from './invoice.entity';
import { DEFAULT_TAX_RATE, lineAmounts } from './logic/amounts';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const deliveryQuery = z.object({
  Customer_ID: id,
  Delivery_Type: z.coerce.number().int().min(1).max(2).optional(),
});
const invoiceQuery = z.object({ Customer_ID: id });

interface OpenRow {
  Qty: string;
  Unit_Price: string;
  Tax_Rate: string | null;
  [k: string]: unknown;
}

/** A proposed line with its amounts, as a save would compute them. */
const priced = (r: OpenRow) => {
  const line = {
    Qty: normalizeDecimal(r.Qty),
    Unit_Price: normalizeDecimal(r.Unit_Price),
    Tax_Rate: normalizeDecimal(r.Tax_Rate ?? DEFAULT_TAX_RATE),
  };
  return { ...r, ...line, ...lineAmounts(line) };
};

/**
 * The 按订单带出 / 按发货带出 buttons (the line tables' declared `fill`): what the customer's approved
 * orders still wait for (a return: what was delivered and not returned), and its approved deliveries
 * not invoiced yet. Whoever may add the document may ask: the rows are what it would show.
 */
export function fillRoutes(app: FastifyInstance, engine: Engine) {
  const customer = [{ entity: 'Customer', in: 'query' as const, key: 'Customer_ID' }];
  app.get(
    '/SalesDelivery/OpenLines',
    { config: { perm: { entity: salesDelivery.name, button: 'add' }, records: customer } },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(deliveryQuery, req.query, salesDelivery, ctx.lang);
      const ret = q.Delivery_Type === DELIVERY_TYPE.RETURN;
      const { rows } = await sql<OpenRow>`SELECT o.id AS "Sales_Order_ID", o.order_no AS "Order_NO",
          l.line_no AS "Order_Line_NO", l.material_id AS "Material_ID", m.material_name AS "Material_Name",
          m.material_number AS "Material_Code",
          (CASE WHEN ${ret} THEN coalesce(t.shipped, 0) - coalesce(t.returned, 0)
            ELSE l.qty - coalesce(t.delivered, 0) + coalesce(t.returned_approved, 0) END)::text AS "Qty",
          l.unit_price::text AS "Unit_Price", l.tax_rate::text AS "Tax_Rate"
        FROM sales_order o JOIN sales_order_lines l ON l.parent_id = o.id JOIN material m ON m.id = l.material_id
        LEFT JOIN (SELECT dl.sales_order_id, dl.order_line_no,
            sum(dl.qty) FILTER (WHERE d.delivery_type = 1) AS delivered,
            sum(dl.qty) FILTER (WHERE d.delivery_type = 1 AND d.state = ${STATE.APPROVED}) AS shipped,
            sum(dl.qty) FILTER (WHERE d.delivery_type = 2) AS returned,
            sum(dl.qty) FILTER (WHERE d.delivery_type = 2 AND d.state = ${STATE.APPROVED}) AS returned_approved
          FROM sales_delivery d JOIN sales_delivery_lines dl ON dl.parent_id = d.id
          WHERE d.state <> ${STATE.VOID} GROUP BY 1, 2) t
          ON t.sales_order_id = o.id AND t.order_line_no = l.line_no
        WHERE o.customer_id = ${q.Customer_ID} AND o.state = ${STATE.APPROVED}
        ORDER BY l.delivery_date NULLS LAST, o.id, l.line_no LIMIT 1000`.execute(engine.db);
      const open = rows.filter((r) => Number(r.Qty) > 0).map(priced);
      return ok(open, ctx, { Page: 1, PageSize: open.length, TotalCount: open.length });
    },
  );
  app.get(
    '/SalesInvoice/OpenLines',
    { config: { perm: { entity: salesInvoice.name, button: 'add' }, records: customer } },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(invoiceQuery, req.query, salesInvoice, ctx.lang);
      const { rows } = await sql<OpenRow>`SELECT d.id AS "Delivery_ID", d.delivery_no AS "Delivery_NO",
          l.line_no AS "Delivery_Line_NO", l.material_id AS "Material_ID", m.material_name AS "Material_Name",
          m.material_number AS "Material_Code", (l.qty - coalesce(t.invoiced, 0))::text AS "Qty",
          l.unit_price::text AS "Unit_Price", l.tax_rate::text AS "Tax_Rate"
        FROM sales_delivery d JOIN sales_delivery_lines l ON l.parent_id = d.id JOIN material m ON m.id = l.material_id
        LEFT JOIN (SELECT il.delivery_id, il.delivery_line_no, sum(il.qty) AS invoiced
          FROM sales_invoice i JOIN sales_invoice_lines il ON il.parent_id = i.id
          WHERE i.state <> ${STATE.VOID} GROUP BY 1, 2) t ON t.delivery_id = d.id AND t.delivery_line_no = l.line_no
        WHERE d.customer_id = ${q.Customer_ID} AND d.state = ${STATE.APPROVED}
          AND d.delivery_type = ${DELIVERY_TYPE.DELIVERY} AND l.qty > coalesce(t.invoiced, 0)
        ORDER BY d.delivery_date, d.id, l.line_no LIMIT 1000`.execute(engine.db);
      const open = rows.map(priced);
      return ok(open, ctx, { Page: 1, PageSize: open.length, TotalCount: open.length });
    },
  );
}
