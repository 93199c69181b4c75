import { AppError, defineHooks, type HookContext, type Row } from '@mes/engine-server';
import { mulDecimal, STATE } from '@mes/model';
import { sql } from 'kysely';
import { creditOver, sumOf } from './logic/amounts';
import { firstNonPositive, linesOf, priceLine, text } from './logic/lines';
import './messages.server';
import { salesOrder } from './order.entity';
import { openReceivable } from './receivable.server';

/** The last price this customer was sold the material at (its latest approved order line), if any. */
async function lastPrices(ctx: HookContext, customerId: number, materials: number[]) {
  if (!materials.length) return new Map<number, string>();
  const { rows } = await sql<{ material_id: number; unit_price: string }>`SELECT DISTINCT ON (l.material_id)
      l.material_id, l.unit_price::text AS unit_price
    FROM sales_order o JOIN sales_order_lines l ON l.parent_id = o.id
    WHERE o.customer_id = ${customerId} AND o.state = ${STATE.APPROVED} AND l.unit_price IS NOT NULL
      AND l.material_id IN (${sql.join(materials)})
    ORDER BY l.material_id, o.order_date DESC, o.id DESC`.execute(ctx.tx);
  return new Map(rows.map((r) => [Number(r.material_id), String(r.unit_price)]));
}

/** Fills empty prices with the customer's last price, then each line's tax and amounts. */
async function priceLines(ctx: HookContext, customerId: number, lines: Row[]) {
  const bad = firstNonPositive(lines);
  if (bad) throw new AppError('sales.qty_positive', { line: bad }).at('Lines');
  const missing = lines.filter((l) => !text(l.Unit_Price)).map((l) => Number(l.Material_ID));
  const last = await lastPrices(ctx, customerId, [...new Set(missing)]);
  lines.forEach((l, i) => {
    if (!text(l.Unit_Price)) l.Unit_Price = last.get(Number(l.Material_ID)) ?? null;
    if (!text(l.Unit_Price)) throw new AppError('sales.no_price', { line: i + 1 }).at('Lines');
    priceLine(l);
  });
}

/** The currency marked 本位币, when the customer names none. */
async function baseCurrency(ctx: HookContext): Promise<number | null> {
  const { rows } = await sql<{
    id: number;
  }>`SELECT id FROM currency WHERE is_base ORDER BY id LIMIT 1`.execute(ctx.tx);
  return rows[0]?.id ?? null;
}

/** Currency and rate default to the customer's currency and that currency's rate. */
export async function currencyDefaults(ctx: HookContext, data: Row, customerId: number) {
  if (!data.Currency_ID) {
    const c = await sql<{
      currency_id: number | null;
    }>`SELECT currency_id FROM customer WHERE id = ${customerId}`.execute(ctx.tx);
    data.Currency_ID = c.rows[0]?.currency_id ?? (await baseCurrency(ctx));
  }
  if (!text(data.Exchange_Rate)) {
    const r = await sql<{ rate: string | null }>`SELECT exchange_rate::text AS rate FROM currency
      WHERE id = ${data.Currency_ID ?? null}`.execute(ctx.tx);
    data.Exchange_Rate = r.rows[0]?.rate ?? '1';
  }
}

/**
 * The credit check (ERPNext's credit limit on submit): the customer's open receivable and the part
 * of its other open orders not invoiced yet (by approved invoices, which the receivable then holds),
 * plus this order, against Credit_Limit. The customer
 * row is locked, so that two orders saved at once cannot both pass on the same room.
 */
async function checkCredit(ctx: HookContext, customerId: number, orderId: number | null, total: string) {
  const { rows } = await sql<{ limit: string | null; uninvoiced: string }>`SELECT
      (SELECT credit_limit::text FROM customer WHERE id = ${customerId} FOR UPDATE) AS limit,
      (SELECT coalesce(sum(o.total_with_tax * coalesce(o.exchange_rate, 1)), 0)
        - coalesce((SELECT sum(il.amount_with_tax * coalesce(i.exchange_rate, 1))
          FROM sales_invoice i JOIN sales_invoice_lines il ON il.parent_id = i.id
          JOIN sales_delivery_lines dl ON dl.parent_id = il.delivery_id AND dl.line_no = il.delivery_line_no
          JOIN sales_order so ON so.id = dl.sales_order_id
          WHERE i.state = ${STATE.APPROVED} AND so.customer_id = ${customerId}
            AND so.state IN (1, 2, 3) AND so.id <> ${orderId ?? 0}), 0)
        FROM sales_order o WHERE o.customer_id = ${customerId} AND o.state IN (1, 2, 3)
          AND o.id <> ${orderId ?? 0})::text AS uninvoiced`.execute(ctx.tx);
  const r = rows[0];
  if (!r?.limit) return;
  const used = sumOf([r.uninvoiced, await openReceivable(ctx, customerId)], (x) => x);
  const over = creditOver(r.limit, used, total);
  if (over) throw new AppError('sales.credit_over', { over, limit: r.limit, used, order: total }).at('Lines');
}

/** Names of the documents (by number) that stand on a record; the refusals list them. */
export const numbers = (rows: { no: string }[]) => rows.map((r) => r.no).join('、');

export const salesOrderHooks = defineHooks(salesOrder, {
  async validate(ctx, data, old) {
    const customerId = Number(data.Customer_ID ?? old?.Customer_ID);
    await currencyDefaults(ctx, data, customerId);
    if (data.Lines === undefined && !old) throw new AppError('sales.no_lines').at('Lines');
    if (data.Lines === undefined) return;
    const lines = linesOf(data);
    if (!lines.length) throw new AppError('sales.no_lines').at('Lines');
    await priceLines(ctx, customerId, lines);
    // compared in base currency: the limit and the ledger's balances are
    const rate = text(data.Exchange_Rate ?? old?.Exchange_Rate) || '1';
    const total = mulDecimal(
      sumOf(lines, (l) => text(l.Amount_With_Tax)),
      rate,
      2,
    );
    await checkCredit(ctx, customerId, old ? Number(old.Sales_Order_ID) : null, total);
  },
  async beforeUnapprove(ctx, record) {
    const { rows } = await sql<{ no: string }>`SELECT DISTINCT d.delivery_no AS no FROM sales_delivery d
      JOIN sales_delivery_lines l ON l.parent_id = d.id
      WHERE l.sales_order_id = ${Number(record.Sales_Order_ID)} AND d.state <> ${STATE.VOID}`.execute(ctx.tx);
    if (rows.length) throw new AppError('sales.order_delivered', { docs: numbers(rows) }, 409);
  },
});
