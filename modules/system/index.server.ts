import type { ServerModule } from '@mes/engine-server';
import { barcodeRoutes } from './barcode.server';
import { PLANNED_MODULES } from './catalogue';
import { companyHooks } from './company.server';
import { dataDictionaryHooks } from './dataDictionary.server';
import { departmentHooks } from './department.server';
import { systemModule } from './index';
import { loginInfoRoutes } from './loginInfo.server';
import { bootstrapMenus } from './menus.server';
import { messageRoutes } from './messages.server';
import { seedSystem } from './seed.server';
import { sessionRoutes } from './session.server';
import { shellRoutes } from './shell.server';
import { bootstrapParameters, systemParameterHooks } from './systemParameter.server';
import { userHooks } from './user.server';
import { bootstrapAdmin } from './users.server';

/** The menu of modules not built yet; listed before the built ones, which override it by code. */
export const plannedModules: ServerModule[] = PLANNED_MODULES.map((manifest) => ({ manifest }));

export const systemServer: ServerModule = {
  manifest: systemModule,
  hooks: [departmentHooks, dataDictionaryHooks, systemParameterHooks, userHooks, companyHooks],
  bootstrap: async (s) => {
    await bootstrapParameters(s);
    await bootstrapMenus(s);
    await bootstrapAdmin(s);
  },
  seed: seedSystem,
  routes: (app, engine) => {
    sessionRoutes(app, engine);
    shellRoutes(app, engine);
    loginInfoRoutes(app, engine);
    messageRoutes(app, engine);
    barcodeRoutes(app, engine);
  },
};
