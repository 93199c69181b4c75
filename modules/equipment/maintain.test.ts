import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlans } from './maintain.server';
import { make, onHand, repairFixture } from './testing.server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

type Rec = Record<string, unknown>;
const get = async (path: string) => (await t.call<Rec>('GET', path)).body.Data;

describe('maintenance plans, records, spot checks and figures', () => {
  it('a counter rule falls due once enough shots are reported; running the job twice at once makes it once', async () => {
    const f = await repairFixture(t, '4');
    const mould = await make(t, 'Machine', 'Machine_ID', {
      Machine_Code: 'MD-T1',
      Machine_Name: '测试模具',
      Machine_Type: 2,
      Cavities: 4,
      Shot_Count: '1000',
    });
    const refused = await t.call('POST', '/MaintainRule', {
      Rule_Code: 'R0',
      Rule_Name: 'x',
      Cycle_Value: 1,
    });
    expect(refused.status).toBe(400);
    await make(t, 'MaintainRule', 'Rule_ID', {
      Rule_Code: 'R-SHOT',
      Rule_Name: '模具每 5000 模保养',
      Machine_ID: mould,
      Cycle_Kind: 5,
      Cycle_Value: 5000,
      Tolerance: '200',
      Start_Date: '2026-01-01',
      Items: [{ Item_Name: '清洁分型面', Minutes: 20 }],
    });
    expect((await t.call<Rec>('POST', '/MachineConserve/Generate')).body.Data).toEqual({ Made: 0 });
    const m = await get(`/Machine/${mould}`);
    await t.call('PUT', '/Machine', { Machine_ID: mould, Version: m.Version, Shot_Count: '4850' });
    const both = await Promise.all([generatePlans(t.engine.db), generatePlans(t.engine.db)]);
    expect(both[0] + both[1]).toBe(1);
    expect(await generatePlans(t.engine.db)).toBe(0);
    const plans = await t.call<Rec[]>('GET', `/MachineConserve?Machine_ID=${mould}`);
    expect(plans.body.Data.map((p) => p.Due_Counter)).toEqual(['5000']);
    const plan = plans.body.Data[0];
    // the record posts its part, closes the plan and takes the machine's counter as its reading
    const rec = await t.call<Rec>('POST', '/MaintainRecord', {
      Plan_ID: plan.Plan_ID,
      Machine_ID: mould,
      Done_Date: '2026-11-20',
      Hours: '0.5',
      Items: [{ Item_Name: '清洁分型面', Item_Result: 1 }],
      Parts: [{ Material_ID: f.part, Location_ID: f.location, Qty: '1' }],
    });
    expect(rec.body.Code, rec.body.Message).toBe(0);
    expect(rec.body.Data.Counter_At).toBe('4850');
    expect(await onHand(t, f.part)).toBe('3');
    expect((await get(`/MachineConserve/${plan.Plan_ID}`)).Plan_Status).toBe(2);
    // above stock: refused by inventory, nothing saved
    const short = await t.call('POST', '/MaintainRecord', {
      Machine_ID: mould,
      Done_Date: '2026-11-20',
      Parts: [{ Material_ID: f.part, Location_ID: f.location, Qty: '50' }],
    });
    expect(short.status).toBe(400);
    expect(await onHand(t, f.part)).toBe('3');
    // the next occurrence of fixed counts is at 10000
    const m2 = await get(`/Machine/${mould}`);
    await t.call('PUT', '/Machine', { Machine_ID: mould, Version: m2.Version, Shot_Count: '9900' });
    expect(await generatePlans(t.engine.db)).toBe(1);
    const again = await t.call<Rec[]>('GET', `/MachineConserve?Machine_ID=${mould}&Plan_Status=1`);
    expect(again.body.Data.map((p) => p.Due_Counter)).toEqual(['10000']);
  });

  it('an out-of-limit spot check opens a repair request with the item fault type', async () => {
    const f = await repairFixture(t);
    const temp = await make(t, 'PortalItem', 'Portal_Item_ID', {
      Item_Code: 'PT-OIL',
      Item_Name: '液压油温',
      Value_Kind: 1,
      Lower_Limit: '30',
      Upper_Limit: '55',
      Fault_Type_ID: f.faultType,
    });
    const bad = await t.call('POST', '/PortalItem', {
      Item_Code: 'X',
      Item_Name: 'x',
      Lower_Limit: '9',
      Upper_Limit: '1',
    });
    expect(bad.status).toBe(400);
    const okRec = await t.call<Rec>('POST', '/PortalRecord', {
      Machine_ID: f.machine,
      Check_Time: '2026-11-20T08:00:00+08:00',
      Items: [{ Portal_Item_ID: temp, Value: '45' }],
    });
    expect(okRec.body.Code, okRec.body.Message).toBe(0);
    expect(okRec.body.Data.Check_Result).toBe(1);
    expect(okRec.body.Data.Request_ID).toBeNull();
    const hot = await t.call<Rec>('POST', '/PortalRecord', {
      Machine_ID: f.machine,
      Check_Time: '2026-11-20T16:00:00+08:00',
      Items: [{ Portal_Item_ID: temp, Value: '61.5', Item_Result: 1 }],
    });
    expect(hot.body.Data.Check_Result).toBe(2);
    const read = await get(`/PortalRecord/${hot.body.Data.Portal_Record_ID}`);
    expect(read.Request_ID).toBeTruthy();
    const req = await get(`/RepairRequest/${read.Request_ID}`);
    expect(req.Symptom).toBe('点检不合格：液压油温 = 61.5');
    expect(req.Fault_Type_ID).toBe(f.faultType);
    expect(req.Source).toBe(2);
    expect((await get(`/Machine/${f.machine}`)).Is_Down).toBe(true);
    // the machine's history gathers the check, the request and its status records
    const h = await t.call<Rec[]>('GET', `/Machine/${f.machine}/History`);
    expect(new Set(h.body.Data.map((r) => r.Kind))).toEqual(new Set(['check', 'request', 'status']));
    // time in status: the register's first record counts from when it was made
    const st = await t.call<Rec[]>('GET', `/Machine/${f.machine}/StatusTime?From=2026-01-01&To=2030-12-31`);
    expect(st.body.Code, st.body.Message).toBe(0);
    expect(st.body.Data.map((r) => r.Machine_Status)).toEqual([2]);
    // figures: the open request counts as down until now
    const fig = await t.call<Rec[]>('GET', '/Machine/Figures?From=2026-11-01&To=2026-11-30');
    const row = fig.body.Data.find((r) => r.Key === f.machine);
    expect(row?.Failures).toBe(1);
    const badQ = await t.call('GET', '/Machine/Figures?From=yesterday&To=2026-11-30');
    expect(badQ.status).toBe(400);
  });
});
