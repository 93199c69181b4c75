import type { TestServer } from '@mes/app-server/testing';
import { purchaseInvoiceSample } from '@mes/purchasing/testing';
import { invoiceSample } from '@mes/sales/testing';

type Body = Record<string, unknown>;

async function must(t: TestServer, method: string, path: string, body?: unknown): Promise<Body> {
  const r = await t.call<Body>(method, path, body);
  if (r.body.Code !== 0) throw new Error(`${method} ${path}: ${r.body.Message}`);
  return r.body.Data;
}

/**
 * A payment or receipt the contract test can save: its allocation line names an invoice that is
 * open for its partner in its currency (不是该往来单位此币种的未结单据 otherwise), so the invoice
 * is made and approved first and the line taken from the same OpenItems list the form fills from.
 */
async function settlementSample(
  t: TestServer,
  entity: 'FinPayment' | 'FinReceipt',
  invoiceEntity: 'PurchaseInvoice' | 'SalesInvoice',
  partner: 'Supplier_ID' | 'Customer_ID',
  invoice: Body,
): Promise<Body> {
  const made = await must(t, 'POST', `/${invoiceEntity}`, invoice);
  await must(t, 'POST', `/${invoiceEntity}/Approve`, { Invoice_ID: made.Invoice_ID });
  const inv = await must(t, 'GET', `/${invoiceEntity}/${made.Invoice_ID}`);
  const r = await t.call<Body[]>(
    'GET',
    `/${entity}/OpenItems?${partner}=${inv[partner]}&Currency_ID=${inv.Currency_ID}`,
  );
  const open = r.body.Data.find((o) => o.Against_Doc_ID === made.Invoice_ID);
  if (!open) throw new Error(`${entity}: invoice ${made.Invoice_ID} is not open`);
  return {
    Doc_Date: '2026-11-20',
    [partner]: inv[partner],
    Currency_ID: inv.Currency_ID,
    Amount: '1',
    Allocations: [
      {
        Against_Doc_Type: open.Against_Doc_Type,
        Against_Doc_ID: open.Against_Doc_ID,
        Against_Doc_NO: open.Against_Doc_NO,
        Amount: '1',
      },
    ],
  };
}

export const paymentSample = async (t: TestServer) =>
  settlementSample(t, 'FinPayment', 'PurchaseInvoice', 'Supplier_ID', await purchaseInvoiceSample(t));

export const receiptSample = async (t: TestServer) =>
  settlementSample(t, 'FinReceipt', 'SalesInvoice', 'Customer_ID', await invoiceSample(t));
