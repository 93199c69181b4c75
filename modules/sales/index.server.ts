import type { ServerModule } from '@mes/engine-server';
import { salesDeliveryHooks } from './delivery.server';
import { fillRoutes } from './fill.server';
import { salesModule } from './index';
import { salesInvoiceHooks } from './invoice.server';
import { opportunityRoutes, salesOpportunityHooks } from './opportunity.server';
import { salesOrderHooks } from './order.server';
import { seedSales } from './seed.server';

export { SALES_DELIVERY, SALES_RETURN } from './delivery.server';

/** The server part: hooks of the four documents, the deal and fill routes, and the demo data. */
export const salesServer: ServerModule = {
  manifest: salesModule,
  hooks: [salesOpportunityHooks, salesOrderHooks, salesDeliveryHooks, salesInvoiceHooks],
  seed: seedSales,
  routes: (app, engine) => {
    opportunityRoutes(app, engine);
    fillRoutes(app, engine);
  },
};
