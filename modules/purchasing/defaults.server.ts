import type { HookContext } from '@mes/engine-server';
import { PARAM } from '@mes/model';
import { sql } from 'kysely';
import { DEFAULT_TAX_RATE } from './logic/prices';

/** The 税率 dictionary (setting > data dictionary); its first item is the default rate. */
export const TAX_DICTIONARY = '税率';
/** 采购超收允差(%): system parameter of the over-receipt tolerance, 0 by default. */
export const TOLERANCE_PARAM = PARAM.OVER_RECEIPT_TOLERANCE;

type Ex = Pick<HookContext, 'tx'>;

/** The tax rates the dictionary allows (its item codes, as percent), in its order; the first is the default. */
export async function taxRates(ctx: Ex): Promise<string[]> {
  const { rows } = await sql<{ code: string }>`SELECT i.item_code AS code FROM data_dictionary d
    JOIN data_dictionary_items i ON i.parent_id = d.id AND NOT coalesce(i.disabled, false)
    WHERE d.storage_name = ${TAX_DICTIONARY} AND i.item_code ~ '^[0-9]+(\\.[0-9]+)?$'
    ORDER BY i.sort_no NULLS LAST, i.line_no`.execute(ctx.tx);
  return rows.length ? rows.map((r) => r.code) : [DEFAULT_TAX_RATE];
}

export async function tolerancePct(ctx: Ex): Promise<string> {
  const { rows } = await sql<{ v: string | null }>`SELECT parameter_value AS v FROM system_parameter
    WHERE id = ${TOLERANCE_PARAM}`.execute(ctx.tx);
  const v = rows[0]?.v?.trim();
  return v && /^\d{1,3}(\.\d{1,2})?$/.test(v) ? v : '0';
}

/**
 * The price a new order line takes when the buyer gives none: the supplier's awarded sourcing price
 * (material price history, latest valid) and else the last price this supplier was ordered at.
 */
export async function defaultPrices(
  ctx: Ex,
  supplierId: number,
  materialIds: number[],
  onDay: string,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!materialIds.length) return out;
  const { rows } = await sql<{ material_id: number; price: string }>`SELECT m.id AS material_id,
      coalesce(
        (SELECT h.unit_price FROM material_price_history h WHERE h.material_id = m.id
          AND h.supplier_id = ${supplierId} AND h.valid_from <= ${onDay}::date
          ORDER BY h.valid_from DESC, h.id DESC LIMIT 1),
        (SELECT l.unit_price FROM purchase_order_items l JOIN purchase_order o ON o.id = l.parent_id
          WHERE l.material_id = m.id AND o.supplier_id = ${supplierId} AND o.state = 3 AND l.unit_price IS NOT NULL
          ORDER BY o.doc_date DESC, o.id DESC LIMIT 1)) AS price
    FROM material m WHERE m.id IN (${sql.join(materialIds)})`.execute(ctx.tx);
  for (const r of rows) if (r.price != null) out.set(Number(r.material_id), String(r.price));
  return out;
}

/** The supplier's currency and that currency's rate, for an order that names neither. */
export async function supplierCurrency(
  ctx: Ex,
  supplierId: number,
): Promise<{ currency: number | null; rate: string | null }> {
  const { rows } = await sql<{ currency_id: number | null; rate: string | null }>`SELECT s.currency_id,
      c.exchange_rate AS rate FROM supplier s LEFT JOIN currency c ON c.id = s.currency_id
    WHERE s.id = ${supplierId}`.execute(ctx.tx);
  return { currency: rows[0]?.currency_id ?? null, rate: rows[0]?.rate ?? null };
}

export async function currencyRate(ctx: Ex, currencyId: number): Promise<string | null> {
  const { rows } = await sql<{ rate: string | null }>`SELECT exchange_rate AS rate FROM currency
    WHERE id = ${currencyId}`.execute(ctx.tx);
  return rows[0]?.rate ?? null;
}
