import { defineHooks } from '@mes/engine-server';
import { stockLedger } from './ledger.entity';
import { standsSql } from './state.server';

/**
 * The ledger's list scopes. Unreversed: a movement that stands, neither reversed by an UnApprove
 * nor itself a reversal (the outbound list: a scrap approved, unapproved and approved again is one
 * issue, not two).
 */
export const stockLedgerHooks = defineHooks(stockLedger, {
  scopes: {
    Unreversed: standsSql('t'),
  },
});
