import type { TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startProductionServer } from './test/helpers.server';

let t: TestServer;
let a: Api;
beforeAll(async () => {
  ({ t, a } = await startProductionServer());
});
afterAll(async () => t?.close());

type Order = { Work_Order_ID: number; Schedule_Status: number; Received_Qty: string };
type Ledger = { Doc_Type: number; Doc_ID: number; Qty: string; Amount: string; Unit_Cost: string };

async function stock(materialId: number): Promise<number> {
  const rows = await a.must<{ Qty: string }[]>('GET', `/StockBalance?Material_ID=${materialId}&PageSize=100`);
  return rows.reduce((s, r) => s + Number(r.Qty), 0);
}
const ledger = (materialId: number) =>
  a.must<Ledger[]>('GET', `/StockLedger?Material_ID=${materialId}&PageSize=100&Sort=ID`);

describe('execution: receipts at actual cost, feeding, output detail', () => {
  let product: number;
  let plain: number;
  let compA: number;
  let compB: number;
  let loc: number;
  let station: number;
  let op10: number;
  let op20: number;
  let order: number;
  let fedOrder: number;

  const newOrder = async (materialId: number, qty: string) =>
    (
      await a.must<Order>('POST', '/WorkOrder', {
        Material_ID: materialId,
        Qty: qty,
        Location_ID: loc,
        Plan_Start: '2026-11-03',
        Plan_End: '2026-11-05',
      })
    ).Work_Order_ID;

  it('sets up products, a routing, a BOM and stock at known costs', async () => {
    const f = await a.must<{ Factory_ID: number }>('POST', '/Factory', {
      Factory_Code: 'XF',
      Factory_Name: '涂料厂',
    });
    const line = await a.must<{ Product_Line_ID: number }>('POST', '/ProductLine', {
      Line_Code: 'XL',
      Line_Name: '涂料线',
      Factory_ID: f.Factory_ID,
    });
    station = (
      await a.must<{ Work_Station_ID: number }>('POST', '/WorkStation', {
        Station_Code: 'EX1',
        Station_Name: '混合工位',
        Product_Line_ID: line.Product_Line_ID,
        Hour_Rate: '60',
      })
    ).Work_Station_ID;
    op10 = (
      await a.must<{ Process_ID: number }>('POST', '/WorkProcess', {
        Process_Code: 'X10',
        Process_Name: '混合',
      })
    ).Process_ID;
    op20 = (
      await a.must<{ Process_ID: number }>('POST', '/WorkProcess', {
        Process_Code: 'X20',
        Process_Name: '灌装',
      })
    ).Process_ID;
    product = await a.material('paint', 3, '99');
    plain = await a.material('mix', 2, '77');
    compA = await a.material('resin', 1, '1');
    compB = await a.material('pigment', 1, '1');
    for (const [i, m] of [product, plain].entries())
      await a.must('POST', '/SetProcess', {
        Route_Code: `RX${i}`,
        Route_Name: `路线${i}`,
        Material_ID: m,
        Is_Default: true,
        Steps: [
          { Ser_NO: 10, Process_ID: op10, Work_Station_ID: station, Std_Minutes: '3' },
          { Ser_NO: 20, Process_ID: op20, Std_Minutes: '1' },
        ],
      });
    const bom = await a.bom(product);
    await a.node(bom, null, compA, '2');
    await a.node(bom, null, compB, '1');
    const store = await a.warehouse('WX', '原料仓X');
    loc = store.locationId;
    // the receipts' prices differ from the materials' standard prices: the actual cost must win
    await a.receive(store, [
      [compA, '100', '5'],
      [compB, '50', '3'],
    ]);
  });

  it('receipts of finished goods carry the cost picked for the order, partial ones included', async () => {
    order = await newOrder(product, '10');
    await a.must('POST', '/WorkOrder/Schedule', { Work_Order_ID: order, Work_Station_ID: station });
    // a partial receipt is refused before production starts
    expect((await t.call('POST', '/WorkOrder/Receive', { Work_Order_ID: order, Qty: '1' })).status).toBe(409);
    const pick = await a.must<{ Receive_ID: number }>('POST', '/MaterialReceive', {
      Work_Order_ID: order,
      Receive_Date: '2026-11-03',
      Items: [
        { Material_ID: compA, Location_ID: loc, Qty: '20' },
        { Material_ID: compB, Location_ID: loc, Qty: '10' },
      ],
    });
    await a.approve('MaterialReceive', 'Receive_ID', pick.Receive_ID);
    const issued = [...(await ledger(compA)), ...(await ledger(compB))].filter((l) => l.Doc_Type === 11);
    const picked = -issued.reduce((s, l) => s + Number(l.Amount), 0);
    expect(picked).toBe(130); // 20 × 5 + 10 × 3
    await a.must('POST', '/WorkOrder/Start', { Work_Order_ID: order });
    for (const step of [10, 20])
      await a.must('POST', '/WorkOrder/Report', {
        Work_Order_ID: order,
        Step_NO: step,
        Good_Qty: '10',
        Work_Minutes: step === 10 ? '30' : '10',
        Work_Station_ID: station,
        Report_Date: '2026-11-04',
      });
    expect(
      (await t.call('POST', '/WorkOrder/Receive', { Work_Order_ID: order, Qty: '11' })).body.Message,
    ).toContain('超过');
    expect((await t.call('POST', '/WorkOrder/Receive', { Work_Order_ID: order, Qty: '0' })).status).toBe(400);
    const part = await a.must<Order>('POST', '/WorkOrder/Receive', { Work_Order_ID: order, Qty: '4' });
    expect(part).toMatchObject({ Schedule_Status: 2 });
    expect(Number(part.Received_Qty)).toBe(4);
    const done = await a.must<Order>('POST', '/WorkOrder/Complete', { Work_Order_ID: order });
    expect(done.Schedule_Status).toBe(4);
    expect(Number(done.Received_Qty)).toBe(10);
    const receipts = (await ledger(product)).filter((l) => l.Doc_Type === 13);
    expect(receipts.map((l) => [Number(l.Qty), Number(l.Amount), Number(l.Unit_Cost)])).toEqual([
      [4, 52, 13],
      [6, 78, 13],
    ]);
    // the goods carry exactly what was picked, not the product's standard price of 99
    expect(receipts.reduce((s, l) => s + Number(l.Amount), 0)).toBe(picked);
    expect(await stock(product)).toBe(10);
  });

  it('feeding issues material from stock to a running order; its completion carries that cost', async () => {
    fedOrder = await newOrder(plain, '5');
    const feed = (qty: string, extra: object = {}) =>
      t.call<{ Feeding_ID: number }>('POST', '/MixingFeeding', {
        Work_Order_ID: fedOrder,
        Feed_Time: '2026-11-04T08:00:00Z',
        Items: [{ Material_ID: compA, Location_ID: loc, Qty: qty }],
        ...extra,
      });
    const early = await feed('2');
    expect(early.body.Code).toBe(0);
    // wrong state: the order is not in production yet, so approval is refused and stock stays
    const before = await stock(compA);
    const refused = await t.call('POST', '/MixingFeeding/Approve', {
      Feeding_ID: early.body.Data.Feeding_ID,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toContain('生产中');
    expect(await stock(compA)).toBe(before);
    await a.must('POST', '/WorkOrder/Schedule', { Work_Order_ID: fedOrder, Work_Station_ID: station });
    await a.must('POST', '/WorkOrder/Start', { Work_Order_ID: fedOrder });
    // no stock: more than on hand is refused and changes nothing
    const big = await feed('1000');
    const short = await t.call('POST', '/MixingFeeding/Approve', { Feeding_ID: big.body.Data.Feeding_ID });
    expect(short.status).toBe(400);
    expect(short.body.Message).toContain('库存不足');
    expect(await stock(compA)).toBe(before);
    expect((await ledger(compA)).some((l) => l.Doc_Type === 14)).toBe(false);
    // a foreign work order: one that does not exist, or a formula made for another product
    expect(
      (
        await t.call('POST', '/MixingFeeding', {
          Work_Order_ID: 999999,
          Feed_Time: '2026-11-04T08:00:00Z',
          Items: [{ Material_ID: compA, Location_ID: loc, Qty: '1' }],
        })
      ).body.Code,
    ).not.toBe(0);
    const formula = await a.must<{ Equation_ID: number }>('POST', '/Equation', {
      Equation_Code: 'EQX',
      Equation_Name: '别的配方',
      Material_ID: product,
      Items: [{ Material_ID: compA, Ratio: '100' }],
    });
    const foreign = await feed('1', { Equation_ID: formula.Equation_ID });
    expect(foreign.status).toBe(400);
    expect(foreign.body.Message).toContain('配方');
    // a good one: approval issues 2 × 5 = 10 to the order
    await a.approve('MixingFeeding', 'Feeding_ID', early.body.Data.Feeding_ID);
    expect(await stock(compA)).toBe(before - 2);
    const fed = (await ledger(compA)).filter((l) => l.Doc_Type === 14);
    expect(fed.map((l) => [Number(l.Qty), Number(l.Amount)])).toEqual([[-2, -10]]);
    for (const step of [10, 20])
      await a.must('POST', '/WorkOrder/Report', {
        Work_Order_ID: fedOrder,
        Step_NO: step,
        Good_Qty: '5',
        Scrap_Qty: '0',
        Rework_Qty: step === 20 ? '1' : '0',
        Work_Minutes: '15',
        Work_Station_ID: station,
        Report_Date: '2026-11-05',
      });
    await a.must('POST', '/WorkOrder/Complete', { Work_Order_ID: fedOrder });
    const receipt = (await ledger(plain)).filter((l) => l.Doc_Type === 13);
    expect(receipt.map((l) => [Number(l.Qty), Number(l.Amount)])).toEqual([[5, 10]]);
    // feeding a completed order: refused
    const late = await feed('1');
    expect(late.status).toBe(409);
  });

  it('the output detail sums reports per order, operation, station and day, with filters', async () => {
    type Out = {
      Order_NO: string;
      Step_NO: number;
      Good_Qty: string;
      Rework_Qty: string;
      Work_Minutes: string;
    };
    const all = await t.call<Out[]>(
      'GET',
      '/ProductionReport/Output?From=2026-11-01&To=2026-11-30&PageSize=50',
    );
    expect(all.body.Code).toBe(0);
    expect(all.body.Paging?.TotalCount).toBe(4);
    const one = await a.must<Out[]>('GET', `/ProductionReport/Output?Work_Order_ID=${order}`);
    expect(one.map((r) => [r.Step_NO, Number(r.Good_Qty), Number(r.Work_Minutes)])).toEqual([
      [10, 10, 30],
      [20, 10, 10],
    ]);
    const step20 = await a.must<Out[]>('GET', `/ProductionReport/Output?Process_ID=${op20}`);
    expect(step20.map((r) => Number(r.Rework_Qty)).sort()).toEqual([0, 1]);
    const day = await a.must<Out[]>('GET', '/ProductionReport/Output?From=2026-11-05&To=2026-11-05');
    expect(day).toHaveLength(2);
    expect((await a.must<Out[]>('GET', `/ProductionReport/Output?Work_Station_ID=${station}`)).length).toBe(
      4,
    );
    expect((await t.call('GET', '/ProductionReport/Output?From=2026-11-30&To=2026-11-01')).status).toBe(400);
    expect((await t.call('GET', '/ProductionReport/Output?Page=0')).status).toBe(400);
    expect((await t.call('GET', '/ProductionReport/Output?From=yesterday')).status).toBe(400);
  });

  it('scheduling levels an order by the station capacity per shift, and refuses an end it cannot meet', async () => {
    const shift = await a.must<{ Shift_ID: number }>('POST', '/WorkShift', {
      Shift_Code: 'XA',
      Shift_Name: '早班X',
      Start_Time: '08:00',
      End_Time: '12:00',
      Break_Minutes: 0,
    });
    const busy = (
      await a.must<{ Work_Station_ID: number }>('POST', '/WorkStation', {
        Station_Code: 'EX2',
        Station_Name: '灌装工位',
        Product_Line_ID: (
          await a.must<{ Product_Line_ID: number }[]>('GET', '/ProductLine')
        )[0].Product_Line_ID,
        Capacities: [{ Shift_ID: shift.Shift_ID, Capacity_Minutes: 100 }],
      })
    ).Work_Station_ID;
    // the routing takes 3 + 1 minutes a piece: 40 pieces are 160 minutes, two days at 100 a day
    const first = await newOrder(plain, '40');
    const s1 = await a.must<{ Plan_Start: string; Plan_End: string }>('POST', '/WorkOrder/Schedule', {
      Work_Order_ID: first,
      Work_Station_ID: busy,
      Plan_Start: '2026-12-01',
    });
    expect([s1.Plan_Start, s1.Plan_End].map((d) => String(d).slice(0, 10))).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
    // a second order of 25 pieces (100 minutes) must wait for what the first leaves: 20 + 80
    const second = await newOrder(plain, '25');
    const tight = await t.call('POST', '/WorkOrder/Schedule', {
      Work_Order_ID: second,
      Work_Station_ID: busy,
      Plan_Start: '2026-12-01',
      Plan_End: '2026-12-02',
    });
    expect(tight.status).toBe(409);
    expect(tight.body.Message).toContain('产能不足');
    expect(tight.body.Message).toContain('2026-12-03');
    expect((await a.must<Order>('GET', `/WorkOrder/${second}`)).Schedule_Status).toBe(0);
    const s2 = await a.must<{ Plan_End: string }>('POST', '/WorkOrder/Schedule', {
      Work_Order_ID: second,
      Work_Station_ID: busy,
      Plan_Start: '2026-12-01',
    });
    expect(String(s2.Plan_End).slice(0, 10)).toBe('2026-12-03');
    const load = await a.must<
      { Work_Station_ID: number; Capacity_Minutes: string; Days: Record<string, string> }[]
    >('GET', '/WorkOrder/Load?From=2026-12-01&To=2026-12-03');
    const row = load.find((l) => l.Work_Station_ID === busy);
    expect(row?.Capacity_Minutes).toBe('100');
    expect(Object.values(row?.Days ?? {}).reduce((x, v) => x + Number(v), 0)).toBeCloseTo(260, 1);
    expect((await t.call('GET', '/WorkOrder/Load?From=2026-12-03&To=2026-12-01')).status).toBe(400);
  });
});
