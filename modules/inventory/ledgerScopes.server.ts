import { defineHooks } from '@mes/engine-server';
import { sql } from 'kysely';
import { stockLedger } from './ledger.entity';

/**
 * The ledger's list scopes. Unreversed: a movement that stands, neither reversed by an UnApprove
 * nor itself a reversal (the outbound list: a scrap approved, unapproved and approved again is one
 * issue, not two). The reversal is found through ix_stock_ledger_reversal_of.
 */
export const stockLedgerHooks = defineHooks(stockLedger, {
  scopes: {
    Unreversed: sql<boolean>`t.reversal_of IS NULL
      AND NOT EXISTS (SELECT 1 FROM stock_ledger r WHERE r.reversal_of = t.id)`,
  },
});
