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

/**
 * A repair as only its process makes one (a POST by hand is refused, 维修单由报修单受理生成): a
 * machine reported down and its request accepted. Answers the accept's reply, which carries the new
 * repair as a create would, and the fields the repair was given.
 */
export async function acceptedRepair(t: TestServer) {
  const n = ++seq;
  const machine = await make(t, 'Machine', 'Machine_ID', {
    Machine_Code: `RM-${n}`,
    Machine_Name: `报修机台${n}`,
    Machine_Type: 1,
  });
  const request = await make(t, 'RepairRequest', 'Request_ID', { Machine_ID: machine, Symptom: '液压异响' });
  const res = await t.call<Record<string, unknown>>('POST', '/RepairRequest/Accept', { Request_ID: request });
  return { payload: { Request_ID: request, Machine_ID: machine }, res };
}

/** A maintenance rule names the machines it is for (请选择机台组或设备): here one new machine. */
export async function maintainRuleSample(t: TestServer): Promise<Record<string, unknown>> {
  const n = ++seq;
  const machine = await make(t, 'Machine', 'Machine_ID', {
    Machine_Code: `MR-${n}`,
    Machine_Name: `保养机台${n}`,
    Machine_Type: 1,
  });
  return {
    Rule_Code: `RULE-${n}`,
    Rule_Name: `月度保养${n}`,
    Machine_ID: machine,
    Cycle_Kind: 1,
    Cycle_Value: 30,
    Count_From: 1,
    Start_Date: '2026-11-01',
    Items: [{ Item_Name: '润滑导轨' }],
  };
}

/** A maintenance record whose part is taken from stock that is there (parts post when saved). */
export async function maintainRecordSample(t: TestServer): Promise<Record<string, unknown>> {
  const f = await repairFixture(t, '5');
  return {
    Machine_ID: f.machine,
    Done_Date: '2026-11-20',
    Items: [{ Item_Name: '更换滤芯', Item_Result: 1 }],
    Parts: [{ Material_ID: f.part, Location_ID: f.location, Qty: '1' }],
  };
}
