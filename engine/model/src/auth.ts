import { bool, defineEntity, enumOf, options, ref, text } from '@mes/model';

export const USER_TYPES = options([1, '员工', 'Staff'], [2, '供应商', 'Supplier']);

export const user = defineEntity({
  name: 'Users',
  label: { zh: '用户', en: 'Users' },
  kind: 'master',
  table: 'users',
  key: 'User_ID',
  menu: 'setting.user',
  fields: {
    User_Account: text({ zh: '账号', en: 'Account' }, { max: 50, required: true, unique: true, format: 'code' }),
    User_Name: text({ zh: '姓名', en: 'Name' }, { max: 50, required: true }),
    Dept_ID: ref({ zh: '部门', en: 'Department' }, 'Department', 'Dept_Name'),
    Tel_Phone: text({ zh: '电话', en: 'Phone' }, { max: 30, format: 'phone' }),
    EMail: text({ zh: '邮箱', en: 'Email' }, { max: 100, format: 'email' }),
    U_Type: enumOf({ zh: '账号类型', en: 'Account type' }, USER_TYPES, { required: true, default: 1 }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
  },
  display: 'User_Name',
});
