import { bool, decimal, defineEntity, int, ref, text } from '@mes/model';

/** Production lines of a factory (工厂 / 产线 / 工位). */
export const productLine = defineEntity({
  name: 'ProductLine',
  label: { zh: '产线', en: 'Production line' },
  kind: 'master',
  table: 'product_line',
  key: 'Product_Line_ID',
  menu: 'PD.productLine',
  fields: {
    Line_Code: text({ zh: '产线编码', en: 'Line code' }, { max: 30, required: true, unique: true }),
    Line_Name: text({ zh: '产线名称', en: 'Line name' }, { max: 60, required: true }),
    Factory_ID: ref({ zh: '工厂', en: 'Factory' }, 'Factory', 'Factory_Name', { required: true }),
    Dept_ID: ref({ zh: '车间', en: 'Workshop' }, 'Department', 'Dept_Name'),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  display: 'Line_Name',
  list: { defaultSort: 'Line_Code' },
  features: { tags: true, customFields: true },
});

/** A work station: its line, its machine group (the resources) and its capacity in each shift. */
export const workStation = defineEntity({
  name: 'WorkStation',
  label: { zh: '工位', en: 'Work station' },
  kind: 'master',
  table: 'work_station',
  key: 'Work_Station_ID',
  menu: 'PD.workStation',
  fields: {
    Station_Code: text({ zh: '工位编码', en: 'Station code' }, { max: 30, required: true, unique: true }),
    Station_Name: text({ zh: '工位名称', en: 'Station name' }, { max: 60, required: true }),
    Product_Line_ID: ref({ zh: '产线', en: 'Production line' }, 'ProductLine', 'Line_Name', {
      required: true,
    }),
    Machine_Group_ID: ref({ zh: '机台组', en: 'Machine group' }, 'MachineGroup', 'Group_Name'),
    Hour_Rate: decimal({ zh: '小时费率', en: 'Hourly rate' }, { precision: 18, scale: 4, min: '0' }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  lines: {
    Capacities: {
      label: { zh: '班次产能', en: 'Capacity per shift' },
      maxRows: 10,
      fields: {
        Shift_ID: ref({ zh: '班次', en: 'Shift' }, 'WorkShift', 'Shift_Name', { required: true }),
        Capacity_Minutes: int(
          { zh: '可用分钟', en: 'Available minutes' },
          { min: 0, max: 1440, required: true },
        ),
        Capacity_Qty: decimal(
          { zh: '产能数量', en: 'Capacity (qty)' },
          { precision: 18, scale: 4, min: '0' },
        ),
      },
    },
  },
  display: 'Station_Name',
  list: { defaultSort: 'Station_Code' },
  features: { tags: true, customFields: true },
});

/** An operation (工序) and what an hour of it costs. */
export const workProcess = defineEntity({
  name: 'WorkProcess',
  label: { zh: '工序', en: 'Operation' },
  kind: 'master',
  table: 'work_process',
  key: 'Process_ID',
  menu: 'PD.workProcess',
  fields: {
    Process_Code: text({ zh: '工序编码', en: 'Operation code' }, { max: 30, required: true, unique: true }),
    Process_Name: text({ zh: '工序名称', en: 'Operation name' }, { max: 60, required: true }),
    Work_Station_ID: ref({ zh: '默认工位', en: 'Default station' }, 'WorkStation', 'Station_Name'),
    Hour_Rate: decimal({ zh: '小时费率', en: 'Hourly rate' }, { precision: 18, scale: 4, min: '0' }),
    Is_Outsourcing: bool({ zh: '委外工序', en: 'Outsourced' }),
    Need_QC: bool({ zh: '需检验', en: 'QC required' }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  display: 'Process_Name',
  list: { defaultSort: 'Process_Code' },
  features: { tags: true, customFields: true },
});

/** A routing (工艺路线): the ordered operations of a product with their standard times. */
export const setProcess = defineEntity({
  name: 'SetProcess',
  label: { zh: '工艺路线', en: 'Routing' },
  kind: 'master',
  table: 'set_process',
  key: 'Route_ID',
  menu: 'PD.setProcess',
  fields: {
    Route_Code: text({ zh: '路线编码', en: 'Routing code' }, { max: 30, required: true, unique: true }),
    Route_Name: text({ zh: '路线名称', en: 'Routing name' }, { max: 60, required: true }),
    Material_ID: ref({ zh: '产品', en: 'Product' }, 'Material', 'Material_Name', { required: true }),
    Is_Default: bool({ zh: '默认路线', en: 'Default routing' }),
    Batch_Qty: decimal({ zh: '经济批量', en: 'Batch size' }, { precision: 18, scale: 4, min: '0' }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  lines: {
    Steps: {
      label: { zh: '工序', en: 'Operations' },
      maxRows: 100,
      fields: {
        Ser_NO: int({ zh: '顺序', en: 'Sequence' }, { min: 1, max: 9999, required: true }),
        Process_ID: ref({ zh: '工序', en: 'Operation' }, 'WorkProcess', 'Process_Name', { required: true }),
        Work_Station_ID: ref({ zh: '工位', en: 'Work station' }, 'WorkStation', 'Station_Name'),
        Std_Minutes: decimal(
          { zh: '标准工时(分/件)', en: 'Std minutes per piece' },
          { precision: 18, scale: 4, min: '0', required: true },
        ),
        Setup_Minutes: decimal(
          { zh: '准备工时(分)', en: 'Set-up minutes' },
          { precision: 18, scale: 4, min: '0' },
        ),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
      },
    },
  },
  display: 'Route_Name',
  list: { defaultSort: 'Route_Code' },
  features: { tags: true, customFields: true, print: true },
});

/** A formula (配方): the parts of each ingredient in a mixed material (shares are parts ÷ their sum). */
export const equation = defineEntity({
  name: 'Equation',
  label: { zh: '配方', en: 'Formula' },
  kind: 'master',
  table: 'equation',
  key: 'Equation_ID',
  menu: 'PD.equation',
  fields: {
    Equation_Code: text({ zh: '配方编码', en: 'Formula code' }, { max: 30, required: true, unique: true }),
    Equation_Name: text({ zh: '配方名称', en: 'Formula name' }, { max: 60, required: true }),
    Material_ID: ref({ zh: '产出物料', en: 'Output material' }, 'Material', 'Material_Name', {
      required: true,
    }),
    Batch_Qty: decimal({ zh: '每批数量', en: 'Batch quantity' }, { precision: 18, scale: 4, min: '0' }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  lines: {
    Items: {
      label: { zh: '配方明细', en: 'Ingredients' },
      maxRows: 100,
      fields: {
        Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name', { required: true }),
        Ratio: decimal(
          { zh: '比例(%)', en: 'Share (%)' },
          { precision: 9, scale: 4, min: '0', required: true },
        ),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
      },
    },
  },
  display: 'Equation_Name',
  list: { defaultSort: 'Equation_Code' },
  features: { print: true },
});
