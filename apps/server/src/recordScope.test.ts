import { BUTTONS, type RecordInput } from '@mes/engine-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

/**
 * Generated over every registered route: a route that takes a record id declares which entity's
 * record it names, and a user whose data authority is "own records" who names another user's
 * record gets 404 and changes nothing, whatever the route. A new module's routes are covered as
 * soon as they are registered.
 */
let t: TestServer;
let own: string;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
  const menus = (
    await t.call<{ Menu_ID: number; Menu_Type: number }[]>('GET', '/ModuleMenu?PageSize=500&Menu_Type=3')
  ).body.Data;
  const role = await t.call<{ Role_ID: number }>('POST', '/Role', {
    Role_Code: 'everything-own',
    Role_Name: 'everything-own',
    Grants: menus.map((m) => ({ Menu_ID: m.Menu_ID, Buttons: BUTTONS.join(','), Opera_Type: 2 })),
  });
  expect(role.body.Code).toBe(0);
  const u = await t.call<{ User_ID: number }>('POST', '/Users', {
    User_Account: 'scoped',
    User_Name: 'scoped',
    U_Type: 1,
    Data_Authority: 1,
    Roles: [{ Role_ID: role.body.Data.Role_ID }],
  });
  await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'password-scoped-1' });
  own = await t.login('scoped', 'password-scoped-1');
  // the one document the demo has none of
  const first = async (entity: string) =>
    (await t.call<Record<string, number>[]>('GET', `/${entity}?PageSize=1`)).body.Data[0];
  const feeding = await t.call('POST', '/MixingFeeding', {
    Feed_Time: '2026-01-05T08:00:00Z',
    Work_Order_ID: (await first('WorkOrder')).Work_Order_ID,
    Items: [
      {
        Material_ID: (await first('Material')).Material_ID,
        Location_ID: (await first('Location')).Location_ID,
        Qty: '1',
      },
    ],
  });
  expect(feeding.body.Code, feeding.body.Message).toBe(0);
});
afterAll(async () => t?.close());

const isDocument = (entity: string) => t.engine.registry.get(entity).kind === 'document';
// the supplier portal's records are the supplier's own, checked by its routes (sourcing/isolation.test.ts)
const staffRoutes = () => t.app.permRoutes.filter((r) => !r.portal && !('public' in r.perm));

/** Another user's record of the entity: the demo's, none of them created by the scoped user. */
async function theirs(entity: string): Promise<number | undefined> {
  const def = t.engine.registry.get(entity);
  const { rows } = await sql<{ id: number }>`SELECT id FROM ${sql.table(def.table)}
    WHERE state <> 0 ORDER BY id LIMIT 1`.execute(t.engine.db);
  return rows[0] ? Number(rows[0].id) : undefined;
}

function request(url: string, method: string, input: RecordInput, id: number) {
  const path = url.replace(/:(\w+)/g, (_m, name: string) =>
    input.in === 'params' && name === input.key ? String(id) : '1',
  );
  const query = input.in === 'query' ? `?${input.key}=${id}` : '';
  const body =
    method === 'GET' || method === 'DELETE' ? undefined : input.in === 'body' ? { [input.key]: id } : {};
  return { path: path + query, body };
}

describe('record scope of every route', () => {
  it('every route that may take a record id declares the records it takes', () => {
    const undeclared = staffRoutes()
      .filter((r) => 'entity' in r.perm || 'menu' in r.perm || r.url.includes(':'))
      .filter((r) => !r.records)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    for (const r of staffRoutes())
      for (const input of r.records ?? []) {
        expect(t.engine.registry.entities.has(input.entity), `${r.url}: ${input.entity}`).toBe(true);
        if (input.in === 'params') expect(r.url, input.key).toContain(`:${input.key}`);
      }
  });

  it("another user's document is not there for an own-records user, on every route", async () => {
    const as = { authorization: `Bearer ${own}` };
    const before = (await t.call('GET', '/OperationLog?PageSize=1&Verb__ne=denied')).body.Paging?.TotalCount;
    const checked: { what: string; method: string; path: string; body: unknown }[] = [];
    const missing = new Set<string>();
    for (const r of staffRoutes())
      for (const input of (r.records ?? []).filter((x) => isDocument(x.entity))) {
        const id = await theirs(input.entity);
        if (id === undefined) {
          missing.add(input.entity);
          continue;
        }
        const { path, body } = request(r.url, r.method, input, id);
        const res = await t.call(r.method, path, body, as);
        const what = `${r.method} ${path} (${input.entity} ${input.in}.${input.key})`;
        expect(res.status, what).toBe(404);
        expect(res.body.Code, what).toBe(1);
        checked.push({ what, method: r.method, path, body });
      }
    expect([...missing]).toEqual([]);
    const after = (await t.call('GET', '/OperationLog?PageSize=1&Verb__ne=denied')).body.Paging?.TotalCount;
    expect(after).toBe(before);
    // the routes the issue named, among many
    const names = checked.map((c) => c.what);
    expect(names.some((c) => c.startsWith('GET /ProducePlan/') && c.includes('/Requirements'))).toBe(true);
    expect(names.some((c) => c.startsWith('POST /ProducePlan/CreateWorkDocs'))).toBe(true);
    expect(names.length).toBeGreaterThan(30);
    // the same reads from the administrator are not refused as not found: the scope refused them
    // (writes are not repeated: the administrator's would change the demo records)
    for (const c of checked.filter((x) => x.method === 'GET'))
      expect((await t.call(c.method, c.path, c.body)).status, `${c.what} as administrator`).not.toBe(404);
  });

  it('reaches its own documents through the same routes', async () => {
    const as = { authorization: `Bearer ${own}` };
    const material = (await t.call<{ Material_ID: number }[]>('GET', '/Material?PageSize=1')).body.Data[0];
    const plan = await t.call<{ Plan_ID: number }>(
      'POST',
      '/ProducePlan',
      {
        Plan_Date: '2026-11-02',
        Source: 2,
        Items: [{ Material_ID: material.Material_ID, Qty: '1', Due_Date: '2026-11-10' }],
      },
      as,
    );
    expect(plan.body.Code, plan.body.Message).toBe(0);
    const req = await t.call('GET', `/ProducePlan/${plan.body.Data.Plan_ID}/Requirements`, undefined, as);
    expect(req.status).toBe(200);
    // not approved yet: refused for what it is, not as missing
    const made = await t.call('POST', '/ProducePlan/CreateWorkDocs', { Plan_ID: plan.body.Data.Plan_ID }, as);
    expect(made.status).toBe(409);
  });
});
