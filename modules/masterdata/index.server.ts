import type { ServerModule } from '@mes/engine-server';
import { masterdataModule } from './index';
import { materialHooks, materialRoutes } from './material.server';
import { seedMasterdata } from './seed.server';

export const masterdataServer: ServerModule = {
  manifest: masterdataModule,
  hooks: [materialHooks],
  seed: seedMasterdata,
  routes: (app, engine) => materialRoutes(app, engine),
};
