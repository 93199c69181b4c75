import type { TestServer } from '@mes/app-server/testing';
import { approved, fixture, invoice, order, receipt } from './testkit.server';

/**
 * Samples of the documents that exist only after a process (apps/server contract tests): a receipt
 * needs an approved order of its supplier, an invoice an approved receipt.
 */
export async function purchaseReceiptSample(t: TestServer): Promise<Record<string, unknown>> {
  const f = await fixture(t);
  const o = await approved(
    t,
    'PurchaseOrder',
    'Order_ID',
    order(f, [{ Material_ID: f.mat, Qty: '5', Unit_Price: '2' }]),
  );
  return receipt(f, Number(o.Order_ID), [{ Order_Line_NO: 1, Qty: '2' }]);
}

export async function purchaseInvoiceSample(t: TestServer): Promise<Record<string, unknown>> {
  const f = await fixture(t);
  const o = await approved(
    t,
    'PurchaseOrder',
    'Order_ID',
    order(f, [{ Material_ID: f.mat, Qty: '5', Unit_Price: '2' }]),
  );
  const r = await approved(
    t,
    'PurchaseReceipt',
    'Receipt_ID',
    receipt(f, Number(o.Order_ID), [{ Order_Line_NO: 1, Qty: '5' }]),
  );
  return invoice(f, Number(r.Receipt_ID), [{ Receipt_Line_NO: 1, Qty: '5', Unit_Price: '2' }]);
}
