import { addDecimal, compareDecimal, divDecimal, mulDecimal, subDecimal } from '@mes/model';
import {
  absDecimal,
  amountOf,
  type Balance,
  balanceKey,
  COST_SCALE,
  isNegative,
  isPositive,
  isZero,
  type Layer,
  maxDecimal,
  minDecimal,
  type Pool,
  type StockState,
  sumLayers,
  unitCostOf,
} from './state';

/** One line of a document as the ledger sees it. */
export interface Movement {
  lineNo: number;
  materialId: number;
  locationId: number;
  warehouseId: number;
  batchNo: string;
  bucketId: number | null;
  /** Signed, never zero: positive into the location, negative out of it. */
  qty: string;
  /** Cost of an inbound movement as the document states it; otherwise the current cost. */
  unitPrice?: string | null;
  /** A transfer moves the stock to this location; qty is then the positive quantity moved. */
  toLocation?: { locationId: number; warehouseId: number };
}

export interface LedgerRow {
  lineNo: number;
  materialId: number;
  locationId: number;
  warehouseId: number;
  batchNo: string;
  bucketId: number | null;
  direction: 1 | -1;
  qty: string;
  unitCost: string;
  amount: string;
  balanceQty: string;
  /** Value of the balance (material, location, batch) after the movement: the running value. */
  balanceAmount: string;
  transfer: boolean;
  reversalOf: number | null;
}

export interface LayerUse {
  ledgerIndex: number;
  layerId: number;
  qty: string;
}

/** What a posting writes: new ledger rows and the state rows it changed. */
export interface Plan {
  ledger: LedgerRow[];
  newLayers: Layer[];
  changedLayers: Set<Layer>;
  uses: LayerUse[];
  balances: Set<Balance>;
  pools: Map<number, Pool>;
}

export class Shortage extends Error {
  constructor(
    readonly materialId: number,
    readonly locationId: number,
    readonly batchNo: string,
    readonly need: string,
    readonly available: string,
  ) {
    super('shortage');
  }
}

/** An inbound movement whose stock a later movement has already used cannot be reversed. */
export class UsedLater extends Error {
  constructor(
    readonly materialId: number,
    /** the ledger row whose layer was used */
    readonly ledgerId?: number,
  ) {
    super('used_later');
  }
}

export interface PostingOptions {
  date: string;
  allowNegative: boolean;
}

class Planner {
  readonly plan: Plan = {
    ledger: [],
    newLayers: [],
    changedLayers: new Set(),
    uses: [],
    balances: new Set(),
    pools: new Map(),
  };
  private nextLayerId = -1;

  constructor(
    private readonly state: StockState,
    private readonly opts: PostingOptions,
  ) {}

  material(id: number) {
    const m = this.state.materials.get(id);
    if (!m) throw new Error(`Material ${id} not loaded`);
    return m;
  }

  pool(materialId: number): Pool {
    let p = this.state.pools.get(materialId);
    if (!p) {
      p = { qty: '0', amount: '0', lastCost: '0' };
      this.state.pools.set(materialId, p);
    }
    this.plan.pools.set(materialId, p);
    return p;
  }

  layers(materialId: number): Layer[] {
    let l = this.state.layers.get(materialId);
    if (!l) {
      l = [];
      this.state.layers.set(materialId, l);
    }
    return l;
  }

  rest(materialId: number): string {
    return this.state.layerRest?.get(materialId) ?? '0';
  }

  /** Applies a signed quantity and amount to a balance; refuses to go below zero unless allowed. */
  move(
    mv: { materialId: number; locationId: number; warehouseId: number; batchNo: string },
    qty: string,
    amount: string,
  ) {
    const key = balanceKey(mv.materialId, mv.locationId, mv.batchNo);
    let b = this.state.balances.get(key);
    if (!b) {
      b = { ...mv, qty: '0', amount: '0', lastIn: null, lastOut: null };
      this.state.balances.set(key, b);
    }
    const before = b.qty;
    b.qty = addDecimal(b.qty, qty);
    b.amount = addDecimal(b.amount, amount);
    if (isPositive(qty)) b.lastIn = this.opts.date;
    else b.lastOut = this.opts.date;
    if (isNegative(b.qty) && !this.opts.allowNegative && isNegative(qty))
      throw new Shortage(mv.materialId, mv.locationId, mv.batchNo, absDecimal(qty), maxDecimal(before, '0'));
    this.plan.balances.add(b);
    return { qty: b.qty, amount: b.amount };
  }

