import { date, defineEntity, ref, text } from '@mes/model';
import { docDate, docNo, material, qty, remark, requestSource } from './fields';

export const PURCHASING_MENU = {
  request: 'stock.request',
  order: 'stock.order',
  receipt: 'stock.receipt',
  makeInvoice: 'stock.purchaseMakeInvoice',
  invoice: 'stock.purchaseInvoice',
} as const;

/**
 * 采购申请: what is needed, by when and why. Made by hand, from the below-safety-stock list or from a
 * production plan's shortages; approved requests become purchase orders (Ordered_Qty follows them).
 */
export const purchaseRequest = defineEntity({
  name: 'PurchaseRequest',
  label: { zh: '采购申请', en: 'Purchase requests' },
  kind: 'document',
  table: 'purchase_request',
  key: 'Request_ID',
  menu: PURCHASING_MENU.request,
  fields: {
    Doc_NO: docNo('申请单号', 'Request no.'),
    Doc_Date: docDate(),
    Source: requestSource(),
    Department_ID: ref({ zh: '申请部门', en: 'Department' }, 'Department', 'Dept_Name'),
    Plan_ID: ref({ zh: '生产计划', en: 'Production plan' }, 'ProducePlan', 'List_NO', {
      displayAs: 'Plan_List_NO',
      readOnly: true,
    }),
    Total_Qty: qty('总数量', 'Total quantity', { readOnly: true, compute: { sum: ['Items', 'Qty'] } }),
    Remark: remark(),
  },
  lines: {
    Items: {
      label: { zh: '申请明细', en: 'Lines' },
      maxRows: 500,
      fields: {
        Material_ID: material(),
        Qty: qty('申请数量', 'Quantity', { required: true, min: '0' }),
        Need_Date: date({ zh: '需求日期', en: 'Needed by' }, { required: true }),
        Reason: text({ zh: '申请原因', en: 'Reason' }, { max: 200 }),
        Ordered_Qty: qty('已下单数量', 'Ordered', { readOnly: true }),
      },
    },
  },
  display: 'Doc_NO',
  list: { search: ['Doc_NO', 'Remark'], defaultSort: '-Doc_Date' },
  features: {
    approval: true,
    numbering: { field: 'Doc_NO', prefix: 'PR', period: 'month', digits: 4 },
    print: true,
    attachments: true,
    tags: true,
    customFields: true,
  },
});
