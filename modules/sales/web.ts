import type { ModulePages } from '@mes/engine-web/entity';
import { INVOICE_MENU } from './invoice.entity';
import { OPPORTUNITY_MENU } from './opportunity.entity';

/** The sales pages the generic list cannot serve alone, by menu code (loaded when first opened). */
export const salesPages: ModulePages = {
  [OPPORTUNITY_MENU]: () => import('./pages/OpportunityPage').then((m) => m.OpportunityPage),
  [INVOICE_MENU]: () => import('./pages/InvoicePage').then((m) => m.InvoicePage),
};
