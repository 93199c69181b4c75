import { date, datetime, decimal, defineEntity, enumOf, int, options, ref, text } from '@mes/model';

export const PLAN_SOURCES = options([1, '销售需求', 'Sales demand'], [2, '手工录入', 'Entered by hand']);
export const WORK_ORDER_TYPES = options(
  [1, '一般工单', 'General'],
  [2, '委外工单', 'Outsourced'],
  [3, '项目派工', 'Project dispatch'],
  [4, '返工工单', 'Rework'],
  [5, '加工工单', 'Process'],
  [6, '研发工单', 'R&D'],
);
export const WORK_DOC_STATUS_OPTIONS = options(
  [0, '作废', 'Void'],
  [1, '待下达', 'To issue'],
  [2, '已下达', 'Tasks issued'],
  [3, '工单生产中', 'Work orders in making'],
  [4, '加工完成', 'Processing complete'],
  [9, '加工完成(已结案)', 'Processing complete (case closed)'],
);
export const SCHEDULE_STATUS_OPTIONS = options(
  [0, '待排程', 'To schedule'],
  [1, '待领料', 'To pick material'],
  [2, '生产中', 'In production'],
  [3, '暂停', 'Paused'],
  [4, '已完工', 'Completed'],
  [8, '已结算', 'Settled'],
  [9, '已关闭', 'Closed'],
);

