import type { Db, HookContext, Tx } from '@mes/engine-server';
import { postMovements, reverseMovements } from '@mes/inventory/server';
import { sql } from 'kysely';

/** Movement types of the inventory ledger that production posts (MOVEMENT_TYPES of @mes/inventory). */
export const PICKING = 11;
export const COMPLETION = 13;
/** Feeding (配料投料) issues material to a work order like a picking, under its own type. */
export const FEEDING = 14;

export interface CompletionPosting {
  orderId: number;
  orderNo: string;
  materialId: number;
  locationId: number;
  qty: string;
  /** The actual cost per piece (completion.server.ts); null: the material's current cost. */
  unitPrice: string | null;
  date: string;
}

/**
 * A receipt of finished goods into stock, in the caller's transaction, at the stated cost. The
 * order's id identifies its receipts (partial ones and the completion) in the ledger.
 */
export async function postCompletion(ctx: HookContext, p: CompletionPosting): Promise<void> {
  await postMovements(ctx, {
    Doc_Type: COMPLETION,
    Doc_ID: p.orderId,
    Doc_NO: p.orderNo,
    Posting_Date: p.date,
    lines: [
      {
        Line_NO: 1,
        Material_ID: p.materialId,
        Location_ID: p.locationId,
        Qty: p.qty,
        Unit_Price: p.unitPrice,
      },
    ],
  });
}

/** An approved picking issues its lines out of stock; refused (and the approval rolled back) on a shortage. */
export async function postPicking(ctx: HookContext, record: Record<string, unknown>): Promise<void> {
  const items = record.Items as {
    Material_ID: number;
    Location_ID: number;
    Batch_NO: string | null;
    Qty: string;
  }[];
  await postMovements(ctx, {
    Doc_Type: PICKING,
    Doc_ID: Number(record.Receive_ID),
    Doc_NO: String(record.List_NO),
    Posting_Date: String(record.Receive_Date).slice(0, 10),
    lines: items.map((l, i) => ({
      Line_NO: i + 1,
      Material_ID: l.Material_ID,
      Location_ID: l.Location_ID,
      Batch_NO: l.Batch_NO,
      Qty: `-${String(l.Qty).replace(/^-/, '')}`,
    })),
  });
}

export async function reversePicking(ctx: HookContext, record: Record<string, unknown>): Promise<void> {
  await reverseMovements(ctx, PICKING, Number(record.Receive_ID));
}

/** Stock on hand per material over all locations. */
export async function onHand(ex: Db | Tx, ids: number[]): Promise<Map<number, string>> {
  const { rows } = await sql<{
    material_id: number;
    q: string;
  }>`SELECT material_id, sum(qty) AS q FROM stock_balance
    WHERE material_id IN (${sql.join(ids.length ? ids : [0])}) GROUP BY material_id`.execute(ex);
  return new Map(rows.map((r) => [Number(r.material_id), String(r.q)]));
}
