import { bool, date, defineEntity, ref, text } from '@mes/model';
import {
  currency,
  docDate,
  docNo,
  exchangeRate,
  lineNo,
  material,
  money,
  price,
  qty,
  remark,
  supplier,
  taxRate,
} from './fields';
import { PURCHASING_MENU } from './request.entity';

/**
 * 采购开票: the registration of a supplier's invoice (fapiao) against receipt lines, matched three
 * ways (order price, received quantity, invoiced quantity). Approved, it is listed under 采购发票 and
 * posts a payable through the finance module.
 */
export const purchaseInvoice = defineEntity({
  name: 'PurchaseInvoice',
  label: { zh: '采购发票', en: 'Purchase invoices' },
  kind: 'document',
  table: 'purchase_invoice',
  key: 'Invoice_ID',
  menu: PURCHASING_MENU.makeInvoice,
  fields: {
    Doc_NO: docNo('开票单号', 'Invoice no.'),
    Doc_Date: docDate(),
    Supplier_ID: supplier(),
    Fapiao_NO: text({ zh: '发票号码', en: 'Fapiao no.' }, { max: 40, required: true, format: 'code' }),
    Receipt_ID: ref({ zh: '采购收货', en: 'Purchase receipt' }, 'PurchaseReceipt', 'Doc_NO', {
      displayAs: 'Receipt_NO',
      filterBy: { field: 'Supplier_ID', by: 'Supplier_ID' },
    }),
    Currency_ID: currency(),
    Exchange_Rate: exchangeRate(),
    Due_Date: date({ zh: '到期日', en: 'Due date' }),
    Total_Qty: qty('总数量', 'Total quantity', { readOnly: true, compute: { sum: ['Items', 'Qty'] } }),
    Total_Amount: money('不含税金额', 'Amount excl. tax', {
      readOnly: true,
      compute: { sum: ['Items', 'Amount'] },
    }),
    Total_Amount_With_Tax: money('含税金额', 'Amount incl. tax', { readOnly: true }),
    Has_Price_Diff: bool({ zh: '价格差异', en: 'Price difference' }, { readOnly: true }),
    Remark: remark(),
  },
  lines: {
    Items: {
      label: { zh: '开票明细', en: 'Lines' },
      maxRows: 500,
      fill: {
        label: { zh: '按收货带出', en: 'Fill from receipt' },
        path: '/PurchaseInvoice/FillLines',
        params: ['Receipt_ID'],
      },
      fields: {
        Receipt_ID: ref({ zh: '采购收货', en: 'Purchase receipt' }, 'PurchaseReceipt', 'Doc_NO', {
          required: true,
          displayAs: 'Receipt_NO',
        }),
        Receipt_Line_NO: lineNo('收货行号', 'Receipt line', true),
        Material_ID: material(true),
        Qty: qty('开票数量', 'Quantity', { required: true, min: '0' }),
        Unit_Price: price('不含税单价', 'Price excl. tax', { required: true }),
        Tax_Rate: taxRate(),
        Price_With_Tax: price('含税单价', 'Price incl. tax', { readOnly: true }),
        Amount: money('不含税金额', 'Amount excl. tax', {
          readOnly: true,
          compute: { product: ['Qty', 'Unit_Price'] },
        }),
        Amount_With_Tax: money('含税金额', 'Amount incl. tax', { readOnly: true }),
        Order_Price: price('订单单价', 'Order price', { readOnly: true }),
        Price_Diff: money('价差', 'Price difference', { readOnly: true, total: false }),
        Diff_Reason: text({ zh: '差异原因', en: 'Reason for difference' }, { max: 200 }),
      },
    },
  },
  display: 'Doc_NO',
  list: {
    search: ['Doc_NO', 'Fapiao_NO', 'Supplier_ID', 'Remark'],
    defaultSort: '-Doc_Date',
  },
  features: {
    approval: { dateField: 'Doc_Date' },
    numbering: { field: 'Doc_NO', prefix: 'PI', period: 'month', digits: 4 },
    print: true,
    attachments: true,
    tags: true,
    customFields: true,
  },
});
