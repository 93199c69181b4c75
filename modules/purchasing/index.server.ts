import type { ServerModule } from '@mes/engine-server';
import { purchasingModule } from './index';
import { purchaseInvoiceHooks } from './invoice.server';
import './messages.server';
import { purchaseOrderHooks } from './order.server';
import { purchaseReceiptHooks } from './receipt.server';
import { purchaseRequestHooks, requestRoutes } from './request.server';
import { fillRoutes, portalRoutes } from './routes.server';
import { seedPurchasing } from './seed.server';

/** The server part: hooks, routes and seed of purchasing. */
export const purchasingServer: ServerModule = {
  manifest: purchasingModule,
  hooks: [purchaseRequestHooks, purchaseOrderHooks, purchaseReceiptHooks, purchaseInvoiceHooks],
  seed: seedPurchasing,
  routes: (app, engine) => {
    requestRoutes(app, engine);
    fillRoutes(app, engine);
    portalRoutes(app, engine);
  },
};

export { onPurchaseReceiptApproved, type ReceiptApproved } from './quality.server';
export { MOVEMENT } from './receipt.server';