  newLayer(materialId: number, ledgerIndex: number, qty: string, unitCost: string) {
    const layer: Layer = {
      id: this.nextLayerId--,
      materialId,
      ledgerRef: ledgerIndex,
      inDate: this.opts.date,
      qtyIn: qty,
      qtyLeft: qty,
      unitCost,
    };
    this.layers(materialId).push(layer);
    this.plan.newLayers.push(layer);
  }

  /** Takes `qty` from the oldest layers; returns what was taken from each and its cost. */
  consume(materialId: number, qty: string, ledgerIndex: number | null) {
    let left = qty;
    let cost = '0';
    for (const l of this.layers(materialId)) {
      if (!isPositive(left)) break;
      if (!isPositive(l.qtyLeft)) continue;
      const take = minDecimal(l.qtyLeft, left);
      l.qtyLeft = subDecimal(l.qtyLeft, take);
      left = subDecimal(left, take);
      cost = addDecimal(cost, mulDecimal(take, l.unitCost, COST_SCALE));
      if (l.id > 0) this.plan.changedLayers.add(l);
      if (ledgerIndex !== null) this.plan.uses.push({ ledgerIndex, layerId: l.id, qty: take });
    }
    // a shortfall while layers were left unloaded would value the movement wrongly: never guess
    if (isPositive(left) && isPositive(this.rest(materialId)))
      throw new Error(`posting needs layers of material ${materialId} that were not loaded`);
    return { shortfall: left, cost };
  }

  /**
   * Keeps the layers equal to the stock on hand (never below zero). Only negative stock upsets that:
   * a receipt first fills the shortfall, a reversal of a short issue gives back what it could not take.
   */
  reconcile(materialId: number, ledgerIndex: number) {
    const pool = this.pool(materialId);
    const target = maxDecimal(pool.qty, '0');
    const have = addDecimal(sumLayers(this.layers(materialId)), this.rest(materialId));
    const diff = compareDecimal(have, target);
    if (diff > 0) this.consume(materialId, subDecimal(have, target), null);
    else if (diff < 0)
      this.newLayer(
        materialId,
        ledgerIndex,
        subDecimal(target, have),
        unitCostOf(pool, this.material(materialId)),
      );
  }

  push(row: LedgerRow) {
    this.plan.ledger.push(row);
    return this.plan.ledger.length - 1;
  }

  inbound(mv: Movement) {
    const material = this.material(mv.materialId);
    const pool = this.pool(mv.materialId);
    const cost = mv.unitPrice ?? unitCostOf(pool, material);
    const amount = amountOf(mv.qty, cost);
    pool.qty = addDecimal(pool.qty, mv.qty);
    pool.amount = addDecimal(pool.amount, amount);
    if (isPositive(cost)) pool.lastCost = cost;
    const after = this.move(mv, mv.qty, amount);
    const i = this.push(this.row(mv, 1, mv.qty, cost, amount, after, false));
    this.newLayer(mv.materialId, i, mv.qty, cost);
    this.reconcile(mv.materialId, i);
  }

  outbound(mv: Movement) {
    const material = this.material(mv.materialId);
    const pool = this.pool(mv.materialId);
    const need = absDecimal(mv.qty);
    const average = unitCostOf(pool, material);
    const i = this.plan.ledger.length;
    const { shortfall, cost: layerCost } = this.consume(mv.materialId, need, i);
    let amount =
      material.valuation === 2
        ? amountOf(addDecimal(layerCost, mulDecimal(shortfall, average, COST_SCALE)), '1')
        : amountOf(need, average);
    // the last unit out takes the value that is left, so that rounding never leaves a residue
    if (compareDecimal(pool.qty, need) === 0 && !isNegative(pool.amount)) amount = pool.amount;
    pool.qty = subDecimal(pool.qty, need);
    pool.amount = subDecimal(pool.amount, amount);
    const after = this.move(mv, mv.qty, subDecimal('0', amount));
    const unitCost = divDecimal(amount, need, COST_SCALE);
    this.push(this.row(mv, -1, mv.qty, unitCost, subDecimal('0', amount), after, false));
    this.reconcile(mv.materialId, i);
  }

