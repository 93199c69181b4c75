import type { ModulePages } from '@mes/engine-web/entity';
import { HISTORY_MENU } from './index';

/** The module's bespoke pages by menu code, each loaded when first opened; every other page is the generic list. */
export const equipmentPages: ModulePages = {
  'EM.accessoriesBill': () => import('./pages/AccessoriesPage').then((m) => m.AccessoriesPage),
  'EM.machineConserve': () => import('./pages/PlansPage').then((m) => m.PlansPage),
  'EM.repairRequest': () => import('./pages/RepairPages').then((m) => m.RepairRequestPage),
  'EM.machineRepair': () => import('./pages/RepairPages').then((m) => m.MachineRepairPage),
  [HISTORY_MENU]: () => import('./pages/HistoryPage').then((m) => m.HistoryPage),
};
