import type { ServerModule } from '@mes/engine-server';
import { engineModule } from '@mes/model';
import { plannedModules, systemServer } from '@mes/system/server';

/** Every module the product ships, in dependency order (seeds run in this order). */
export const SERVER_MODULES: ServerModule[] = [{ manifest: engineModule }, ...plannedModules, systemServer];
