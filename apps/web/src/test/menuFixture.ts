import type { MenuNode } from '../shell/menu';

const btn = (...codes: string[]) => codes.map((c) => ({ Button_Code: c, Button_Name: c, Button_Name_En: c }));
let id = 100;
const page = (
  code: string,
  zh: string,
  en: string,
  route: string,
  entity: string | null = null,
  ser = 1,
): MenuNode => ({
  Menu_ID: ++id,
  Menu_Code: code,
  Menu_Name: zh,
  Menu_Name_En: en,
  Menu_Type: 3,
  Ser_NO: ser,
  Route: route,
  Icon: null,
  Entity_Name: entity,
  Opera_Type: 2,
  Role_UserName: '系统管理员',
  ButtonDtl: entity ? btn('add', 'edit', 'delete') : [],
  children: [],
});
const node = (
  type: 1 | 2,
  code: string,
  zh: string,
  en: string,
  ser: number,
  children: MenuNode[],
  icon?: string,
): MenuNode => ({
  Menu_ID: ++id,
  Menu_Code: code,
  Menu_Name: zh,
  Menu_Name_En: en,
  Menu_Type: type,
  Ser_NO: ser,
  Route: null,
  Icon: icon ?? null,
  Entity_Name: null,
  Opera_Type: 2,
  Role_UserName: '系统管理员',
  ButtonDtl: [],
  children,
});

/** A small menu tree as GET /ModuleMenu/GetUserMenu answers it, deliberately out of Ser_NO order. */
export function menuTree(): MenuNode[] {
  id = 100;
  return [
    node(
      1,
      'PD',
      '生产管理',
      'Production',
      400,
      [
        node(2, 'PD.plan', '计划与执行', 'Planning and execution', 402, [
          page('PD.workDoc', '生产任务单', 'Work document', '/PD/list/WorkDoc', null, 2),
          page('PD.producePlan', '生产计划', 'Production plan', '/PD/PDPlan/ProducePlanRecord', null, 1),
        ]),
      ],
      'build',
    ),
    node(
      1,
      'setting',
      '系统设置',
      'Settings',
      100,
      [
        node(2, 'setting.org', '组织架构', 'Organisation', 102, [
          page('setting.factory', '工厂', 'Factory', '/setting/factory', 'Factory', 1),
          page('setting.user', '用户管理', 'Users', '/setting/user', 'Users', 2),
          page('setting.role', '角色权限', 'Roles and permissions', '/setting/role', 'Role', 3),
        ]),
        node(2, 'setting.empty', '空分组', 'Empty group', 101, []),
      ],
      'setting',
    ),
    node(
      1,
      'home',
      '首页',
      'Home',
      0,
      [
        node(2, 'home.main', '工作台', 'Workspace', 1, [
          page(
            'home.company',
            '公司信息',
            'Company information',
            '/home/AccountCenter/CompanyInfor',
            'Company',
            1,
          ),
          page('home.message', '全部消息', 'All messages', '/AllMessage', null, 2),
        ]),
      ],
      'home',
    ),
  ];
}
