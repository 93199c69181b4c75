import { andCommit, type HookContext, rowsAsArrays } from '@mes/engine-server';
import { type RawBuilder, sql } from 'kysely';
import type { PostedRow, PostingInput } from './ledger.server';
import type { Plan } from './logic/posting';
import { drawIds, type LoadedState } from './state.server';

const LEDGER_COLUMNS = [
  ['id', 'bigint'],
  ['line_no', 'int'],
  ['material_id', 'bigint'],
  ['warehouse_id', 'bigint'],
  ['location_id', 'bigint'],
  ['batch_no', 'text'],
  ['bucket_id', 'bigint'],
  ['direction', 'int'],
  ['qty', 'numeric'],
  ['unit_cost', 'numeric'],
  ['amount', 'numeric'],
  ['balance_qty', 'numeric'],
  ['balance_amount', 'numeric'],
  ['is_transfer', 'boolean'],
  ['reversal_of', 'bigint'],
] as const;
const LAYER_COLUMNS = [
  ['id', 'bigint'],
  ['material_id', 'bigint'],
  ['location_id', 'bigint'],
  ['ledger_id', 'bigint'],
  ['in_date', 'date'],
  ['qty_in', 'numeric'],
  ['qty_left', 'numeric'],
  ['unit_cost', 'numeric'],
] as const;
const USE_COLUMNS = [
  ['ledger_id', 'bigint'],
  ['layer_id', 'bigint'],
  ['qty', 'numeric'],
] as const;
const BALANCE_COLUMNS = [
  ['material_id', 'bigint'],
  ['warehouse_id', 'bigint'],
  ['location_id', 'bigint'],
  ['batch_no', 'text'],
  ['qty', 'numeric'],
  ['amount', 'numeric'],
  ['last_in', 'date'],
  ['last_out', 'date'],
] as const;
const POOL_COLUMNS = [
  ['id', 'bigint'],
  ['q', 'numeric'],
  ['a', 'numeric'],
  ['c', 'numeric'],
] as const;

/**
 * Writes a plan in one statement whatever the number of lines: ledger rows, new layers, layer use,
 * changed layers, balances, pools and the caller's `also`, each a data-modifying CTE (the foreign
 * keys between them are checked at the end of the statement). One round trip while the stock
 * locks are held. The rows go as one array per column (rowsAsArrays), so the statement's text
 * does not depend on the number of lines.
 */
