import { date, defineEntity, ref } from '@mes/model';
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
 * 采购订单: a supplier, its currency and rate; per line the price without and with tax, the tax rate
 * and the delivery date. Lines made from requests keep their source (Request_ID, Request_Line_NO);
 * receipts against a line add to its Received_Qty.
 */
export const purchaseOrder = defineEntity({
  name: 'PurchaseOrder',
  label: { zh: '采购订单', en: 'Purchase orders' },
  kind: 'document',
  table: 'purchase_order',
  key: 'Order_ID',
  menu: PURCHASING_MENU.order,
  fields: {
    Doc_NO: docNo('订单号', 'Order no.'),
    Doc_Date: docDate(),
    Supplier_ID: supplier(),
    Currency_ID: currency(),
    Exchange_Rate: exchangeRate(),
    Total_Qty: qty('总数量', 'Total quantity', { readOnly: true, compute: { sum: ['Items', 'Qty'] } }),
    Total_Amount: money('不含税金额', 'Amount excl. tax', {
      readOnly: true,
      compute: { sum: ['Items', 'Amount'] },
    }),
    Total_Amount_With_Tax: money('含税金额', 'Amount incl. tax', { readOnly: true }),
    Remark: remark(),
  },
  lines: {
    Items: {
      label: { zh: '订单明细', en: 'Lines' },
      maxRows: 500,
      fillfactor: 80,
      fields: {
        Material_ID: material(),
        Qty: qty('数量', 'Quantity', { required: true, min: '0' }),
        Unit_Price: price('不含税单价', 'Price excl. tax'),
        Tax_Rate: taxRate(),
        Price_With_Tax: price('含税单价', 'Price incl. tax'),
        Amount: money('不含税金额', 'Amount excl. tax', {
          readOnly: true,
          compute: { product: ['Qty', 'Unit_Price'] },
        }),
        Amount_With_Tax: money('含税金额', 'Amount incl. tax', { readOnly: true }),
        Delivery_Date: date({ zh: '交货日期', en: 'Delivery date' }, { required: true }),
        Request_ID: ref({ zh: '采购申请', en: 'Purchase request' }, 'PurchaseRequest', 'Doc_NO', {
          displayAs: 'Request_NO',
        }),
        Request_Line_NO: lineNo('申请行号', 'Request line'),
        Received_Qty: qty('已收货数量', 'Received', { readOnly: true }),
        Remark: remark(200),
      },
    },
  },
  display: 'Doc_NO',
  list: { search: ['Doc_NO', 'Supplier_ID', 'Remark'], defaultSort: '-Doc_Date' },
  features: {
    approval: { dateField: 'Doc_Date' },
    numbering: { field: 'Doc_NO', prefix: 'PO', period: 'month', digits: 4 },
    print: true,
    attachments: true,
    tags: true,
    customFields: true,
  },
});
