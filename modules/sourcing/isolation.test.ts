import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Fixture, makeFixture, makeSow, quote, release } from './testing.server';

/**
 * The supplier isolation matrix: over EVERY route the app registers, a supplier portal user gets
 * 403 or 404 for everything internal, and the portal routes answer only with its own records.
 */
let t: TestServer;
let f: Fixture;
let mine: { offerId: number; sowId: number };
let theirs: { offerId: number; sowId: number };
let theirNames: string[];
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
  f = await makeFixture(t, 2, 'iso');
  const [a, b] = f.suppliers;
  const shared = await makeSow(t, f);
  const onlyB = await makeSow(t, f, [b], { Project_Name: '仅乙方可见的机密项目' });
  await release(t, shared.Sow_ID);
  await release(t, onlyB.Sow_ID);
  const qa = await quote(t, a.token, shared.Sow_ID, 1, ['1.11', '2.22', '3.33']);
  const qb = await quote(t, b.token, shared.Sow_ID, 1, ['9.87', '8.76', '7.65']);
  const qb2 = await quote(t, b.token, onlyB.Sow_ID, 1, ['6.54', '5.43', '4.32']);
  mine = { offerId: qa.body.Data.Offer_ID, sowId: shared.Sow_ID };
  theirs = { offerId: qb2.body.Data.Offer_ID, sowId: onlyB.Sow_ID };
  expect(qb.body.Code).toBe(0);
  theirNames = ['iso2', '9.87', '6.54', '仅乙方可见'];
});
afterAll(async () => t?.close());

/** A plausible id for every path parameter: the other supplier's records where that makes sense. */
function path(url: string): string {
  return url
    .replace(':id', String(theirs.offerId))
    .replace(':fileCode', '0123456789abcdef0123456789abcdef')
    .replace(':key', '0123456789abcdef0123456789abcdef')
    .replace(/:[A-Za-z_]+/g, '1');
}