export async function writePlan(
  ctx: HookContext,
  input: Omit<PostingInput, 'lines'> & { lines: unknown[] },
  plan: Plan,
  drawn: Pick<LoadedState, 'ledgerIds' | 'layerIds'>,
  also?: (posted: PostedRow[]) => RawBuilder<unknown>[],
): Promise<PostedRow[]> {
  const { tx } = ctx;
  const by = ctx.user?.User_ID ?? null;
  if (plan.ledger.length > drawn.ledgerIds.length)
    throw new Error('posting plan has more ledger rows than ids were drawn for');
  const ledgerIds = drawn.ledgerIds;
  // drawn after the others, under the same stock locks: a material's layers still follow its receipts
  const layerIds =
    plan.newLayers.length > drawn.layerIds.length
      ? [
          ...drawn.layerIds,
          ...(await drawIds(tx, 'stock_layer', plan.newLayers.length - drawn.layerIds.length)),
        ]
      : drawn.layerIds;
  const realLayerId = new Map(plan.newLayers.map((l, i) => [l.id, layerIds[i]]));
  const parts: RawBuilder<unknown>[] = [];
  const cte = (name: string, body: RawBuilder<unknown>) => parts.push(sql`${sql.raw(name)} AS (${body})`);
  if (plan.ledger.length)
    cte(
      'led',
      sql`INSERT INTO stock_ledger (id, posting_date, doc_type, doc_id, doc_no, line_no, material_id, warehouse_id,
        location_id, batch_no, bucket_id, direction, qty, unit_cost, amount, balance_qty, balance_amount, is_transfer, reversal_of,
        posted_at, created_by)
        SELECT v.id, ${input.Posting_Date}::date, ${input.Doc_Type}::int, ${input.Doc_ID}::bigint, ${input.Doc_NO},
          v.line_no, v.material_id, v.warehouse_id, v.location_id, v.batch_no, v.bucket_id, v.direction, v.qty,
          v.unit_cost, v.amount, v.balance_qty, v.balance_amount, v.is_transfer, v.reversal_of, now(), ${by}::bigint
        FROM ${rowsAsArrays('v', LEDGER_COLUMNS, plan.ledger, (r, i) => [
          ledgerIds[i],
          r.lineNo,
          r.materialId,
          r.warehouseId,
          r.locationId,
          r.batchNo,
          r.bucketId,
          r.direction,
          r.qty,
          r.unitCost,
          r.amount,
          r.balanceQty,
          r.balanceAmount,
          r.transfer,
          r.reversalOf,
        ])}`,
    );
  if (plan.newLayers.length)
    cte(
      'lay',
      sql`INSERT INTO stock_layer (id, material_id, location_id, ledger_id, in_date, qty_in, qty_left, unit_cost, created_by)
        SELECT v.*, ${by}::bigint FROM ${rowsAsArrays('v', LAYER_COLUMNS, plan.newLayers, (l, i) => [
          layerIds[i],
          l.materialId,
          l.locationId,
          ledgerIds[l.ledgerRef],
          l.inDate,
          l.qtyIn,
          l.qtyLeft,
          l.unitCost,
        ])}`,
    );
  if (plan.uses.length)
    cte(
      'use',
      sql`INSERT INTO stock_layer_use (ledger_id, layer_id, qty, created_by)
        SELECT v.*, ${by}::bigint FROM ${rowsAsArrays('v', USE_COLUMNS, plan.uses, (u) => [
          ledgerIds[u.ledgerIndex],
          u.layerId > 0 ? u.layerId : realLayerId.get(u.layerId),
          u.qty,
        ])}`,
    );
  const changed = [...plan.changedLayers].filter((l) => l.id > 0);
  if (changed.length)
    cte(
      'chg',
      sql`UPDATE stock_layer SET qty_left = v.q, updated_at = now()
        FROM ${rowsAsArrays(
          'v',
          [
            ['id', 'bigint'],
            ['q', 'numeric'],
          ],
          changed,
          (l) => [l.id, l.qtyLeft],
        )}
        WHERE stock_layer.id = v.id`,
    );
  if (plan.balances.size)
    cte(
      'bal',
      sql`INSERT INTO stock_balance (material_id, warehouse_id, location_id, batch_no, qty, amount, last_in_date,
          last_out_date, created_by)
        SELECT v.*, ${by}::bigint FROM ${rowsAsArrays('v', BALANCE_COLUMNS, [...plan.balances], (b) => [
          b.materialId,
          b.warehouseId,
          b.locationId,
          b.batchNo,
          b.qty,
          b.amount,
          b.lastIn,
          b.lastOut,
        ])}
        ON CONFLICT (material_id, location_id, batch_no) DO UPDATE SET qty = excluded.qty, amount = excluded.amount,
          last_in_date = excluded.last_in_date, last_out_date = excluded.last_out_date, updated_at = now(),
          version = stock_balance.version + 1`,
    );
  if (plan.pools.size)
    cte(
      'pool',
      sql`UPDATE stock_cost SET qty = v.q, amount = v.a, last_cost = v.c, updated_at = now()
        FROM ${rowsAsArrays('v', POOL_COLUMNS, [...plan.pools], ([id, p]) => [id, p.qty, p.amount, p.lastCost])}
        WHERE stock_cost.material_id = v.id`,
    );
  const posted = plan.ledger.map((r, i) => ({ ...r, id: ledgerIds[i] }));
  for (const [i, body] of (also?.(posted) ?? []).entries()) cte(`also${i}`, body);
  if (parts.length) {
    const write = sql`WITH ${sql.join(parts)} SELECT 1`;
    await (input.last ? andCommit(write) : write).execute(tx);
  }
  return posted;
}
