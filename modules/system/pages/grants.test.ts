import { describe, expect, it } from 'vitest';
import { buildGrantTree, buttonKey, checkedFromGrants, grantsFromChecked, type MenuRow } from './grants';

const rows: MenuRow[] = [
  {
    Menu_ID: 1,
    Parent_Menu_ID: null,
    Menu_Code: 'setting',
    Menu_Name: '系统设置',
    Menu_Name_En: 'Settings',
    Menu_Type: 1,
    Ser_NO: 100,
  },
  {
    Menu_ID: 2,
    Parent_Menu_ID: 1,
    Menu_Code: 'setting.org',
    Menu_Name: '组织架构',
    Menu_Name_En: 'Organisation',
    Menu_Type: 2,
    Ser_NO: 101,
  },
  {
    Menu_ID: 3,
    Parent_Menu_ID: 2,
    Menu_Code: 'setting.user',
    Menu_Name: '用户管理',
    Menu_Name_En: 'Users',
    Menu_Type: 3,
    Ser_NO: 2,
    Buttons: 'add,edit,delete',
  },
  {
    Menu_ID: 4,
    Parent_Menu_ID: 2,
    Menu_Code: 'setting.factory',
    Menu_Name: '工厂',
    Menu_Name_En: 'Factory',
    Menu_Type: 3,
    Ser_NO: 1,
    Buttons: 'add,edit',
  },
  {
    Menu_ID: 5,
    Parent_Menu_ID: null,
    Menu_Code: 'home',
    Menu_Name: '首页',
    Menu_Name_En: 'Home',
    Menu_Type: 1,
    Ser_NO: 0,
  },
  {
    Menu_ID: 6,
    Parent_Menu_ID: 5,
    Menu_Code: 'home.main',
    Menu_Name: '工作台',
    Menu_Name_En: 'Workspace',
    Menu_Type: 2,
    Ser_NO: 1,
  },
  {
    Menu_ID: 7,
    Parent_Menu_ID: 6,
    Menu_Code: 'home.sop',
    Menu_Name: '帮助文档',
    Menu_Name_En: 'Help',
    Menu_Type: 3,
    Ser_NO: 1,
    Buttons: '',
  },
  { Menu_ID: 8, Parent_Menu_ID: null, Menu_Code: 'empty', Menu_Name: '空', Menu_Type: 1, Ser_NO: 9 },
];

describe('grant tree', () => {
  it('is modules → groups → pages → buttons, by Ser_NO, View first, without empty modules', () => {
    const tree = buildGrantTree(rows, 'zh');
    expect(tree.map((n) => n.title)).toEqual(['首页', '系统设置']);
    const org = tree[1].children?.[0];
    expect(org?.kind).toBe('group');
    expect(org?.children?.map((p) => p.title)).toEqual(['工厂', '用户管理']);
    expect(org?.children?.[1].children?.map((b) => [b.key, b.title])).toEqual([
      ['b:3:view', '查看'],
      ['b:3:add', '新增'],
      ['b:3:edit', '修改'],
      ['b:3:delete', '删除'],
    ]);
    expect(tree[0].children?.[0].children?.[0].children?.map((b) => b.key)).toEqual(['b:7:view']);
  });
  it('speaks English when asked', () => {
    const tree = buildGrantTree(rows, 'en');
    expect(tree[1].title).toBe('Settings');
    expect(tree[1].children?.[0].children?.[0].children?.[1].title).toBe('Add');
  });
});

describe('grants ↔ ticked leaves', () => {
  it('ticks View and the granted buttons the page still offers', () => {
    const checked = checkedFromGrants(
      [
        { Menu_ID: 3, Buttons: 'add,print', Opera_Type: 4 },
        { Menu_ID: 7, Buttons: '', Opera_Type: 1 },
        { Menu_ID: 99, Buttons: 'add', Opera_Type: 2 },
      ],
      rows,
    );
    expect(checked).toEqual([buttonKey(3, 'view'), buttonKey(3, 'add'), buttonKey(7, 'view')]);
  });
  it('a page with any leaf ticked is granted, with its buttons in order and its operation type', () => {
    const lines = grantsFromChecked(
      ['m:1', 'p:3', 'b:3:delete', 'b:3:add', 'b:7:view', 'b:4:edit'],
      new Map([[3, 4]]),
    );
    expect(lines).toEqual([
      { Menu_ID: 3, Buttons: 'add,delete', Opera_Type: 4 },
      { Menu_ID: 4, Buttons: 'edit', Opera_Type: 2 },
      { Menu_ID: 7, Buttons: '', Opera_Type: 2 },
    ]);
  });
  it('round-trips', () => {
    const grants = [
      { Menu_ID: 3, Buttons: 'add,edit', Opera_Type: 1 },
      { Menu_ID: 4, Buttons: '', Opera_Type: 2 },
    ];
    expect(grantsFromChecked(checkedFromGrants(grants, rows), new Map([[3, 1]]))).toEqual(grants);
  });
});
