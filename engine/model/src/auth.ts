import { defineEntity } from './entity';
import { bool, datetime, enumOf, int, options, ref, text } from './fields';

/** Sign-in, permissions and messages: the engine enforces them, so it declares their tables. */

export const USER_TYPES = options([1, '员工', 'Staff'], [2, '供应商', 'Supplier']);
export const DATA_AUTHORITY = options(
  [1, '本人', 'Own records'],
  [2, '本部门', 'Own department'],
  [3, '全部', 'All'],
);
export const MENU_TYPES = options([1, '模块', 'Module'], [2, '分组', 'Group'], [3, '页面', 'Page']);
/** Spec part 2 §6: types 1 and 3 may not edit; 2 manages every record; 4 edits its own. */
export const OPERA_TYPES = options(
  [1, '只读', 'Read only'],
  [2, '管理', 'Manage all'],
  [3, '仅审核', 'Approve only'],
  [4, '本人', 'Own records'],
);

export const user = defineEntity({
  name: 'Users',
  label: { zh: '用户', en: 'Users' },
  kind: 'master',
  table: 'users',
  key: 'User_ID',
  menu: 'setting.user',
  fields: {
    User_Account: text(
      { zh: '账号', en: 'Account' },
      { max: 50, required: true, unique: true, format: 'code' },
    ),
    User_Name: text({ zh: '姓名', en: 'Name' }, { max: 50, required: true }),
    Pass_Word: text({ zh: '密码', en: 'Password' }, { max: 200, secret: true, readOnly: true }),
    Factory_ID: ref({ zh: '工厂', en: 'Factory' }, 'Factory', 'Factory_Name'),
    Dept_ID: ref({ zh: '部门', en: 'Department' }, 'Department', 'Dept_Name'),
    Job_ID: ref({ zh: '岗位', en: 'Job' }, 'Job', 'Job_Name'),
    Tel_Phone: text({ zh: '电话', en: 'Phone' }, { max: 30, format: 'phone' }),
    EMail: text({ zh: '邮箱', en: 'Email' }, { max: 100, format: 'email' }),
    U_Type: enumOf({ zh: '账号类型', en: 'Account type' }, USER_TYPES, { required: true, default: 1 }),
    Data_Authority: enumOf({ zh: '数据权限', en: 'Data authority' }, DATA_AUTHORITY, {
      required: true,
      default: 3,
    }),
    Menu_Mode: enumOf(
      { zh: '菜单模式', en: 'Menu mode' },
      options([1, '图标栏', 'Icon column'], [2, '手风琴', 'Accordion']),
      {
        default: 2,
        hiddenInList: true,
      },
    ),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
    Pwd_Changed_At: datetime(
      { zh: '密码修改时间', en: 'Password changed' },
      { readOnly: true, hiddenInList: true },
    ),
    // set with an initial or reset password; until the user changes it, the session reaches nothing else
    Must_Change_Pwd: bool(
      { zh: '须修改密码', en: 'Must change password' },
      { readOnly: true, hiddenInList: true },
    ),
  },
  lines: {
    Roles: {
      label: { zh: '角色', en: 'Roles' },
      maxRows: 50,
      fields: { Role_ID: ref({ zh: '角色', en: 'Role' }, 'Role', 'Role_Name', { required: true }) },
    },
  },
  display: 'User_Name',
  list: { search: ['User_Account', 'User_Name', 'Tel_Phone', 'EMail'] },
});

