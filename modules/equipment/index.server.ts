import type { ServerModule } from '@mes/engine-server';
import { equipmentModule } from './index';

/** The server part: hooks, routes, jobs and seed of the module. */
export const equipmentServer: ServerModule = {
  manifest: equipmentModule,
  hooks: [],
};
