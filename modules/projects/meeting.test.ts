import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeProject, makeTemplate } from './testing.server';

let t: TestServer;
let projectId: number;
let admin: number;
const users: Record<string, { id: number; token: string }> = {};
beforeAll(async () => {
  t = await startTestServer();
  await makeTemplate(t);
  projectId = (await makeProject(t)).Project_ID;
  const me = await t.call<{ User_ID: number }[]>('GET', '/Users?User_Account=admin');
  admin = me.body.Data[0].User_ID;
  const menus = (
    await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500')
  ).body.Data.filter(
    (m) =>
      m.Menu_Code === 'PM.actionTracker' || m.Menu_Code === 'PM.project' || m.Menu_Code === 'PM.calendar',
  );
  const role = await t.call<{ Role_ID: number }>('POST', '/Role', {
    Role_Code: 'pmteam',
    Role_Name: '项目组',
    Grants: menus.map((m) => ({ Menu_ID: m.Menu_ID, Buttons: 'add,edit', Opera_Type: 2 })),
  });
  for (const account of ['champ', 'super']) {
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: account,
      User_Name: account,
      Data_Authority: 3,
      Roles: [{ Role_ID: role.body.Data.Role_ID }],
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
    users[account] = { id: u.body.Data.User_ID, token: await t.login(account, 'sesame-4711') };
  }
}, 600_000);
afterAll(async () => t?.close());

const as = (token: string) => ({ authorization: `Bearer ${token}` });

it('minutes turn action items into actions; the champion closes, then the supervisor verifies', async () => {
  const m = await t.call<{ Meeting_ID: number; Meeting_Status: number; Initiator_ID: number }>(
    'POST',
    '/Meeting',
    {
      Project_ID: projectId,
      Theme: 'P1 项目例会',
      Meeting_Type: 2,
      Meeting_Time: '2026-02-03T09:00:00+08:00',
      Participants: [{ User_ID: users.champ.id }],
      Minutes: [
        { Item_Kind: 1, Content: '客户确认 SOP 日期' },
        { Item_Kind: 3, Content: '提交 DFMEA 初稿', Champion_ID: users.champ.id, Due_Date: '2026-02-20' },
      ],
    },
  );
  expect(m.body.Data).toMatchObject({ Meeting_Status: 1, Initiator_ID: admin });
  const id = m.body.Data.Meeting_ID;
  expect(
    (await t.call<{ Meeting_Status: number }>('POST', '/Meeting/Advance', { Meeting_ID: id })).body.Data
      .Meeting_Status,
  ).toBe(2);
  const minutes = await t.call<{ Meeting_Status: number; Minutes: { Action_ID: number | null }[] }>(
    'POST',
    '/Meeting/Advance',
    { Meeting_ID: id },
  );
  expect(minutes.body.Data.Meeting_Status).toBe(3);
  const actionId = minutes.body.Data.Minutes[1].Action_ID as number;
  expect(actionId).toBeGreaterThan(0);
  expect(minutes.body.Data.Minutes[0].Action_ID).toBeNull();
  const a = await t.call<{
    Champion_ID: number;
    Supervisor_ID: number;
    Question_Status: number;
    Meeting_ID: number;
  }>('GET', `/ActionTracker/${actionId}`);
  expect(a.body.Data).toMatchObject({
    Champion_ID: users.champ.id,
    Supervisor_ID: admin,
    Meeting_ID: id,
    Question_Status: 2,
  });

  // the supervisor cannot verify before the champion closed; nobody but the champion closes
  expect((await t.call('POST', '/ActionTracker/Verify', { Action_ID: actionId })).status).toBe(409);
  expect((await t.call('POST', '/ActionTracker/Close', { Action_ID: actionId })).status).toBe(409);
  const closed = await t.call<{ Closed: boolean; Question_Status: number }>(
    'POST',
    '/ActionTracker/Close',
    { Action_ID: actionId },
    as(users.champ.token),
  );
  expect(closed.body.Data).toMatchObject({ Closed: true, Question_Status: 3 });
  expect(
    (await t.call('POST', '/ActionTracker/Verify', { Action_ID: actionId }, as(users.super.token))).status,
  ).toBe(409);
  const verified = await t.call<{ Verified: boolean }>('POST', '/ActionTracker/Verify', {
    Action_ID: actionId,
  });
  expect(verified.body.Data.Verified).toBe(true);
  // closed meetings go no further
  await t.call('POST', '/Meeting/Advance', { Meeting_ID: id });
  expect((await t.call('POST', '/Meeting/Advance', { Meeting_ID: id })).status).toBe(409);
});

it('an action item without a champion stops the minutes; the next meeting lists the open actions', async () => {
  const m = await t.call<{ Meeting_ID: number }>('POST', '/Meeting', {
    Project_ID: projectId,
    Theme: '设计评审',
    Meeting_Type: 4,
    Meeting_Time: '2026-02-10T09:00:00+08:00',
    Minutes: [{ Item_Kind: 3, Content: '修改图纸' }],
  });
  const id = m.body.Data.Meeting_ID;
  await t.call('POST', '/Meeting/Advance', { Meeting_ID: id });
  const refused = await t.call('POST', '/Meeting/Advance', { Meeting_ID: id });
  expect(refused.status).toBe(400);
  expect(refused.body.Message).toContain('第 1 行');
  const read = await t.call<{ Version: number }>('GET', `/Meeting/${id}`);
  await t.call('PUT', '/Meeting', {
    Meeting_ID: id,
    Version: read.body.Data.Version,
    Minutes: [{ Item_Kind: 3, Content: '修改图纸', Champion_ID: users.champ.id, Due_Date: '2026-02-25' }],
  });
  expect((await t.call('POST', '/Meeting/Advance', { Meeting_ID: id })).body.Code).toBe(0);
  const next = await t.call<{ Agenda: string }>('POST', '/Meeting', {
    Project_ID: projectId,
    Theme: '下周例会',
    Meeting_Time: '2026-02-17T09:00:00+08:00',
  });
  expect(next.body.Data.Agenda).toContain('修改图纸');
});

it("the calendar shows the user's actions, in JSON and as iCalendar", async () => {
  const cal = await t.call<{ kind: string; title: string }[]>(
    'GET',
    '/PM/Calendar?Month=2026-02',
    undefined,
    as(users.champ.token),
  );
  expect(cal.body.Data.some((e) => e.kind === 'action' && e.title.includes('修改图纸'))).toBe(true);
  const res = await fetch(`${t.url}/PM/Calendar/ics?Month=2026-02`, {
    headers: { authorization: `Bearer ${users.champ.token}` },
  });
  const ics = await res.text();
  expect(res.headers.get('content-type')).toContain('text/calendar');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('DTSTART;VALUE=DATE:20260225');
  expect((await t.call('GET', '/PM/Calendar?Month=2026-13')).status).toBe(400);
});
