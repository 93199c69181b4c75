import { engineModule } from '@mes/model';
import { approvalSettingHooks } from '../approval/setting';
import type { ServerModule } from '../engine';
import { attachmentRoutes } from './attachments';

export { type PortalAttachmentRule, portalAttachmentRule } from './attachments';

import { columnRoutes } from './columns';
import { customFieldRoutes } from './customFields';
import { excelRoutes } from './excel';
import { linesExcelRoutes } from './linesExcel';
import { listViewRoutes } from './listViews';
import { printRoutes } from './print';
import { printLayoutHooks } from './printLayout';
import { quickSearchRoutes } from './quickSearch';
import { tagHooks, tagRoutes } from './tags';

/** The engine's own entities with their behaviour and the shared endpoints every page uses. */
export const engineServerModule: ServerModule = {
  manifest: engineModule,
  hooks: [tagHooks, printLayoutHooks, approvalSettingHooks],
  routes: async (app, engine) => {
    await attachmentRoutes(app, engine);
    tagRoutes(app, engine);
    columnRoutes(app, engine);
    customFieldRoutes(app, engine);
    printRoutes(app, engine);
    excelRoutes(app, engine);
    linesExcelRoutes(app, engine);
    listViewRoutes(app, engine);
    quickSearchRoutes(app, engine);
  },
};
