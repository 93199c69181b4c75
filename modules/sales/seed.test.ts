import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => t?.close());

const rows = async (path: string) => {
  const r = await t.call<Record<string, unknown>[]>('GET', path);
  expect(r.body.Code, r.body.Message).toBe(0);
  return r.body.Data;
};

it('every sales page shows demo records, in each state a user meets', async () => {
  const opps = await rows('/SalesOpportunity?PageSize=50');
  expect(new Set(opps.map((o) => o.Opp_Status))).toEqual(new Set([1, 2, 3, 4]));
  const orders = await rows('/SalesOrder?PageSize=50');
  expect(orders.length).toBeGreaterThanOrEqual(8);
  expect(new Set(orders.map((o) => o.State))).toEqual(new Set([1, 3]));
  const deliveries = await rows('/SalesDelivery?PageSize=50');
  expect(deliveries.some((d) => d.State === 3)).toBe(true);
  expect(deliveries.some((d) => d.State === 1)).toBe(true);
  const invoices = await rows('/SalesInvoice?State=3&PageSize=50');
  expect(invoices.length).toBeGreaterThan(3);
});

it('the demo deliveries are in the stock ledger and the invoices in the receivable ledger, to the cent', async () => {
  const approved = await rows('/SalesDelivery?State=3&PageSize=100');
  const issued = await rows('/StockLedger?Doc_Type=41&PageSize=500');
  const byDoc = (id: unknown) => issued.filter((r) => r.Doc_ID === id).reduce((s, r) => s - Number(r.Qty), 0);
  for (const d of approved) expect(byDoc(d.Delivery_ID)).toBeCloseTo(Number(d.Total_Qty), 4);
  const invoices = await rows('/SalesInvoice?State=3&PageSize=100');
  const ar = await rows('/PartnerLedger?Doc_Type=2&PageSize=500');
  const cents = (xs: Record<string, unknown>[], f: string) =>
    xs.reduce((s, r) => s + Math.round(Number(r[f]) * 100), 0);
  expect(cents(ar, 'Amount')).toBe(cents(invoices, 'Total_With_Tax'));
});
