import type { MenuGroup, ModuleManifest } from '@mes/model';

/**
 * The menu of every module of DESIGN.md §1. A module that is built declares its own menu in its
 * manifest, which takes precedence code by code; what is only listed here opens the placeholder
 * 功能正在开发中 until its module arrives.
 */
type P = [code: string, zh: string, en: string, path: string, entity?: string];
const g = (code: string, zh: string, en: string, pages: P[], order?: number): MenuGroup => ({
  code,
  order,
  label: { zh, en },
  pages: pages.map(([c, pzh, pen, path, entity]) => ({ code: c, label: { zh: pzh, en: pen }, path, entity })),
});
const mod = (
  code: string,
  zh: string,
  en: string,
  icon: string,
  order: number,
  menu: MenuGroup[],
): ModuleManifest => ({
  code,
  label: { zh, en },
  icon,
  order,
  entities: [],
  menu,
});

export const PLANNED_MODULES: ModuleManifest[] = [
  mod('home', '首页', 'Home', 'home', 0, [
    g('home.main', '工作台', 'Workspace', [
      ['home.company', '公司信息', 'Company information', '/home/AccountCenter/CompanyInfor', 'Company'],
      ['home.message', '全部消息', 'All messages', '/AllMessage'],
      ['home.needdo', '待办事项', 'To-do list', '/needdo'],
      ['home.sop', '帮助文档', 'SOP / help', '/SOP'],
      ['home.UserQuestion', '意见反馈', 'Feedback', '/home/UserQuestion'],
    ]),
  ]),
  mod('setting', '系统设置', 'Settings', 'setting', 1, [
    g(
      'setting.config',
      '配置',
      'Configuration',
      [
        ['setting.approval', '审批设置', 'Approval settings', '/setting/approvalSetting', 'ApprovalSetting'],
        ['setting.tag', '标签管理', 'Tags', '/setting/tag', 'TagInfo'],
      ],
      5,
    ),
  ]),
  mod('record', '基础档案', 'Master data', 'database', 2, [
    g('record.org', '组织人员', 'Organisation', [
      [
        'record.department',
        '部门档案',
        'Departments',
        '/record/agencyPersonnel/departmentRecord',
        'Department',
      ],
      ['record.staff', '员工档案', 'Staff', '/record/agencyPersonnel/staffRecord'],
    ]),
    g('record.material', '物料', 'Materials', [
      ['record.materialClassify', '物料分类', 'Material classes', '/record/material/materialClassify'],
      ['record.materialRecord', '物料档案', 'Materials', '/record/material/materialRecord'],
      ['record.package', '包装设置', 'Packaging', '/record/material/packageSetting'],
      ['record.platePlan', '排版计划', 'Plate plans', '/record/material/platePlan'],
    ]),
    g('record.equipment', '设备与仓储', 'Equipment and storage', [
      ['record.machineGroup', '机台组', 'Machine groups', '/record/equipment/machineGroup'],
      ['record.accessories', '配件', 'Accessories', '/record/equipment/accessories'],
      ['record.location', '仓库 / 库位', 'Warehouse / Location', '/record/storage/location'],
      ['record.bucket', '料桶', 'Buckets (containers)', '/record/storage/bucket'],
      ['record.emStorage', '设备仓库', 'EM storage', '/record/storage/emStorage'],
    ]),
    g('record.partner', '客户与供应商', 'Customers and suppliers', [
      ['record.customer', '客户档案', 'Customers', '/record/partner/customer'],
      ['record.supplier', '供应商档案', 'Suppliers', '/record/partner/supplier'],
      ['record.unit', '计量单位', 'Units', '/record/base/unit'],
      ['record.currency', '币种', 'Currencies', '/record/base/currency'],
    ]),
    g('record.stock', '库存单据', 'Stock documents', [
      ['record.inventoryDoc', '库存单据', 'Stock documents', '/record/inventory/inventoryDocList'],
      ['record.outbound', '出库清单', 'Outbound list', '/record/inventory/outboundList'],
      ['record.inventoryAge', '库龄', 'Inventory age', '/record/inventory/inventoryAge'],
      ['record.scrap', '报废', 'Scrap', '/record/inventory/scrap'],
    ]),
  ]),
  mod('IV', '库存', 'Inventory', 'inbox', 3, [
    g('IV.main', '库存管理', 'Inventory', [
      ['IV.balance', '库存余额', 'Stock balance', '/IV/report/stockBalance'],
      ['IV.ledger', '库存台账', 'Stock ledger', '/IV/report/stockLedger'],
    ]),
  ]),
  mod('PD', '生产管理', 'Production', 'build', 4, [
    g('PD.record', '工程数据', 'Engineering data', [
      ['PD.factory', '工厂', 'Factory', '/PD/record/factory'],
      ['PD.productLine', '产线', 'Production line', '/PD/record/productLine'],
      ['PD.workStation', '工位', 'Work station', '/PD/record/workStation'],
      ['PD.workProcess', '工序', 'Operation', '/PD/record/workProcess'],
      ['PD.setProcess', '工艺路线', 'Routing', '/PD/record/setProcess'],
      ['PD.bom', '物料清单 (BOM)', 'Bill of materials (BOM)', '/PD/record/bom'],
      ['PD.equation', '配方', 'Formula', '/PD/record/equation'],
    ]),
    g('PD.plan', '计划与执行', 'Planning and execution', [
      ['PD.producePlan', '生产计划', 'Production plan', '/PD/PDPlan/ProducePlanRecord'],
      ['PD.workDoc', '生产任务单', 'Work document', '/PD/list/WorkDoc'],
      ['PD.workDocRecord', '生产任务单记录', 'Work document records', '/PO/list/WorkDocRecord'],
      ['PD.materialReceive', '领料', 'Material picking', '/PD/list/materialReceive'],
      ['PD.mixingFeeding', '配料投料', 'Mixing and feeding', '/PD/list/mixingFeedingMaterial'],
      ['PD.outputDetail', '产量明细', 'Output detail', '/PD/report/outputDetail'],
    ]),
  ]),
  mod('Factory', '车间管理', 'Shop floor', 'control', 5, [
    g('Factory.main', '工单管控', 'Work-doc control', [
      ['Factory.workDocControl', '工单管控', 'Work-doc control', '/Factory/workDocControl'],
      ['Factory.caseClose', '结案', 'Case close', '/Factory/caseClose'],
    ]),
  ]),
  mod('QC', '质量管理', 'Quality', 'safety-certificate', 6, [
    g('QC.main', '质量管理', 'Quality', [
      ['QC.detection', '检验设置', 'Inspection settings', '/QC/detection'],
      ['QC.badType', '不良类型', 'Defect types', '/QC/badType'],
      ['QC.testRecord', '检验记录', 'Inspection records', '/QC/testRecord'],
      ['QC.hlCheck', 'HL 检验', 'HL check', '/QC/hlCheck'],
      ['QC.failSummary', '不良汇总', 'Failure summary', '/QC/failSummary'],
      ['QC.barcodeSource', '条码追溯', 'Barcode traceability', '/QC/barcodeSource'],
    ]),
  ]),
  mod('EM', '设备管理', 'Equipment', 'tool', 7, [
    g('EM.machines', '设备', 'Machines', [
      ['EM.machine', '设备档案', 'Machines', '/EM/machine'],
      ['EM.accessoriesBill', '配件清单', 'Accessory bills', '/EM/accessoriesBill'],
      ['EM.machineStatus', '设备状态', 'Machine status', '/EM/machineStatusRecord'],
    ]),
    g('EM.maintain', '保养与点检', 'Maintenance and checks', [
      ['EM.maintainRule', '保养规则', 'Maintenance rules', '/EM/maintainRule'],
      ['EM.machineConserve', '保养计划', 'Maintenance plans', '/EM/machineConserve'],
      ['EM.maintainRecord', '保养记录', 'Maintenance records', '/EM/maintainRecord'],
      ['EM.portalItem', '点检项目', 'Check items', '/EM/portalItem'],
      ['EM.portalPlan', '点检计划', 'Check plans', '/EM/portalPlan'],
      ['EM.portalRecord', '点检记录', 'Check records', '/EM/portalRecord'],
      ['EM.patrolRecord', '巡检记录', 'Patrol records', '/EM/patrolRecord'],
    ]),
    g('EM.repair', '维修', 'Repairs', [
      ['EM.faultType', '故障类型', 'Fault types', '/EM/faultTypeRecord'],
      ['EM.repairRequest', '报修', 'Repair requests', '/EM/repairRequest'],
      ['EM.machineRepair', '维修', 'Repairs', '/EM/machineRepair'],
      [
        'EM.repairMaintenance',
        '维修保养记录',
        'Repair and maintenance records',
        '/EM/repairMaintenanceRecord',
      ],
      ['EM.repairExperience', '维修经验', 'Repair knowledge', '/EM/repairExperience'],
    ]),
  ]),
  mod('Energy', '能源管理', 'Energy', 'thunderbolt', 8, [
    g('Energy.base', '基础信息', 'Base information', [
      ['Energy.baseInfo', '基础信息', 'Base information', '/Energy/baseInfo'],
      ['Energy.meter', '计量仪表', 'Meters', '/Energy/meteringInstrument'],
      ['Energy.keyEquipment', '重点设备', 'Key equipment', '/Energy/keyEquipment'],
      ['Energy.workshop', '车间', 'Workshops', '/Energy/workshop'],
      ['Energy.subitem', '分项系统', 'Sub-systems', '/Energy/subitemSystem'],
      ['Energy.granulator', '造粒机信息', 'Granulator information', '/Energy/granulatorInfo'],
    ]),
    g('Energy.data', '能耗数据', 'Energy data', [
      ['Energy.electricityConsumption', '用电量', 'Electricity use', '/Energy/electricityConsumption'],
      ['Energy.electricityData', '用电数据', 'Electricity data', '/Energy/electricityData'],
      ['Energy.electricityStatistics', '用电统计', 'Electricity statistics', '/Energy/electricityStatistics'],
      ['Energy.steam', '蒸汽', 'Steam', '/Energy/steam'],
      ['Energy.energyData', '能源数据', 'Energy data', '/Energy/energyData'],
      ['Energy.productionData', '生产数据', 'Production data', '/Energy/productionDataInfos'],
      ['Energy.energyFlow', '能流图', 'Energy flow', '/Energy/energyFlow'],
      ['Energy.productEnergy', '产品能耗', 'Energy per product', '/Energy/productEnergy'],
      ['Energy.teamEnergy', '班组能耗', 'Energy per team', '/Energy/teamEnergyConsumption'],
    ]),
  ]),
  mod('sales', '销售管理', 'Sales', 'shopping-cart', 9, [
    g('sales.sell', '销售', 'Sales', [
      ['sales.order', '销售订单', 'Sales orders', '/sales/sell/salesOrder'],
      ['sales.delivery', '销售发货', 'Deliveries', '/sales/sell/delivery'],
      ['sales.gatheringMakeInvoice', '销售开票', 'Sales invoicing', '/sales/sell/gatheringMakeInvoice'],
      ['sales.gatheringInvoice', '销售发票', 'Sales invoices', '/sales/sell/gatheringInvoice'],
    ]),
  ]),
  mod('stock', '采购管理', 'Purchasing', 'shop', 10, [
    g('stock.page', '采购', 'Purchasing', [
      ['stock.request', '采购申请', 'Purchase requests', '/stock/page/purchaseRequest'],
      ['stock.order', '采购订单', 'Purchase orders', '/stock/page/purchaseOrder'],
      ['stock.receipt', '采购收货', 'Purchase receipts', '/stock/page/purchaseReceipt'],
      ['stock.purchaseMakeInvoice', '采购开票', 'Purchase invoicing', '/stock/page/purchaseMakeInvoice'],
      ['stock.purchaseInvoice', '采购发票', 'Purchase invoices', '/stock/page/purchaseInvoice'],
    ]),
  ]),
  mod('finance', '财务管理', 'Finance', 'account-book', 11, [
    g('finance.ledger', '往来账', 'Receivables and payables', [
      ['finance.receivable', '应收台账', 'Receivables ledger', '/finance/receivable'],
      ['finance.payable', '应付台账', 'Payables ledger', '/finance/payable'],
    ]),
  ]),
  mod('PM', '项目管理', 'Projects', 'project', 12, [
    g('PM.list', '项目', 'Projects', [
      ['PM.project', '项目管理', 'Project management', '/PM/list/Project'],
      ['PM.assignment', '任务', 'Tasks', '/PM/list/Assignment'],
      ['PM.meeting', '会议', 'Meetings', '/PM/list/Meeting'],
      ['PM.actionTracker', '行动跟踪', 'Action tracker', '/PM/list/ActionTracker'],
      ['PM.mgTask', 'MG 任务', 'MG tasks', '/PM/list/MGTask'],
      ['PM.calendar', '日历', 'Calendar', '/PM/list/Calendar'],
      ['PM.taskStatistics', '任务统计', 'Task statistics', '/PM/list/TaskStatistics'],
      ['PM.bomLock', 'BOM 锁定', 'BOM lock', '/PM/list/ProjectBomLock'],
      ['PM.bomLockRecord', 'BOM 锁定记录', 'BOM lock records', '/PM/list/ProjectBomLockRecord'],
    ]),
  ]),
  mod('SRM', '寻源管理', 'Sourcing', 'solution', 13, [
    g('SRM.main', '寻源', 'Sourcing', [
      ['SRM.supplierFile', '供应商档案', 'Supplier files', '/SRM/supplierFile'],
      ['SRM.sow', '工作说明书 (SOW)', 'SOW', '/SRM/sow'],
      ['SRM.offer', '供应商报价', 'Supplier quotations', '/SRM/offer'],
      ['SRM.bidEvaluation', '评标', 'Document approval (bid evaluation)', '/SRM/bidEvaluation'],
    ]),
    g('SRM.portal', '供应商门户', 'Supplier portal', [
      ['SRM.portalQuote', '我的报价', 'My quotations', '/SRM/portal/quotation'],
    ]),
  ]),
  mod('attendance', '考勤', 'Attendance', 'schedule', 14, [
    g('attendance.main', '考勤', 'Attendance', [
      ['attendance.record', '考勤记录', 'Attendance records', '/attendance/record'],
      ['attendance.summary', '月度汇总', 'Monthly summary', '/attendance/summary'],
    ]),
  ]),
  mod('report', '报表', 'Reports', 'bar-chart', 15, [
    g('report.main', '报表', 'Reports', [
      ['report.form', '报表中心', 'Report form', '/report/form'],
      ['report.board', '看板', 'Boards', '/report/board'],
    ]),
  ]),
];
