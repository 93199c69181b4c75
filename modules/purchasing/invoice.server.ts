import { AppError, defineHooks, type HookContext } from '@mes/engine-server';
import { addDecimal, compareDecimal, isZeroDecimal, negDecimal, subDecimal } from '@mes/model';
import { sql } from 'kysely';
import { RECEIPT_TYPE } from './fields';
import { purchaseInvoice } from './invoice.entity';
import { checkQuantities, type Line, linesOf, throwAll } from './lines.server';
import { amountOf, exceeds, priceDifference, total, withTax } from './logic/prices';
import { purchaseOrder } from './order.entity';
import { payableHooks } from './payable.server';
import { purchaseReceipt } from './receipt.entity';
import { addToSourceLines, keyOf, type SourceLine, sourceLines } from './sourceLines.server';

type InvoiceLine = Line & {
  Receipt_ID: number;
  Receipt_Line_NO: number;
  Material_ID?: number;
  Unit_Price: string;
  Tax_Rate?: string | null;
  Diff_Reason?: string | null;
};

const keys = (lines: InvoiceLine[]) =>
  lines.map((l, i) => ({ i, parent: Number(l.Receipt_ID), line: Number(l.Receipt_Line_NO) }));

interface Matched {
  receipt: SourceLine;
  order: SourceLine | undefined;
  type: number;
}

/**
 * The three-way match: each line against its receipt line (an approved receipt of this supplier)
 * and that line's order line. Invoiced never goes above received per receipt line; a price that
 * differs from the order's needs a reason. Under the approval the receipt lines are locked first, so
 * that of two invoices racing for the last uninvoiced quantity exactly one wins.
 */
async function match(
  ctx: HookContext,
  supplierId: number,
  lines: InvoiceLine[],
  lock: boolean,
): Promise<Matched[]> {
  const ks = keys(lines);
  const found = await sourceLines(ctx, purchaseReceipt, ks, lock);
  const { rows: types } = await sql<{
    id: number;
    t: number;
  }>`SELECT id, receipt_type AS t FROM purchase_receipt
    WHERE id IN (${sql.join([...new Set(ks.map((k) => k.parent)), 0])})`.execute(ctx.tx);
  const typeOf = new Map(types.map((r) => [Number(r.id), Number(r.t)]));
  const orders = await sourceLines(
    ctx,
    purchaseOrder,
    [...found.values()].map((r) => ({ parent: Number(r.order_id), line: Number(r.order_line_no) })),
  );
  const errors: AppError[] = [];
  const taken = new Map<string, string>();
  const out: Matched[] = [];
  for (const k of ks) {
    const l = lines[k.i];
    const r = found.get(keyOf(k));
    const p = { line: k.i + 1, source: k.line, doc: r?.p_no ?? String(k.parent) };
    if (!r) {
      errors.push(new AppError('pur.receipt_line_unknown', p).at('Items'));
      continue;
    }
    const type = typeOf.get(k.parent) ?? 0;
    out[k.i] = { receipt: r, order: orders.get(`${r.order_id}:${r.order_line_no}`), type };
    if (Number(r.p_supplier) !== supplierId) errors.push(new AppError('pur.foreign_receipt', p).at('Items'));
    else if (r.p_state !== 3 || type !== RECEIPT_TYPE.RECEIPT)
      errors.push(new AppError('pur.receipt_not_invoiceable', p).at('Items'));
    else {
      const invoiced = addDecimal(String(r.invoiced_qty ?? '0'), taken.get(keyOf(k)) ?? '0');
      if (exceeds(String(l.Qty), subDecimal(String(r.qty), invoiced)))
        errors.push(
          new AppError('pur.over_invoice', { ...p, received: r.qty, invoiced, qty: l.Qty }, 409).at('Items'),
        );
      taken.set(keyOf(k), addDecimal(taken.get(keyOf(k)) ?? '0', String(l.Qty)));
    }
    const orderPrice = out[k.i].order?.unit_price;
    if (
      orderPrice != null &&
      compareDecimal(String(l.Unit_Price), String(orderPrice)) !== 0 &&
      !l.Diff_Reason?.trim()
    )
      errors.push(
        new AppError('pur.diff_reason', { line: k.i + 1, price: l.Unit_Price, orderPrice }).at('Items'),
      );
  }
  throwAll(errors);
  return out;
}

