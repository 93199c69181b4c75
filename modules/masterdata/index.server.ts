import type { ServerModule } from '@mes/engine-server';
import { masterdataModule } from './index';
import { seedMasterdata } from './seed.server';

export const masterdataServer: ServerModule = {
  manifest: masterdataModule,
  seed: seedMasterdata,
};
