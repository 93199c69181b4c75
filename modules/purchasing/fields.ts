import { date, decimal, enumOf, int, options, ref, text } from '@mes/model';

/** Shapes the four purchasing documents share, so that each is declared once. */
export const qty = (zh: string, en: string, o: Parameters<typeof decimal>[1] = {}) =>
  decimal({ zh, en }, { precision: 18, scale: 4, ...o });
export const price = (zh: string, en: string, o: Parameters<typeof decimal>[1] = {}) =>
  decimal({ zh, en }, { precision: 18, scale: 6, min: '0', total: false, ...o });
export const money = (zh: string, en: string, o: Parameters<typeof decimal>[1] = {}) =>
  decimal({ zh, en }, { precision: 18, scale: 2, ...o });

export const docNo = (zh: string, en: string) => text({ zh, en }, { max: 30, readOnly: true, unique: true });
export const docDate = () => date({ zh: '单据日期', en: 'Date' }, { required: true, default: 'today' });
export const supplier = () =>
  ref({ zh: '供应商', en: 'Supplier' }, 'Supplier', 'Short_Name', {
    required: true,
    displayAs: 'Supplier_Name',
  });
export const remark = (max = 500) =>
  text({ zh: '备注', en: 'Remarks' }, { max, multiline: max > 200, hiddenInList: max <= 200 });
export const material = (readOnly = false) =>
  ref(
    { zh: '物料', en: 'Material' },
    'Material',
    'Material_Name',
    readOnly ? { readOnly } : { required: true },
  );
export const lineNo = (zh: string, en: string, required = false) =>
  int({ zh, en }, { min: 1, max: 100000, hiddenInList: true, ...(required ? { required } : {}) });
/** 税率 (%): 13 by default, the values of the 税率 dictionary (seed). */
export const taxRate = () =>
  decimal({ zh: '税率(%)', en: 'Tax rate (%)' }, { precision: 6, scale: 2, min: '0', total: false });
export const currency = () => ref({ zh: '币种', en: 'Currency' }, 'Currency', 'Currency_Name');
export const exchangeRate = () =>
  decimal({ zh: '汇率', en: 'Exchange rate' }, { precision: 18, scale: 6, min: '0', total: false });

export const REQUEST_SOURCES = options(
  [1, '手工录入', 'Entered by hand'],
  [2, '低于安全库存', 'Below safety stock'],
  [3, '生产计划缺料', 'Production plan shortage'],
);
export const RECEIPT_TYPES = options([1, '采购收货', 'Receipt'], [2, '采购退货', 'Return']);
export const RECEIPT_TYPE = { RECEIPT: 1, RETURN: 2 } as const;
export const requestSource = () =>
  enumOf({ zh: '来源', en: 'Source' }, REQUEST_SOURCES, { required: true, default: 1 });
