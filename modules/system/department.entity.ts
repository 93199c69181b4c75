import { bool, defineEntity, int, ref, text } from '@mes/model';

export const department = defineEntity({
  name: 'Department',
  label: { zh: '部门', en: 'Department' },
  kind: 'master',
  key: 'Dept_ID',
  menu: 'setting.department',
  fields: {
    Dept_Code: text({ zh: '部门编码', en: 'Department code' }, { max: 30, required: true, unique: true }),
    Dept_Name: text({ zh: '部门名称', en: 'Department name' }, { max: 100, required: true }),
    Parent_ID: ref({ zh: '上级部门', en: 'Parent department' }, 'Department', 'Dept_Name', {
      displayAs: 'Parent_Dept_Name',
    }),
    Factory_ID: ref({ zh: '工厂', en: 'Factory' }, 'Factory', 'Factory_Name'),
    Supervisor_ID: ref({ zh: '主管', en: 'Supervisor' }, 'Users', 'User_Name'),
    Sort_NO: int({ zh: '排序', en: 'Sort order' }, { min: 0, max: 9999 }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
  },
  display: 'Dept_Name',
  tree: { parent: 'Parent_ID' },
  list: { defaultSort: 'Sort_NO' },
  features: { tags: true, customFields: true },
});
