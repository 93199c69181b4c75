import { AppError, defineHooks, type HookContext, type Row } from '@mes/engine-server';
import { addDecimal, negDecimal, subDecimal } from '@mes/model';
import { currencyRate, defaultPrices, supplierCurrency, taxRates } from './defaults.server';
import { checkQuantities, type Line, linesOf, throwAll } from './lines.server';
import { amountOf, exceeds, linePrices, total } from './logic/prices';
import { purchaseOrder } from './order.entity';
import { purchaseReceipt } from './receipt.entity';
import { purchaseRequest } from './request.entity';
import { addToSourceLines, keyOf, refuseWhenUsed, type SourceKey, sourceLines } from './sourceLines.server';

type OrderLine = Line & {
  Material_ID: number;
  Unit_Price?: string | null;
  Price_With_Tax?: string | null;
  Tax_Rate?: string | null;
  Request_ID?: number | null;
  Request_Line_NO?: number | null;
};

const requestKeys = (lines: OrderLine[]) =>
  lines.flatMap((l, i) =>
    l.Request_ID ? [{ i, parent: Number(l.Request_ID), line: Number(l.Request_Line_NO ?? 0) }] : [],
  );

/**
 * Order lines made from requests: the request approved, the line there, the same material, and no
 * more than the request still has to order (counting approved orders; `lock` under the approval).
 */
async function checkRequests(ctx: HookContext, lines: OrderLine[], lock: boolean) {
  const keys = requestKeys(lines);
  const found = await sourceLines(ctx, purchaseRequest, keys, lock);
  const errors: AppError[] = [];
  const used = new Map<string, string>();
  for (const k of keys) {
    const l = lines[k.i];
    const r = found.get(keyOf(k));
    const p = { line: k.i + 1, source: k.line, doc: r?.p_no ?? String(k.parent) };
    if (!r) errors.push(new AppError('pur.request_line_unknown', p).at('Items'));
    else if (r.p_state !== 3) errors.push(new AppError('pur.request_not_approved', p).at('Items'));
    else if (Number(r.material_id) !== Number(l.Material_ID))
      errors.push(new AppError('pur.request_material', p).at('Items'));
    else {
      const room = subDecimal(
        subDecimal(String(r.qty), String(r.ordered_qty ?? '0')),
        used.get(keyOf(k)) ?? '0',
      );
      if (exceeds(String(l.Qty), room))
        errors.push(new AppError('pur.request_over', { ...p, room, qty: l.Qty }, 409).at('Items'));
      used.set(keyOf(k), addDecimal(used.get(keyOf(k)) ?? '0', String(l.Qty)));
    }
  }
  throwAll(errors);
}

const deltas = (lines: OrderLine[], sign: 1 | -1): (SourceKey & { qty: string })[] =>
  requestKeys(lines).map((k) => ({
    ...k,
    qty: sign === 1 ? String(lines[k.i].Qty) : negDecimal(String(lines[k.i].Qty)),
  }));

export const purchaseOrderHooks = defineHooks(purchaseOrder, {
  async validate(ctx, data, old) {
    const lines = linesOf(data, old) as OrderLine[];
    checkQuantities(lines);
    if (data.Items) await checkRequests(ctx, lines, false);
  },

  /** Currency and rate from the supplier, tax rate from the dictionary, prices from history. */
  async beforeSave(ctx, data, old) {
    const supplierId = Number(data.Supplier_ID ?? old?.Supplier_ID);
    if (data.Currency_ID === undefined && !old) {
      const c = await supplierCurrency(ctx, supplierId);
      data.Currency_ID = c.currency;
      if (data.Exchange_Rate == null) data.Exchange_Rate = c.rate;
    } else if (data.Currency_ID && data.Exchange_Rate == null && !old?.Exchange_Rate)
      data.Exchange_Rate = await currencyRate(ctx, Number(data.Currency_ID));
    const lines = data.Items as OrderLine[] | undefined;
    if (!lines) return;
    const rate = (await taxRates(ctx))[0];
    const missing = lines.filter((l) => l.Unit_Price == null && l.Price_With_Tax == null);
    const prices = missing.length
      ? await defaultPrices(
          ctx,
          supplierId,
          missing.map((l) => Number(l.Material_ID)),
          String(data.Doc_Date ?? old?.Doc_Date),
        )
      : new Map<number, string>();
    const errors: AppError[] = [];
    for (const [i, l] of lines.entries()) {
      if (l.Tax_Rate == null) l.Tax_Rate = rate;
      const given = linePrices(
        l.Unit_Price ?? prices.get(Number(l.Material_ID)),
        l.Price_With_Tax,
        String(l.Tax_Rate),
      );
      if (given.net == null) errors.push(new AppError('pur.price_missing', { line: i + 1 }).at('Items'));
      Object.assign(l, {
        Unit_Price: given.net,
        Price_With_Tax: given.gross,
        Amount: amountOf(String(l.Qty), given.net),
        Amount_With_Tax: amountOf(String(l.Qty), given.gross),
      });
      if (!l.Request_ID) l.Request_Line_NO = null;
    }
    throwAll(errors);
    data.Total_Amount = total(lines.map((l) => l.Amount as string));
    data.Total_Amount_With_Tax = total(lines.map((l) => l.Amount_With_Tax as string));
  },

  async onApprove(ctx, record) {
    const lines = record.Items as OrderLine[];
    await checkRequests(ctx, lines, true);
    await addToSourceLines(ctx, purchaseRequest, 'ordered_qty', deltas(lines, 1));
  },
  beforeUnapprove: (ctx, record: Row) =>
    refuseWhenUsed(ctx, purchaseReceipt, 'order_id', Number(record.Order_ID), 'pur.order_received'),
  async onUnapprove(ctx, record) {
    const lines = record.Items as OrderLine[];
    await sourceLines(ctx, purchaseRequest, requestKeys(lines), true);
    await addToSourceLines(ctx, purchaseRequest, 'ordered_qty', deltas(lines, -1));
  },
});
