import type { ServerModule } from '@mes/engine-server';
import { onHandRoute } from '@mes/inventory/server';
import { bomHooks, bomLockHooks, bomNodeHooks } from './bom.server';
import { bomRoutes } from './bomRoutes.server';
import { capacityRoutes } from './capacity.server';
import { feedingHooks } from './feeding.server';
import { bomLockMenu, factoryModule, productionModule } from './index';
import { outputReportRoutes } from './outputReport.server';
import { materialReceiveHooks, planRoutes, producePlanHooks } from './plan.server';
import { setProcessHooks } from './routing.server';
import { seedProduction } from './seed.server';
import { equationHooks, workDocHooks, workDocRoutes } from './workDoc.server';
import { workOrderHooks } from './workOrder.server';
import { workOrderRoutes } from './workOrderRoutes.server';

export const productionServer: ServerModule = {
  manifest: productionModule,
  hooks: [
    bomHooks,
    bomNodeHooks,
    bomLockHooks,
    setProcessHooks,
    equationHooks,
    producePlanHooks,
    workDocHooks,
    workOrderHooks,
    materialReceiveHooks,
    feedingHooks,
  ],
  seed: seedProduction,
  routes: (app, engine) => {
    bomRoutes(app, engine);
    workDocRoutes(app, engine);
    workOrderRoutes(app, engine);
    planRoutes(app, engine);
    outputReportRoutes(app, engine);
    capacityRoutes(app, engine);
    // the on-hand column of picking and feeding lines (LinesDef.context)
    onHandRoute(app, engine, { path: '/MaterialReceive/OnHand', entity: 'MaterialReceive' });
    onHandRoute(app, engine, { path: '/MixingFeeding/OnHand', entity: 'MixingFeeding' });
  },
};

/** The Factory and PM menu entries of this module (their pages use production entities). */
export const factoryServer: ServerModule = { manifest: factoryModule };
export const bomLockMenuServer: ServerModule = { manifest: bomLockMenu };

/** For the bench and other modules: a BOM tree with the default BOMs it reaches. */
export { loadGraph } from './bomData.server';

/** Statements whose plans apps/server/src/lookups2.test.ts reads (each through its index). */
export { bookingsSql, ganttSql } from './capacity.server';
export { outputSql } from './outputReport.server';
export { onOrderSql, requirements } from './plan.server';
