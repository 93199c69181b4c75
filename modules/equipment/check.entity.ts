import { datetime, decimal, defineEntity, enumOf, options, ref, text } from '@mes/model';

export const VALUE_KINDS = options([1, '数值', 'Number'], [2, 'OK/NG', 'OK/NG']);
export const CHECK_RESULTS = options([1, 'OK', 'OK'], [2, 'NG', 'NG']);

/** 点检项目: what to check, how, and its limits (numbers) or OK/NG; the fault type a failure reports. */
export const portalItem = defineEntity({
  name: 'PortalItem',
  label: { zh: '点检项目', en: 'Check items' },
  kind: 'master',
  table: 'em_portal_item',
  key: 'Portal_Item_ID',
  menu: 'EM.portalItem',
  fields: {
    Item_Code: text({ zh: '项目编码', en: 'Item code' }, { max: 30, required: true, unique: true }),
    Item_Name: text({ zh: '项目名称', en: 'Item name' }, { max: 60, required: true }),
    Method: text({ zh: '方法', en: 'Method' }, { max: 200 }),
    Standard: text({ zh: '标准', en: 'Standard' }, { max: 200 }),
    Value_Kind: enumOf({ zh: '值类型', en: 'Value kind' }, VALUE_KINDS, { required: true, default: 1 }),
    Lower_Limit: decimal({ zh: '下限', en: 'Lower limit' }, { total: false }),
    Upper_Limit: decimal({ zh: '上限', en: 'Upper limit' }, { total: false }),
    Unit_Name: text({ zh: '单位', en: 'Unit' }, { max: 20 }),
    Fault_Type_ID: ref({ zh: '故障类型', en: 'Fault type' }, 'FaultType', 'Fault_Name'),
  },
  display: 'Item_Name',
  list: { defaultSort: 'Item_Code' },
});

/** 点检计划: the items to check on a machine in a shift. */
export const portalPlan = defineEntity({
  name: 'PortalPlan',
  label: { zh: '点检计划', en: 'Check plans' },
  kind: 'master',
  table: 'em_portal_plan',
  key: 'Portal_Plan_ID',
  menu: 'EM.portalPlan',
  fields: {
    Plan_Name: text({ zh: '计划名称', en: 'Plan name' }, { max: 60, required: true }),
    Machine_ID: ref({ zh: '设备', en: 'Machine' }, 'Machine', 'Machine_Name', { required: true }),
    Shift_ID: ref({ zh: '班次', en: 'Shift' }, 'WorkShift', 'Shift_Name'),
    Checker_ID: ref({ zh: '点检人', en: 'Checker' }, 'Users', 'User_Name'),
  },
  lines: {
    Items: {
      label: { zh: '点检项目', en: 'Check items' },
      maxRows: 50,
      fields: {
        Portal_Item_ID: ref({ zh: '点检项目', en: 'Check item' }, 'PortalItem', 'Item_Name', {
          required: true,
        }),
      },
    },
  },
  display: 'Plan_Name',
  list: { defaultSort: 'Plan_Name' },
});

/** 点检记录: the values read; an out-of-limit value or NG opens a repair request when saved. */
export const portalRecord = defineEntity({
  name: 'PortalRecord',
  label: { zh: '点检记录', en: 'Check records' },
  kind: 'document',
  table: 'em_portal_record',
  key: 'Portal_Record_ID',
  menu: 'EM.portalRecord',
  fields: {
    Machine_ID: ref({ zh: '设备', en: 'Machine' }, 'Machine', 'Machine_Name', { required: true }),
    Portal_Plan_ID: ref({ zh: '点检计划', en: 'Check plan' }, 'PortalPlan', 'Plan_Name'),
    Check_Time: datetime({ zh: '点检时间', en: 'Checked at' }, { required: true, default: 'now' }),
    Shift_ID: ref({ zh: '班次', en: 'Shift' }, 'WorkShift', 'Shift_Name'),
    Check_Result: enumOf({ zh: '结论', en: 'Result' }, CHECK_RESULTS, { readOnly: true }),
    Request_ID: ref({ zh: '报修单', en: 'Repair request' }, 'RepairRequest', 'Request_NO', {
      readOnly: true,
    }),
  },
  lines: {
    Items: {
      label: { zh: '点检项目', en: 'Check items' },
      maxRows: 50,
      fields: {
        Portal_Item_ID: ref({ zh: '点检项目', en: 'Check item' }, 'PortalItem', 'Item_Name', {
          required: true,
        }),
        Value: decimal({ zh: '测量值', en: 'Value' }, { total: false }),
        Item_Result: enumOf({ zh: 'OK/NG', en: 'OK/NG' }, CHECK_RESULTS),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
      },
    },
  },
  display: 'Check_Time',
  list: { defaultSort: '-Portal_Record_ID' },
});

/** 巡检记录: a round through an area; a finding may open a repair request. */
export const patrolRecord = defineEntity({
  name: 'PatrolRecord',
  label: { zh: '巡检记录', en: 'Patrol records' },
  kind: 'document',
  table: 'em_patrol_record',
  key: 'Patrol_ID',
  menu: 'EM.patrolRecord',
  fields: {
    Area: text({ zh: '巡检区域', en: 'Area' }, { max: 60, required: true }),
    Patrol_Time: datetime({ zh: '巡检时间', en: 'Patrolled at' }, { required: true, default: 'now' }),
    Patroller_ID: ref({ zh: '巡检人', en: 'Patroller' }, 'Users', 'User_Name'),
    Summary: text({ zh: '总结', en: 'Summary' }, { max: 500, multiline: true }),
  },
  lines: {
    Findings: {
      label: { zh: '发现问题', en: 'Findings' },
      maxRows: 50,
      fields: {
        Machine_ID: ref({ zh: '设备', en: 'Machine' }, 'Machine', 'Machine_Name'),
        Finding: text({ zh: '问题描述', en: 'Finding' }, { max: 300, required: true }),
        Open_Request: enumOf(
          { zh: '报修', en: 'Report repair' },
          options([1, '否', 'No'], [2, '是', 'Yes']),
          {
            default: 1,
          },
        ),
      },
    },
  },
  display: 'Area',
  list: { defaultSort: '-Patrol_ID' },
  features: { attachments: true },
});
