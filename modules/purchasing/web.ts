import type { ModulePages } from '@mes/engine-web/entity';
import { PURCHASING_MENU } from './request.entity';

/** Purchasing pages the generic list cannot serve, by menu code (loaded when first opened). */
export const purchasingPages: ModulePages = {
  [PURCHASING_MENU.request]: () => import('./pages/RequestPage').then((m) => m.RequestPage),
  [PURCHASING_MENU.invoice]: () => import('./pages/InvoicePage').then((m) => m.ApprovedInvoicePage),
};
