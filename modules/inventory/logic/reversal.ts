import { addDecimal, compareDecimal, subDecimal } from '@mes/model';
import { type LedgerRow, type Plan, Planner, type PostingOptions, UsedLater } from './posting';
import type { Layer, StockState } from './state';

/** A ledger row being reversed, with the layers it created or the layers it used. */
export interface Original extends LedgerRow {
  id: number;
  /** the layers the row created (a receipt one, a transfer's inbound row those it carried) */
  layers: Layer[];
  uses: { layerId: number; qty: string }[];
}

/**
 * The reversal of a posting (UnApprove): every row negated, newest first; the layers an inbound
 * row made must be untouched, an outbound row gives its quantity back to the layers it took it
 * from. A transfer does both at its two locations and leaves the pool alone.
 */
export function planReversal(state: StockState, originals: readonly Original[], opts: PostingOptions): Plan {
  const p = new Planner(state, opts);
  const sorted = [...originals].sort((a, b) => b.id - a.id);
  for (const o of sorted) {
    const qty = subDecimal('0', o.qty);
    const amount = subDecimal('0', o.amount);
    const i = p.plan.ledger.length;
    if (o.direction === 1) {
      if (!o.layers.length && !o.transfer) throw new UsedLater(o.materialId, o.id);
      for (const l of o.layers) {
        if (compareDecimal(l.qtyLeft, l.qtyIn) !== 0) throw new UsedLater(o.materialId, o.id);
        l.qtyLeft = '0';
        p.plan.changedLayers.add(l);
      }
    } else {
      const layers = p.layers(o.materialId, o.locationId);
      for (const u of o.uses) {
        const l = layers.find((x) => x.id === u.layerId);
        if (!l) throw new Error(`Layer ${u.layerId} not loaded`);
        l.qtyLeft = addDecimal(l.qtyLeft, u.qty);
        p.plan.changedLayers.add(l);
      }
    }
    if (!o.transfer) {
      const pool = p.pool(o.materialId);
      pool.qty = addDecimal(pool.qty, qty);
      pool.amount = addDecimal(pool.amount, amount);
    }
    const after = p.move(o, qty, amount);
    const { id, layers: _layers, uses: _uses, ...row } = o;
    p.push({
      ...row,
      direction: o.direction === 1 ? -1 : 1,
      qty,
      amount,
      balanceQty: after.qty,
      balanceAmount: after.amount,
      reversalOf: id,
    });
    p.reconcile(o.materialId, o.locationId, i);
  }
  return p.plan;
}
