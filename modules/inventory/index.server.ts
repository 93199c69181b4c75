import type { ServerModule } from '@mes/engine-server';
import { countLinesRoute } from './countLines.server';
import { inventoryModule } from './index';
import { stockLedgerHooks } from './ledgerScopes.server';
import { onHandRoute } from './onHand.server';
import { reportRoutes } from './reports.server';
import { seedInventory } from './seed.server';
import { stockDocHooks } from './stockDoc.server';

export {
  type PostedRow,
  type PostingInput,
  type PostingLine,
  postMovements,
  reverseMovements,
} from './ledger.server';
export { onHandRoute } from './onHand.server';

export const inventoryServer: ServerModule = {
  manifest: inventoryModule,
  hooks: [stockDocHooks, stockLedgerHooks],
  seed: seedInventory,
  routes: (app, engine) => {
    reportRoutes(app, engine);
    countLinesRoute(app, engine);
    onHandRoute(app, engine);
  },
};
