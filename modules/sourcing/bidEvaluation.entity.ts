import { date, decimal, defineEntity, enumOf, int, options, ref, text } from '@mes/model';

export const AWARD_MODES = options([1, '按零件定标', 'Per part'], [2, '整包定标', 'Whole SOW']);
/** Spec part 2 §4: bid evaluation is Pending until its award is approved, then Processed. */
export const EVAL_STATUSES = options([1, '待处理', 'Pending'], [2, '已处理', 'Processed']);

const score = (zh: string, en: string) =>
  decimal(
    { zh, en },
    { precision: 5, scale: 2, min: '0', help: { zh: '0–100，越高越好', en: '0 to 100, higher is better' } },
  );

/** Document approval of an award: which supplier gets which part row, with the weighted score behind it. */
export const bidEvaluation = defineEntity({
  name: 'BidEvaluation',
  label: { zh: '评标', en: 'Bid evaluation' },
  kind: 'document',
  key: 'Bid_ID',
  menu: 'SRM.bidEvaluation',
  fields: {
    Bid_NO: text({ zh: '评标单号', en: 'Evaluation no.' }, { max: 30, unique: true, readOnly: true }),
    Sow_ID: ref({ zh: 'SOW', en: 'SOW' }, 'Sow', 'Sow_NO', { required: true }),
    Project_Name: text({ zh: '项目', en: 'Project' }, { max: 100, readOnly: true }),
    Round_NO: int({ zh: '定标轮次', en: 'Round' }, { readOnly: true }),
    Award_Mode: enumOf({ zh: '定标方式', en: 'Award' }, AWARD_MODES, { required: true, default: 1 }),
    Price_Weight: decimal(
      { zh: '价格权重', en: 'Price weight' },
      { precision: 5, scale: 2, min: '0', required: true },
    ),
    Quality_Weight: decimal(
      { zh: '质量权重', en: 'Quality weight' },
      { precision: 5, scale: 2, min: '0', required: true },
    ),
    Delivery_Weight: decimal(
      { zh: '交付权重', en: 'Delivery weight' },
      { precision: 5, scale: 2, min: '0', required: true },
    ),
    Risk_Weight: decimal(
      { zh: '风险权重', en: 'Risk weight' },
      { precision: 5, scale: 2, min: '0', required: true },
    ),
    Eval_Status: enumOf({ zh: '评标状态', en: 'Evaluation status' }, EVAL_STATUSES, {
      readOnly: true,
      default: 1,
    }),
    Award_Date: date({ zh: '定标日期', en: 'Award date' }),
    Annual_Amount: decimal(
      { zh: '定标年度金额', en: 'Awarded annual amount' },
      { precision: 18, scale: 4, readOnly: true },
    ),
    Remark: text({ zh: '评标意见', en: 'Comments' }, { max: 1000, multiline: true }),
  },
  lines: {
    Awards: {
      label: { zh: '定标结果', en: 'Awards' },
      maxRows: 500,
      fields: {
        Item_NO: int({ zh: '项次', en: 'Item' }, { required: true, min: 1 }),
        Part_Number: text({ zh: '零件号', en: 'Part number' }, { max: 40, readOnly: true }),
        Supplier_ID: ref({ zh: '中标供应商', en: 'Awarded supplier' }, 'Supplier', 'Short_Name', {
          required: true,
        }),
        Offer_ID: ref({ zh: '报价单', en: 'Quotation' }, 'Offer', 'Offer_NO', { readOnly: true }),
        Unit_Price: decimal(
          { zh: '定标单价', en: 'Awarded price' },
          { precision: 18, scale: 4, readOnly: true },
        ),
        Tooling_Cost: decimal(
          { zh: '模具费', en: 'Tooling cost' },
          { precision: 18, scale: 4, readOnly: true },
        ),
        Reason: text({ zh: '定标理由', en: 'Reason' }, { max: 200 }),
      },
    },
    Scores: {
      label: { zh: '综合评分', en: 'Scores' },
      maxRows: 50,
      fields: {
        Supplier_ID: ref({ zh: '供应商', en: 'Supplier' }, 'Supplier', 'Short_Name', { required: true }),
        Quality_Score: score('质量得分', 'Quality'),
        Delivery_Score: score('交付得分', 'Delivery'),
        Risk_Score: score('风险得分', 'Risk'),
        Price_Score: decimal({ zh: '价格得分', en: 'Price' }, { precision: 7, scale: 2, readOnly: true }),
        Total_Score: decimal(
          { zh: '综合得分', en: 'Total score' },
          { precision: 7, scale: 2, readOnly: true },
        ),
      },
    },
  },
  display: 'Bid_NO',
  list: {
    columns: [
      'Bid_NO',
      'Sow_ID',
      'Project_Name',
      'Round_NO',
      'Award_Mode',
      'Eval_Status',
      'Award_Date',
      'Annual_Amount',
    ],
  },
  features: {
    approval: true,
    attachments: true,
    print: true,
    numbering: { field: 'Bid_NO', prefix: 'BE', period: 'year', digits: 4 },
  },
});

/** What a material was bought for: one row per award (immutable; a new award adds a row). */
export const materialPriceHistory = defineEntity({
  name: 'MaterialPriceHistory',
  label: { zh: '物料价格历史', en: 'Material price history' },
  kind: 'log',
  table: 'material_price_history',
  menu: 'SRM.bidEvaluation',
  fields: {
    Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name'),
    Part_Number: text({ zh: '零件号', en: 'Part number' }, { max: 40, required: true }),
    Supplier_ID: ref({ zh: '供应商', en: 'Supplier' }, 'Supplier', 'Short_Name', { required: true }),
    Unit_Price: decimal({ zh: '单价', en: 'Unit price' }, { precision: 18, scale: 4, required: true }),
    Tooling_Cost: decimal({ zh: '模具费', en: 'Tooling cost' }, { precision: 18, scale: 4 }),
    Currency_ID: ref({ zh: '币种', en: 'Currency' }, 'Currency', 'Currency_Name'),
    Valid_From: date({ zh: '生效日期', en: 'Valid from' }, { required: true }),
    Sow_ID: ref({ zh: 'SOW', en: 'SOW' }, 'Sow', 'Sow_NO'),
    Bid_ID: ref({ zh: '评标单', en: 'Bid evaluation' }, 'BidEvaluation', 'Bid_NO'),
  },
  display: 'Part_Number',
  list: { defaultSort: '-Valid_From' },
});
