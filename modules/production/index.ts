import { defineModule, type MenuPage } from '@mes/model';
import { bom, bomLock, bomNode } from './bom.entity';
import { equation, productLine, setProcess, workProcess, workStation } from './engineering.entity';
import { materialReceive, mixingFeeding, producePlan, workDoc, workOrder, workReport } from './plan.entity';

const page = (code: string, zh: string, en: string, path: string, entity?: string): MenuPage => ({
  code,
  label: { zh, en },
  path,
  entity,
});

/** Production (PD menu of spec part 1 §2): engineering data, plans, work docs and orders. */
export const productionModule = defineModule({
  code: 'PD',
  label: { zh: '生产管理', en: 'Production' },
  icon: 'build',
  order: 4,
  entities: [
    productLine,
    workStation,
    workProcess,
    setProcess,
    equation,
    bom,
    bomNode,
    bomLock,
    producePlan,
    workDoc,
    workOrder,
    workReport,
    materialReceive,
    mixingFeeding,
  ],
  menu: [
    {
      code: 'PD.record',
      label: { zh: '工程数据', en: 'Engineering data' },
      pages: [
        page('PD.factory', '工厂', 'Factory', '/PD/record/factory', 'Factory'),
        page('PD.productLine', '产线', 'Production line', '/PD/record/productLine', productLine.name),
        page('PD.workStation', '工位', 'Work station', '/PD/record/workStation', workStation.name),
        page('PD.workProcess', '工序', 'Operation', '/PD/record/workProcess', workProcess.name),
        page('PD.setProcess', '工艺路线', 'Routing', '/PD/record/setProcess', setProcess.name),
        page('PD.bom', '物料清单 (BOM)', 'Bill of materials (BOM)', '/PD/record/bom', bom.name),
        page('PD.equation', '配方', 'Formula', '/PD/record/equation', equation.name),
      ],
    },
    {
      code: 'PD.plan',
      label: { zh: '计划与执行', en: 'Planning and execution' },
      pages: [
        page(
          'PD.producePlan',
          '生产计划',
          'Production plan',
          '/PD/PDPlan/ProducePlanRecord',
          producePlan.name,
        ),
        page('PD.workDoc', '生产任务单', 'Work document', '/PD/list/WorkDoc', workDoc.name),
        page(
          'PD.workDocRecord',
          '生产任务单记录',
          'Work document records',
          '/PO/list/WorkDocRecord',
          workDoc.name,
        ),
        page(
          'PD.materialReceive',
          '领料',
          'Material picking',
          '/PD/list/materialReceive',
          materialReceive.name,
        ),
        page(
          'PD.mixingFeeding',
          '配料投料',
          'Mixing and feeding',
          '/PD/list/mixingFeedingMaterial',
          mixingFeeding.name,
        ),
        page('PD.outputDetail', '产量明细', 'Output detail', '/PD/report/outputDetail', workReport.name),
      ],
    },
  ],
});

/** The shop-floor menu (Factory): work-doc control with the schedule, and case close. */
export const factoryModule = defineModule({
  code: 'Factory',
  label: { zh: '车间管理', en: 'Shop floor' },
  icon: 'control',
  order: 5,
  entities: [],
  menu: [
    {
      code: 'Factory.main',
      label: { zh: '工单管控', en: 'Work-doc control' },
      pages: [
        page(
          'Factory.workDocControl',
          '工单管控',
          'Work-doc control',
          '/Factory/workDocControl',
          workOrder.name,
        ),
        page('Factory.caseClose', '结案', 'Case close', '/Factory/caseClose', workDoc.name),
      ],
    },
  ],
});

/** The BOM lock pages live in the PM menu (spec part 1 §2 approval-flow rewrite). */
export const bomLockMenu = defineModule({
  code: 'PM',
  label: { zh: '项目管理', en: 'Projects' },
  icon: 'project',
  order: 12,
  entities: [],
  menu: [
    {
      code: 'PM.list',
      label: { zh: '项目', en: 'Projects' },
      pages: [
        page('PM.bomLock', 'BOM 锁定', 'BOM lock', '/PM/list/ProjectBomLock', bomLock.name),
        page(
          'PM.bomLockRecord',
          'BOM 锁定记录',
          'BOM lock records',
          '/PM/list/ProjectBomLockRecord',
          bomLock.name,
        ),
      ],
    },
  ],
});

export {
  bom,
  bomLock,
  bomNode,
  equation,
  materialReceive,
  mixingFeeding,
  producePlan,
  productLine,
  setProcess,
  workDoc,
  workOrder,
  workProcess,
  workReport,
  workStation,
};
