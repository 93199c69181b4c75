import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeProject, makeTemplate } from './testing.server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await makeTemplate(t);
}, 600_000);
afterAll(async () => t?.close());

interface Overview {
  Deliverables: {
    Deliverable_ID: number;
    Gate: number;
    Deliverable_Name: string;
    Due_Date: string;
    Rating: number;
  }[];
  Scorecard: { Category: string; Rating: number }[];
  Next_Gate: number | null;
  Log: { Log_Type: number; Content: string }[];
}

it('a new project copies the gate template: deliverables due from the start, a log line', async () => {
  const p = await makeProject(t);
  expect(p.Project_NO).toMatch(/^PRJ/);
  const o = (await t.call<Overview>('GET', `/Project/${p.Project_ID}/Overview`)).body.Data;
  expect(o.Deliverables.map((d) => [d.Gate, d.Deliverable_Name, d.Due_Date])).toEqual([
    [0, '报价评审', '2026-01-05'],
    [1, '项目计划', '2026-01-25'],
    [2, 'DFMEA', '2026-03-06'],
  ]);
  expect(o.Next_Gate).toBe(1);
  expect(o.Log[0].Log_Type).toBe(1);
  expect(o.Scorecard.map((s) => s.Category)).toEqual(['timing', 'quality', 'cost', 'capacity', 'ppap']);
});

it('status through the approval flow; a gate with red deliverables passes only with a reason', async () => {
  const p = await makeProject(t);
  const early = await t.call('POST', '/Project/PassGate', { Project_ID: p.Project_ID });
  expect(early.status).toBe(409);
  const ap = await t.call<{ State: number }>('POST', '/Project/Approve', { Project_ID: p.Project_ID });
  expect(ap.body.Data.State).toBe(3);
  // the P0 deliverable was due on 2026-01-05 and is not done: red
  const refused = await t.call(
    'POST',
    '/Project/PassGate',
    { Project_ID: p.Project_ID },
    { 'accept-language': 'en' },
  );
  expect(refused.status).toBe(409);
  expect(refused.body.Message).toContain('Gate P0 has red deliverables: 报价评审');
  const passed = await t.call<{ Current_Gate: number; Project_Phase: number }>('POST', '/Project/PassGate', {
    Project_ID: p.Project_ID,
    Reason: '客户同意延期',
  });
  expect(passed.body.Data.Current_Gate).toBe(1);
  const o = (await t.call<Overview>('GET', `/Project/${p.Project_ID}/Overview`)).body.Data;
  expect(o.Log[0]).toMatchObject({ Log_Type: 6 });
  expect(o.Log[0].Content).toContain('客户同意延期');
});

it('a done deliverable with its evidence turns green; without the evidence it is yellow', async () => {
  const p = await makeProject(t, { Start_Date: '2030-01-01' });
  const o = (await t.call<Overview>('GET', `/Project/${p.Project_ID}/Overview`)).body.Data;
  const plan = o.Deliverables.find((d) => d.Deliverable_Name === '项目计划')!;
  const read = await t.call<{ Version: number }>('GET', `/ProjectDeliverable/${plan.Deliverable_ID}`);
  const done = await t.call<{ Rating: number; Completed_Date: string }>('PUT', '/ProjectDeliverable', {
    Deliverable_ID: plan.Deliverable_ID,
    Version: read.body.Data.Version,
    Deliverable_Status: 3,
  });
  expect(done.body.Data.Rating).toBe(2);
  expect(done.body.Data.Completed_Date).toBeTruthy();
  const form = new FormData();
  form.append('BZ_Table', 'ProjectDeliverable');
  form.append('BZ_Code', String(plan.Deliverable_ID));
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n%\n')], { type: 'application/pdf' }), 'plan.pdf');
  expect((await t.call('POST', '/Attachment', form)).body.Code).toBe(0);
  const after = (await t.call<Overview>('GET', `/Project/${p.Project_ID}/Overview`)).body.Data;
  expect(after.Deliverables.find((d) => d.Deliverable_ID === plan.Deliverable_ID)?.Rating).toBe(1);
});

