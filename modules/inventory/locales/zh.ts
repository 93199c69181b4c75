/** The inventory pages' texts in Chinese (terms of GLOSSARY.md); en.ts is typed against it. */
export const zh = {
  byMaterial: '按物料',
  detail: '按库位批次',
  number: '物料编码',
  name: '物料名称',
  unit: '单位',
  qty: '数量',
  amount: '金额',
  bracketValue: '{{bracket}}金额',
  oldest: '最早入库',
  asOf: '截止日期',
  days: '未出库天数 ≥',
  lastOut: '最近出库',
  lastIn: '最近入库',
  idle: '呆滞天数',
  safety: '安全库存',
  shortfall: '缺口',
};

export type Texts = typeof zh;
