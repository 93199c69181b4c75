import { defineEntity, ref, text } from '@mes/model';

export const job = defineEntity({
  name: 'Job',
  label: { zh: '岗位', en: 'Job' },
  kind: 'master',
  key: 'Job_ID',
  menu: 'setting.job',
  fields: {
    Job_Name: text({ zh: '岗位名称', en: 'Job name' }, { max: 60, required: true, unique: true }),
    Manager_ID: ref({ zh: '负责人', en: 'Manager' }, 'Users', 'User_Name'),
    Sort_Code: text({ zh: '排序码', en: 'Sort code' }, { max: 20 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true }),
  },
  display: 'Job_Name',
  list: { defaultSort: 'Sort_Code' },
  features: { customFields: true },
});
