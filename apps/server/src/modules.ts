import { engineServerModule, type ServerModule } from '@mes/engine-server';
import { masterdataServer } from '@mes/masterdata/server';
import { plannedModules, systemServer } from '@mes/system/server';

/** Every module the product ships, in dependency order (seeds run in this order). */
export const SERVER_MODULES: ServerModule[] = [
  engineServerModule,
  ...plannedModules,
  systemServer,
  masterdataServer,
];
