import { AppError, defineHooks, type HookContext, type Row } from '@mes/engine-server';
import { postMovements, reverseMovements } from '@mes/inventory/server';
import { addDecimal, mulDecimal, negDecimal } from '@mes/model';
import { sql } from 'kysely';
import { tolerancePct } from './defaults.server';
import { RECEIPT_TYPE } from './fields';
import { purchaseInvoice } from './invoice.entity';
import { checkQuantities, type Line, linesOf, throwAll } from './lines.server';
import { amountOf, exceeds, receivable, total } from './logic/prices';
import { purchaseOrder } from './order.entity';
import { receiptApproved } from './quality.server';
import { purchaseReceipt } from './receipt.entity';
import { addToSourceLines, keyOf, refuseWhenUsed, type SourceLine, sourceLines } from './sourceLines.server';

/** Stock movement types of purchasing (inventory's MOVEMENT_TYPES). */
export const MOVEMENT = { RECEIPT: 31, RETURN: 32 } as const;

type ReceiptLine = Line & {
  Order_ID: number;
  Order_Line_NO: number;
  Location_ID: number;
  Batch_NO?: string | null;
  Material_ID?: number;
  Unit_Price?: string | null;
};

const keys = (lines: ReceiptLine[]) =>
  lines.map((l, i) => ({ i, parent: Number(l.Order_ID), line: Number(l.Order_Line_NO) }));

/**
 * Each line against its order line: the order approved and this supplier's, and the quantity within
 * what may still be received (order plus the over-receipt tolerance) or returned (what was received).
 * Under the approval the order lines are locked first, so that two receipts never both take the last
 * quantity. Answers the order lines by line.
 */
async function checkOrders(
  ctx: HookContext,
  type: number,
  supplierId: number,
  lines: ReceiptLine[],
  lock: boolean,
): Promise<SourceLine[]> {
  const ks = keys(lines);
  const found = await sourceLines(ctx, purchaseOrder, ks, lock);
  const tolerance = await tolerancePct(ctx);
  const errors: AppError[] = [];
  const taken = new Map<string, string>();
  const out: SourceLine[] = [];
  for (const k of ks) {
    const o = found.get(keyOf(k));
    const p = { line: k.i + 1, source: k.line, doc: o?.p_no ?? String(k.parent) };
    if (!o) {
      errors.push(new AppError('pur.order_line_unknown', p).at('Items'));
      continue;
    }
    out[k.i] = o;
    if (Number(o.p_supplier) !== supplierId) errors.push(new AppError('pur.foreign_order', p).at('Items'));
    else if (o.p_state !== 3) errors.push(new AppError('pur.order_not_approved', p).at('Items'));
    else {
      const received = addDecimal(String(o.received_qty ?? '0'), taken.get(keyOf(k)) ?? '0');
      const qty = String(lines[k.i].Qty);
      if (type === RECEIPT_TYPE.RECEIPT) {
        const room = receivable(String(o.qty), received, tolerance);
        if (exceeds(qty, room))
          errors.push(
            new AppError(
              'pur.over_receipt',
              { ...p, ordered: o.qty, received, tolerance, room, qty },
              409,
            ).at('Items'),
          );
      } else if (exceeds(qty, received))
        errors.push(new AppError('pur.over_return', { ...p, room: received, qty }, 409).at('Items'));
      taken.set(keyOf(k), addDecimal(taken.get(keyOf(k)) ?? '0', qty));
    }
  }
  throwAll(errors);
  return out;
}

const receivedDeltas = (type: number, lines: ReceiptLine[], sign: 1 | -1) =>
  keys(lines).map((k) => {
    const q = String(lines[k.i].Qty);
    return { ...k, qty: (type === RECEIPT_TYPE.RECEIPT) === (sign === 1) ? q : negDecimal(q) };
  });