it('closes abnormally with a reason; a reason is required', async () => {
  const p = await makeProject(t);
  await t.call('POST', '/Project/Approve', { Project_ID: p.Project_ID });
  const bad = await t.call('POST', '/Project/Close', {
    Project_ID: p.Project_ID,
    Closure_Type: 4,
    Reason: ' ',
  });
  expect(bad.status).toBe(400);
  const wrong = await t.call('POST', '/Project/Close', {
    Project_ID: p.Project_ID,
    Closure_Type: 5,
    Reason: 'x',
  });
  expect(wrong.status).toBe(400);
  const closed = await t.call<{ State: number; Closure_Type: number; Closure_Reason: string }>(
    'POST',
    '/Project/Close',
    {
      Project_ID: p.Project_ID,
      Closure_Type: 4,
      Reason: '客户取消项目',
    },
  );
  expect(closed.body.Data).toMatchObject({ State: 9, Closure_Type: 4, Closure_Reason: '客户取消项目' });
});

it('creates a project from a sourcing SOW, once', async () => {
  const cur = await t.call<{ Currency_ID: number }>('POST', '/Currency', {
    Currency_Code: 'PMC',
    Currency_Name: '人民币-pm',
    Is_Base: true,
  });
  const sow = await t.call<{ Sow_ID: number; Sow_NO: string }>('POST', '/Sow', {
    Project_Name: '座椅骨架项目',
    Vehicle_Model: 'SUV-9',
    Currency_ID: cur.body.Data.Currency_ID,
    Life_Time_Years: 5,
    Offer_Rounds: 2,
  });
  expect(sow.body.Code).toBe(0);
  const made = await t.call<{
    Project_ID: number;
    Project_Name: string;
    Vehicle_Model: string;
    Sow_ID: number;
  }>('POST', '/Project/FromSow', { Sow_ID: sow.body.Data.Sow_ID });
  expect(made.body.Data).toMatchObject({
    Project_Name: '座椅骨架项目',
    Vehicle_Model: 'SUV-9',
    Sow_ID: sow.body.Data.Sow_ID,
  });
  const o = (await t.call<Overview>('GET', `/Project/${made.body.Data.Project_ID}/Overview`)).body.Data;
  expect(o.Deliverables).toHaveLength(3);
  const twice = await t.call('POST', '/Project/FromSow', { Sow_ID: sow.body.Data.Sow_ID });
  expect(twice.status).toBe(409);
  expect((await t.call('POST', '/Project/FromSow', { Sow_ID: 'x' })).status).toBe(400);
});

it("another user's project is not there for an own-records user (data authority)", async () => {
  const p = await makeProject(t, { Project_Name: '他人项目' });
  const menus = (await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500'))
    .body.Data;
  const grant = (code: string) => ({
    Menu_ID: menus.find((m) => m.Menu_Code === code)?.Menu_ID,
    Buttons: 'add,edit,approve,close',
    Opera_Type: 2,
  });
  const role = await t.call<{ Role_ID: number }>('POST', '/Role', {
    Role_Code: 'pmown',
    Role_Name: '项目经理（本人）',
    Grants: [grant('PM.project'), grant('PM.assignment')],
  });
  const u = await t.call<{ User_ID: number }>('POST', '/Users', {
    User_Account: 'pmown',
    User_Name: 'pmown',
    Data_Authority: 1,
    Roles: [{ Role_ID: role.body.Data.Role_ID }],
  });
  await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
  const as = { authorization: `Bearer ${await t.login('pmown', 'sesame-4711')}` };
  expect((await t.call('GET', `/Project/${p.Project_ID}/Overview`, undefined, as)).status).toBe(404);
  expect((await t.call('GET', `/Assignment/Gantt?Project_ID=${p.Project_ID}`, undefined, as)).status).toBe(
    404,
  );
  expect(
    (await t.call('POST', '/Project/PassGate', { Project_ID: p.Project_ID, Reason: 'x' }, as)).status,
  ).toBe(404);
  const mine = await makeProject(t, { Project_Name: '自己的项目' }, as);
  expect((await t.call('GET', `/Project/${mine.Project_ID}/Overview`, undefined, as)).status).toBe(200);
});