/** A production plan: products and quantities due, from sales demand or by hand. */
export const producePlan = defineEntity({
  name: 'ProducePlan',
  label: { zh: '生产计划', en: 'Production plan' },
  kind: 'document',
  table: 'produce_plan',
  key: 'Plan_ID',
  menu: 'PD.producePlan',
  fields: {
    List_NO: text({ zh: '计划单号', en: 'Plan no.' }, { max: 30, unique: true, readOnly: true }),
    Plan_Date: date({ zh: '计划日期', en: 'Plan date' }, { required: true, default: 'today' }),
    Source: enumOf({ zh: '来源', en: 'Source' }, PLAN_SOURCES, { required: true, default: 2 }),
    Customer_ID: ref({ zh: '客户', en: 'Customer' }, 'Customer', 'Short_Name'),
    Sales_Order_NO: text({ zh: '销售订单号', en: 'Sales order no.' }, { max: 40 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  lines: {
    Items: {
      label: { zh: '计划明细', en: 'Plan lines' },
      maxRows: 500,
      fields: {
        Material_ID: ref({ zh: '产品', en: 'Product' }, 'Material', 'Material_Name', { required: true }),
        Qty: decimal(
          { zh: '计划数量', en: 'Planned qty' },
          { precision: 18, scale: 4, min: '0', required: true },
        ),
        Due_Date: date({ zh: '交期', en: 'Due date' }, { required: true }),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
      },
    },
  },
  display: 'List_NO',
  features: {
    approval: true,
    tags: true,
    print: true,
    numbering: { field: 'List_NO', prefix: 'PP', period: 'month', digits: 4 },
  },
});

/** A BOM or routing is the product's own. */
const ofProduct = { field: 'Material_ID', by: 'Material_ID' };

/** A work document (生产任务单): what to make; issuing it creates the work orders. */
export const workDoc = defineEntity({
  name: 'WorkDoc',
  label: { zh: '生产任务单', en: 'Work document' },
  kind: 'document',
  table: 'work_doc',
  key: 'Work_Doc_ID',
  menu: 'PD.workDoc',
  fields: {
    List_NO: text({ zh: '任务单号', en: 'Work doc no.' }, { max: 30, unique: true, readOnly: true }),
    Doc_Date: date({ zh: '单据日期', en: 'Date' }, { required: true, default: 'today' }),
    Order_Type: enumOf({ zh: '工单类型', en: 'Work order type' }, WORK_ORDER_TYPES, {
      required: true,
      default: 1,
    }),
    Material_ID: ref({ zh: '产品', en: 'Product' }, 'Material', 'Material_Name', { required: true }),
    Qty: decimal({ zh: '数量', en: 'Qty' }, { precision: 18, scale: 4, min: '0', required: true }),
    // a product's own BOMs and routings only, in the picker and on the server (RefField.filterBy)
    Bom_ID: ref({ zh: 'BOM', en: 'BOM' }, 'Bom', 'List_NO', {
      displayAs: 'Bom_List_NO',
      filterBy: ofProduct,
    }),
    Route_ID: ref({ zh: '工艺路线', en: 'Routing' }, 'SetProcess', 'Route_Name', { filterBy: ofProduct }),
    Plan_ID: ref({ zh: '生产计划', en: 'Production plan' }, 'ProducePlan', 'List_NO', {
      displayAs: 'Plan_List_NO',
    }),
    Product_Line_ID: ref({ zh: '产线', en: 'Production line' }, 'ProductLine', 'Line_Name'),
    Location_ID: ref({ zh: '入库库位', en: 'Receipt location' }, 'Location', 'Location_Name'),
    Plan_Start: date({ zh: '计划开工', en: 'Planned start' }, { required: true }),
    Plan_End: date({ zh: '计划完工', en: 'Planned end' }, { required: true }),
    Work_Status: enumOf({ zh: '任务单状态', en: 'Work doc status' }, WORK_DOC_STATUS_OPTIONS, {
      readOnly: true,
      default: 1,
    }),
    Close_Reason: text(
      { zh: '结案原因', en: 'Close reason' },
      { max: 500, readOnly: true, hiddenInList: true },
    ),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  display: 'List_NO',
  list: { search: ['List_NO', 'Remark'] },
  features: {
    approval: true,
    tags: true,
    attachments: true,
    customFields: true,
    print: true,
    numbering: { field: 'List_NO', prefix: 'WD', period: 'month', digits: 4 },
  },
});

/**
 * A work order (工单), created by issuing a work doc (or by hand for rework). Its schedule status
 * moves only through the actions of the state machine; quantities reported are server-kept.
 */
export const workOrder = defineEntity({
  name: 'WorkOrder',
  label: { zh: '工单', en: 'Work order' },
  kind: 'master',
  table: 'work_order',
  key: 'Work_Order_ID',
  menu: 'Factory.workDocControl',
  fields: {
    Order_NO: text({ zh: '工单号', en: 'Work order no.' }, { max: 30, unique: true, readOnly: true }),
    Work_Doc_ID: ref({ zh: '生产任务单', en: 'Work document' }, 'WorkDoc', 'List_NO', {
      displayAs: 'Work_Doc_NO',
    }),
    Material_ID: ref({ zh: '产品', en: 'Product' }, 'Material', 'Material_Name', { required: true }),
    Order_Type: enumOf({ zh: '工单类型', en: 'Work order type' }, WORK_ORDER_TYPES, {
      required: true,
      default: 1,
    }),
    Qty: decimal({ zh: '工单数量', en: 'Order qty' }, { precision: 18, scale: 4, min: '0', required: true }),
    // a product's own BOMs and routings only, in the picker and on the server (RefField.filterBy)
    Bom_ID: ref({ zh: 'BOM', en: 'BOM' }, 'Bom', 'List_NO', {
      displayAs: 'Bom_List_NO',
      filterBy: ofProduct,
    }),
    Route_ID: ref({ zh: '工艺路线', en: 'Routing' }, 'SetProcess', 'Route_Name', { filterBy: ofProduct }),
    Work_Station_ID: ref({ zh: '工位', en: 'Work station' }, 'WorkStation', 'Station_Name'),
    Location_ID: ref({ zh: '入库库位', en: 'Receipt location' }, 'Location', 'Location_Name'),
    Plan_Start: date({ zh: '计划开工', en: 'Planned start' }, { required: true }),
    Plan_End: date({ zh: '计划完工', en: 'Planned end' }, { required: true }),
    Schedule_Status: enumOf({ zh: '排程状态', en: 'Schedule status' }, SCHEDULE_STATUS_OPTIONS, {
      readOnly: true,
      default: 0,
    }),
    Good_Qty: decimal({ zh: '良品数', en: 'Good qty' }, { precision: 18, scale: 4, readOnly: true }),
    Scrap_Qty: decimal({ zh: '报废数', en: 'Scrap qty' }, { precision: 18, scale: 4, readOnly: true }),
    Rework_Qty: decimal({ zh: '返工数', en: 'Rework qty' }, { precision: 18, scale: 4, readOnly: true }),
    Received_Qty: decimal({ zh: '入库数', en: 'Received qty' }, { precision: 18, scale: 4, readOnly: true }),
    Actual_Start: datetime({ zh: '实际开工', en: 'Actual start' }, { readOnly: true, hiddenInList: true }),
    Actual_End: datetime({ zh: '实际完工', en: 'Actual end' }, { readOnly: true, hiddenInList: true }),
    Close_Reason: text(
      { zh: '关闭原因', en: 'Close reason' },
      { max: 500, readOnly: true, hiddenInList: true },
    ),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  display: 'Order_NO',
  list: { search: ['Order_NO', 'Remark'] },
  features: {
    tags: true,
    print: true,
    numbering: { field: 'Order_NO', prefix: 'WO', period: 'month', digits: 5 },
  },
});

/** Output reported against one operation of a work order (报工); written by the server only. */
export const workReport = defineEntity({
  name: 'WorkReport',
  label: { zh: '报工记录', en: 'Output report' },
  kind: 'log',
  table: 'work_report',
  key: 'Report_ID',
  menu: 'PD.outputDetail',
  fields: {
    Work_Order_ID: ref({ zh: '工单', en: 'Work order' }, 'WorkOrder', 'Order_NO', {
      required: true,
      displayAs: 'Order_NO',
    }),
    Step_NO: int({ zh: '工序顺序', en: 'Step' }, { min: 1, required: true }),
    Process_ID: ref({ zh: '工序', en: 'Operation' }, 'WorkProcess', 'Process_Name', { required: true }),
    Work_Station_ID: ref({ zh: '工位', en: 'Work station' }, 'WorkStation', 'Station_Name'),
    Shift_ID: ref({ zh: '班次', en: 'Shift' }, 'WorkShift', 'Shift_Name'),
    Employee_ID: ref({ zh: '作业员', en: 'Operator' }, 'Employee', 'Employee_Name'),
    Report_Date: date({ zh: '报工日期', en: 'Report date' }, { required: true }),
    Good_Qty: decimal({ zh: '良品数', en: 'Good qty' }, { precision: 18, scale: 4, required: true }),
    Scrap_Qty: decimal({ zh: '报废数', en: 'Scrap qty' }, { precision: 18, scale: 4, required: true }),
    Rework_Qty: decimal({ zh: '返工数', en: 'Rework qty' }, { precision: 18, scale: 4, required: true }),
    Work_Minutes: decimal({ zh: '工时(分)', en: 'Minutes' }, { precision: 18, scale: 2, required: true }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
  },
  display: 'Report_Date',
  list: { defaultSort: '-Report_ID' },
});

/** Material picking (领料) for a work order; approval posts the issue to the stock ledger. */
export const materialReceive = defineEntity({
  name: 'MaterialReceive',
  label: { zh: '领料单', en: 'Material picking' },
  kind: 'document',
  table: 'material_receive',
  key: 'Receive_ID',
  menu: 'PD.materialReceive',
  fields: {
    List_NO: text({ zh: '领料单号', en: 'Picking no.' }, { max: 30, unique: true, readOnly: true }),
    Work_Order_ID: ref({ zh: '工单', en: 'Work order' }, 'WorkOrder', 'Order_NO', {
      required: true,
      displayAs: 'Order_NO',
    }),
    Receive_Date: date({ zh: '领料日期', en: 'Picking date' }, { required: true, default: 'today' }),
    Employee_ID: ref({ zh: '领料人', en: 'Picked by' }, 'Employee', 'Employee_Name'),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  lines: {
    Items: {
      label: { zh: '领料明细', en: 'Picking lines' },
      // the stock on hand at the line's location and in all, and the shortage before saving (as on a
      // stock issue's lines), asked under this document's own grant
      context: {
        label: { zh: '现存量', en: 'On hand' },
        path: '/MaterialReceive/OnHand',
        params: ['Material_ID', 'Location_ID'],
        qty: 'Qty',
      },
      maxRows: 500,
      fields: {
        Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name', { required: true }),
        Location_ID: ref({ zh: '库位', en: 'Location' }, 'Location', 'Location_Name', { required: true }),
        Batch_NO: text({ zh: '批次号', en: 'Batch no.' }, { max: 60 }),
        Qty: decimal({ zh: '领料数量', en: 'Qty' }, { precision: 18, scale: 4, min: '0', required: true }),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
      },
    },
  },
  display: 'List_NO',
  features: {
    approval: { dateField: 'Receive_Date' },
    print: true,
    numbering: { field: 'List_NO', prefix: 'MR', period: 'month', digits: 4 },
  },
});

/**
 * Mixing and feeding (配料投料): what went into a work order's batch, by formula and container;
 * approval issues the lines from stock to the order (movement type 14).
 */
export const mixingFeeding = defineEntity({
  name: 'MixingFeeding',
  label: { zh: '配料投料', en: 'Mixing and feeding' },
  kind: 'document',
  table: 'mixing_feeding',
  key: 'Feeding_ID',
  menu: 'PD.mixingFeeding',
  fields: {
    List_NO: text({ zh: '投料单号', en: 'Feeding no.' }, { max: 30, unique: true, readOnly: true }),
    Work_Order_ID: ref({ zh: '工单', en: 'Work order' }, 'WorkOrder', 'Order_NO', {
      required: true,
      displayAs: 'Order_NO',
    }),
    Equation_ID: ref({ zh: '配方', en: 'Formula' }, 'Equation', 'Equation_Name'),
    Bucket_ID: ref({ zh: '料桶', en: 'Bucket' }, 'Bucket', 'Bucket_Name'),
    Feed_Time: datetime({ zh: '投料时间', en: 'Feeding time' }, { required: true, default: 'now' }),
    Employee_ID: ref({ zh: '投料人', en: 'Fed by' }, 'Employee', 'Employee_Name'),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  lines: {
    Items: {
      label: { zh: '投料明细', en: 'Feeding lines' },
      // the stock on hand at the line's location and in all, and the shortage before saving (as on a
      // stock issue's lines), asked under this document's own grant
      context: {
        label: { zh: '现存量', en: 'On hand' },
        path: '/MixingFeeding/OnHand',
        params: ['Material_ID', 'Location_ID'],
        qty: 'Qty',
      },
      maxRows: 200,
      fields: {
        Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name', { required: true }),
        Location_ID: ref({ zh: '库位', en: 'Location' }, 'Location', 'Location_Name', { required: true }),
        Batch_NO: text({ zh: '批次号', en: 'Batch no.' }, { max: 60 }),
        Qty: decimal({ zh: '数量', en: 'Qty' }, { precision: 18, scale: 4, min: '0', required: true }),
      },
    },
  },
  display: 'List_NO',
  features: {
    approval: true,
    print: true,
    numbering: { field: 'List_NO', prefix: 'MF', period: 'month', digits: 4 },
  },
});