export const purchaseReceiptHooks = defineHooks(purchaseReceipt, {
  async validate(ctx, data, old) {
    const lines = linesOf(data, old) as ReceiptLine[];
    checkQuantities(lines);
    // the type's default is the column's, not yet in the data of a new receipt
    const type = Number(data.Receipt_Type ?? old?.Receipt_Type ?? RECEIPT_TYPE.RECEIPT);
    await checkOrders(ctx, type, Number(data.Supplier_ID ?? old?.Supplier_ID), lines, false);
  },

  /** Material and cost from the order line: its price without tax, in base currency. */
  async beforeSave(ctx, data, old) {
    const lines = data.Items as ReceiptLine[] | undefined;
    if (!lines) return;
    const { rows } = await sql<{ id: number; rate: string | null }>`SELECT id, exchange_rate AS rate
      FROM purchase_order WHERE id IN (${sql.join([...new Set(lines.map((l) => Number(l.Order_ID)))])})`.execute(
      ctx.tx,
    );
    const rates = new Map(rows.map((r) => [Number(r.id), r.rate ?? '1']));
    const found = await sourceLines(ctx, purchaseOrder, keys(lines));
    for (const k of keys(lines)) {
      const l = lines[k.i];
      const o = found.get(keyOf(k));
      if (!o) continue;
      l.Material_ID = Number(o.material_id);
      l.Unit_Price =
        o.unit_price == null ? null : mulDecimal(String(o.unit_price), rates.get(k.parent) ?? '1', 6);
      l.Amount = amountOf(String(l.Qty), l.Unit_Price);
    }
    data.Total_Amount = total(lines.map((l) => l.Amount as string | null));
    if (!(data.Warehouse_ID ?? old?.Warehouse_ID)) {
      const { rows: wh } = await sql<{ w: number }>`SELECT DISTINCT warehouse_id AS w FROM location
        WHERE id IN (${sql.join(lines.map((l) => Number(l.Location_ID)))})`.execute(ctx.tx);
      if (wh.length === 1) data.Warehouse_ID = Number(wh[0].w);
    }
  },

  async onApprove(ctx, record) {
    const type = Number(record.Receipt_Type);
    const lines = record.Items as ReceiptLine[];
    await checkOrders(ctx, type, Number(record.Supplier_ID), lines, true);
    await addToSourceLines(ctx, purchaseOrder, 'received_qty', receivedDeltas(type, lines, 1));
    const receipt = type === RECEIPT_TYPE.RECEIPT;
    await postMovements(ctx, {
      Doc_Type: receipt ? MOVEMENT.RECEIPT : MOVEMENT.RETURN,
      Doc_ID: Number(record.Receipt_ID),
      Doc_NO: String(record.Doc_NO),
      Posting_Date: String(record.Doc_Date),
      lines: lines.map((l, i) => ({
        Line_NO: i + 1,
        Material_ID: Number(l.Material_ID),
        Location_ID: Number(l.Location_ID),
        Batch_NO: l.Batch_NO ?? null,
        Qty: receipt ? String(l.Qty) : negDecimal(String(l.Qty)),
        // a return leaves at the stock's own cost (inventory's valuation), a receipt enters at the order's
        Unit_Price: receipt ? (l.Unit_Price ?? null) : null,
      })),
    });
    await receiptApproved(ctx, record);
  },

  async beforeUnapprove(ctx, record: Row) {
    await refuseWhenUsed(
      ctx,
      purchaseInvoice,
      'receipt_id',
      Number(record.Receipt_ID),
      'pur.receipt_invoiced',
    );
  },

  async onUnapprove(ctx, record) {
    const type = Number(record.Receipt_Type);
    const lines = record.Items as ReceiptLine[];
    await sourceLines(ctx, purchaseOrder, keys(lines), true);
    await addToSourceLines(ctx, purchaseOrder, 'received_qty', receivedDeltas(type, lines, -1));
    await reverseMovements(
      ctx,
      type === RECEIPT_TYPE.RECEIPT ? MOVEMENT.RECEIPT : MOVEMENT.RETURN,
      Number(record.Receipt_ID),
    );
  },
});
