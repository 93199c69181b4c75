import type { HookContext, Row } from '@mes/engine-server';
import { STATE } from '@mes/model';
import { sql } from 'kysely';

/**
 * What the customer owes on approved invoices. Until the finance ledger is merged this is the
 * invoices' total; receipts then lower it (finance's openAmountOf).
 */
export async function openReceivable(ctx: HookContext, customerId: number): Promise<string> {
  const { rows } = await sql<{ open: string }>`SELECT coalesce(sum(total_with_tax), 0)::text AS open
    FROM sales_invoice WHERE customer_id = ${customerId} AND state = ${STATE.APPROVED}`.execute(ctx.tx);
  return rows[0]?.open ?? '0';
}

/** The receivable an approved invoice posts (the finance ledger, once merged). */
export async function postReceivable(_ctx: HookContext, _record: Row): Promise<void> {}

/** Refuses the unapprove of an invoice with receipts, and reverses its receivable. */
export async function reverseReceivable(_ctx: HookContext, _record: Row): Promise<void> {}