export const role = defineEntity({
  name: 'Role',
  label: { zh: '角色', en: 'Role' },
  kind: 'master',
  key: 'Role_ID',
  menu: 'setting.role',
  fields: {
    Role_Code: text({ zh: '角色编码', en: 'Role code' }, { max: 30, required: true, unique: true }),
    Role_Name: text(
      { zh: '角色名称', en: 'Role name' },
      { max: 60, required: true, unique: true, bilingual: true },
    ),
    Is_Admin: bool({ zh: '超级管理员', en: 'Administrator' }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, bilingual: true }),
  },
  lines: {
    Grants: {
      label: { zh: '菜单权限', en: 'Menu grants' },
      maxRows: 2000,
      fields: {
        Menu_ID: ref({ zh: '菜单', en: 'Menu' }, 'ModuleMenu', 'Menu_Name', { required: true }),
        Buttons: text({ zh: '按钮', en: 'Buttons' }, { max: 500 }),
        Opera_Type: enumOf({ zh: '操作类型', en: 'Operation type' }, OPERA_TYPES, {
          required: true,
          default: 2,
        }),
      },
    },
  },
  display: 'Role_Name',
});

export const moduleMenu = defineEntity({
  name: 'ModuleMenu',
  label: { zh: '菜单', en: 'Menu' },
  kind: 'master',
  table: 'module_menu',
  key: 'Menu_ID',
  menu: 'setting.role',
  fields: {
    Menu_Code: text({ zh: '菜单编码', en: 'Menu code' }, { max: 80, required: true, unique: true }),
    Menu_Name: text({ zh: '菜单名称', en: 'Menu name' }, { max: 60, required: true }),
    Menu_Name_En: text({ zh: '英文名称', en: 'English name' }, { max: 80 }),
    Parent_Menu_ID: ref({ zh: '上级菜单', en: 'Parent menu' }, 'ModuleMenu', 'Menu_Name', {
      displayAs: 'Parent_Menu_Name',
    }),
    Menu_Type: enumOf({ zh: '菜单类型', en: 'Menu type' }, MENU_TYPES, { required: true }),
    Ser_NO: int({ zh: '排序', en: 'Sort order' }, { min: 0, max: 99999 }),
    Route: text({ zh: '路由', en: 'Route' }, { max: 200 }),
    Icon: text({ zh: '图标', en: 'Icon' }, { max: 60 }),
    Buttons: text({ zh: '可用按钮', en: 'Available buttons' }, { max: 500 }),
    Entity_Name: text({ zh: '数据对象', en: 'Data object' }, { max: 60 }),
  },
  display: 'Menu_Name',
  tree: { parent: 'Parent_Menu_ID' },
  list: { defaultSort: 'Ser_NO' },
});

export const userSession = defineEntity({
  name: 'UserSession',
  label: { zh: '会话', en: 'Session' },
  kind: 'log',
  table: 'user_session',
  api: false,
  fields: {
    Token_Hash: text({ zh: '令牌摘要', en: 'Token hash' }, { max: 64, required: true, unique: true }),
    User_ID: ref({ zh: '用户', en: 'User' }, 'Users', 'User_Name', { required: true }),
    Expires_At: datetime({ zh: '到期时间', en: 'Expires' }, { required: true }),
    Last_Seen: datetime({ zh: '最近访问', en: 'Last seen' }, { required: true }),
    Revoked: bool({ zh: '已注销', en: 'Revoked' }),
    IP: text({ zh: 'IP地址', en: 'IP address' }, { max: 64 }),
    User_Agent: text({ zh: '浏览器', en: 'Browser' }, { max: 300 }),
  },
  display: 'Token_Hash',
});

export const loginThrottle = defineEntity({
  name: 'LoginThrottle',
  label: { zh: '登录限制', en: 'Sign-in throttle' },
  kind: 'log',
  table: 'login_throttle',
  api: false,
  fields: {
    Throttle_Key: text({ zh: '键', en: 'Key' }, { max: 200, required: true, unique: true }),
    Fail_Count: int({ zh: '失败次数', en: 'Failures' }, { required: true }),
    Window_Start: datetime({ zh: '窗口开始', en: 'Window start' }, { required: true }),
    Locked_Until: datetime({ zh: '锁定至', en: 'Locked until' }),
  },
  display: 'Throttle_Key',
});

