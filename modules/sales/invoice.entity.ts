import { date, defineEntity, int, ref, text } from '@mes/model';
import { currencyFields, customerField, docDate, price, qty, taxLineFields, totals } from './logic/fields';

/** 销售开票 registers the invoice; approved, it is listed under 销售发票 (the spec's route rewrite). */
export const MAKE_INVOICE_MENU = 'sales.gatheringMakeInvoice';
export const INVOICE_MENU = 'sales.gatheringInvoice';

/**
 * A sales invoice (销售开票 → 销售发票): the delivered lines billed to the customer, with the fapiao
 * number. Invoiced never exceeds delivered per delivery line; approval posts the receivable.
 */
export const salesInvoice = defineEntity({
  name: 'SalesInvoice',
  label: { zh: '销售开票', en: 'Sales invoicing' },
  kind: 'document',
  table: 'sales_invoice',
  key: 'Invoice_ID',
  menu: MAKE_INVOICE_MENU,
  fields: {
    Invoice_NO: text({ zh: '开票单号', en: 'Invoice no.' }, { max: 30, readOnly: true, unique: true }),
    Invoice_Date: docDate('开票日期', 'Invoice date'),
    Customer_ID: customerField(),
    Fapiao_NO: text({ zh: '发票号码', en: 'Fapiao no.' }, { max: 40 }),
    Due_Date: date({ zh: '到期日', en: 'Due date' }),
    ...currencyFields(),
    ...totals('Lines'),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true }),
  },
  lines: {
    Lines: {
      label: { zh: '开票明细', en: 'Invoice lines' },
      maxRows: 500,
      // the customer's approved deliveries not invoiced yet (fill.server.ts)
      fill: {
        label: { zh: '按发货带出', en: 'Fill from deliveries' },
        path: '/SalesInvoice/OpenLines',
        params: ['Customer_ID'],
      },
      fields: {
        Delivery_ID: ref({ zh: '发货单', en: 'Delivery' }, 'SalesDelivery', 'Delivery_NO', {
          required: true,
          displayAs: 'Delivery_NO',
        }),
        Delivery_Line_NO: int({ zh: '发货行号', en: 'Delivery line' }, { required: true, min: 1 }),
        Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name', { readOnly: true }),
        Qty: qty('数量', 'Quantity', { required: true, min: '0' }),
        Unit_Price: price('单价', 'Unit price', { readOnly: true }),
        ...taxLineFields(),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
      },
    },
  },
  display: 'Invoice_NO',
  list: {
    columns: [
      'Invoice_NO',
      'Invoice_Date',
      'Customer_ID',
      'Fapiao_NO',
      'Due_Date',
      'Total_Qty',
      'Total_Amount',
      'Total_Tax',
      'Total_With_Tax',
      'Remark',
    ],
    search: ['Invoice_NO', 'Fapiao_NO', 'Customer_ID', 'Remark'],
    defaultSort: '-Invoice_Date',
  },
  features: {
    approval: { dateField: 'Invoice_Date' },
    numbering: { field: 'Invoice_NO', prefix: 'SI', period: 'month', digits: 4 },
    print: true,
    attachments: true,
    tags: true,
    customFields: true,
  },
});
