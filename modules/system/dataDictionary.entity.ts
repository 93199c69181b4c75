import { bool, defineEntity, int, text } from '@mes/model';

export const dataDictionary = defineEntity({
  name: 'DataDictionary',
  label: { zh: '数据字典', en: 'Data dictionary' },
  kind: 'master',
  table: 'data_dictionary',
  menu: 'setting.dictionary',
  fields: {
    Storage_Name: text(
      { zh: '字典名称', en: 'Dictionary name' },
      { max: 60, required: true, unique: true, bilingual: true },
    ),
    Is_Encoding: bool({ zh: '启用编码', en: 'Numbering on' }),
    Encoding_Rules: text({ zh: '编码规则', en: 'Encoding rule' }, { max: 60 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true }),
  },
  lines: {
    Items: {
      label: { zh: '字典项', en: 'Items' },
      maxRows: 500,
      fields: {
        Item_Code: text({ zh: '编码', en: 'Code' }, { max: 30 }),
        Item_Name: text({ zh: '名称', en: 'Name' }, { max: 100, required: true, bilingual: true }),
        Sort_NO: int({ zh: '排序', en: 'Sort order' }, { min: 0, max: 9999 }),
        Disabled: bool({ zh: '停用', en: 'Disabled' }),
      },
    },
  },
  display: 'Storage_Name',
  features: { print: true },
});
