import { bool, date, datetime, decimal, defineEntity, enumOf, int, options, ref, text } from '@mes/model';

/** The spec's seven equipment statuses (spec part 1 §4), word for word. */
export const MACHINE_STATUS = options(
  [1, '未启用', 'Not enabled'],
  [2, '使用中', 'In use'],
  [3, '租出', 'Rented out'],
  [4, '停用', 'Disabled'],
  [5, '封存', 'Sealed'],
  [6, '报废', 'Scrapped'],
  [7, '已售', 'Sold'],
);

/** Moulds and tooling are machines of their own type: they count shots, a machine counts hours. */
export const MACHINE_TYPES = options([1, '设备', 'Machine'], [2, '模具', 'Mould'], [3, '工装', 'Tooling']);

/** 设备档案: one machine, mould or tool, with its counters and its current status. */
export const machine = defineEntity({
  name: 'Machine',
  label: { zh: '设备档案', en: 'Machines' },
  kind: 'master',
  table: 'em_machine',
  key: 'Machine_ID',
  menu: 'EM.machine',
  fields: {
    Machine_Code: text({ zh: '设备编码', en: 'Machine code' }, { max: 30, required: true, unique: true }),
    Machine_Name: text({ zh: '设备名称', en: 'Machine name' }, { max: 60, required: true }),
    Machine_Type: enumOf({ zh: '设备类型', en: 'Type' }, MACHINE_TYPES, { required: true, default: 1 }),
    Machine_Model: text({ zh: '规格型号', en: 'Model' }, { max: 60 }),
    Maker: text({ zh: '制造商', en: 'Maker' }, { max: 60, hiddenInList: true }),
    Serial_NO: text({ zh: '出厂编号', en: 'Serial no.' }, { max: 60, hiddenInList: true }),
    Machine_Group_ID: ref({ zh: '机台组', en: 'Machine group' }, 'MachineGroup', 'Group_Name'),
    Work_Station_ID: ref({ zh: '工位', en: 'Work station' }, 'WorkStation', 'Station_Name'),
    Dept_ID: ref({ zh: '车间', en: 'Workshop' }, 'Department', 'Dept_Name'),
    Factory_ID: ref({ zh: '工厂', en: 'Factory' }, 'Factory', 'Factory_Name'),
    Is_Key: bool({ zh: '重点设备', en: 'Key equipment' }),
    Purchase_Date: date({ zh: '购置日期', en: 'Purchase date' }, { hiddenInList: true }),
    Purchase_Value: decimal({ zh: '购置金额', en: 'Purchase value' }, { min: '0', hiddenInList: true }),
    Supplier_ID: ref({ zh: '供应商', en: 'Supplier' }, 'Supplier', 'Short_Name', { hiddenInList: true }),
    Run_Hours: decimal({ zh: '运行小时', en: 'Run hours' }, { min: '0', total: false }),
    Shot_Count: decimal({ zh: '模次/循环数', en: 'Shots / cycles' }, { scale: 0, min: '0', total: false }),
    Cavities: int({ zh: '穴数', en: 'Cavities' }, { min: 1, max: 512 }),
    Machine_Status: enumOf({ zh: '设备状态', en: 'Status' }, MACHINE_STATUS, { default: 2, readOnly: true }),
    Status_Since: datetime({ zh: '状态起始', en: 'Status since' }, { readOnly: true, hiddenInList: true }),
    Is_Down: bool({ zh: '故障停机', en: 'Down' }, { readOnly: true, default: false }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  display: 'Machine_Name',
  naming: { detail: 'Machine_Model' },
  list: { defaultSort: 'Machine_Code' },
  features: { tags: true, customFields: true, attachments: true, print: true },
});

/** 设备状态: every change of status is a dated record with its reason; the latest one is the machine's. */
export const machineStatusRecord = defineEntity({
  name: 'MachineStatusRecord',
  label: { zh: '设备状态', en: 'Machine status' },
  kind: 'master',
  table: 'em_status_record',
  key: 'Status_Record_ID',
  menu: 'EM.machineStatus',
  fields: {
    Machine_ID: ref({ zh: '设备', en: 'Machine' }, 'Machine', 'Machine_Name', { required: true }),
    Machine_Status: enumOf({ zh: '设备状态', en: 'Status' }, MACHINE_STATUS, { required: true }),
    Start_Time: datetime({ zh: '生效时间', en: 'Effective from' }, { required: true, default: 'now' }),
    Reason: text({ zh: '原因', en: 'Reason' }, { max: 200, required: true }),
  },
  display: 'Reason',
  list: { defaultSort: '-Start_Time' },
  // the timeline is history: a wrong record is corrected by a later one, never removed
  allows: { delete: () => false },
});

/** 配件清单: the spare parts and attachments of a machine, the critical ones with a minimum stock. */
export const accessoriesBill = defineEntity({
  name: 'AccessoriesBill',
  label: { zh: '配件清单', en: 'Accessory bills' },
  kind: 'master',
  table: 'em_accessories_bill',
  key: 'Bill_ID',
  menu: 'EM.accessoriesBill',
  fields: {
    Machine_ID: ref({ zh: '设备', en: 'Machine' }, 'Machine', 'Machine_Name', { required: true }),
    Material_ID: ref({ zh: '备件物料', en: 'Spare part' }, 'Material', 'Material_Name', { required: true }),
    Accessory_ID: ref({ zh: '配件', en: 'Accessory' }, 'Accessory', 'Accessory_Name', { hiddenInList: true }),
    Qty: decimal({ zh: '用量', en: 'Quantity' }, { min: '0', required: true }),
    Is_Critical: bool({ zh: '关键备件', en: 'Critical' }),
    Min_Stock: decimal({ zh: '最低库存', en: 'Minimum stock' }, { min: '0', total: false }),
    Storage_ID: ref({ zh: '设备仓库', en: 'EM storage' }, 'EmStorage', 'Storage_Name'),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
  },
  display: 'Remark',
  list: { defaultSort: 'Machine_ID' },
});
