import { defineEntity, enumOf, int, options, ref, text } from '@mes/model';
import { customerField, docDate, price, qty, taxLineFields, totals } from './logic/fields';

export const DELIVERY_MENU = 'sales.delivery';

/** 1 a delivery takes stock out to the customer; 2 a return brings it back (both against order lines). */
export const DELIVERY_TYPE = { DELIVERY: 1, RETURN: 2 } as const;
export const DELIVERY_TYPES = options([1, '销售发货', 'Delivery'], [2, '销售退货', 'Return']);

/**
 * A sales delivery (销售发货) or return (销售退货) against approved order lines, partial as the goods
 * leave. Approval posts the stock issue (or the return's receipt) through inventory's posting.
 */
export const salesDelivery = defineEntity({
  name: 'SalesDelivery',
  label: { zh: '销售发货', en: 'Deliveries' },
  kind: 'document',
  table: 'sales_delivery',
  key: 'Delivery_ID',
  menu: DELIVERY_MENU,
  fields: {
    Delivery_NO: text({ zh: '发货单号', en: 'Delivery no.' }, { max: 30, readOnly: true, unique: true }),
    Delivery_Date: docDate('发货日期', 'Delivery date'),
    Delivery_Type: enumOf({ zh: '单据类型', en: 'Type' }, DELIVERY_TYPES, { required: true, default: 1 }),
    Customer_ID: customerField(),
    Warehouse_ID: ref({ zh: '仓库', en: 'Warehouse' }, 'Warehouse', 'Warehouse_Name'),
    Ship_To: text({ zh: '收货地址', en: 'Ship to' }, { max: 200, hiddenInList: true }),
    ...totals('Lines'),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true }),
  },
  lines: {
    Lines: {
      label: { zh: '发货明细', en: 'Delivery lines' },
      maxRows: 500,
      // what the customer's approved orders still wait for (fill.server.ts)
      fill: {
        label: { zh: '按订单带出', en: 'Fill from orders' },
        path: '/SalesDelivery/OpenLines',
        params: ['Customer_ID', 'Delivery_Type'],
      },
      context: {
        label: { zh: '现存量', en: 'On hand' },
        path: '/StockReport/OnHand',
        params: ['Material_ID', 'Location_ID'],
        when: { Delivery_Type: [DELIVERY_TYPE.DELIVERY] },
        qty: 'Qty',
      },
      fields: {
        Sales_Order_ID: ref({ zh: '销售订单', en: 'Sales order' }, 'SalesOrder', 'Order_NO', {
          required: true,
          displayAs: 'Order_NO',
        }),
        Order_Line_NO: int({ zh: '订单行号', en: 'Order line' }, { required: true, min: 1 }),
        // taken from the order line on save: a delivery ships what was ordered
        Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name', { readOnly: true }),
        Location_ID: ref({ zh: '库位', en: 'Location' }, 'Location', 'Location_Name', {
          required: true,
          filterBy: { field: 'Warehouse_ID', by: 'Warehouse_ID' },
        }),
        Batch_NO: text({ zh: '批次号', en: 'Batch number' }, { max: 40, format: 'code' }),
        Qty: qty('数量', 'Quantity', { required: true, min: '0' }),
        Unit_Price: price('单价', 'Unit price', { readOnly: true }),
        ...taxLineFields(),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
      },
    },
  },
  display: 'Delivery_NO',
  list: {
    columns: [
      'Delivery_NO',
      'Delivery_Type',
      'Delivery_Date',
      'Customer_ID',
      'Warehouse_ID',
      'Total_Qty',
      'Total_Amount',
      'Total_With_Tax',
      'Remark',
    ],
    search: ['Delivery_NO', 'Customer_ID', 'Remark'],
    defaultSort: '-Delivery_Date',
  },
  features: {
    approval: { dateField: 'Delivery_Date' },
    numbering: { field: 'Delivery_NO', prefix: 'DN', period: 'month', digits: 4 },
    print: { titleBy: 'Delivery_Type' },
    attachments: true,
    tags: true,
    customFields: true,
  },
});
