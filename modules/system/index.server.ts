import type { ServerModule } from '@mes/engine-server';
import { dataDictionaryHooks } from './dataDictionary.server';
import { departmentHooks } from './department.server';
import { systemModule } from './index';
import { seedSystem } from './seed.server';
import { bootstrapParameters, systemParameterHooks } from './systemParameter.server';
import { userHooks } from './user.server';

export const systemServer: ServerModule = {
  manifest: systemModule,
  hooks: [departmentHooks, dataDictionaryHooks, systemParameterHooks, userHooks],
  bootstrap: bootstrapParameters,
  seed: seedSystem,
};
