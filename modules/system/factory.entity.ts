import { defineEntity, text } from '@mes/model';

export const factory = defineEntity({
  name: 'Factory',
  label: { zh: '工厂', en: 'Factory' },
  kind: 'master',
  key: 'Factory_ID',
  menu: 'setting.factory',
  fields: {
    Factory_Code: text({ zh: '工厂编码', en: 'Factory code' }, { max: 30, required: true, unique: true }),
    Factory_Name: text({ zh: '工厂名称', en: 'Factory name' }, { max: 100, required: true }),
    Address: text({ zh: '地址', en: 'Address' }, { max: 200 }),
    Contact: text({ zh: '联系人', en: 'Contact' }, { max: 50 }),
    Tel_Phone: text({ zh: '电话', en: 'Phone' }, { max: 30 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  display: 'Factory_Name',
  features: { tags: true, attachments: true, customFields: true, print: true },
});
