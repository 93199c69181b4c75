import type { HookContext, SeedContext } from '@mes/engine-server';
import { addDecimal, compareDecimal, STATE } from '@mes/model';
import { sql } from 'kysely';
import { ENTRY_TYPE, FIN_DOC, SIDE } from './ledger.entity';
import { type PartnerEntryInput, postPartnerEntries } from './ledger.server';
import { openItems } from './openItems.server';
import { PAYMENT, RECEIPT, type SettlementShape } from './settlement.entity';
import { paymentHooks, receiptHooks } from './settlement.server';

const DAY = 86_400_000;

/**
 * Demo data: opening balances (期初余额) of the demo customers and suppliers, due over the last half
 * year so that every ageing bracket holds something, then receipts and payments against them
 * (approved through the same hooks as in use, one allocated in part with an advance, one a draft).
 * Purchasing and sales post their invoices on top when they are seeded.
 */
export async function seedFinance({ engine, tx, ctx }: SeedContext): Promise<void> {
  const hc: HookContext = { ...ctx, tx, registry: engine.registry };
  const today = Date.now();
  const iso = (daysAgo: number) => new Date(today - daysAgo * DAY).toISOString().slice(0, 10);
  const { rows: cur } = await sql<{
    id: number;
  }>`SELECT id FROM currency WHERE is_base ORDER BY id LIMIT 1`.execute(tx);
  if (!cur.length) return;
  const cny = Number(cur[0].id);
  const partners = async (table: 'customer' | 'supplier') =>
    (
      await sql<{
        id: number;
        code: string;
      }>`SELECT id, ${sql.ref(`${table}_code`)} AS code FROM ${sql.table(table)}
      WHERE NOT disabled ORDER BY id LIMIT 12`.execute(tx)
    ).rows;
  const dueDays = [5, 20, 45, 80, 130, 200];
  const entries: PartnerEntryInput[] = [];
  let docId = 0;
  for (const [side, list] of [
    [SIDE.RECEIVABLE, await partners('customer')],
    [SIDE.PAYABLE, await partners('supplier')],
  ] as const)
    for (const [i, p] of list.entries())
      for (let k = 0; k < 2 + (i % 2); k++) {
        docId++;
        entries.push({
          Side: side,
          Partner_ID: Number(p.id),
          Posting_Date: iso(210),
          Due_Date: iso(dueDays[(i + k * 2) % dueDays.length] - 10),
          Entry_Type: ENTRY_TYPE.OPENING,
          Doc_Type: FIN_DOC.OPENING,
          Doc_ID: docId,
          Doc_NO: `QC-${p.code}-${k + 1}`,
          Currency_ID: cny,
          Exchange_Rate: '1',
          Amount: String((((i * 7919 + k * 3571) % 90) + 10) * 1000 + ((i * 37 + k * 13) % 100)) + '.50',
          Remark: '期初余额 Opening balance',
        });
      }
  await postPartnerEntries(hc, entries);
  await settle(hc, engine, RECEIPT, receiptHooks.hooks, iso);
  await settle(hc, engine, PAYMENT, paymentHooks.hooks, iso);
}

/** Three settlements of the first partners' open items (one with an advance) and one draft. */
async function settle(
  hc: HookContext,
  engine: SeedContext['engine'],
  s: SettlementShape,
  hooks: { onApprove?: (ctx: HookContext, rec: Record<string, unknown>) => unknown },
  iso: (daysAgo: number) => string,
) {
  const { tx } = hc;
  const svc = engine.service(s.name);
  const { rows: cur } = await sql<{
    id: number;
  }>`SELECT id FROM currency WHERE is_base ORDER BY id LIMIT 1`.execute(tx);
  const currency = Number(cur[0].id);
  const table = s.partner === 'Customer_ID' ? 'customer' : 'supplier';
  const { rows } = await sql<{
    id: number;
  }>`SELECT id FROM ${sql.table(table)} WHERE NOT disabled ORDER BY id LIMIT 4`.execute(tx);
  for (const [i, p] of rows.entries()) {
    const open = await openItems(tx, s.side, Number(p.id), currency);
    if (!open.length) continue;
    // the first in full, the second in part; the third partner pays more than is open
    const lines = open.slice(0, 2).map((o, k) => ({
      Against_Doc_Type: o.Against_Doc_Type,
      Against_Doc_ID: o.Against_Doc_ID,
      Against_Doc_NO: o.Against_Doc_NO,
      Amount: k === 0 ? o.Open_Amount : Number.parseFloat(o.Open_Amount) > 2000 ? '2000' : o.Open_Amount,
    }));
    const allocated = lines.reduce((a, l) => addDecimal(a, l.Amount), '0');
    const amount = i === 2 ? addDecimal(allocated, '5000') : allocated;
    const rec = await svc.insert(
      {
        Doc_Date: iso(30 - i * 7),
        [s.partner]: Number(p.id),
        AP_Type: 1,
        Settle_Method: 1 + (i % 3),
        Currency_ID: currency,
        Amount: amount,
        Allocations: lines,
        Remark: i === 2 ? '含预付款 5000 includes an advance of 5000' : null,
      },
      hc,
      tx,
    );
    if (i === 3) continue; // a draft waiting for approval
    const id = Number(rec.Doc_ID);
    await sql`UPDATE ${sql.table(s.table)} SET state = ${STATE.APPROVED}, approve_level = 1, approved_at = now()
      WHERE id = ${id}`.execute(tx);
    await hooks.onApprove?.(hc, await svc.mustGet(id, tx));
  }
}
