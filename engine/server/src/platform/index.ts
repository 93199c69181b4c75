import { engineModule } from '@mes/model';
import type { ServerModule } from '../engine';
import { columnRoutes } from './columns';
import { customFieldRoutes } from './customFields';
import { tagHooks, tagRoutes } from './tags';

/** The engine's own entities with their behaviour and the shared endpoints every page uses. */
export const engineServerModule: ServerModule = {
  manifest: engineModule,
  hooks: [tagHooks],
  routes: (app, engine) => {
    tagRoutes(app, engine);
    columnRoutes(app, engine);
    customFieldRoutes(app, engine);
  },
};
