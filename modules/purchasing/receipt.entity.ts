import { defineEntity, enumOf, ref, text } from '@mes/model';
import {
  docDate,
  docNo,
  lineNo,
  material,
  money,
  price,
  qty,
  RECEIPT_TYPES,
  remark,
  supplier,
} from './fields';
import { PURCHASING_MENU } from './request.entity';

/**
 * 采购收货 / 采购退货: against order lines of one supplier. Approval posts the stock (a receipt in at
 * the order price in base currency, a return out) through inventory's postings; invoices against a
 * receipt line add to its Invoiced_Qty, and an invoiced receipt cannot be unapproved.
 */
export const purchaseReceipt = defineEntity({
  name: 'PurchaseReceipt',
  label: { zh: '采购收货', en: 'Purchase receipts' },
  kind: 'document',
  table: 'purchase_receipt',
  key: 'Receipt_ID',
  menu: PURCHASING_MENU.receipt,
  fields: {
    Doc_NO: docNo('收货单号', 'Receipt no.'),
    Doc_Date: docDate(),
    Receipt_Type: enumOf({ zh: '类型', en: 'Type' }, RECEIPT_TYPES, { required: true, default: 1 }),
    Supplier_ID: supplier(),
    // the order the 按订单带出 button fills the lines from; each line names its own order line
    Order_ID: ref({ zh: '采购订单', en: 'Purchase order' }, 'PurchaseOrder', 'Doc_NO', {
      displayAs: 'Order_NO',
      filterBy: { field: 'Supplier_ID', by: 'Supplier_ID' },
    }),
    Warehouse_ID: ref({ zh: '仓库', en: 'Warehouse' }, 'Warehouse', 'Warehouse_Name'),
    Delivery_NO: text({ zh: '送货单号', en: 'Delivery note no.' }, { max: 40 }),
    Total_Qty: qty('总数量', 'Total quantity', { readOnly: true, compute: { sum: ['Items', 'Qty'] } }),
    Total_Amount: money('金额', 'Amount', { readOnly: true }),
    Remark: remark(),
  },
  lines: {
    Items: {
      label: { zh: '收货明细', en: 'Lines' },
      maxRows: 500,
      fillfactor: 80,
      fill: {
        label: { zh: '按订单带出', en: 'Fill from order' },
        path: '/PurchaseReceipt/FillLines',
        params: ['Order_ID', 'Receipt_Type'],
      },
      fields: {
        Order_ID: ref({ zh: '采购订单', en: 'Purchase order' }, 'PurchaseOrder', 'Doc_NO', {
          required: true,
          displayAs: 'Order_NO',
        }),
        Order_Line_NO: lineNo('订单行号', 'Order line', true),
        Material_ID: material(true),
        Location_ID: ref({ zh: '库位', en: 'Location' }, 'Location', 'Location_Name', {
          required: true,
          filterBy: { field: 'Warehouse_ID', by: 'Warehouse_ID' },
        }),
        Batch_NO: text({ zh: '批次号', en: 'Batch number' }, { max: 40, format: 'code' }),
        Qty: qty('数量', 'Quantity', { required: true, min: '0' }),
        Unit_Price: price('入库单价', 'Unit cost', { readOnly: true }),
        Amount: money('金额', 'Amount', { readOnly: true }),
        Invoiced_Qty: qty('已开票数量', 'Invoiced', { readOnly: true }),
        Remark: remark(200),
      },
    },
  },
  display: 'Doc_NO',
  list: { search: ['Doc_NO', 'Delivery_NO', 'Supplier_ID', 'Remark'], defaultSort: '-Doc_Date' },
  features: {
    approval: { dateField: 'Doc_Date' },
    numbering: { field: 'Doc_NO', prefix: 'PRC', period: 'month', digits: 4 },
    print: { titleBy: 'Receipt_Type' },
    attachments: true,
    tags: true,
    customFields: true,
  },
});
