import type { EntityHooks, HookContext, Row, SeedContext } from '@mes/engine-server';
import { mulDecimal, STATE } from '@mes/model';
import { sql } from 'kysely';
import { TAX_DICTIONARY } from './defaults.server';
import { purchaseInvoiceHooks } from './invoice.server';
import { purchaseOrderHooks } from './order.server';
import { purchaseReceiptHooks } from './receipt.server';
import { purchaseRequestHooks } from './request.server';

const TAX_RATES: [string, string, string][] = [
  ['13', '13% 增值税', '13% VAT'],
  ['9', '9% 增值税', '9% VAT'],
  ['6', '6% 增值税', '6% VAT'],
  ['3', '3% 征收率', '3% levy rate'],
  ['0', '免税', 'Exempt'],
];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A quarter of purchasing on the demo materials and suppliers: every two weeks a request, its order,
 * receipts (the older in full, the latest in part) and the invoices of the older receipts, all
 * approved through the same hooks as in use, so that the stock ledger and the payable ledger carry
 * them; the last weeks leave drafts and open quantities for the buyer to go on with.
 */
export async function seedPurchasing({ engine, tx, ctx }: SeedContext): Promise<void> {
  await engine.service('DataDictionary').insert(
    {
      Storage_Name: TAX_DICTIONARY,
      Storage_Name_En: 'Tax rates',
      Items: TAX_RATES.map(([code, zh, en], i) => ({
        Item_Code: code,
        Item_Name: zh,
        Item_Name_En: en,
        Sort_NO: i + 1,
      })),
    },
    ctx,
    tx,
  );
  const mats = (
    await sql<{ id: number; price: string | null }>`SELECT id, historical_price AS price FROM material
      WHERE NOT disabled AND material_type IN (1, 4, 5) ORDER BY id LIMIT 18`.execute(tx)
  ).rows;
  const suppliers = (
    await sql<{ id: number }>`SELECT id FROM supplier WHERE NOT disabled ORDER BY id LIMIT 4`.execute(tx)
  ).rows.map((r) => Number(r.id));
  const raw = (
    await sql<{ id: number }>`SELECT l.id FROM location l JOIN warehouse w ON w.id = l.warehouse_id
      WHERE w.warehouse_code = 'WH01' AND l.parent_id IS NOT NULL ORDER BY l.id`.execute(tx)
  ).rows.map((r) => Number(r.id));
  if (mats.length < 3 || !suppliers.length || !raw.length) return;
  const hc: HookContext = { ...ctx, tx, registry: engine.registry };
  const today = new Date();
  const day = (ago: number) => isoDay(new Date(today.getTime() - Math.max(0, ago) * 86_400_000));

  /** Inserts a document and, unless a draft, approves it through its hooks (as the inventory seed does). */
  const doc = async (entity: string, key: string, hooks: EntityHooks, body: Row, approve: boolean) => {
    const svc = engine.service(entity);
    const made = await svc.insert(body, ctx, tx);
    const id = Number(made[key]);
    if (!approve) return made;
    const record = await svc.mustGet(id, tx);
    await hooks.onApprove?.(hc, { ...record, State: STATE.APPROVED });
    await sql`UPDATE ${sql.table(engine.registry.get(entity).table)} SET state = ${STATE.APPROVED},
      approve_level = 1, approved_at = now() WHERE id = ${id}`.execute(tx);
    return svc.mustGet(id, tx);
  };

  for (let cycle = 0; cycle < 6; cycle++) {
    const ago = 84 - cycle * 14;
    const recent = cycle >= 4;
    const supplier = suppliers[cycle % suppliers.length];
    const lines = [0, 1, 2].map((i) => mats[(cycle * 3 + i) % mats.length]);
    const qty = (i: number) => String(50 + ((cycle * 37 + i * 53) % 150));
    const request = await doc(
      'PurchaseRequest',
      'Request_ID',
      purchaseRequestHooks.hooks,
      {
        Doc_Date: day(ago),
        Remark: '月度补库',
        Items: lines.map((m, i) => ({
          Material_ID: m.id,
          Qty: qty(i),
          Need_Date: day(ago - 10),
          Reason: '生产备料',
        })),
      },
      true,
    );
    const order = await doc(
      'PurchaseOrder',
      'Order_ID',
      purchaseOrderHooks.hooks,
      {
        Doc_Date: day(ago - 1),
        Supplier_ID: supplier,
        Items: lines.map((m, i) => ({
          Material_ID: m.id,
          Qty: qty(i),
          Unit_Price: mulDecimal(m.price ?? '10', (0.95 + ((cycle + i) % 4) * 0.03).toFixed(2), 4),
          Delivery_Date: day(ago - 8),
          Request_ID: request.Request_ID,
          Request_Line_NO: i + 1,
        })),
      },
      cycle !== 5,
    );
    if (cycle === 5) continue; // the newest order waits for approval
    // the latest approved order is received in part: lines still open for the next delivery
    const received = (i: number) => (recent ? String(Math.floor(Number(qty(i)) / 2)) : qty(i));
    const receipt = await doc(
      'PurchaseReceipt',
      'Receipt_ID',
      purchaseReceiptHooks.hooks,
      {
        Doc_Date: day(ago - 7),
        Supplier_ID: supplier,
        Order_ID: order.Order_ID,
        Delivery_NO: `DN${day(ago - 7).replaceAll('-', '')}${cycle}`,
        Items: lines.map((_, i) => ({
          Order_ID: order.Order_ID,
          Order_Line_NO: i + 1,
          Location_ID: raw[(cycle + i) % raw.length],
          Qty: received(i),
        })),
      },
      true,
    );
    if (recent) continue;
    const items = receipt.Items as Row[];
    await doc(
      'PurchaseInvoice',
      'Invoice_ID',
      purchaseInvoiceHooks.hooks,
      {
        Doc_Date: day(ago - 12),
        Supplier_ID: supplier,
        Fapiao_NO: String(44100000 + cycle * 1371),
        Receipt_ID: receipt.Receipt_ID,
        Items: items.map((l, i) => ({
          Receipt_ID: receipt.Receipt_ID,
          Receipt_Line_NO: i + 1,
          Qty: l.Qty,
          // the first invoice bills one line a little above the order price, with the reason
          Unit_Price:
            cycle === 0 && i === 0
              ? mulDecimal(String((order.Items as Row[])[i].Unit_Price), '1.02', 6)
              : (order.Items as Row[])[i].Unit_Price,
          Diff_Reason: cycle === 0 && i === 0 ? '原材料价格上调，经采购确认' : null,
        })),
      },
      cycle < 3,
    );
  }
}
