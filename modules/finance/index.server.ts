import type { ServerModule } from '@mes/engine-server';
import { financeModule } from './index';
import { reportRoutes } from './reports.server';
import { seedFinance } from './seed.server';
import { openItemRoutes, paymentHooks, receiptHooks } from './settlement.server';

export {
  type DocRef,
  openAmountOf,
  type PartnerEntryInput,
  postPartnerEntries,
  reversePartnerEntries,
} from './ledger.server';

/** The server part: hooks, routes, jobs and seed of the module. */
export const financeServer: ServerModule = {
  manifest: financeModule,
  hooks: [paymentHooks, receiptHooks],
  seed: seedFinance,
  routes: (app, engine) => {
    openItemRoutes(app, engine);
    reportRoutes(app, engine);
  },
};
