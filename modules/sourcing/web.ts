import type { ModulePages } from '@mes/engine-web/entity';
import { SRM_MENU } from './index';

/** The sourcing module's bespoke pages; every other page is the generic list of its entity. */
export const sourcingPages: ModulePages = {
  [SRM_MENU.sow]: () => import('./pages/SowPage').then((m) => m.SowPage),
  [SRM_MENU.compare]: () => import('./pages/ComparePage').then((m) => m.ComparePage),
  [SRM_MENU.bidEvaluation]: () => import('./pages/BidEvaluationPage').then((m) => m.BidEvaluationPage),
  [SRM_MENU.supplierFile]: () => import('./pages/SupplierFilePage').then((m) => m.SupplierFilePage),
  [SRM_MENU.portalQuote]: () => import('./pages/PortalPage').then((m) => m.PortalPage),
};
