import { engineServerModule, type ServerModule } from '@mes/engine-server';
import { equipmentServer } from '@mes/equipment/server';
import { financeServer } from '@mes/finance/server';
import { inventoryServer } from '@mes/inventory/server';
import { masterdataServer } from '@mes/masterdata/server';
import { bomLockMenuServer, factoryServer, productionServer } from '@mes/production/server';
import { projectsServer } from '@mes/projects/server';
import { purchasingServer } from '@mes/purchasing/server';
import { salesServer } from '@mes/sales/server';
import { sourcingServer } from '@mes/sourcing/server';
import { plannedModules, systemServer } from '@mes/system/server';

/** Every module the product ships, in dependency order (seeds run in this order). */
export const SERVER_MODULES: ServerModule[] = [
  engineServerModule,
  ...plannedModules,
  systemServer,
  masterdataServer,
  inventoryServer,
  productionServer,
  factoryServer,
  bomLockMenuServer,
  sourcingServer,
  equipmentServer,
  purchasingServer,
  salesServer,
  financeServer,
  projectsServer,
];