  transfer(mv: Movement, to: { locationId: number; warehouseId: number }) {
    const pool = this.pool(mv.materialId);
    const cost = unitCostOf(pool, this.material(mv.materialId));
    const amount = amountOf(mv.qty, cost);
    const from = this.move(mv, subDecimal('0', mv.qty), subDecimal('0', amount));
    this.push(this.row(mv, -1, subDecimal('0', mv.qty), cost, subDecimal('0', amount), from, true));
    const dest = { ...mv, ...to };
    const into = this.move(dest, mv.qty, amount);
    this.push(this.row(dest, 1, mv.qty, cost, amount, into, true));
  }

  row(
    mv: Movement,
    direction: 1 | -1,
    qty: string,
    unitCost: string,
    amount: string,
    balance: { qty: string; amount: string },
    transfer: boolean,
  ): LedgerRow {
    return {
      lineNo: mv.lineNo,
      materialId: mv.materialId,
      locationId: mv.locationId,
      warehouseId: mv.warehouseId,
      batchNo: mv.batchNo,
      bucketId: mv.bucketId,
      direction,
      qty,
      unitCost,
      amount,
      balanceQty: balance.qty,
      balanceAmount: balance.amount,
      transfer,
      reversalOf: null,
    };
  }
}

/**
 * Works out a posting on the state loaded under the material locks: ledger rows with running
 * balances, FIFO layers and their use, balances and pools. Throws Shortage when stock would go
 * below zero and that is not allowed. The state is changed in place.
 */
export function planPosting(state: StockState, movements: readonly Movement[], opts: PostingOptions): Plan {
  const p = new Planner(state, opts);
  for (const mv of movements) {
    if (isZero(mv.qty)) continue;
    if (mv.toLocation) p.transfer(mv, mv.toLocation);
    else if (isPositive(mv.qty)) p.inbound(mv);
    else p.outbound(mv);
  }
  return p.plan;
}

/** A ledger row being reversed, with the layer it created or the layers it used. */
export interface Original extends LedgerRow {
  id: number;
  layer: Layer | null;
  uses: { layerId: number; qty: string }[];
}

/**
 * The reversal of a posting (UnApprove): every row negated, newest first; an inbound row's layer
 * must be untouched, an outbound row gives its quantity back to the layers it took it from.
 */
export function planReversal(state: StockState, originals: readonly Original[], opts: PostingOptions): Plan {
  const p = new Planner(state, opts);
  const sorted = [...originals].sort((a, b) => b.id - a.id);
  for (const o of sorted) {
    const qty = subDecimal('0', o.qty);
    const amount = subDecimal('0', o.amount);
    const i = p.plan.ledger.length;
    if (!o.transfer) {
      const pool = p.pool(o.materialId);
      if (o.direction === 1) {
        if (!o.layer || compareDecimal(o.layer.qtyLeft, o.layer.qtyIn) !== 0)
          throw new UsedLater(o.materialId, o.id);
        o.layer.qtyLeft = '0';
        p.plan.changedLayers.add(o.layer);
      } else {
        const layers = p.layers(o.materialId);
        for (const u of o.uses) {
          const l = layers.find((x) => x.id === u.layerId);
          if (!l) throw new Error(`Layer ${u.layerId} not loaded`);
          l.qtyLeft = addDecimal(l.qtyLeft, u.qty);
          p.plan.changedLayers.add(l);
        }
      }
      pool.qty = addDecimal(pool.qty, qty);
      pool.amount = addDecimal(pool.amount, amount);
    }
    const after = p.move(o, qty, amount);
    const { id, layer: _layer, uses: _uses, ...row } = o;
    p.push({
      ...row,
      direction: o.direction === 1 ? -1 : 1,
      qty,
      amount,
      balanceQty: after.qty,
      balanceAmount: after.amount,
      reversalOf: id,
    });
    if (!o.transfer) p.reconcile(o.materialId, i);
  }
  return p.plan;
}
