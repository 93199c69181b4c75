import { date, defineEntity, ref, text } from '@mes/model';
import { currencyFields, customerField, docDate, price, qty, taxLineFields, totals } from './logic/fields';

export const ORDER_MENU = 'sales.order';

/**
 * A sales order (销售订单): what the customer ordered, at what price and tax, delivered by when.
 * Approval makes it binding: deliveries are made only against approved orders' lines.
 */
export const salesOrder = defineEntity({
  name: 'SalesOrder',
  label: { zh: '销售订单', en: 'Sales orders' },
  kind: 'document',
  table: 'sales_order',
  key: 'Sales_Order_ID',
  menu: ORDER_MENU,
  fields: {
    Order_NO: text({ zh: '订单编号', en: 'Order no.' }, { max: 30, readOnly: true, unique: true }),
    Order_Date: docDate('订单日期', 'Order date'),
    Customer_ID: customerField(),
    Customer_PO: text({ zh: '客户订单号', en: 'Customer PO' }, { max: 40 }),
    Salesman_ID: ref({ zh: '业务员', en: 'Salesman' }, 'Users', 'User_Name', { displayAs: 'Salesman_Name' }),
    ...currencyFields(),
    Opp_ID: ref({ zh: '商机', en: 'Opportunity' }, 'SalesOpportunity', 'Opp_NO', {
      readOnly: true,
      hiddenInList: true,
      displayAs: 'Opp_NO',
    }),
    ...totals('Lines'),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true }),
  },
  lines: {
    Lines: {
      label: { zh: '订单明细', en: 'Order lines' },
      maxRows: 500,
      fields: {
        Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name', { required: true }),
        Qty: qty('数量', 'Quantity', { required: true, min: '0' }),
        // empty: the last price this customer paid for the material (order.server.ts)
        Unit_Price: price('单价', 'Unit price'),
        ...taxLineFields(),
        Delivery_Date: date({ zh: '交货日期', en: 'Delivery date' }),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
      },
    },
  },
  display: 'Order_NO',
  list: {
    columns: [
      'Order_NO',
      'Order_Date',
      'Customer_ID',
      'Customer_PO',
      'Salesman_ID',
      'Total_Qty',
      'Total_Amount',
      'Total_Tax',
      'Total_With_Tax',
      'Remark',
    ],
    search: ['Order_NO', 'Customer_PO', 'Customer_ID', 'Remark'],
    defaultSort: '-Order_Date',
  },
  features: {
    approval: { dateField: 'Order_Date' },
    numbering: { field: 'Order_NO', prefix: 'SO', period: 'month', digits: 4 },
    print: true,
    attachments: true,
    tags: true,
    customFields: true,
  },
});
