import { AppError, type Engine, ok, parseId, parseWith, requestContext } from '@mes/engine-server';
import { mulDecimal, normalizeDecimal, subDecimal } from '@mes/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { RECEIPT_TYPE } from './fields';
import { purchaseInvoice } from './invoice.entity';
import { purchaseOrder } from './order.entity';
import { purchaseReceipt } from './receipt.entity';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const orderFill = z.object({ Order_ID: id, Receipt_Type: z.coerce.number().int().min(1).max(2).default(1) });
const receiptFill = z.object({ Receipt_ID: id });
const portalList = z.object({
  Page: z.coerce.number().int().min(1).max(100000).default(1),
  PageSize: z.coerce.number().int().min(1).max(200).default(20),
});
/** The supplier portal's menu: a portal account holds it, and reaches nothing else (sourcing). */
const PORTAL_MENU = 'SRM.portalQuote';

const positive = (v: string) => !v.startsWith('-') && normalizeDecimal(v) !== '0';

/**
 * The 按订单带出 / 按收货带出 buttons: the lines still open on an order (what is left to receive, or
 * what was received for a return) and on a receipt (what is left to invoice, at the order price).
 */
export function fillRoutes(app: FastifyInstance, engine: Engine) {
  app.get(
    '/PurchaseReceipt/FillLines',
    {
      config: {
        perm: { entity: purchaseReceipt.name, button: 'add' },
        records: [{ entity: purchaseOrder.name, in: 'query', key: 'Order_ID' }],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(orderFill, req.query, purchaseReceipt, ctx.lang);
      const { rows } = await sql<Record<string, string>>`SELECT o.doc_no, l.line_no, l.material_id,
          m.material_number, m.material_name, l.qty, coalesce(l.received_qty, 0) AS received,
          l.unit_price, coalesce(o.exchange_rate, 1) AS rate
        FROM purchase_order o JOIN purchase_order_items l ON l.parent_id = o.id JOIN material m ON m.id = l.material_id
        WHERE o.id = ${q.Order_ID} AND o.state = 3 ORDER BY l.line_no`.execute(engine.db);
      const lines = rows
        .map((r) => {
          const qty = q.Receipt_Type === RECEIPT_TYPE.RETURN ? r.received : subDecimal(r.qty, r.received);
          const price = r.unit_price == null ? null : mulDecimal(r.unit_price, r.rate, 6);
          return {
            Order_ID: q.Order_ID,
            Order_NO: r.doc_no,
            Order_Line_NO: Number(r.line_no),
            Material_ID: Number(r.material_id),
            Material_Code: r.material_number,
            Material_Name: r.material_name,
            Location_ID: null,
            Qty: normalizeDecimal(qty),
            Unit_Price: price,
            Amount: price == null ? null : mulDecimal(qty, price, 2),
          };
        })
        .filter((l) => positive(l.Qty));
      return ok(lines, ctx);
    },
  );

  app.get(
    '/PurchaseInvoice/FillLines',
    {
      config: {
        perm: { entity: purchaseInvoice.name, button: 'add' },
        records: [{ entity: purchaseReceipt.name, in: 'query', key: 'Receipt_ID' }],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(receiptFill, req.query, purchaseInvoice, ctx.lang);
      const { rows } = await sql<Record<string, string>>`SELECT r.doc_no, l.line_no, l.material_id,
          m.material_number, m.material_name, l.qty, coalesce(l.invoiced_qty, 0) AS invoiced,
          ol.unit_price, ol.tax_rate
        FROM purchase_receipt r JOIN purchase_receipt_items l ON l.parent_id = r.id
        JOIN material m ON m.id = l.material_id
        LEFT JOIN purchase_order_items ol ON ol.parent_id = l.order_id AND ol.line_no = l.order_line_no
        WHERE r.id = ${q.Receipt_ID} AND r.state = 3 AND r.receipt_type = ${RECEIPT_TYPE.RECEIPT}
        ORDER BY l.line_no`.execute(engine.db);
      const lines = rows
        .map((r) => {
          const qty = normalizeDecimal(subDecimal(r.qty, r.invoiced));
          return {
            Receipt_ID: q.Receipt_ID,
            Receipt_NO: r.doc_no,
            Receipt_Line_NO: Number(r.line_no),
            Material_ID: Number(r.material_id),
            Material_Code: r.material_number,
            Material_Name: r.material_name,
            Qty: qty,
            Unit_Price: r.unit_price,
            Tax_Rate: r.tax_rate,
            Order_Price: r.unit_price,
            Amount: r.unit_price == null ? null : mulDecimal(qty, r.unit_price, 2),
          };
        })
        .filter((l) => positive(l.Qty));
      return ok(lines, ctx);
    },
  );
}

/** The supplier's own account: which supplier it signs in for (a portal account belongs to one). */
async function supplierOf(engine: Engine, req: FastifyRequest): Promise<number> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM supplier
    WHERE portal_user_id = ${req.auth!.session.user_id} AND NOT disabled ORDER BY id LIMIT 1`.execute(
    engine.db,
  );
  if (!rows[0]) throw new AppError('forbidden', {}, 403, 403);
  return Number(rows[0].id);
}

/** The supplier portal: its own approved purchase orders, read-only. Nobody else's, nothing in draft. */
export function portalRoutes(app: FastifyInstance, engine: Engine) {
  const portal = { config: { perm: { menu: PORTAL_MENU }, portal: true } };
  const orders = engine.service(purchaseOrder.name);

  app.get('/stock/Portal/Orders', portal, async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(portalList, req.query, undefined, ctx.lang);
    const supplier = await supplierOf(engine, req);
    const { rows } = await sql<Record<string, unknown>>`SELECT o.id AS "Order_ID", o.doc_no AS "Doc_NO",
        o.doc_date::text AS "Doc_Date", o.total_qty AS "Total_Qty", o.total_amount AS "Total_Amount",
        o.total_amount_with_tax AS "Total_Amount_With_Tax", c.currency_code AS "Currency_Code",
        count(*) OVER () AS "Total_Count"
      FROM purchase_order o LEFT JOIN currency c ON c.id = o.currency_id
      WHERE o.supplier_id = ${supplier} AND o.state = 3
      ORDER BY o.doc_date DESC, o.id DESC LIMIT ${q.PageSize} OFFSET ${(q.Page - 1) * q.PageSize}`.execute(
      engine.db,
    );
    const count = rows.length ? Number(rows[0].Total_Count) : 0;
    for (const r of rows) delete r.Total_Count;
    return ok(rows, ctx, { TotalCount: count, Page: q.Page, PageSize: q.PageSize });
  });

  app.get('/stock/Portal/Orders/:id', portal, async (req) => {
    const ctx = requestContext(req);
    const orderId = parseId((req.params as { id: string }).id);
    const supplier = await supplierOf(engine, req);
    const { rows } =
      await sql`SELECT 1 FROM purchase_order WHERE id = ${orderId} AND supplier_id = ${supplier}
      AND state = 3`.execute(engine.db);
    if (!rows.length) throw new AppError('not_found', {}, 404);
    return ok(await orders.mustGet(orderId), ctx);
  });
}
