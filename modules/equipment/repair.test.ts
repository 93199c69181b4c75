import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { make, onHand, repairFixture } from './testing.server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

type Rec = Record<string, unknown>;
const get = async (path: string) => (await t.call<Rec>('GET', path)).body.Data;

describe('repair requests and repairs', () => {
  it('a request puts the machine down; the repair posts its part, is accepted and teaches the next request', async () => {
    const f = await repairFixture(t, '5');
    const req = await make(t, 'RepairRequest', 'Request_ID', {
      Machine_ID: f.machine,
      Symptom: '料筒加热圈不升温，温度报警',
      Request_Time: '2026-11-20T08:00:00+08:00',
    });
    expect((await get(`/Machine/${f.machine}`)).Is_Down).toBe(true);
    const accepted = await t.call<Rec>('POST', '/RepairRequest/Accept', { Request_ID: req });
    expect(accepted.body.Code, accepted.body.Message).toBe(0);
    const repair = Number(accepted.body.Data.Repair_ID);
    expect(accepted.body.Data.Repair_Status).toBe(2);
    expect((await get(`/RepairRequest/${req}`)).Repair_Status).toBe(2);
    // closing before the work is done is refused by the state machine
    const early = await t.call('POST', '/MachineRepair/Confirm', { Repair_ID: repair });
    expect(early.status).toBe(409);
    expect(early.body.Message).toContain('已受理');
    expect((await t.call('POST', '/MachineRepair/Start', { Repair_ID: repair })).body.Code).toBe(0);
    const started = await get(`/MachineRepair/${repair}`);
    // finishing needs the diagnosis
    const bare = await t.call('POST', '/MachineRepair/Finish', { Repair_ID: repair });
    expect(bare.status).toBe(400);
    expect(bare.body.Message).toBe('完工前请填写故障类型和解决方法');
    // above stock: inventory refuses, nothing changes
    const tooMany = await t.call('PUT', '/MachineRepair', {
      Repair_ID: repair,
      Version: started.Version,
      Fault_Type_ID: f.faultType,
      Cause: '加热圈烧断',
      Solution: '更换加热圈并校准温控表',
      Parts: [{ Material_ID: f.part, Location_ID: f.location, Qty: '9' }],
      Labour: [{ User_ID: 1, Hours: '1.5' }],
    });
    expect(tooMany.body.Code, tooMany.body.Message).toBe(0);
    const short = await t.call('POST', '/MachineRepair/Finish', { Repair_ID: repair });
    expect(short.status).toBe(400);
    expect(await onHand(t, f.part)).toBe('5');
    expect((await get(`/MachineRepair/${repair}`)).Repair_Status).toBe(3);
    const v = (await get(`/MachineRepair/${repair}`)).Version;
    await t.call('PUT', '/MachineRepair', {
      Repair_ID: repair,
      Version: v,
      Parts: [{ Material_ID: f.part, Location_ID: f.location, Qty: '2' }],
    });
    const done = await t.call<Rec>('POST', '/MachineRepair/Finish', { Repair_ID: repair });
    expect(done.body.Code, done.body.Message).toBe(0);
    expect(done.body.Data.Repair_Status).toBe(4);
    expect(done.body.Data.Down_End).toBeTruthy();
    expect(await onHand(t, f.part)).toBe('3');
    // a finished repair is locked until the requester sends it back
    const locked = await t.call('PUT', '/MachineRepair', {
      Repair_ID: repair,
      Version: done.body.Data.Version,
      Cause: 'x',
    });
    expect(locked.status).toBe(409);
    // sent back: the part returns to stock; finished again: it leaves again
    expect((await t.call('POST', '/MachineRepair/Reopen', { Repair_ID: repair })).body.Code).toBe(0);
    expect(await onHand(t, f.part)).toBe('5');
    expect((await t.call('POST', '/MachineRepair/Finish', { Repair_ID: repair })).body.Code).toBe(0);
    expect(await onHand(t, f.part)).toBe('3');
    const closed = await t.call<Rec>('POST', '/MachineRepair/Confirm', { Repair_ID: repair });
    expect(closed.body.Code, closed.body.Message).toBe(0);
    expect(closed.body.Data.Repair_Status).toBe(5);
    expect(closed.body.Data.Accepted_At).toBeTruthy();
    expect((await get(`/Machine/${f.machine}`)).Is_Down).toBe(false);
    // the solution is knowledge now, and the next request typed about heating finds it
    const kb = await t.call<Rec[]>('GET', '/RepairExperience?KeyWord=加热圈');
    expect(kb.body.Data.map((r) => r.Solution)).toContain('更换加热圈并校准温控表');
    expect(kb.body.Data[0].Source).toBe(1);
    const s = await t.call<Rec[]>(
      'GET',
      `/RepairExperience/Suggest?Machine_ID=${f.machine}&Text=${encodeURIComponent('加热圈温度不够')}`,
    );
    expect(s.body.Code, s.body.Message).toBe(0);
    expect(s.body.Data[0]?.Solution).toBe('更换加热圈并校准温控表');
  });

  it('deletes a machine registered by mistake, but not one with a history', async () => {
    const f = await repairFixture(t, '1');
    const fresh = await make(t, 'Machine', 'Machine_ID', { Machine_Code: 'DEL-1', Machine_Name: '误建机台' });
    expect((await t.call('DELETE', `/Machine/${fresh}`)).body.Code).toBe(0);
    expect((await t.call('GET', `/Machine/${fresh}`)).status).toBe(404);
    // its repair request refers to it: the delete is refused as a whole
    await make(t, 'RepairRequest', 'Request_ID', { Machine_ID: f.machine, Symptom: '漏油' });
    const kept = await t.call('DELETE', `/Machine/${f.machine}`);
    expect(kept.body.Code).toBe(1);
    expect((await t.call('GET', `/Machine/${f.machine}`)).body.Code).toBe(0);
    const history = await t.call('GET', `/MachineStatusRecord?Machine_ID=${f.machine}`);
    // and the registration entry the delete would have taken with it is still there
    expect(history.body.Paging?.TotalCount).toBe(1);
  });

  it('refuses a repair made by hand, bad bodies, and acceptance by anyone but the requester', async () => {
    const f = await repairFixture(t, '1');
    const byHand = await t.call('POST', '/MachineRepair', { Technician_ID: 1 });
    expect(byHand.status).toBe(400);
    expect(byHand.body.Message).toBe('维修单由报修单受理生成');
    const bad = await t.call('POST', '/RepairRequest/Accept', { Request_ID: 'x' });
    expect(bad.status).toBe(400);
    const missing = await t.call('POST', '/RepairRequest/Accept', { Request_ID: 999999 });
    expect(missing.status).toBe(404);
    const other = await make(t, 'Users', 'User_ID', {
      User_Account: 'tech1',
      User_Name: '维修员',
      U_Type: 1,
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: other, Pass_Word: 'sesame-4711' });
    const req = await make(t, 'RepairRequest', 'Request_ID', { Machine_ID: f.machine, Symptom: '异响' });
    const repair = Number(
      (await t.call<Rec>('POST', '/RepairRequest/Accept', { Request_ID: req })).body.Data.Repair_ID,
    );
    const r = await get(`/MachineRepair/${repair}`);
    await t.call('POST', '/MachineRepair/Start', { Repair_ID: repair });
    await t.call('PUT', '/MachineRepair', {
      Repair_ID: repair,
      Version: Number(r.Version) + 1,
      Fault_Type_ID: f.faultType,
      Solution: '紧固螺栓',
    });
    expect((await t.call('POST', '/MachineRepair/Finish', { Repair_ID: repair })).body.Code).toBe(0);
    // another user may not accept it: the requester's word closes it
    const token = await t.login('tech1', 'sesame-4711');
    const foreign = await t.call(
      'POST',
      '/MachineRepair/Confirm',
      { Repair_ID: repair },
      { authorization: `Bearer ${token}` },
    );
    expect([403, 404]).toContain(foreign.status);
    expect((await get(`/MachineRepair/${repair}`)).Repair_Status).toBe(4);
  });

  it('refuses a counter going backwards', async () => {
    const f = await repairFixture(t);
    const m = await get(`/Machine/${f.machine}`);
    const up = await t.call<Rec>('PUT', '/Machine', {
      Machine_ID: f.machine,
      Version: m.Version,
      Shot_Count: '1000',
    });
    expect(up.body.Code, up.body.Message).toBe(0);
    const back = await t.call('PUT', '/Machine', {
      Machine_ID: f.machine,
      Version: up.body.Data.Version,
      Shot_Count: '900',
    });
    expect(back.status).toBe(400);
    expect(back.body.Message).toContain('计数不能倒退');
    // the register wrote the first status record, and the machine follows the latest one
    const st = await make(t, 'MachineStatusRecord', 'Status_Record_ID', {
      Machine_ID: f.machine,
      Machine_Status: 5,
      Start_Time: new Date().toISOString(),
      Reason: '订单不足封存',
    });
    expect(st).toBeGreaterThan(0);
    expect((await get(`/Machine/${f.machine}`)).Machine_Status).toBe(5);
    const list = await t.call<Rec[]>('GET', `/MachineStatusRecord?Machine_ID=${f.machine}`);
    expect(list.body.Paging?.TotalCount).toBe(2);
  });

  it("a user whose data authority covers only their own records cannot act on another person's request", async () => {
    const f = await repairFixture(t);
    const menus = (await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500'))
      .body.Data;
    const em = menus.filter((m) => m.Menu_Code?.startsWith('EM.'));
    const role = await t.call<{ Role_ID: number }>('POST', '/Role', {
      Role_Code: 'em-own',
      Role_Name: 'em-own',
      Grants: em.map((m) => ({ Menu_ID: m.Menu_ID, Buttons: 'add,edit', Opera_Type: 2 })),
    });
    expect(role.body.Code, role.body.Message).toBe(0);
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: 'emown',
      User_Name: 'emown',
      U_Type: 1,
      Data_Authority: 1,
      Roles: [{ Role_ID: role.body.Data.Role_ID }],
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
    const auth = { authorization: `Bearer ${await t.login('emown', 'sesame-4711')}` };
    const theirs = await make(t, 'RepairRequest', 'Request_ID', { Machine_ID: f.machine, Symptom: '漏油' });
    const r = await t.call('POST', '/RepairRequest/Accept', { Request_ID: theirs }, auth);
    expect(r.status).toBe(404);
    expect((await get(`/RepairRequest/${theirs}`)).Repair_Status).toBe(1);
    // their own request they may accept
    const mine = await t.call<Rec>(
      'POST',
      '/RepairRequest',
      { Machine_ID: f.machine, Symptom: '异响' },
      auth,
    );
    expect(mine.body.Code, mine.body.Message).toBe(0);
    const ok = await t.call('POST', '/RepairRequest/Accept', { Request_ID: mine.body.Data.Request_ID }, auth);
    expect(ok.body.Code, ok.body.Message).toBe(0);
  });
});
