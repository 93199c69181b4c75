import { bool, datetime, decimal, defineEntity, enumOf, int, options, ref, text } from '@mes/model';

/** Spec part 2 §4 offer statuses (logic/status.ts has the rules). */
export const OFFER_STATUSES = options(
  [1, '待处理', 'Pending'],
  [2, '已处理', 'Processed'],
  [3, '已拒绝', 'Rejected'],
  [4, '已通过', 'Passed'],
  [5, '逾期关闭', 'Overdue Closed'],
);

/**
 * A supplier's quotation for one round of one SOW. Written only by the server (release, next round,
 * the supplier portal, the award), hence read-only on the generic routes.
 */
export const offer = defineEntity({
  name: 'Offer',
  label: { zh: '供应商报价', en: 'Supplier quotations' },
  kind: 'log',
  key: 'Offer_ID',
  menu: 'SRM.offer',
  fields: {
    Offer_NO: text({ zh: '报价单号', en: 'Quotation no.' }, { max: 40, required: true, unique: true }),
    Sow_ID: ref({ zh: 'SOW', en: 'SOW' }, 'Sow', 'Sow_NO', { required: true }),
    Project_Name: text({ zh: '项目', en: 'Project' }, { max: 100 }),
    Supplier_ID: ref({ zh: '供应商', en: 'Supplier' }, 'Supplier', 'Short_Name', { required: true }),
    Round_NO: int({ zh: '报价轮次', en: 'Quotation round' }, { required: true, min: 1 }),
    Offer_Status: enumOf({ zh: '状态', en: 'Status' }, OFFER_STATUSES, { required: true, default: 1 }),
    Start_Time: datetime({ zh: '开始时间', en: 'Start time' }, { required: true }),
    End_Time: datetime({ zh: '截止时间', en: 'End time' }, { required: true }),
    LTA: decimal({ zh: 'LTA (%)', en: 'LTA (%)' }, { precision: 5, scale: 2, min: '0' }),
    QS: text({ zh: '质量标准 (QS)', en: 'QS' }, { max: 60 }),
    Project_Node: text({ zh: '项目节点', en: 'Project node' }, { max: 60 }),
    Currency_ID: ref({ zh: '币种', en: 'Currency' }, 'Currency', 'Currency_Name'),
    Total_Amount: decimal({ zh: '年度金额', en: 'Annual amount' }, { precision: 18, scale: 4 }),
    Tooling_Total: decimal({ zh: '模具费合计', en: 'Tooling total' }, { precision: 18, scale: 4 }),
    Revision: int({ zh: '提交次数', en: 'Submissions' }),
    Submitted_At: datetime({ zh: '提交时间', en: 'Submitted' }),
    Result_Msg: text({ zh: '结果说明', en: 'Result' }, { max: 500, hiddenInList: true }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  lines: {
    Items: {
      label: { zh: '报价明细', en: 'Quoted parts' },
      maxRows: 500,
      fields: {
        Item_NO: int({ zh: '项次', en: 'Item' }, { required: true, min: 1 }),
        Part_Number: text({ zh: '零件号', en: 'Part number' }, { max: 40 }),
        Part_Name: text({ zh: '零件名称', en: 'Part name' }, { max: 100 }),
        Unit_Price: decimal({ zh: '单价', en: 'Unit price' }, { precision: 18, scale: 4, min: '0' }),
        /** The supplier declines to quote this part (不报价): no price, never ranked. */
        Declined: bool({ zh: '不报价', en: 'No quote' }),
        Tooling_Cost: decimal({ zh: '模具费', en: 'Tooling cost' }, { precision: 18, scale: 4, min: '0' }),
        Lead_Time_Days: int({ zh: '交期（天）', en: 'Lead time (days)' }, { min: 0, max: 3650 }),
        MOQ: decimal({ zh: '最小起订量', en: 'MOQ' }, { precision: 18, scale: 4, min: '0' }),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
      },
    },
  },
  display: 'Offer_NO',
  list: { search: ['Offer_NO', 'Project_Name'] },
  features: { attachments: true },
});
