import { date, decimal, defineEntity, enumOf, options, ref, text } from '@mes/model';

export const OPPORTUNITY_MENU = 'sales.opportunity';

/** The spec's opportunity states; 4 (deal) is reached only through the Deal action, which makes the order. */
export const OPP_STATUS = { FOLLOWING: 1, ABANDONED: 2, PROJECT: 3, DEAL: 4 } as const;
export const OPP_STATUSES = options(
  [1, '跟进中', 'Following'],
  [2, '已放弃', 'Abandoned'],
  [3, '已立项', 'Project set up'],
  [4, '已成交', 'Deal'],
);

/** A business opportunity (商机): a customer's expected order, followed by its owner until it is won or lost. */
export const opportunity = defineEntity({
  name: 'SalesOpportunity',
  label: { zh: '商机', en: 'Opportunities' },
  kind: 'document',
  table: 'sales_opportunity',
  key: 'Opp_ID',
  menu: OPPORTUNITY_MENU,
  fields: {
    Opp_NO: text({ zh: '商机编号', en: 'Opportunity no.' }, { max: 30, readOnly: true, unique: true }),
    Opp_Name: text({ zh: '商机名称', en: 'Opportunity' }, { max: 100, required: true }),
    Customer_ID: ref({ zh: '客户', en: 'Customer' }, 'Customer', 'Short_Name', {
      required: true,
      displayAs: 'Customer_Name',
    }),
    Opp_Status: enumOf({ zh: '商机状态', en: 'Status' }, OPP_STATUSES, { required: true, default: 1 }),
    Expected_Amount: decimal(
      { zh: '预计金额', en: 'Expected amount' },
      { precision: 18, scale: 2, min: '0' },
    ),
    Expected_Date: date({ zh: '预计成交日期', en: 'Expected date' }),
    Owner_ID: ref({ zh: '负责人', en: 'Owner' }, 'Users', 'User_Name', { displayAs: 'Owner_Name' }),
    Material_ID: ref({ zh: '意向产品', en: 'Product' }, 'Material', 'Material_Name', { hiddenInList: true }),
    Qty: decimal(
      { zh: '意向数量', en: 'Quantity' },
      { precision: 18, scale: 4, min: '0', hiddenInList: true },
    ),
    Sales_Order_ID: ref({ zh: '销售订单', en: 'Sales order' }, 'SalesOrder', 'Order_NO', {
      readOnly: true,
      displayAs: 'Order_NO',
    }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true }),
  },
  display: 'Opp_Name',
  list: { search: ['Opp_NO', 'Opp_Name', 'Remark'], defaultSort: '-Opp_ID' },
  features: {
    numbering: { field: 'Opp_NO', prefix: 'OP', period: 'month', digits: 4 },
    attachments: true,
    tags: true,
    customFields: true,
  },
  // a deal is closed by its order: the opportunity stays as it was won
  allows: { edit: (r) => Number(r.Opp_Status) !== OPP_STATUS.DEAL },
});
