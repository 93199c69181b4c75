import { addDecimal, compareDecimal, divDecimal, isZeroDecimal, mulDecimal, subDecimal } from '@mes/model';

/** 1 moving average, 2 FIFO (the material's Valuation_Method). */
export type Valuation = 1 | 2;

export interface MaterialInfo {
  id: number;
  name: string;
  valuation: Valuation;
  /** Cost used when nothing is in stock to value an outbound movement (Historical_Price, else 0). */
  fallbackCost: string;
}

/** Quantity and value of a material over all locations. */
export interface Pool {
  qty: string;
  amount: string;
  lastCost: string;
}

export interface Balance {
  materialId: number;
  locationId: number;
  warehouseId: number;
  batchNo: string;
  qty: string;
  amount: string;
  lastIn: string | null;
  lastOut: string | null;
}

export interface Layer {
  /** Database id; negative for layers created by this posting (not yet written). */
  id: number;
  materialId: number;
  /** A layer is stock at one location: an issue there takes from it, a transfer carries it on. */
  locationId: number;
  /** Index of the ledger row that created it when new; its ledger id when loaded. */
  ledgerRef: number;
  inDate: string;
  qtyIn: string;
  qtyLeft: string;
  unitCost: string;
}

/** Everything a posting reads and changes, loaded under the material locks. */
export interface StockState {
  materials: Map<number, MaterialInfo>;
  pools: Map<number, Pool>;
  balances: Map<string, Balance>;
  /**
   * Layers with stock left (and, for a reversal, the layers it touches) by material and location
   * (layerKey); the planner takes them oldest date first, ties by id.
   */
  layers: Map<string, Layer[]>;
  /**
   * Stock left in open layers newer than every loaded one, by material and location (layerKey). A
   * posting loads only the oldest layers its movements can use; the planner counts the rest
   * without touching it.
   */
  layerRest?: Map<string, string>;
}

export const balanceKey = (materialId: number, locationId: number, batchNo: string) =>
  `${materialId}|${locationId}|${batchNo}`;

export const layerKey = (materialId: number, locationId: number) => `${materialId}|${locationId}`;

/**
 * FIFO order: the oldest receipt date first, then the order of posting (new layers, with negative
 * ids, after those already written). A back-dated receipt is so taken before later-dated stock.
 */
export function fifoOrder(a: Layer, b: Layer): number {
  if (a.inDate !== b.inDate) return a.inDate < b.inDate ? -1 : 1;
  const rank = (l: Layer) => (l.id > 0 ? l.id : 2 ** 52 - l.id);
  return rank(a) - rank(b);
}

export const COST_SCALE = 6;
export const AMOUNT_SCALE = 2;

export const isNegative = (a: string) => compareDecimal(a, '0') < 0;
export const isPositive = (a: string) => compareDecimal(a, '0') > 0;
export const minDecimal = (a: string, b: string) => (compareDecimal(a, b) <= 0 ? a : b);
export const maxDecimal = (a: string, b: string) => (compareDecimal(a, b) >= 0 ? a : b);
export const absDecimal = (a: string) => (isNegative(a) ? subDecimal('0', a) : a);

/** Current unit cost of the pool: average while stock is on hand, else the last cost known. */
export function unitCostOf(pool: Pool, material: MaterialInfo): string {
  if (isPositive(pool.qty) && !isNegative(pool.amount)) return divDecimal(pool.amount, pool.qty, COST_SCALE);
  if (isPositive(pool.lastCost)) return pool.lastCost;
  return material.fallbackCost;
}

export const amountOf = (qty: string, cost: string) => mulDecimal(qty, cost, AMOUNT_SCALE);

export function sumLayers(layers: readonly Layer[]): string {
  let s = '0';
  for (const l of layers) s = addDecimal(s, l.qtyLeft);
  return s;
}

export function isZero(a: string): boolean {
  return isZeroDecimal(a);
}
