import { bool, decimal, defineEntity, int, text } from '@mes/model';

export const unit = defineEntity({
  name: 'Unit',
  label: { zh: '计量单位', en: 'Units' },
  kind: 'master',
  key: 'Unit_ID',
  menu: 'record.unit',
  fields: {
    Unit_Code: text({ zh: '单位编码', en: 'Unit code' }, { max: 20, required: true, unique: true }),
    Unit_Name: text({ zh: '单位名称', en: 'Unit name' }, { max: 30, required: true, bilingual: true }),
    Precision: int({ zh: '小数位数', en: 'Decimals' }, { min: 0, max: 6 }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
  },
  display: 'Unit_Name',
  list: { defaultSort: 'Unit_Code' },
});

export const currency = defineEntity({
  name: 'Currency',
  label: { zh: '币种', en: 'Currencies' },
  kind: 'master',
  key: 'Currency_ID',
  menu: 'record.currency',
  fields: {
    Currency_Code: text({ zh: '币种代码', en: 'Currency code' }, { max: 3, required: true, unique: true }),
    Currency_Name: text(
      { zh: '币种名称', en: 'Currency name' },
      { max: 30, required: true, bilingual: true },
    ),
    Symbol: text({ zh: '符号', en: 'Symbol' }, { max: 5 }),
    Exchange_Rate: decimal({ zh: '汇率', en: 'Exchange rate' }, { precision: 18, scale: 6, min: '0' }),
    Is_Base: bool({ zh: '本位币', en: 'Base currency' }),
  },
  display: 'Currency_Name',
  list: { defaultSort: 'Currency_Code' },
});
