import { AppError, defineHooks, type HookContext, type Row } from '@mes/engine-server';
import { postMovements, reverseMovements } from '@mes/inventory/server';
import { STATE, subDecimal } from '@mes/model';
import { sql } from 'kysely';
import { DELIVERY_TYPE, salesDelivery } from './delivery.entity';
import { firstNonPositive, linesOf, priceLine, text } from './logic/lines';
import { overTaken, type Source } from './logic/take';
import './messages.server';
import { numbers } from './order.server';

/** Movement types of the inventory ledger that sales posts (MOVEMENT_TYPES of @mes/inventory). */
export const SALES_DELIVERY = 41;
export const SALES_RETURN = 42;

interface OrderLine {
  order_id: number;
  order_no: string;
  customer_id: number;
  state: number;
  line_no: number;
  material_id: number;
  qty: string;
  unit_price: string;
  tax_rate: string | null;
  /** other deliveries that are not void, and returns: all not void, and those approved */
  delivered: string;
  returned: string;
  returned_approved: string;
  /** other approved deliveries: what a return may bring back */
  shipped: string;
}

/**
 * The order lines a delivery names, their orders locked (so that two deliveries of the last units
 * queue), with what other deliveries took: deliveries that are not void reserve their quantity, and
 * only approved returns give it back (a draft return may yet be voided).
 */
export async function orderLines(ctx: HookContext, orderIds: number[], exceptId: number | null) {
  if (!orderIds.length) return new Map<string, OrderLine>();
  await sql`SELECT id FROM sales_order WHERE id IN (${sql.join(orderIds)}) ORDER BY id FOR UPDATE`.execute(
    ctx.tx,
  );
  const { rows } = await sql<OrderLine>`SELECT o.id AS order_id, o.order_no, o.customer_id, o.state,
      l.line_no, l.material_id, l.qty::text AS qty, l.unit_price::text AS unit_price, l.tax_rate::text AS tax_rate,
      coalesce(t.delivered, 0)::text AS delivered, coalesce(t.returned, 0)::text AS returned,
      coalesce(t.returned_approved, 0)::text AS returned_approved, coalesce(t.shipped, 0)::text AS shipped
    FROM sales_order o JOIN sales_order_lines l ON l.parent_id = o.id
    LEFT JOIN (SELECT dl.sales_order_id, dl.order_line_no,
        sum(dl.qty) FILTER (WHERE d.delivery_type = ${DELIVERY_TYPE.DELIVERY}) AS delivered,
        sum(dl.qty) FILTER (WHERE d.delivery_type = ${DELIVERY_TYPE.RETURN}) AS returned,
        sum(dl.qty) FILTER (WHERE d.delivery_type = ${DELIVERY_TYPE.RETURN} AND d.state = ${STATE.APPROVED})
          AS returned_approved,
        sum(dl.qty) FILTER (WHERE d.delivery_type = ${DELIVERY_TYPE.DELIVERY} AND d.state = ${STATE.APPROVED})
          AS shipped
      FROM sales_delivery d JOIN sales_delivery_lines dl ON dl.parent_id = d.id
      WHERE d.state <> ${STATE.VOID} AND d.id <> ${exceptId ?? 0} AND dl.sales_order_id IN (${sql.join(orderIds)})
      GROUP BY 1, 2) t ON t.sales_order_id = o.id AND t.order_line_no = l.line_no
    WHERE o.id IN (${sql.join(orderIds)})`.execute(ctx.tx);
  return new Map(rows.map((r) => [`${r.order_id}:${r.line_no}`, r]));
}

/** A line's source: for a delivery what is ordered, for a return what was delivered (approved). */
function sourceOf(type: number, r: OrderLine): Source {
  return type === DELIVERY_TYPE.RETURN
    ? { total: r.shipped, taken: r.returned }
    : { total: r.qty, taken: subDecimal(r.delivered, r.returned_approved) };
}

/**
 * Each line names an approved order line of the delivery's customer; the material, price and tax
 * come from it; deliveries never exceed what is ordered, returns never what was delivered.
 */
