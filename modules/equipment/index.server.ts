import type { ServerModule } from '@mes/engine-server';
import { ok, requestContext } from '@mes/engine-server';
import { patrolRecordHooks, portalItemHooks, portalRecordHooks } from './check.server';
import { setEngine } from './engine.server';
import { figuresRoutes } from './figures.server';
import { equipmentModule } from './index';
import { machineHooks, statusRecordHooks } from './machine.server';
import { machineConserve } from './maintain.entity';
import {
  generatePlans,
  maintainRecordHooks,
  maintainRuleHooks,
  PLAN_JOB_MS,
  planHooks,
} from './maintain.server';
import { machineRepairHooks, repairRequestHooks } from './repair.server';
import { repairRoutes } from './routes.server';
import { seedEquipment } from './seed.server';
import './messages.server';

/** The server part: hooks, routes, the plan job and the demo data of the equipment module. */
export const equipmentServer: ServerModule = {
  manifest: equipmentModule,
  hooks: [
    machineHooks,
    statusRecordHooks,
    repairRequestHooks,
    machineRepairHooks,
    maintainRuleHooks,
    planHooks,
    maintainRecordHooks,
    portalRecordHooks,
    portalItemHooks,
    patrolRecordHooks,
  ],
  seed: async (s) => {
    setEngine(s.engine);
    await seedEquipment(s);
  },
  routes: (app, engine) => {
    setEngine(engine);
    repairRoutes(app, engine);
    figuresRoutes(app, engine);
    // the job on demand (保养计划's button) and on a timer; both are safe to run at once
    app.post(
      '/MachineConserve/Generate',
      { config: { perm: { entity: machineConserve.name, button: 'add' }, records: [] } },
      async (req) => ok({ Made: await generatePlans(engine.db) }, requestContext(req)),
    );
    const timer = setInterval(() => void generatePlans(engine.db).catch(() => undefined), PLAN_JOB_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
};
