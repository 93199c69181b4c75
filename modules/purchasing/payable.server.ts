import type { HookContext, Row } from '@mes/engine-server';

/** Finance's document type of a purchase invoice in the payable ledger (finance README). */
export const PURCHASE_INVOICE_DOC_TYPE = 1;

/**
 * The invoice's payable in the finance module's ledger. Until the finance core is merged this posts
 * nothing; with it, approval posts the invoice's amount with tax as a payable (side 2), UnApprove
 * reverses it and is refused once payments are allocated to it.
 */
export const payableHooks = {
  async post(_ctx: HookContext, _invoice: Row): Promise<void> {},
  async reverse(_ctx: HookContext, _invoice: Row): Promise<void> {},
  async refuseWhenPaid(_ctx: HookContext, _invoice: Row): Promise<void> {},
};
