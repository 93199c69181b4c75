import type { ModulePages } from '@mes/engine-web/entity';

/** The production pages the generic list cannot serve, by menu code (each loaded when first opened). */
export const productionPages: ModulePages = {
  'PD.bom': () => import('./pages/BomEditor').then((m) => m.BomEditor),
  'PD.producePlan': () => import('./pages/PlanPages').then((m) => m.ProducePlanPage),
  'PD.workDoc': () => import('./pages/PlanPages').then((m) => m.WorkDocPage),
  'PD.workDocRecord': () => import('./pages/PlanPages').then((m) => m.WorkDocPage),
  'PD.outputDetail': () => import('./pages/OutputDetail').then((m) => m.OutputDetailPage),
  'Factory.workDocControl': () => import('./pages/WorkDocControl').then((m) => m.WorkDocControl),
  'Factory.caseClose': () => import('./pages/PlanPages').then((m) => m.CaseClosePage),
};
