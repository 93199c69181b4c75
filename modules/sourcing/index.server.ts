import type { ServerModule } from '@mes/engine-server';
import { bidEvaluationHooks } from './bidEvaluation.server';
import { comparisonRoutes } from './comparison.server';
import { sourcingModule } from './index';
import './messages.server';
import { portalRoutes } from './portal.server';
import { seedSourcing } from './seed.server';
import { sowHooks, sowRoutes } from './sow.server';
import { sweepOverdue } from './store.server';
import { bootstrapSourcing, supplierFileRoutes } from './supplierFile.server';

/** How often the background sweep closes rounds and offers whose end time has passed. */
const SWEEP_MS = 60_000;

export const sourcingServer: ServerModule = {
  manifest: sourcingModule,
  hooks: [sowHooks, bidEvaluationHooks],
  bootstrap: bootstrapSourcing,
  seed: seedSourcing,
  routes: (app, engine) => {
    sowRoutes(app, engine);
    comparisonRoutes(app, engine);
    portalRoutes(app, engine);
    supplierFileRoutes(app, engine);
    // every route sweeps before it reads; the timer keeps the generic lists honest between requests
    const timer = setInterval(
      () => void sweepOverdue(engine.db, new Date()).catch(() => undefined),
      SWEEP_MS,
    );
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
};

/** The sweep's statement on offers, whose plan apps/server/src/lookups2.test.ts reads. */
export { closeOverdueOffersSql } from './store.server';
