import { addDecimal, compareDecimal, divDecimal, mulDecimal, subDecimal } from '@mes/model';
import {
  absDecimal,
  amountOf,
  type Balance,
  balanceKey,
  COST_SCALE,
  fifoOrder,
  isNegative,
  isPositive,
  isZero,
  type Layer,
  layerKey,
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

export class Planner {
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

  layers(materialId: number, locationId: number): Layer[] {
    const key = layerKey(materialId, locationId);
    let l = this.state.layers.get(key);
    if (!l) {
      l = [];
      this.state.layers.set(key, l);
    }
    return l;
  }

  rest(materialId: number, locationId: number): string {
    return this.state.layerRest?.get(layerKey(materialId, locationId)) ?? '0';
  }

  /** Quantity and value of a material at a location, over its batches. */
  atLocation(materialId: number, locationId: number) {
    let qty = '0';
    let amount = '0';
    for (const b of this.state.balances.values())
      if (b.materialId === materialId && b.locationId === locationId) {
        qty = addDecimal(qty, b.qty);
        amount = addDecimal(amount, b.amount);
      }
    return { qty, amount };
  }

  /**
   * Unit cost of stock at a location: its own average while it holds stock of a value, so that an
   * issue there never takes more value than the location has; else the material's (unitCostOf).
   */
  costAt(materialId: number, locationId: number): string {
    const at = this.atLocation(materialId, locationId);
    if (isPositive(at.qty) && !isNegative(at.amount)) return divDecimal(at.amount, at.qty, COST_SCALE);
    return unitCostOf(this.pool(materialId), this.material(materialId));
  }

  /** Applies a signed quantity and amount to a balance; refuses to go below zero unless allowed. */
  move(
    mv: { materialId: number; locationId: number; warehouseId: number; batchNo: string },
    qty: string,
    amount: string,
  ) {
    const b = this.balance(mv);
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

  balance(mv: { materialId: number; locationId: number; warehouseId: number; batchNo: string }): Balance {
    const key = balanceKey(mv.materialId, mv.locationId, mv.batchNo);
    let b = this.state.balances.get(key);
    if (!b) {
      b = { ...mv, qty: '0', amount: '0', lastIn: null, lastOut: null };
      this.state.balances.set(key, b);
    }
    return b;
  }

  /**
   * What an outbound movement of `need` takes from the value of its balance: the last unit out of
   * a balance takes the value left, and no issue takes more than a balance holds while stock stays
   * (a location's value never goes below zero while it has stock).
   */
  capped(mv: Movement, need: string, amount: string): string {
    const b = this.balance(mv);
    if (isNegative(b.amount)) return amount;
    const left = compareDecimal(b.qty, need);
    if (left === 0) return b.amount;
    if (left > 0 && compareDecimal(amount, b.amount) > 0) return b.amount;
    return amount;
  }

  newLayer(
    materialId: number,
    locationId: number,
    ledgerIndex: number,
    qty: string,
    unitCost: string,
    inDate?: string,
  ) {
    const layer: Layer = {
      id: this.nextLayerId--,
      materialId,
      locationId,
      ledgerRef: ledgerIndex,
      inDate: inDate ?? this.opts.date,
      qtyIn: qty,
      qtyLeft: qty,
      unitCost,
    };
    this.layers(materialId, locationId).push(layer);
    this.plan.newLayers.push(layer);
  }

  /**
   * Takes `qty` from the location's oldest layers (by date, then id); returns what was taken from
   * each and its cost.
   */
  consume(materialId: number, locationId: number, qty: string, ledgerIndex: number | null) {
    let left = qty;
    let cost = '0';
    const taken: { layer: Layer; qty: string }[] = [];
    const layers = this.layers(materialId, locationId);
    layers.sort(fifoOrder);
    for (const l of layers) {
      if (!isPositive(left)) break;
      if (!isPositive(l.qtyLeft)) continue;
      const take = minDecimal(l.qtyLeft, left);
      l.qtyLeft = subDecimal(l.qtyLeft, take);
      left = subDecimal(left, take);
      cost = addDecimal(cost, mulDecimal(take, l.unitCost, COST_SCALE));
      taken.push({ layer: l, qty: take });
      if (l.id > 0) this.plan.changedLayers.add(l);
      if (ledgerIndex !== null) this.plan.uses.push({ ledgerIndex, layerId: l.id, qty: take });
    }
    // a shortfall while layers were left unloaded would value the movement wrongly: never guess
    if (isPositive(left) && isPositive(this.rest(materialId, locationId)))
      throw new Error(`posting needs layers of material ${materialId} that were not loaded`);
    return { shortfall: left, cost, taken };
  }

  /**
   * Keeps a location's layers equal to its stock on hand (never below zero). Only negative stock
   * upsets that: a receipt first fills the shortfall, a reversal of a short issue gives back what
   * it could not take.
   */
  reconcile(materialId: number, locationId: number, ledgerIndex: number) {
    const target = maxDecimal(this.atLocation(materialId, locationId).qty, '0');
    const have = addDecimal(
      sumLayers(this.layers(materialId, locationId)),
      this.rest(materialId, locationId),
    );
    const diff = compareDecimal(have, target);
    if (diff > 0) this.consume(materialId, locationId, subDecimal(have, target), null);
    else if (diff < 0)
      this.newLayer(
        materialId,
        locationId,
        ledgerIndex,
        subDecimal(target, have),
        this.costAt(materialId, locationId),
      );
  }

  push(row: LedgerRow) {
    this.plan.ledger.push(row);
    return this.plan.ledger.length - 1;
  }

  inbound(mv: Movement) {
    const pool = this.pool(mv.materialId);
    const cost = mv.unitPrice ?? this.costAt(mv.materialId, mv.locationId);
    const amount = amountOf(mv.qty, cost);
    pool.qty = addDecimal(pool.qty, mv.qty);
    pool.amount = addDecimal(pool.amount, amount);
    if (isPositive(cost)) pool.lastCost = cost;
    const after = this.move(mv, mv.qty, amount);
    const i = this.push(this.row(mv, 1, mv.qty, cost, amount, after, false));
    this.newLayer(mv.materialId, mv.locationId, i, mv.qty, cost);
    this.reconcile(mv.materialId, mv.locationId, i);
  }

  /**
   * The value `need` takes out of its location: under FIFO the cost of the layers it took (a
   * shortfall at the location's cost), under moving average the location's average; never more
   * than the balance holds (capped).
   */
  valueOut(mv: Movement, need: string, i: number) {
    const material = this.material(mv.materialId);
    const average = this.costAt(mv.materialId, mv.locationId);
    const taken = this.consume(mv.materialId, mv.locationId, need, i);
    const amount =
      material.valuation === 2
        ? amountOf(addDecimal(taken.cost, mulDecimal(taken.shortfall, average, COST_SCALE)), '1')
        : amountOf(need, average);
    return { amount: this.capped(mv, need, amount), taken };
  }

  outbound(mv: Movement) {
    const pool = this.pool(mv.materialId);
    const need = absDecimal(mv.qty);
    const i = this.plan.ledger.length;
    let { amount } = this.valueOut(mv, need, i);
    // the last unit out takes the value that is left, so that rounding never leaves a residue
    if (compareDecimal(pool.qty, need) === 0 && !isNegative(pool.amount)) amount = pool.amount;
    pool.qty = subDecimal(pool.qty, need);
    pool.amount = subDecimal(pool.amount, amount);
    const after = this.move(mv, mv.qty, subDecimal('0', amount));
    const unitCost = divDecimal(amount, need, COST_SCALE);
    this.push(this.row(mv, -1, mv.qty, unitCost, subDecimal('0', amount), after, false));
    this.reconcile(mv.materialId, mv.locationId, i);
  }

  /**
   * Moves stock and its value to another location; the pool stays. The layers taken at the source
   * are carried to the destination with their dates and costs, so FIFO and ageing go on there.
   */
  transfer(mv: Movement, to: { locationId: number; warehouseId: number }) {
    const i = this.plan.ledger.length;
    const { amount, taken } = this.valueOut(mv, mv.qty, i);
    const cost = divDecimal(amount, mv.qty, COST_SCALE);
    const from = this.move(mv, subDecimal('0', mv.qty), subDecimal('0', amount));
    this.push(this.row(mv, -1, subDecimal('0', mv.qty), cost, subDecimal('0', amount), from, true));
    this.reconcile(mv.materialId, mv.locationId, i);
    const dest = { ...mv, ...to };
    const into = this.move(dest, mv.qty, amount);
    const j = this.push(this.row(dest, 1, mv.qty, cost, amount, into, true));
    for (const t of taken.taken)
      this.newLayer(mv.materialId, to.locationId, j, t.qty, t.layer.unitCost, t.layer.inDate);
    if (isPositive(taken.shortfall)) this.newLayer(mv.materialId, to.locationId, j, taken.shortfall, cost);
    this.reconcile(mv.materialId, to.locationId, j);
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