const invoicedDeltas = (lines: InvoiceLine[], sign: 1 | -1) =>
  keys(lines).map((k) => ({
    ...k,
    qty: sign === 1 ? String(lines[k.i].Qty) : negDecimal(String(lines[k.i].Qty)),
  }));

export const purchaseInvoiceHooks = defineHooks(purchaseInvoice, {
  async validate(ctx, data, old) {
    const lines = linesOf(data, old) as InvoiceLine[];
    checkQuantities(lines);
    const matched = await match(ctx, Number(data.Supplier_ID ?? old?.Supplier_ID), lines, false);
    const currencies = new Set(
      matched.map((m) => m?.order?.parent_id).filter((id): id is number => id != null),
    );
    if (currencies.size > 1) {
      const { rows } = await sql<{ c: number | null }>`SELECT DISTINCT currency_id AS c FROM purchase_order
        WHERE id IN (${sql.join([...currencies])})`.execute(ctx.tx);
      if (rows.length > 1) throw new AppError('pur.currency_mismatch').at('Items');
    }
  },

  /** Material, order price and tax rate from the receipt's order line; prices with tax and the difference. */
  async beforeSave(ctx, data, old) {
    const lines = data.Items as InvoiceLine[] | undefined;
    if (!lines) return;
    const matched = await match(ctx, Number(data.Supplier_ID ?? old?.Supplier_ID), lines, false);
    let diff = false;
    for (const [i, l] of lines.entries()) {
      const m = matched[i];
      l.Material_ID = Number(m.receipt.material_id);
      if (l.Tax_Rate == null) l.Tax_Rate = String(m.order?.tax_rate ?? '13');
      const orderPrice = m.order?.unit_price == null ? null : String(m.order.unit_price);
      l.Order_Price = orderPrice;
      l.Price_Diff = priceDifference(String(l.Qty), String(l.Unit_Price), orderPrice);
      l.Price_With_Tax = withTax(String(l.Unit_Price), String(l.Tax_Rate));
      l.Amount_With_Tax = amountOf(String(l.Qty), l.Price_With_Tax as string);
      if (!isZeroDecimal(String(l.Price_Diff))) diff = true;
      else l.Diff_Reason = l.Diff_Reason ?? null;
    }
    data.Has_Price_Diff = diff;
    data.Total_Amount_With_Tax = total(lines.map((l) => l.Amount_With_Tax as string));
    // the invoice is in its orders' currency, at their rate unless the clerk states the day's
    const orderId = matched.find((m) => m?.order)?.order?.parent_id;
    if (orderId && (data.Currency_ID ?? old?.Currency_ID) == null) {
      const { rows } = await sql<{
        c: number | null;
        r: string | null;
      }>`SELECT currency_id AS c, exchange_rate AS r
        FROM purchase_order WHERE id = ${orderId}`.execute(ctx.tx);
      data.Currency_ID = rows[0]?.c ?? null;
      if ((data.Exchange_Rate ?? old?.Exchange_Rate) == null) data.Exchange_Rate = rows[0]?.r ?? null;
    }
  },

  async onApprove(ctx, record) {
    const lines = record.Items as InvoiceLine[];
    await match(ctx, Number(record.Supplier_ID), lines, true);
    await addToSourceLines(ctx, purchaseReceipt, 'invoiced_qty', invoicedDeltas(lines, 1));
    await payableHooks.post(ctx, record);
  },
  async beforeUnapprove(ctx, record) {
    await payableHooks.refuseWhenPaid(ctx, record);
  },
  async onUnapprove(ctx, record) {
    const lines = record.Items as InvoiceLine[];
    await sourceLines(ctx, purchaseReceipt, keys(lines), true);
    await addToSourceLines(ctx, purchaseReceipt, 'invoiced_qty', invoicedDeltas(lines, -1));
    await payableHooks.reverse(ctx, record);
  },
});