async function checkLines(ctx: HookContext, data: Row, old: Row | null) {
  if (data.Lines === undefined && old) return;
  const lines = linesOf(data);
  if (!lines.length) throw new AppError('sales.no_lines').at('Lines');
  const bad = firstNonPositive(lines);
  if (bad) throw new AppError('sales.qty_positive', { line: bad }).at('Lines');
  const customerId = Number(data.Customer_ID ?? old?.Customer_ID);
  const type = Number(data.Delivery_Type ?? old?.Delivery_Type ?? DELIVERY_TYPE.DELIVERY);
  const ids = [...new Set(lines.map((l) => Number(l.Sales_Order_ID)))].sort((a, b) => a - b);
  const found = await orderLines(ctx, ids, old ? Number(old.Delivery_ID) : null);
  const keyOf = (l: Row) => `${l.Sales_Order_ID}:${l.Order_Line_NO}`;
  for (const [i, l] of lines.entries()) {
    const src = found.get(keyOf(l));
    const orderNo = [...found.values()].find((r) => r.order_id === Number(l.Sales_Order_ID))?.order_no;
    const at = { line: i + 1, order: orderNo ?? l.Sales_Order_ID, orderLine: l.Order_Line_NO };
    if (!src) throw new AppError('sales.order_line_unknown', at).at('Lines');
    if (Number(src.customer_id) !== customerId)
      throw new AppError('sales.order_other_customer', at).at('Lines');
    if (Number(src.state) !== STATE.APPROVED) throw new AppError('sales.order_not_approved', at).at('Lines');
    l.Material_ID = Number(src.material_id);
    l.Unit_Price = src.unit_price;
    l.Tax_Rate = src.tax_rate;
    priceLine(l);
  }
  const sources = new Map([...found].map(([k, r]) => [k, sourceOf(type, r)]));
  const over = overTaken(
    lines.map((l) => ({ key: keyOf(l), qty: text(l.Qty) })),
    sources,
  );
  if (over)
    throw new AppError(
      type === DELIVERY_TYPE.RETURN ? 'sales.over_returned' : 'sales.over_delivered',
      over,
    ).at('Lines');
}

export const salesDeliveryHooks = defineHooks(salesDelivery, {
  validate: checkLines,
  // a delivery issues its lines from stock, a return receives them back (inventory's rules apply)
  async onApprove(ctx, record) {
    const ret = Number(record.Delivery_Type) === DELIVERY_TYPE.RETURN;
    await postMovements(ctx, {
      Doc_Type: ret ? SALES_RETURN : SALES_DELIVERY,
      Doc_ID: Number(record.Delivery_ID),
      Doc_NO: String(record.Delivery_NO),
      Posting_Date: String(record.Delivery_Date).slice(0, 10),
      lines: linesOf(record).map((l, i) => ({
        Line_NO: i + 1,
        Material_ID: Number(l.Material_ID),
        Location_ID: Number(l.Location_ID),
        Batch_NO: (l.Batch_NO as string | null) ?? null,
        Qty: ret ? text(l.Qty) : `-${text(l.Qty)}`,
      })),
      once: true,
    });
  },
  async beforeUnapprove(ctx, record) {
    const { rows } = await sql<{ no: string }>`SELECT DISTINCT i.invoice_no AS no FROM sales_invoice i
      JOIN sales_invoice_lines l ON l.parent_id = i.id
      WHERE l.delivery_id = ${Number(record.Delivery_ID)} AND i.state <> ${STATE.VOID}`.execute(ctx.tx);
    if (rows.length) throw new AppError('sales.delivery_invoiced', { docs: numbers(rows) }, 409);
  },
  async onUnapprove(ctx, record) {
    const ret = Number(record.Delivery_Type) === DELIVERY_TYPE.RETURN;
    await reverseMovements(ctx, ret ? SALES_RETURN : SALES_DELIVERY, Number(record.Delivery_ID));
  },
});
