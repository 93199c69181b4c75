import { describe, expect, it } from 'vitest';
import { menuTree } from '../test/menuFixture';
import { generateRoutes, hasRoute, menuPages, nameOf, normalisePath, searchMenus, sortMenu } from './menu';

describe('menu tree', () => {
  it('sorts modules and every level by Ser_NO and drops empty groups', () => {
    const sorted = sortMenu(menuTree());
    expect(sorted.map((m) => m.Menu_Code)).toEqual(['home', 'setting', 'PD']);
    expect(sorted[1].children?.map((g) => g.Menu_Code)).toEqual(['setting.org']);
    expect(sorted[2].children?.[0].children?.map((p) => p.Menu_Code)).toEqual([
      'PD.producePlan',
      'PD.workDoc',
    ]);
  });

  it('lists pages with their group and module, in menu order', () => {
    const pages = menuPages(menuTree());
    expect(pages.map((p) => p.page.Menu_Code)).toEqual([
      'home.company',
      'home.message',
      'setting.factory',
      'setting.user',
      'setting.role',
      'PD.producePlan',
      'PD.workDoc',
    ]);
    expect(pages[2].module.Menu_Code).toBe('setting');
    expect(pages[2].group?.Menu_Code).toBe('setting.org');
  });
});

describe('route generation', () => {
  it('makes one route per page, carrying the meta of its menu entry', () => {
    const routes = generateRoutes(menuTree());
    expect(routes.map((r) => r.path)).toEqual([
      '/home/AccountCenter/CompanyInfor',
      '/AllMessage',
      '/setting/factory',
      '/setting/user',
      '/setting/role',
      '/PD/PDPlan/ProducePlanRecord',
      '/PD/list/WorkDoc',
    ]);
    const factory = routes.find((r) => r.path === '/setting/factory');
    expect(factory).toMatchObject({
      title: { zh: '工厂', en: 'Factory' },
      Menu_Name: '工厂',
      Menu_Code: 'setting.factory',
      Role_UserName: '系统管理员',
      Opera_Type: 2,
      Entity_Name: 'Factory',
      buttons: ['add', 'edit', 'delete'],
      parent: 'setting',
      icon: 'setting',
    });
    expect(typeof factory?.Menu_ID).toBe('number');
    expect(routes.find((r) => r.path === '/AllMessage')?.Entity_Name).toBeUndefined();
  });

  it('only the menus returned become routes: an empty menu has none', () => {
    expect(generateRoutes([])).toEqual([]);
  });

  it('skips pages without a route and serves a path once', () => {
    const tree = menuTree();
    const group = tree[1].children?.[0];
    group?.children?.push({ ...group.children[0], Menu_ID: 999, Menu_Code: 'dup', Ser_NO: 9 });
    group?.children?.push({ ...group.children[0], Menu_ID: 998, Menu_Code: 'none', Route: null, Ser_NO: 10 });
    const routes = generateRoutes(tree);
    expect(routes.filter((r) => r.path === '/setting/factory')).toHaveLength(1);
    expect(routes.some((r) => r.Menu_Code === 'none')).toBe(false);
  });

  it('normalises paths', () => {
    expect(normalisePath('setting/factory/')).toBe('/setting/factory');
    expect(normalisePath('/x?y=1')).toBe('/x');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('')).toBe('');
  });

  it('knows whether the user has a page', () => {
    const routes = generateRoutes(menuTree());
    expect(hasRoute(routes, 'allmessage')).toBe(true);
    expect(hasRoute(routes, 'UserQuestion')).toBe(false);
  });
});

describe('menu search', () => {
  const pages = menuPages(menuTree());
  it('is a case-insensitive contains-match on the name, in either language', () => {
    expect(searchMenus(pages, '工厂').map((p) => p.page.Menu_Code)).toEqual(['setting.factory']);
    expect(searchMenus(pages, 'FACT').map((p) => p.page.Menu_Code)).toEqual(['setting.factory']);
    expect(searchMenus(pages, 'work').map((p) => p.page.Menu_Code)).toEqual(['PD.workDoc']);
    expect(searchMenus(pages, '  计划 ').map((p) => p.page.Menu_Code)).toEqual(['PD.producePlan']);
  });
  it('finds nothing for an empty term or no match', () => {
    expect(searchMenus(pages, '')).toEqual([]);
    expect(searchMenus(pages, '   ')).toEqual([]);
    expect(searchMenus(pages, 'zzz')).toEqual([]);
  });
  it('names menus in the current language, Chinese when English is missing', () => {
    expect(nameOf({ Menu_Name: '工厂', Menu_Name_En: 'Factory' }, 'en')).toBe('Factory');
    expect(nameOf({ Menu_Name: '工厂', Menu_Name_En: null }, 'en')).toBe('工厂');
    expect(nameOf({ Menu_Name: '工厂', Menu_Name_En: 'Factory' }, 'zh')).toBe('工厂');
  });
});
