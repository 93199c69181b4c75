import type { ServerModule } from '@mes/engine-server';
import { financeModule } from './index';

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
};
