import { date, datetime, decimal, defineEntity, enumOf, int, options, ref, text } from '@mes/model';

/** SOW life cycle (logic/status.ts); the document State follows: 1 while draft, 3 once released, 9 closed. */
export const SOW_STATUSES = options(
  [1, '草稿', 'Draft'],
  [2, '报价中', 'Quoting'],
  [3, '本轮已截止', 'Round closed'],
  [4, '已定标', 'Awarded'],
  [9, '已结案', 'Closed'],
);

export const sow = defineEntity({
  name: 'Sow',
  label: { zh: '工作说明书 (SOW)', en: 'Statement of work (SOW)' },
  kind: 'document',
  key: 'Sow_ID',
  menu: 'SRM.sow',
  fields: {
    Sow_NO: text({ zh: 'SOW 编号', en: 'SOW no.' }, { max: 30, unique: true, readOnly: true }),
    Project_Name: text({ zh: '项目名称', en: 'Project name' }, { max: 100, required: true }),
    Vehicle_Model: text({ zh: '车型', en: 'Vehicle model' }, { max: 60 }),
    Currency_ID: ref({ zh: '币种', en: 'Currency' }, 'Currency', 'Currency_Name', { required: true }),
    Factory_ID: ref({ zh: '工厂', en: 'Factory' }, 'Factory', 'Factory_Name'),
    Customer_LTA: decimal(
      { zh: '客户 LTA (%)', en: 'Customer LTA (%)' },
      { precision: 5, scale: 2, min: '0', hiddenInList: true },
    ),
    Supplier_LTA: decimal(
      { zh: '供应商 LTA (%)', en: 'Supplier LTA (%)' },
      { precision: 5, scale: 2, min: '0', hiddenInList: true },
    ),
    QS: text({ zh: '质量标准 (QS)', en: 'QS' }, { max: 60, hiddenInList: true }),
    Tooling_Payment_Term: text(
      { zh: '模具付款条件', en: 'Tooling payment term' },
      { max: 100, hiddenInList: true },
    ),
    Customer_PO_NO: text({ zh: '客户 PO 号', en: 'Customer PO no.' }, { max: 60, hiddenInList: true }),
    Life_Time_Years: int(
      { zh: '客户生命周期（年）', en: 'Customer life time (years)' },
      { min: 1, max: 30, required: true },
    ),
    Offer_Rounds: int({ zh: '计划报价轮次', en: 'Offer rounds' }, { min: 1, max: 10, required: true }),
    As_Of_Date: date({ zh: '基准日期', en: 'As-of date' }),
    Buyer_ID: ref({ zh: '采购员', en: 'Buyer' }, 'Users', 'User_Name'),
    Sow_Status: enumOf({ zh: 'SOW 状态', en: 'SOW status' }, SOW_STATUSES, { readOnly: true, default: 1 }),
    Current_Round: int({ zh: '当前轮次', en: 'Current round' }, { readOnly: true }),
    Round_Start: datetime({ zh: '本轮开始时间', en: 'Round start' }, { readOnly: true }),
    Round_End: datetime({ zh: '本轮截止时间', en: 'Round end' }, { readOnly: true }),
    Close_Reason: text(
      { zh: '结案原因', en: 'Close reason' },
      { max: 500, readOnly: true, hiddenInList: true },
    ),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  lines: {
    Parts: {
      label: { zh: '零件清单', en: 'Part rows' },
      maxRows: 500,
      fields: {
        Item_NO: int({ zh: '项次', en: 'Item' }, { required: true, min: 1, max: 9999 }),
        Part_Number: text({ zh: '零件号', en: 'Part number' }, { max: 40, required: true }),
        Part_Name: text({ zh: '零件名称', en: 'Part name' }, { max: 100, required: true }),
        Drawing_NO: text({ zh: '图纸号', en: 'Drawing no.' }, { max: 60 }),
        Unit_ID: ref({ zh: '单位', en: 'Unit' }, 'Unit', 'Unit_Name'),
        Assembly: text({ zh: '总成', en: 'Assembly' }, { max: 60 }),
        Annual_Qty: decimal(
          { zh: '年用量', en: 'Annual consumption' },
          { precision: 18, scale: 4, min: '0', required: true },
        ),
        QC: text({ zh: '质量要求', en: 'QC' }, { max: 60 }),
        Tooling: text({ zh: '模具', en: 'Tooling' }, { max: 60 }),
        Target_Price: decimal({ zh: '目标单价', en: 'Unit price' }, { precision: 18, scale: 4, min: '0' }),
        CAV: int({ zh: '穴数', en: 'CAV' }, { min: 1, max: 999 }),
        Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name'),
      },
    },
    Suppliers: {
      label: { zh: '邀请供应商', en: 'Invited suppliers' },
      maxRows: 50,
      fields: {
        Supplier_ID: ref({ zh: '供应商', en: 'Supplier' }, 'Supplier', 'Short_Name', { required: true }),
      },
    },
  },
  display: 'Sow_NO',
  list: {
    columns: [
      'Sow_NO',
      'Project_Name',
      'Vehicle_Model',
      'Currency_ID',
      'Factory_ID',
      'Offer_Rounds',
      'Current_Round',
      'Round_End',
      'Sow_Status',
      'Buyer_ID',
    ],
    search: ['Sow_NO', 'Project_Name', 'Vehicle_Model', 'Customer_PO_NO'],
  },
  features: {
    tags: true,
    attachments: true,
    customFields: true,
    print: true,
    numbering: { field: 'Sow_NO', prefix: 'SOW', period: 'year', digits: 4 },
  },
});