describe('supplier isolation matrix', () => {
  it('covers every registered route', () => {
    expect(t.app.permRoutes.length).toBeGreaterThan(100);
    const portal = t.app.permRoutes.filter((r) => r.portal).map((r) => `${r.method} ${r.url}`);
    expect(portal).toEqual(
      expect.arrayContaining([
        'GET /SRM/Portal/Offers',
        'GET /SRM/Portal/Offers/:id',
        'POST /SRM/Portal/Quote',
      ]),
    );
  });

  it('every route that is not for the portal answers 403, whatever the body, and changes nothing', async () => {
    const a = f.suppliers[0];
    const before = (await t.call('GET', '/OperationLog?PageSize=1&Verb__ne=denied')).body.Paging?.TotalCount;
    const internal = t.app.permRoutes.filter((r) => !r.portal && !('public' in r.perm));
    expect(internal.length).toBeGreaterThan(100);
    for (const r of internal) {
      for (const body of r.method === 'GET' || r.method === 'DELETE'
        ? [undefined]
        : [{}, { Sow_ID: theirs.sowId }]) {
        const res = await t.call(r.method, path(r.url), body, as(a.token));
        expect(res.status, `${r.method} ${r.url}`).toBe(403);
        expect(res.body.Data).toBeNull();
      }
    }
    const after = (await t.call('GET', '/OperationLog?PageSize=1&Verb__ne=denied')).body.Paging?.TotalCount;
    expect(after).toBe(before);
  });

  it("portal routes answer with the supplier's own records only", async () => {
    const a = f.suppliers[0];
    // signing out is a portal route too; it would end this test's session, so it runs last
    const portal = t.app.permRoutes.filter((r) => r.portal && r.url !== '/Logout');
    for (const r of portal) {
      const res = await t.call(
        r.method,
        path(r.url),
        r.method === 'GET' || r.method === 'DELETE'
          ? undefined
          : { Sow_ID: theirs.sowId, Round_NO: 1, Submit: true, Items: [] },
        as(a.token),
      );
      expect(res.status, `${r.method} ${r.url}`).toBeLessThan(500);
      // times left out: a submission at 17:48:49.876 holds "9.87", the other supplier's price
      const text = JSON.stringify(res.body).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '');
      for (const secret of theirNames)
        expect(text, `${r.method} ${r.url} leaks ${secret}`).not.toContain(secret);
    }
    const detail = await t.call('GET', `/SRM/Portal/Offers/${theirs.offerId}`, undefined, as(a.token));
    expect(detail.status).toBe(404);
    const own = await t.call<{ Items: { Unit_Price: string }[] }>(
      'GET',
      `/SRM/Portal/Offers/${mine.offerId}`,
      undefined,
      as(a.token),
    );
    expect(own.body.Data.Items.map((i) => i.Unit_Price)).toEqual(['1.11', '2.22', '3.33']);
    // the buyer's target prices are not part of what a supplier sees
    expect(JSON.stringify(own.body)).not.toContain('Target_Price');
  });

  it('the menu of a supplier holds only the portal and its messages', async () => {
    const menu = await t.call<{ children: { children: { Menu_Code: string }[] }[] }[]>(
      'GET',
      '/ModuleMenu/GetUserMenu',
      undefined,
      as(f.suppliers[0].token),
    );
    const pages = menu.body.Data.flatMap((m) =>
      m.children.flatMap((g) => g.children.map((p) => p.Menu_Code)),
    );
    expect(pages.sort()).toEqual(['SRM.portalQuote', 'home.message', 'home.needdo']);
  });

  it('even a supplier role granted an internal page by mistake reaches nothing internal', async () => {
    const menus = (await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500'))
      .body.Data;
    const roles = (await t.call<{ Role_ID: number; Role_Code: string }[]>('GET', '/Role?PageSize=100')).body
      .Data;
    const role = roles.find((r) => r.Role_Code === 'supplier')!;
    const full = (
      await t.call<{ Version: number; Grants: { Menu_ID: number; Buttons: string; Opera_Type: number }[] }>(
        'GET',
        `/Role/${role.Role_ID}`,
      )
    ).body.Data;
    const grants = full.Grants.map(({ Menu_ID, Buttons, Opera_Type }) => ({ Menu_ID, Buttons, Opera_Type }));
    const sowMenu = menus.find((m) => m.Menu_Code === 'SRM.sow')!.Menu_ID;
    const put = await t.call('PUT', '/Role', {
      Role_ID: role.Role_ID,
      Version: full.Version,
      Grants: [...grants, { Menu_ID: sowMenu, Buttons: 'add,edit', Opera_Type: 2 }],
    });
    expect(put.body.Message).toBe('操作成功');
    const token = f.suppliers[0].token;
    for (const [m, p] of [
      ['GET', '/Sow'],
      ['GET', `/Sow/${theirs.sowId}`],
      ['GET', `/Sow/${theirs.sowId}/Comparison`],
      ['GET', '/Offer'],
      ['GET', '/Supplier'],
    ] as const)
      expect((await t.call(m, p, undefined, as(token))).status, p).toBe(403);
  });

  it('a supplier user without a supplier file sees no offers at all', async () => {
    // the demo supplier account belongs to the demo supplier; a fresh portal-role user belongs to none
    const roles = (await t.call<{ Role_ID: number; Role_Code: string }[]>('GET', '/Role?PageSize=100')).body
      .Data;
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: 'orphan',
      User_Name: 'orphan',
      U_Type: 2,
      Roles: [{ Role_ID: roles.find((r) => r.Role_Code === 'supplier')!.Role_ID }],
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
    const token = await t.login('orphan', 'sesame-4711');
    const r = await t.call('GET', '/SRM/Portal/Offers', undefined, as(token));
    expect(r.status).toBe(403);
    expect(r.body.Message).toBe('当前账号未关联供应商档案');
  });

  it('signing out works for a supplier and ends its session', async () => {
    const token = f.suppliers[1].token;
    expect((await t.call('POST', '/Logout', {}, as(token))).body.Code).toBe(0);
    expect((await t.call('GET', '/SRM/Portal/Offers', undefined, as(token))).status).toBe(401);
  });
});
