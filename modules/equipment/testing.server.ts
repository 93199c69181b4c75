import type { TestServer } from '@mes/app-server/testing';

let seq = 0;

/** Creates a record through the API and answers its id; a refusal fails the test with its message. */
export async function make(t: TestServer, entity: string, key: string, body: Record<string, unknown>) {
  const r = await t.call<Record<string, number>>('POST', `/${entity}`, body);
  if (r.body.Code !== 0) throw new Error(`${entity}: ${r.body.Message}`);
  return r.body.Data[key];
}

/** A spare-parts warehouse with one location and one part with `qty` on hand, and a machine. */
export async function repairFixture(t: TestServer, qty = '5') {
  const n = ++seq;
  const warehouse = await make(t, 'Warehouse', 'Warehouse_ID', {
    Warehouse_Code: `EMW${n}`,
    Warehouse_Name: `备件仓${n}`,
  });
  const location = await make(t, 'Location', 'Location_ID', {
    Location_Code: `EML${n}`,
    Location_Name: `备件库位${n}`,
    Warehouse_ID: warehouse,
  });
  const part = await make(t, 'Material', 'Material_ID', {
    Material_Number: `SP-${n}`,
    Material_Name: `加热圈${n}`,
    Valuation_Method: 1,
  });
  const receipt = await t.call<{ Doc_ID: number }>('POST', '/StockDoc', {
    Doc_Type: 1,
    Doc_Date: '2026-11-01',
    Lines: [{ Material_ID: part, Location_ID: location, Qty: qty, Unit_Price: '12.5' }],
  });
  if (receipt.body.Code !== 0) throw new Error(receipt.body.Message);
  const a = await t.call('POST', '/StockDoc/Approve', { Doc_ID: receipt.body.Data.Doc_ID });
  if (a.body.Code !== 0) throw new Error(a.body.Message);
  const faultType = await make(t, 'FaultType', 'Fault_Type_ID', {
    Fault_Code: `F${n}`,
    Fault_Name: `加热故障${n}`,
  });
  const machine = await make(t, 'Machine', 'Machine_ID', {
    Machine_Code: `IM-${n}`,
    Machine_Name: `注塑机${n}`,
    Machine_Type: 1,
  });
  return { warehouse, location, part, faultType, machine };
}

export async function onHand(t: TestServer, material: number): Promise<string> {
  const r = await t.call<{ Qty: string }[]>('GET', `/StockBalance?Material_ID=${material}&PageSize=50`);
  return r.body.Data.map((b) => Number(b.Qty))
    .reduce((a, b) => a + b, 0)
    .toString();
}
