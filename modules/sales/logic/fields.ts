import { date, decimal, ref } from '@mes/model';

/** The field shapes the three documents share, declared once. */
export const qty = (zh: string, en: string, o: Parameters<typeof decimal>[1] = {}) =>
  decimal({ zh, en }, { precision: 18, scale: 4, ...o });
export const money = (zh: string, en: string, o: Parameters<typeof decimal>[1] = {}) =>
  decimal({ zh, en }, { precision: 18, scale: 2, ...o });
export const price = (zh: string, en: string, o: Parameters<typeof decimal>[1] = {}) =>
  decimal({ zh, en }, { precision: 18, scale: 6, min: '0', total: false, ...o });

/** A line's tax: rate in percent (13 by default), the tax and the amount with tax (logic/amounts.ts). */
export const taxLineFields = () => ({
  Tax_Rate: decimal(
    { zh: '税率(%)', en: 'Tax rate (%)' },
    { precision: 5, scale: 2, min: '0', total: false },
  ),
  Price_With_Tax: price('含税单价', 'Price with tax', { readOnly: true }),
  Amount: money('金额', 'Amount', { readOnly: true, compute: { product: ['Qty', 'Unit_Price'] } }),
  Tax_Amount: money('税额', 'Tax', { readOnly: true }),
  Amount_With_Tax: money('价税合计', 'Amount with tax', { readOnly: true }),
});

/** The header totals summed from the lines. */
export const totals = (lines: string) => ({
  Total_Qty: qty('总数量', 'Total quantity', { readOnly: true, compute: { sum: [lines, 'Qty'] } }),
  Total_Amount: money('金额', 'Amount', { readOnly: true, compute: { sum: [lines, 'Amount'] } }),
  Total_Tax: money('税额', 'Tax', { readOnly: true, compute: { sum: [lines, 'Tax_Amount'] } }),
  Total_With_Tax: money('价税合计', 'Amount with tax', {
    readOnly: true,
    compute: { sum: [lines, 'Amount_With_Tax'] },
  }),
});

export const currencyFields = () => ({
  Currency_ID: ref({ zh: '币种', en: 'Currency' }, 'Currency', 'Currency_Name', { hiddenInList: true }),
  Exchange_Rate: decimal(
    { zh: '汇率', en: 'Exchange rate' },
    { precision: 18, scale: 6, min: '0', total: false, hiddenInList: true },
  ),
});

export const customerField = () =>
  ref({ zh: '客户', en: 'Customer' }, 'Customer', 'Short_Name', {
    required: true,
    displayAs: 'Customer_Name',
  });

export const docDate = (zh: string, en: string) => date({ zh, en }, { required: true, default: 'today' });
