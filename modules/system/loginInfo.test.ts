import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { CLIENT_PARAMS, PARAM } from '@mes/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const settingsOf = async (token: string) =>
  (
    await t.call<{ SystemSettings: { ID: number }[] }>('GET', '/Base/GetLoginInfo', undefined, {
      authorization: `Bearer ${token}`,
    })
  ).body.Data.SystemSettings.map((s) => Number(s.ID));

describe('GET /Base/GetLoginInfo: system parameters', () => {
  it('a supplier portal account gets only those the client reads; staff get them all', async () => {
    const all = (
      await sql<{ id: number }>`SELECT id FROM system_parameter ORDER BY id`.execute(t.engine.db)
    ).rows.map((r) => Number(r.id));
    expect(all).toEqual(expect.arrayContaining([PARAM.ALLOW_NEGATIVE_STOCK, PARAM.STOCK_CLOSED_UNTIL]));
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: 'portal1',
      User_Name: 'portal1',
      U_Type: 2,
      Data_Authority: 1,
    });
    expect(u.body.Code, u.body.Message).toBe(0);
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'password-portal-1' });
    const supplier = await settingsOf(await t.login('portal1', 'password-portal-1'));
    expect(supplier).toEqual([...CLIENT_PARAMS]);
    expect(supplier).toContain(PARAM.AUTO_LOCK_MINUTES);
    expect(await settingsOf(t.token)).toEqual(all);
  });
});