export const MSG_STATUS = options([0, '新建', 'New'], [1, '已发送', 'Sent'], [9, '已过期', 'Expired']);
export const MSG_LEVEL = options([0, '紧急', 'Urgent'], [1, '普通', 'Normal']);
export const MSG_CLASS = options([0, '应用', 'App'], [1, '网站', 'Website'], [2, '全部', 'Both']);
export const MSG_TYPE = options([1, '通知', 'Notice'], [2, '待办', 'To-do']);

export const sendMsg = defineEntity({
  name: 'SendMsg',
  label: { zh: '消息', en: 'Message' },
  kind: 'log',
  table: 'send_msg',
  api: false,
  fields: {
    /** The Chinese rendering (kept for search and for rows written before keys); see Msg_Key. */
    Title: text({ zh: '标题', en: 'Title' }, { max: 200, required: true }),
    /** The English rendering, for the title search in either language. */
    Title_En: text({ zh: '英文标题', en: 'Title (English)' }, { max: 200 }),
    /**
     * The message as a server catalogue key and its parameters (JSON): every reader sees it in
     * their own language (issue 25, bug 7). Rows without a key show Title and Content as stored.
     */
    Msg_Key: text({ zh: '消息键', en: 'Message key' }, { max: 100 }),
    Msg_Params: text({ zh: '消息参数', en: 'Message parameters' }, { max: 8000 }),
    Content: text({ zh: '内容', en: 'Content' }, { max: 2000, multiline: true }),
    Send_Time: datetime({ zh: '发送时间', en: 'Sent' }, { required: true }),
    Route: text({ zh: '路由', en: 'Route' }, { max: 200 }),
    Parameter: text({ zh: '参数', en: 'Parameter' }, { max: 500 }),
    Menu_ID: ref({ zh: '菜单', en: 'Menu' }, 'ModuleMenu', 'Menu_Name'),
    Msg_Type: enumOf({ zh: '类型', en: 'Type' }, MSG_TYPE, { required: true, default: 1 }),
    Status: enumOf({ zh: '状态', en: 'Status' }, MSG_STATUS, { required: true, default: 1 }),
    Level: enumOf({ zh: '级别', en: 'Level' }, MSG_LEVEL, { required: true, default: 1 }),
    Class: enumOf({ zh: '类别', en: 'Class' }, MSG_CLASS, { required: true, default: 2 }),
    From_User_ID: ref({ zh: '发送人', en: 'From' }, 'Users', 'User_Name'),
    Expires_At: datetime({ zh: '过期时间', en: 'Expires' }),
  },
  lines: {
    Receivers: {
      label: { zh: '接收人', en: 'Recipients' },
      maxRows: 5000,
      fields: {
        User_ID: ref({ zh: '接收人', en: 'Recipient' }, 'Users', 'User_Name', { required: true }),
        Is_Read: bool({ zh: '已读', en: 'Read' }),
        Read_Time: datetime({ zh: '阅读时间', en: 'Read at' }),
        Is_Done: bool({ zh: '已处理', en: 'Done' }),
      },
    },
  },
  display: 'Title',
});

export const userOftenMenu = defineEntity({
  name: 'UserOftenMenu',
  label: { zh: '常用菜单', en: 'Favourite menus' },
  kind: 'log',
  table: 'user_often_menu',
  api: false,
  fields: {
    User_ID: ref({ zh: '用户', en: 'User' }, 'Users', 'User_Name', { required: true }),
    Menu_ID: ref({ zh: '菜单', en: 'Menu' }, 'ModuleMenu', 'Menu_Name', { required: true }),
    Is_Collect: bool({ zh: '收藏', en: 'Favourite' }),
    Click_Count: int({ zh: '点击次数', en: 'Clicks' }, { required: true }),
    Last_Click: datetime({ zh: '最近点击', en: 'Last click' }),
  },
  display: 'Menu_ID',
});
