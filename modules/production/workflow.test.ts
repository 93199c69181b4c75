import type { TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startProductionServer } from './test/helpers.server';

let t: TestServer;
let a: Api;
beforeAll(async () => {
  ({ t, a } = await startProductionServer());
});
afterAll(async () => t?.close());

type Order = {
  Work_Order_ID: number;
  Schedule_Status: number;
  Qty: string;
  Good_Qty: string;
  Received_Qty: string;
};
type Doc = { Work_Doc_ID: number; Work_Status: number; State: number; Version: number };

/** Quantity on hand of a material at a location, from the inventory's balances. */
async function stock(materialId: number, locationId: number): Promise<number> {
  const rows = await a.must<{ Location_ID: number; Qty: string }[]>(
    'GET',
    `/StockBalance?Material_ID=${materialId}&PageSize=100`,
  );
  return rows.filter((r) => r.Location_ID === locationId).reduce((s, r) => s + Number(r.Qty), 0);
}

describe('production from plan to finished goods', () => {
  let product: number;
  let part: number;
  let steel: number;
  let screw: number;
  let loc: number;
  let station: number;
  let doc: Doc;
  let orders: Order[];

  it('sets up a product with a three-level BOM, a routing and stock of the leaves', async () => {
    const f = await a.must<{ Factory_ID: number }>('POST', '/Factory', {
      Factory_Code: 'TF',
      Factory_Name: '测试工厂',
    });
    const line = await a.must<{ Product_Line_ID: number }>('POST', '/ProductLine', {
      Line_Code: 'L1',
      Line_Name: '总装线',
      Factory_ID: f.Factory_ID,
    });
    station = (
      await a.must<{ Work_Station_ID: number }>('POST', '/WorkStation', {
        Station_Code: 'WS1',
        Station_Name: '装配工位',
        Product_Line_ID: line.Product_Line_ID,
        Hour_Rate: '60',
      })
    ).Work_Station_ID;
    const op1 = await a.must<{ Process_ID: number }>('POST', '/WorkProcess', {
      Process_Code: 'P10',
      Process_Name: '装配',
      Hour_Rate: '60',
    });
    const op2 = await a.must<{ Process_ID: number }>('POST', '/WorkProcess', {
      Process_Code: 'P20',
      Process_Name: '测试',
      Hour_Rate: '30',
    });
    product = await a.material('pump', 3);
    part = await a.material('housing', 2);
    steel = await a.material('steel', 1, '8');
    screw = await a.material('screw', 1, '0.1');
    await a.must<{ Route_ID: number }>('POST', '/SetProcess', {
      Route_Code: 'R1',
      Route_Name: '泵装配',
      Material_ID: product,
      Is_Default: true,
      Steps: [
        { Ser_NO: 10, Process_ID: op1.Process_ID, Work_Station_ID: station, Std_Minutes: '6' },
        { Ser_NO: 20, Process_ID: op2.Process_ID, Std_Minutes: '2' },
      ],
    });
    const bom = await a.bom(product);
    const housing = await a.node(bom, null, part, '1');
    await a.node(bom, housing, steel, '2', { Scrap_Rate: '5' });
    await a.node(bom, null, screw, '4');
    const store = await a.warehouse('W1', '原料仓');
    loc = store.locationId;
    await a.receive(store, [
      [steel, '100', '8'],
      [screw, '30', '0.1'],
    ]);
    expect(await stock(steel, loc)).toBe(100);
    // the cost rolls up the routing: 6 min at 60/h + 2 min at 30/h = 7; material 2 × 1.05 × 8 + 4 × 0.1 = 17.2
    const cost = await a.must<{ Operation_Cost: string; Material_Cost: string }>('GET', `/Bom/${bom}/Cost`);
    expect(cost).toEqual(expect.objectContaining({ Operation_Cost: '7', Material_Cost: '17.2' }));
  });

  it('plans: net requirements against stock and open orders, and draft work docs from the plan', async () => {
    const plan = await a.must<{ Plan_ID: number }>('POST', '/ProducePlan', {
      Plan_Date: '2026-11-02',
      Source: 2,
      Items: [{ Material_ID: product, Qty: '10', Due_Date: '2026-11-10' }],
    });
    const req = await a.must<{ Material_ID: number; Net_Qty: string; Action: string; On_Hand: string }[]>(
      'GET',
      `/ProducePlan/${plan.Plan_ID}/Requirements`,
    );
    const by = Object.fromEntries(req.map((r) => [r.Material_ID, r]));
    expect(by[product]).toMatchObject({ Net_Qty: '10', Action: 'make' });
    // the housing has children in the tree and no BOM of its own: a phantom, picked through, never a work doc
    expect(by[part]).toBeUndefined();
    expect(by[steel]).toMatchObject({ On_Hand: '100', Net_Qty: '0', Action: 'buy' });
    expect(by[screw]).toMatchObject({ Net_Qty: '10', Action: 'buy' }); // 40 needed, 30 on hand
    expect((await t.call('POST', '/ProducePlan/CreateWorkDocs', { Plan_ID: plan.Plan_ID })).status).toBe(409);
    await a.approve('ProducePlan', 'Plan_ID', plan.Plan_ID);
    const docs = await a.must<{ Material_ID: number; Qty: string; Work_Status: number }[]>(
      'POST',
      '/ProducePlan/CreateWorkDocs',
      {
        Plan_ID: plan.Plan_ID,
      },
    );
    expect(docs.map((d) => [d.Material_ID, Number(d.Qty)])).toEqual([[product, 10]]);
  });

  it('a work doc is approved, then issued into work orders that add up to it', async () => {
    doc = await a.must<Doc>('POST', '/WorkDoc', {
      Doc_Date: '2026-11-02',
      Material_ID: product,
      Qty: '6',
      Location_ID: null,
      Plan_Start: '2026-11-03',
      Plan_End: '2026-11-06',
    });
    // not before approval
    expect((await t.call('POST', '/WorkDoc/Issue', { Work_Doc_ID: doc.Work_Doc_ID })).status).toBe(409);
    // a bad end date is refused at once
    const bad = await t.call('PUT', '/WorkDoc', {
      Work_Doc_ID: doc.Work_Doc_ID,
      Version: doc.Version,
      Plan_End: '2026-11-01',
    });
    expect(bad.status).toBe(400);
    await t.call('PUT', '/WorkDoc', { Work_Doc_ID: doc.Work_Doc_ID, Version: doc.Version, Location_ID: loc });
    await a.approve('WorkDoc', 'Work_Doc_ID', doc.Work_Doc_ID);
    const wrong = await t.call('POST', '/WorkDoc/Issue', {
      Work_Doc_ID: doc.Work_Doc_ID,
      Orders: [{ Qty: '2' }, { Qty: '3' }],
    });
    expect(wrong.status).toBe(400);
    orders = await a.must<Order[]>('POST', '/WorkDoc/Issue', {
      Work_Doc_ID: doc.Work_Doc_ID,
      Orders: [{ Qty: '4' }, { Qty: '2', Order_Type: 4 }],
    });
    expect(orders.map((o) => o.Schedule_Status)).toEqual([0, 0]);
    expect((await a.must<Doc>('GET', `/WorkDoc/${doc.Work_Doc_ID}`)).Work_Status).toBe(2);
    // issued twice: refused; unapproving an issued doc: refused
    expect((await t.call('POST', '/WorkDoc/Issue', { Work_Doc_ID: doc.Work_Doc_ID })).status).toBe(409);
    expect((await t.call('POST', '/WorkDoc/UnApprove', { Work_Doc_ID: doc.Work_Doc_ID })).status).toBe(409);
  });

  it('the schedule status cannot skip states', async () => {
    const id = orders[0].Work_Order_ID;
    for (const action of ['Start', 'Complete', 'Pause', 'Settle', 'Resume']) {
      const r = await t.call('POST', `/WorkOrder/${action}`, { Work_Order_ID: id });
      expect(r.status, action).toBe(409);
      expect(r.body.Message).toContain('待排程');
    }
    // the status is not writable through the generic route
    const o = await a.must<{ Version: number }>('GET', `/WorkOrder/${id}`);
    expect(
      (await t.call('PUT', '/WorkOrder', { Work_Order_ID: id, Version: o.Version, Schedule_Status: 4 }))
        .status,
    ).toBe(400);
    await a.must('POST', '/WorkOrder/Schedule', { Work_Order_ID: id, Work_Station_ID: station });
    // no start before material is picked
    const early = await t.call('POST', '/WorkOrder/Start', { Work_Order_ID: id });
    expect(early.status).toBe(409);
    expect(early.body.Message).toContain('领料');
  });

  it('picking issues stock; picking more than is on hand is refused and changes nothing', async () => {
    const id = orders[0].Work_Order_ID;
    const list = await a.must<{ Material_ID: number; Required_Qty: string; Open_Qty: string }[]>(
      'GET',
      `/WorkOrder/${id}/PickList`,
    );
    const need = Object.fromEntries(list.map((l) => [l.Material_ID, l.Required_Qty]));
    expect(need).toEqual({ [steel]: '8.4', [screw]: '16' });
    const tooMuch = await a.must<{ Receive_ID: number }>('POST', '/MaterialReceive', {
      Work_Order_ID: id,
      Receive_Date: '2026-11-03',
      Items: [{ Material_ID: screw, Location_ID: loc, Qty: '31' }],
    });
    const refused = await t.call('POST', '/MaterialReceive/Approve', { Receive_ID: tooMuch.Receive_ID });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toContain('库存不足');
    expect(await stock(screw, loc)).toBe(30);
    await a.must('DELETE', `/MaterialReceive/${tooMuch.Receive_ID}`);
    const pick = await a.must<{ Receive_ID: number }>('POST', '/MaterialReceive', {
      Work_Order_ID: id,
      Receive_Date: '2026-11-03',
      Items: list.map((l) => ({ Material_ID: l.Material_ID, Location_ID: loc, Qty: l.Required_Qty })),
    });
    await a.approve('MaterialReceive', 'Receive_ID', pick.Receive_ID);
    expect(await stock(steel, loc)).toBeCloseTo(91.6, 6);
    expect(await stock(screw, loc)).toBe(14);
    const after = await a.must<{ Open_Qty: string }[]>('GET', `/WorkOrder/${id}/PickList`);
    expect(after.every((l) => l.Open_Qty === '0')).toBe(true);
  });

  it('reports output per operation within the order and the operation before', async () => {
    const id = orders[0].Work_Order_ID;
    expect(
      (await t.call('POST', '/WorkOrder/Report', { Work_Order_ID: id, Step_NO: 10, Good_Qty: '1' })).status,
    ).toBe(409);
    await a.must('POST', '/WorkOrder/Start', { Work_Order_ID: id });
    expect((await a.must<Doc>('GET', `/WorkDoc/${doc.Work_Doc_ID}`)).Work_Status).toBe(3);
    const over = await t.call('POST', '/WorkOrder/Report', {
      Work_Order_ID: id,
      Step_NO: 10,
      Good_Qty: '4',
      Scrap_Qty: '1',
    });
    expect(over.status).toBe(400);
    expect(over.body.Message).toContain('超过工单数量');
    expect(
      (await t.call('POST', '/WorkOrder/Report', { Work_Order_ID: id, Step_NO: 30, Good_Qty: '1' })).status,
    ).toBe(400);
    await a.must('POST', '/WorkOrder/Report', {
      Work_Order_ID: id,
      Step_NO: 10,
      Good_Qty: '3',
      Scrap_Qty: '1',
      Work_Minutes: '25',
    });
    const ahead = await t.call('POST', '/WorkOrder/Report', {
      Work_Order_ID: id,
      Step_NO: 20,
      Good_Qty: '4',
    });
    expect(ahead.status).toBe(400);
    expect(ahead.body.Message).toContain('上道工序');
    await a.must('POST', '/WorkOrder/Report', {
      Work_Order_ID: id,
      Step_NO: 20,
      Good_Qty: '3',
      Rework_Qty: '1',
      Work_Minutes: '8',
    });
    const o = await a.must<Order & { Scrap_Qty: string; Rework_Qty: string }>('GET', `/WorkOrder/${id}`);
    expect([o.Good_Qty, o.Scrap_Qty, o.Rework_Qty].map(Number)).toEqual([3, 1, 1]);
    const steps = await a.must<{ Step_NO: number; Good_Qty: string }[]>('GET', `/WorkOrder/${id}/Steps`);
    expect(steps.map((s) => [s.Step_NO, Number(s.Good_Qty)])).toEqual([
      [10, 3],
      [20, 3],
    ]);
    // a running order cannot be closed; it can be paused and resumed
    expect((await t.call('POST', '/WorkOrder/Close', { Work_Order_ID: id, Close_Reason: 'x' })).status).toBe(
      409,
    );
    await a.must('POST', '/WorkOrder/Pause', { Work_Order_ID: id });
    await a.must('POST', '/WorkOrder/Resume', { Work_Order_ID: id });
  });

  it('completion receives the good quantity into stock, never more than ordered or reported', async () => {
    const id = orders[0].Work_Order_ID;
    const more = await t.call('POST', '/WorkOrder/Complete', { Work_Order_ID: id, Qty: '5' });
    expect(more.status).toBe(400);
    expect(more.body.Message).toContain('超过工单未完成数量');
    const unreported = await t.call('POST', '/WorkOrder/Complete', { Work_Order_ID: id, Qty: '4' });
    expect(unreported.status).toBe(400);
    expect(unreported.body.Message).toContain('良品');
    expect(await stock(product, loc)).toBe(0);
    const done = await a.must<Order>('POST', '/WorkOrder/Complete', { Work_Order_ID: id });
    expect(done).toMatchObject({ Schedule_Status: 4 });
    expect(Number(done.Received_Qty)).toBe(3);
    expect(await stock(product, loc)).toBe(3);
    const ledger = await a.must<{ Doc_Type: number; Qty: string }[]>(
      'GET',
      `/StockLedger?Material_ID=${product}`,
    );
    expect(ledger.map((l) => [l.Doc_Type, Number(l.Qty)])).toEqual([[13, 3]]);
    expect((await t.call('POST', '/WorkOrder/Complete', { Work_Order_ID: id })).status).toBe(409);
    // picking for a completed order cannot be unapproved
    const picks = await a.must<{ Receive_ID: number }[]>(
      'GET',
      `/MaterialReceive?Work_Order_ID=${id}&State=3`,
    );
    expect(
      (await t.call('POST', '/MaterialReceive/UnApprove', { Receive_ID: picks[0].Receive_ID })).status,
    ).toBe(409);
  });

  it('settles, closes the rest and case-closes the doc', async () => {
    await a.must('POST', '/WorkOrder/Settle', { Work_Order_ID: orders[0].Work_Order_ID });
    expect((await a.must<Doc>('GET', `/WorkDoc/${doc.Work_Doc_ID}`)).Work_Status).toBe(3);
    const noReason = await t.call('POST', '/WorkDoc/CaseClose', {
      Work_Doc_ID: doc.Work_Doc_ID,
      Close_Reason: '',
    });
    expect(noReason.status).toBe(400);
    await a.must('POST', '/WorkDoc/CaseClose', { Work_Doc_ID: doc.Work_Doc_ID, Close_Reason: '余量取消' });
    const closed = await a.must<Doc>('GET', `/WorkDoc/${doc.Work_Doc_ID}`);
    expect(closed).toMatchObject({ Work_Status: 9, State: 9 });
    const o2 = await a.must<Order>('GET', `/WorkOrder/${orders[1].Work_Order_ID}`);
    expect(o2.Schedule_Status).toBe(9);
    expect(
      (await t.call('POST', '/WorkDoc/CaseClose', { Work_Doc_ID: doc.Work_Doc_ID, Close_Reason: 'again' }))
        .status,
    ).toBe(409);
  });

  it('the Gantt lists scheduled orders in a window; bad windows are refused', async () => {
    const g = await a.must<{ Order_NO: string }[]>('GET', '/WorkOrder/Gantt?From=2026-11-01&To=2026-11-30');
    expect(Array.isArray(g)).toBe(true);
    expect((await t.call('GET', '/WorkOrder/Gantt?From=2026-11-30&To=2026-11-01')).status).toBe(400);
    expect((await t.call('GET', '/WorkOrder/Gantt?From=x&To=y')).status).toBe(400);
  });
});
