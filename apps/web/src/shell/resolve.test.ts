import { describe, expect, it } from 'vitest';
import { STATIC_ROUTES } from '../pages/registry';
import { menuTree } from '../test/menuFixture';
import { generateRoutes } from './menu';
import { resolvePath } from './resolve';

const routes = generateRoutes(menuTree());

describe('what a path shows', () => {
  it('the dashboard: an affix tab that is not cached', () => {
    const r = resolvePath('/dashboard', STATIC_ROUTES, routes);
    expect(r?.kind).toBe('static');
    expect(r?.meta).toMatchObject({ affix: true, noCache: true });
  });
  it('a menu page, with its meta', () => {
    const r = resolvePath('/setting/factory', STATIC_ROUTES, routes);
    expect(r).toMatchObject({ kind: 'menu', meta: { Entity_Name: 'Factory', Menu_Code: 'setting.factory' } });
  });
  it('a shell route that is also a menu page keeps the menu id (favourites)', () => {
    const r = resolvePath('/AllMessage', STATIC_ROUTES, routes);
    expect(r?.kind).toBe('static');
    expect(r?.meta.Menu_ID).toBe(routes.find((x) => x.path === '/AllMessage')?.Menu_ID);
    expect(resolvePath('/home/MessageList/AllMessageList', STATIC_ROUTES, routes)?.kind).toBe('static');
  });
  it('a record of a page with an entity', () => {
    expect(resolvePath('/setting/factory/12', STATIC_ROUTES, routes)).toMatchObject({
      kind: 'record',
      id: 12,
      meta: { title: { zh: '工厂 #12', en: 'Factory #12' }, Entity_Name: 'Factory' },
    });
    expect(resolvePath('/setting/factory/new', STATIC_ROUTES, routes)).toMatchObject({
      kind: 'record',
      id: 'new',
    });
    expect(resolvePath('/setting/factory/abc', STATIC_ROUTES, routes)).toBeNull();
    expect(resolvePath('/AllMessage/12', STATIC_ROUTES, routes)).toBeNull();
  });
  it('a path outside the user menu is no route (404)', () => {
    expect(resolvePath('/EM/machine', STATIC_ROUTES, routes)).toBeNull();
    expect(resolvePath('/no/such/page', STATIC_ROUTES, routes)).toBeNull();
  });
  it('a shell route needing a page the user lacks answers 403', () => {
    const apply = resolvePath('/apply', STATIC_ROUTES, routes);
    expect(apply).toMatchObject({ kind: 'static', allowed: true });
    const none = resolvePath('/apply', STATIC_ROUTES, []);
    expect(none).toMatchObject({ kind: 'static', allowed: false });
    expect(resolvePath('/record/agencyPersonnel/departmentRecord', STATIC_ROUTES, [])).toMatchObject({
      allowed: false,
    });
  });
  it('a shell route showing a module page (/apply) is lent that menu page, for its buttons', () => {
    const user = routes.find((r) => r.Menu_Code === 'setting.user');
    expect(user).toBeDefined();
    const apply = resolvePath('/apply', STATIC_ROUTES, routes);
    expect(apply).toMatchObject({
      kind: 'static',
      lender: { Menu_Code: 'setting.user', Menu_ID: user?.Menu_ID },
    });
    // the route's own meta keeps no Menu_ID: the star on /apply does not mark the user page
    expect(apply?.meta.Menu_ID).toBeUndefined();
  });
});
