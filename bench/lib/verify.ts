import type { Db } from '@mes/engine-server';
import { sql } from 'kysely';

/** Counts of rows breaking each invariant of modules/inventory/README.md; all zero when consistent. */
export interface Violations {
  ledgerVsBalance: number;
  balanceVsPool: number;
  layersVsPool: number;
  negativeBalances: number;
  runningBalance: number;
  /** rows whose running value (balance_amount, where kept) is not the sum of the amounts before them */
  runningValue: number;
  fifoUses: number;
}

export interface Fingerprint {
  ledgerRows: number;
  sumQty: string;
  sumAmount: string;
  sumIdQty: string;
  layers: number;
  layerUses: number;
  balances: number;
}

export const isClean = (v: Violations) => Object.values(v).every((n) => n === 0);

/**
 * The README invariants as one query: the ledger summed per material/location/batch equals the
 * balance (quantity and value); balances summed per material equal the pool; the open FIFO layers
 * sum to the pool quantity (or zero when negative); no balance below zero; every row's running
 * balance (and value, where kept) is the sum of the rows before it; every outbound row's layer use adds up to its quantity.
 */
export async function verify(db: Db): Promise<Violations> {
  const { rows } = await sql<Record<keyof Violations, number>>`SELECT
    (SELECT count(*)::int FROM (SELECT material_id, location_id, batch_no, sum(qty) AS q, sum(amount) AS a
        FROM stock_ledger GROUP BY 1, 2, 3) l
      FULL JOIN stock_balance b USING (material_id, location_id, batch_no)
      WHERE coalesce(l.q, 0) <> coalesce(b.qty, 0) OR coalesce(l.a, 0) <> coalesce(b.amount, 0)) AS "ledgerVsBalance",
    (SELECT count(*)::int FROM (SELECT material_id, sum(qty) AS q, sum(amount) AS a FROM stock_balance GROUP BY 1) s
      FULL JOIN stock_cost c USING (material_id)
      WHERE coalesce(s.q, 0) <> coalesce(c.qty, 0) OR coalesce(s.a, 0) <> coalesce(c.amount, 0)) AS "balanceVsPool",
    (SELECT count(*)::int FROM stock_cost c LEFT JOIN (SELECT material_id, sum(qty_left) AS q FROM stock_layer GROUP BY 1) l
      USING (material_id) WHERE coalesce(l.q, 0) <> greatest(c.qty, 0)) AS "layersVsPool",
    (SELECT count(*)::int FROM stock_balance WHERE qty < 0) AS "negativeBalances",
    (SELECT count(*)::int FROM (SELECT balance_qty,
        sum(qty) OVER (PARTITION BY material_id, location_id, batch_no ORDER BY id) AS run FROM stock_ledger) r
      WHERE balance_qty <> run) AS "runningBalance",
    (SELECT count(*)::int FROM (SELECT balance_amount,
        sum(amount) OVER (PARTITION BY material_id, location_id, batch_no ORDER BY id) AS run FROM stock_ledger) r
      WHERE balance_amount <> run) AS "runningValue",
    (SELECT count(*)::int FROM stock_ledger l
      LEFT JOIN (SELECT ledger_id, sum(qty) AS q FROM stock_layer_use GROUP BY 1) u ON u.ledger_id = l.id
      WHERE l.direction = -1 AND NOT l.is_transfer AND l.reversal_of IS NULL
        AND NOT EXISTS (SELECT 1 FROM stock_ledger r WHERE r.reversal_of = l.id)
        AND coalesce(u.q, 0) <> -l.qty) AS "fifoUses"`.execute(db);
  return rows[0];
}

/** Sums that differ when any generated row differs: the same seed must give the same figures. */
export async function fingerprint(db: Db): Promise<Fingerprint> {
  const { rows } = await sql<Fingerprint>`SELECT
    (SELECT count(*)::int FROM stock_ledger) AS "ledgerRows",
    (SELECT sum(qty)::text FROM stock_ledger) AS "sumQty",
    (SELECT sum(amount)::text FROM stock_ledger) AS "sumAmount",
    (SELECT sum(id * qty)::text FROM stock_ledger) AS "sumIdQty",
    (SELECT count(*)::int FROM stock_layer) AS layers,
    (SELECT count(*)::int FROM stock_layer_use) AS "layerUses",
    (SELECT count(*)::int FROM stock_balance) AS balances`.execute(db);
  return rows[0];
}
