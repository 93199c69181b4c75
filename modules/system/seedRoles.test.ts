import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './seed.server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => t?.close());

describe('demo roles', () => {
  it('no role but the administrator holds company, users, roles or parameters', async () => {
    const { rows } = await sql<{ role_code: string; menu_code: string }>`
      SELECT r.role_code, m.menu_code FROM role_grants g JOIN role r ON r.id = g.parent_id
      JOIN module_menu m ON m.id = g.menu_id
      WHERE m.menu_code IN ('home.company', 'setting.user', 'setting.role', 'setting.parameter')
        AND NOT r.is_admin`.execute(t.engine.db);
    expect(rows).toEqual([]);
  });

  it('a buyer, a planner and a clerk cannot replace the company the sign-in page shows', async () => {
    const company = (await t.call<{ Company_ID: number }[]>('GET', '/Company')).body.Data[0];
    for (const account of ['lina', 'chenjing', 'yangming']) {
      const as = { authorization: `Bearer ${await t.login(account, DEMO_PASSWORD)}` };
      const del = await t.call('DELETE', `/Company/${company.Company_ID}`, undefined, as);
      expect(del.status, account).toBe(403);
      const add = await t.call(
        'POST',
        '/Company',
        { Company_Name: 'Evil', Service_Link: 'https://evil.example.com' },
        as,
      );
      expect(add.status, account).toBe(403);
    }
    const login = await t.call<{ Service_Link: string }>('GET', '/Company/LoginConfig', undefined, {
      authorization: '',
    });
    expect(JSON.stringify(login.body.Data)).not.toContain('evil');
  });
});
