import { datetime, decimal, defineEntity, enumOf, options, ref, text } from '@mes/model';
import { MACHINE_TYPES } from './machine.entity';

export const FAULT_CLASSES = options(
  [1, '机械', 'Mechanical'],
  [2, '电气', 'Electrical'],
  [3, '液压气动', 'Hydraulic / pneumatic'],
  [4, '模具', 'Mould'],
  [5, '控制系统', 'Control system'],
  [9, '其他', 'Other'],
);

/** The repair's life (logic/repairFlow.ts holds its transition table). */
export const REPAIR_STATUS = options(
  [1, '已报修', 'Reported'],
  [2, '已受理', 'Accepted'],
  [3, '维修中', 'In repair'],
  [4, '待验收', 'Awaiting acceptance'],
  [5, '已验收', 'Accepted and closed'],
  [9, '已取消', 'Cancelled'],
);

export const URGENCY = options([1, '一般', 'Normal'], [2, '紧急', 'Urgent'], [3, '停产', 'Line stopped']);

/** Where a request came from: a person, a spot check out of its limits, or a patrol finding. */
export const REQUEST_SOURCES = options(
  [1, '人工报修', 'Reported'],
  [2, '点检', 'Spot check'],
  [3, '巡检', 'Patrol'],
);

/** 故障类型: code, name in both languages, class. */
export const faultType = defineEntity({
  name: 'FaultType',
  label: { zh: '故障类型', en: 'Fault types' },
  kind: 'master',
  table: 'em_fault_type',
  key: 'Fault_Type_ID',
  menu: 'EM.faultType',
  fields: {
    Fault_Code: text({ zh: '故障编码', en: 'Fault code' }, { max: 30, required: true, unique: true }),
    Fault_Name: text({ zh: '故障名称', en: 'Fault name' }, { max: 60, required: true, bilingual: true }),
    Fault_Class: enumOf({ zh: '故障分类', en: 'Class' }, FAULT_CLASSES, { required: true, default: 1 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
  },
  display: 'Fault_Name',
  list: { defaultSort: 'Fault_Code' },
});

/** 报修: anyone reports a machine's symptom; the machine is down until the repair is accepted. */
export const repairRequest = defineEntity({
  name: 'RepairRequest',
  label: { zh: '报修', en: 'Repair requests' },
  kind: 'document',
  table: 'em_repair_request',
  key: 'Request_ID',
  menu: 'EM.repairRequest',
  fields: {
    Request_NO: text({ zh: '报修单号', en: 'Request no.' }, { max: 30, unique: true, readOnly: true }),
    Machine_ID: ref({ zh: '设备', en: 'Machine' }, 'Machine', 'Machine_Name', { required: true }),
    Symptom: text({ zh: '故障现象', en: 'Symptom' }, { max: 500, required: true, multiline: true }),
    Urgency: enumOf({ zh: '紧急程度', en: 'Urgency' }, URGENCY, { required: true, default: 1 }),
    Fault_Type_ID: ref({ zh: '故障类型', en: 'Fault type' }, 'FaultType', 'Fault_Name'),
    Request_Time: datetime({ zh: '报修时间', en: 'Reported at' }, { default: 'now' }),
    Source: enumOf({ zh: '来源', en: 'Source' }, REQUEST_SOURCES, { default: 1, readOnly: true }),
    Repair_Status: enumOf({ zh: '维修状态', en: 'Repair status' }, REPAIR_STATUS, {
      default: 1,
      readOnly: true,
    }),
  },
  display: 'Request_NO',
  list: { defaultSort: '-Request_ID' },
  // once maintenance has accepted it, the request is theirs: it changes through the repair
  allows: { edit: (r) => Number(r.Repair_Status) === 1, delete: (r) => Number(r.Repair_Status) === 1 },
  features: {
    attachments: true,
    numbering: { field: 'Request_NO', prefix: 'BX', period: 'month', digits: 4 },
  },
});

/** 维修: the work on a request — technician, diagnosis, downtime, parts from stock, labour, acceptance. */
export const machineRepair = defineEntity({
  name: 'MachineRepair',
  label: { zh: '维修', en: 'Repairs' },
  kind: 'document',
  table: 'em_repair',
  key: 'Repair_ID',
  menu: 'EM.machineRepair',
  fields: {
    Repair_NO: text({ zh: '维修单号', en: 'Repair no.' }, { max: 30, unique: true, readOnly: true }),
    Request_ID: ref({ zh: '报修单', en: 'Request' }, 'RepairRequest', 'Request_NO', { readOnly: true }),
    Machine_ID: ref({ zh: '设备', en: 'Machine' }, 'Machine', 'Machine_Name', { readOnly: true }),
    Repair_Status: enumOf({ zh: '维修状态', en: 'Repair status' }, REPAIR_STATUS, {
      default: 2,
      readOnly: true,
    }),
    Technician_ID: ref({ zh: '维修人', en: 'Technician' }, 'Users', 'User_Name'),
    Fault_Type_ID: ref({ zh: '故障类型', en: 'Fault type' }, 'FaultType', 'Fault_Name'),
    Down_Start: datetime({ zh: '停机开始', en: 'Down from' }),
    Down_End: datetime({ zh: '停机结束', en: 'Down until' }),
    Cause: text({ zh: '故障原因', en: 'Cause' }, { max: 500, multiline: true }),
    Solution: text({ zh: '解决方法', en: 'Solution' }, { max: 1000, multiline: true }),
    Outside_Supplier_ID: ref({ zh: '外修供应商', en: 'Outside repairer' }, 'Supplier', 'Short_Name', {
      hiddenInList: true,
    }),
    Outside_Cost: decimal({ zh: '外修费用', en: 'Outside cost' }, { min: '0', hiddenInList: true }),
    Accepted_By: ref({ zh: '验收人', en: 'Accepted by' }, 'Users', 'User_Name', {
      readOnly: true,
      displayAs: 'Accepted_By_Name',
    }),
    Accepted_At: datetime({ zh: '验收时间', en: 'Accepted at' }, { readOnly: true }),
  },
  lines: {
    Parts: {
      label: { zh: '备件领用', en: 'Parts used' },
      maxRows: 50,
      fields: {
        Material_ID: ref({ zh: '备件', en: 'Part' }, 'Material', 'Material_Name', { required: true }),
        Location_ID: ref({ zh: '库位', en: 'Location' }, 'Location', 'Location_Name', { required: true }),
        Qty: decimal({ zh: '数量', en: 'Quantity' }, { min: '0', required: true }),
      },
    },
    Labour: {
      label: { zh: '工时', en: 'Labour' },
      maxRows: 20,
      fields: {
        User_ID: ref({ zh: '人员', en: 'Person' }, 'Users', 'User_Name', { required: true }),
        Hours: decimal({ zh: '工时(小时)', en: 'Hours' }, { min: '0', required: true }),
      },
    },
  },
  display: 'Repair_NO',
  list: { defaultSort: '-Repair_ID' },
  // a finished repair has posted its parts: it changes only after the requester sends it back
  allows: { edit: (r) => Number(r.Repair_Status) < 4, delete: () => false },
  features: {
    attachments: true,
    numbering: { field: 'Repair_NO', prefix: 'WX', period: 'month', digits: 4 },
  },
});

export const EXPERIENCE_SOURCES = options(
  [1, '维修验收', 'Accepted repair'],
  [2, '手工录入', 'Entered by hand'],
);

/** 维修经验: what solved a fault, filled from accepted repairs and by hand; searched when a request is typed. */
export const repairExperience = defineEntity({
  name: 'RepairExperience',
  label: { zh: '维修经验', en: 'Repair knowledge' },
  kind: 'master',
  table: 'em_repair_experience',
  key: 'Experience_ID',
  menu: 'EM.repairExperience',
  fields: {
    Title: text({ zh: '标题', en: 'Title' }, { max: 100, required: true }),
    Machine_Type: enumOf({ zh: '设备类型', en: 'Machine type' }, MACHINE_TYPES),
    Machine_Group_ID: ref({ zh: '机台组', en: 'Machine group' }, 'MachineGroup', 'Group_Name'),
    Fault_Type_ID: ref({ zh: '故障类型', en: 'Fault type' }, 'FaultType', 'Fault_Name'),
    Symptom: text({ zh: '故障现象', en: 'Symptom' }, { max: 500, multiline: true }),
    Cause: text({ zh: '故障原因', en: 'Cause' }, { max: 500, multiline: true }),
    Solution: text({ zh: '解决方法', en: 'Solution' }, { max: 1000, required: true, multiline: true }),
    Source: enumOf({ zh: '来源', en: 'Source' }, EXPERIENCE_SOURCES, { default: 2, readOnly: true }),
    Repair_ID: ref({ zh: '维修单', en: 'Repair' }, 'MachineRepair', 'Repair_NO', { readOnly: true }),
  },
  display: 'Title',
  list: { defaultSort: '-Experience_ID', search: ['Title', 'Symptom', 'Cause', 'Solution'] },
});
