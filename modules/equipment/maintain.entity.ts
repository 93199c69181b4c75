import { bool, date, decimal, defineEntity, enumOf, int, options, ref, text } from '@mes/model';

/** A rule's cycle: by calendar (days, weeks, months) or by counter (run hours, shots). */
export const CYCLE_KINDS = options(
  [1, '天', 'Days'],
  [2, '周', 'Weeks'],
  [3, '月', 'Months'],
  [4, '运行小时', 'Run hours'],
  [5, '模次', 'Shots'],
);

export const COUNT_FROM = options([1, '固定日期', 'Fixed dates'], [2, '上次完成', 'Last completion']);

export const PLAN_STATUS = options(
  [1, '待保养', 'Open'],
  [2, '已完成', 'Done'],
  [3, '部分完成', 'Partly done'],
  [9, '已取消', 'Cancelled'],
);

export const ITEM_RESULTS = options([1, '合格', 'OK'], [2, '不合格', 'NG'], [3, '未做', 'Not done']);

/** 保养规则: what to do to a machine group or one machine, and how often. */
export const maintainRule = defineEntity({
  name: 'MaintainRule',
  label: { zh: '保养规则', en: 'Maintenance rules' },
  kind: 'master',
  table: 'em_maintain_rule',
  key: 'Rule_ID',
  menu: 'EM.maintainRule',
  fields: {
    Rule_Code: text({ zh: '规则编码', en: 'Rule code' }, { max: 30, required: true, unique: true }),
    Rule_Name: text({ zh: '规则名称', en: 'Rule name' }, { max: 60, required: true }),
    Machine_Group_ID: ref({ zh: '机台组', en: 'Machine group' }, 'MachineGroup', 'Group_Name'),
    Machine_ID: ref({ zh: '设备', en: 'Machine' }, 'Machine', 'Machine_Name'),
    Cycle_Kind: enumOf({ zh: '周期类型', en: 'Cycle' }, CYCLE_KINDS, { required: true, default: 1 }),
    Cycle_Value: int({ zh: '周期', en: 'Every' }, { min: 1, max: 10_000_000, required: true }),
    Tolerance: decimal({ zh: '容差', en: 'Tolerance' }, { min: '0', total: false }),
    Count_From: enumOf({ zh: '计算起点', en: 'Counted from' }, COUNT_FROM, { required: true, default: 1 }),
    Start_Date: date({ zh: '起始日期', en: 'Start date' }, { required: true, default: 'today' }),
    Lead_Days: int({ zh: '提前生成天数', en: 'Days ahead' }, { min: 0, max: 366 }),
    Assignee_ID: ref({ zh: '负责人', en: 'Assignee' }, 'Users', 'User_Name'),
    Takes_Offline: bool({ zh: '需停机', en: 'Takes machine offline' }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
  },
  lines: {
    Items: {
      label: { zh: '保养项目', en: 'Items' },
      maxRows: 50,
      fields: {
        Item_Name: text({ zh: '项目', en: 'Item' }, { max: 100, required: true }),
        Method: text({ zh: '方法', en: 'Method' }, { max: 200 }),
        Standard: text({ zh: '标准', en: 'Standard' }, { max: 200 }),
        Minutes: int({ zh: '用时(分)', en: 'Minutes' }, { min: 0, max: 10_000 }),
      },
    },
  },
  display: 'Rule_Name',
  list: { defaultSort: 'Rule_Code' },
});

/**
 * 保养计划: one occurrence of a rule on a machine, generated ahead by the background job. The key
 * rule:machine:due is unique, so two processes generating at once make it once.
 */
export const machineConserve = defineEntity({
  name: 'MachineConserve',
  label: { zh: '保养计划', en: 'Maintenance plans' },
  kind: 'master',
  table: 'em_maintain_plan',
  key: 'Plan_ID',
  menu: 'EM.machineConserve',
  fields: {
    Occurrence_Key: text(
      { zh: '计划键', en: 'Occurrence key' },
      {
        max: 80,
        unique: true,
        readOnly: true,
        hiddenInList: true,
      },
    ),
    Rule_ID: ref({ zh: '保养规则', en: 'Rule' }, 'MaintainRule', 'Rule_Name', { required: true }),
    Machine_ID: ref({ zh: '设备', en: 'Machine' }, 'Machine', 'Machine_Name', { required: true }),
    Due_Date: date({ zh: '计划日期', en: 'Due date' }),
    Due_Counter: decimal({ zh: '到期计数', en: 'Due at counter' }, { min: '0', total: false }),
    Assignee_ID: ref({ zh: '负责人', en: 'Assignee' }, 'Users', 'User_Name'),
    Plan_Status: enumOf({ zh: '计划状态', en: 'Status' }, PLAN_STATUS, { default: 1, readOnly: true }),
    Done_Date: date({ zh: '完成日期', en: 'Done on' }, { readOnly: true }),
  },
  display: 'Occurrence_Key',
  list: { defaultSort: 'Due_Date' },
  scopes: { Overdue: { zh: '已逾期', en: 'Overdue' } },
});

const partsLines = {
  label: { zh: '备件领用', en: 'Parts used' },
  maxRows: 50,
  fields: {
    Material_ID: ref({ zh: '备件', en: 'Part' }, 'Material', 'Material_Name', { required: true }),
    Location_ID: ref({ zh: '库位', en: 'Location' }, 'Location', 'Location_Name', { required: true }),
    Qty: decimal({ zh: '数量', en: 'Quantity' }, { min: '0', required: true }),
  },
};

/** 保养记录: the items done with their results, hours, and parts posted from stock when saved. */
export const maintainRecord = defineEntity({
  name: 'MaintainRecord',
  label: { zh: '保养记录', en: 'Maintenance records' },
  kind: 'document',
  table: 'em_maintain_record',
  key: 'Record_ID',
  menu: 'EM.maintainRecord',
  fields: {
    Record_NO: text({ zh: '记录单号', en: 'Record no.' }, { max: 30, unique: true, readOnly: true }),
    Plan_ID: ref({ zh: '保养计划', en: 'Plan' }, 'MachineConserve', 'Occurrence_Key'),
    Machine_ID: ref({ zh: '设备', en: 'Machine' }, 'Machine', 'Machine_Name', { required: true }),
    Done_Date: date({ zh: '保养日期', en: 'Done on' }, { required: true, default: 'today' }),
    Counter_At: decimal({ zh: '当时计数', en: 'Counter reading' }, { min: '0', total: false }),
    Hours: decimal({ zh: '工时(小时)', en: 'Hours' }, { min: '0' }),
    Is_Partial: bool({ zh: '部分完成', en: 'Partly done' }),
    Result: text({ zh: '结果说明', en: 'Result' }, { max: 500, multiline: true }),
  },
  lines: {
    Items: {
      label: { zh: '保养项目', en: 'Items' },
      maxRows: 50,
      fields: {
        Item_Name: text({ zh: '项目', en: 'Item' }, { max: 100, required: true }),
        Item_Result: enumOf({ zh: '结果', en: 'Result' }, ITEM_RESULTS, { required: true, default: 1 }),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
      },
    },
    Parts: partsLines,
  },
  display: 'Record_NO',
  list: { defaultSort: '-Record_ID' },
  features: {
    attachments: true,
    numbering: { field: 'Record_NO', prefix: 'BY', period: 'month', digits: 4 },
  },
});
