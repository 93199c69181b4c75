import type { HookContext, Row } from '@mes/engine-server';

/**
 * What other modules do when a purchase receipt is approved, in the approval's transaction (the
 * quality module will hold materials that need incoming inspection). Nothing by default.
 */
export type ReceiptApproved = (ctx: HookContext, receipt: Row) => Promise<void> | void;

const handlers: ReceiptApproved[] = [];

/** Adds a handler; it runs after the stock is posted, and refusing (throwing) rolls the approval back. */
export function onPurchaseReceiptApproved(handler: ReceiptApproved): () => void {
  handlers.push(handler);
  return () => {
    const i = handlers.indexOf(handler);
    if (i >= 0) handlers.splice(i, 1);
  };
}

export async function receiptApproved(ctx: HookContext, receipt: Row): Promise<void> {
  for (const h of handlers) await h(ctx, receipt);
}
