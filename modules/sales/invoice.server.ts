import { AppError, defineHooks, type HookContext, type Row } from '@mes/engine-server';
import { STATE } from '@mes/model';
import { sql } from 'kysely';
import { DELIVERY_TYPE } from './delivery.entity';
import { salesInvoice } from './invoice.entity';
import { firstNonPositive, linesOf, priceLine, text } from './logic/lines';
import { overTaken } from './logic/take';
import './messages.server';
import { currencyDefaults } from './order.server';
import { postReceivable, refusePaid, reverseReceivable } from './receivable.server';

interface DeliveryLine {
  delivery_id: number;
  delivery_no: string;
  customer_id: number;
  state: number;
  delivery_type: number;
  line_no: number;
  material_id: number;
  qty: string;
  unit_price: string;
  tax_rate: string | null;
  invoiced: string;
}

/**
 * The delivery lines an invoice names, the deliveries locked (two invoices racing for the last
 * uninvoiced quantity queue, and the second sees the first), with what other invoices that are not
 * void already bill of each.
 */
export async function deliveryLines(ctx: HookContext, ids: number[], exceptId: number | null) {
  if (!ids.length) return new Map<string, DeliveryLine>();
  await sql`SELECT id FROM sales_delivery WHERE id IN (${sql.join(ids)}) ORDER BY id FOR UPDATE`.execute(
    ctx.tx,
  );
  const { rows } = await sql<DeliveryLine>`SELECT d.id AS delivery_id, d.delivery_no, d.customer_id, d.state,
      d.delivery_type, l.line_no, l.material_id, l.qty::text AS qty, l.unit_price::text AS unit_price,
      l.tax_rate::text AS tax_rate, coalesce(t.invoiced, 0)::text AS invoiced
    FROM sales_delivery d JOIN sales_delivery_lines l ON l.parent_id = d.id
    LEFT JOIN (SELECT il.delivery_id, il.delivery_line_no, sum(il.qty) AS invoiced
      FROM sales_invoice i JOIN sales_invoice_lines il ON il.parent_id = i.id
      WHERE i.state <> ${STATE.VOID} AND i.id <> ${exceptId ?? 0} AND il.delivery_id IN (${sql.join(ids)})
      GROUP BY 1, 2) t ON t.delivery_id = d.id AND t.delivery_line_no = l.line_no
    WHERE d.id IN (${sql.join(ids)})`.execute(ctx.tx);
  return new Map(rows.map((r) => [`${r.delivery_id}:${r.line_no}`, r]));
}

/** Each line bills an approved delivery line of the invoice's customer, never above what is not billed yet. */
async function checkLines(ctx: HookContext, data: Row, old: Row | null) {
  const customerId = Number(data.Customer_ID ?? old?.Customer_ID);
  await currencyDefaults(ctx, data, customerId);
  // the receivable is kept per currency
  if (!data.Currency_ID && !old?.Currency_ID) throw new AppError('sales.no_currency').at('Currency_ID');
  if (data.Lines === undefined && old) return;
  const lines = linesOf(data);
  if (!lines.length) throw new AppError('sales.no_lines').at('Lines');
  const bad = firstNonPositive(lines);
  if (bad) throw new AppError('sales.qty_positive', { line: bad }).at('Lines');
  const ids = [...new Set(lines.map((l) => Number(l.Delivery_ID)))].sort((a, b) => a - b);
  const found = await deliveryLines(ctx, ids, old ? Number(old.Invoice_ID) : null);
  const keyOf = (l: Row) => `${l.Delivery_ID}:${l.Delivery_Line_NO}`;
  for (const [i, l] of lines.entries()) {
    const src = found.get(keyOf(l));
    const docNo = [...found.values()].find((r) => r.delivery_id === Number(l.Delivery_ID))?.delivery_no;
    const at = { line: i + 1, doc: docNo ?? l.Delivery_ID, docLine: l.Delivery_Line_NO };
    if (!src) throw new AppError('sales.delivery_line_unknown', at).at('Lines');
    if (Number(src.customer_id) !== customerId)
      throw new AppError('sales.delivery_other_customer', at).at('Lines');
    if (Number(src.state) !== STATE.APPROVED || Number(src.delivery_type) !== DELIVERY_TYPE.DELIVERY)
      throw new AppError('sales.delivery_not_approved', at).at('Lines');
    l.Material_ID = Number(src.material_id);
    l.Unit_Price = src.unit_price;
    l.Tax_Rate = src.tax_rate;
    priceLine(l);
  }
  const sources = new Map([...found].map(([k, r]) => [k, { total: r.qty, taken: r.invoiced }]));
  const over = overTaken(
    lines.map((l) => ({ key: keyOf(l), qty: text(l.Qty) })),
    sources,
  );
  if (over) throw new AppError('sales.over_invoiced', over).at('Lines');
}

export const salesInvoiceHooks = defineHooks(salesInvoice, {
  validate: checkLines,
  onApprove: postReceivable,
  beforeUnapprove: refusePaid,
  onUnapprove: reverseReceivable,
});
