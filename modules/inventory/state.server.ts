import { AppError, PARAM, paramValue, type Tx } from '@mes/engine-server';
import { type RawBuilder, sql } from 'kysely';
import {
  type Balance,
  balanceKey,
  type Layer,
  type MaterialInfo,
  type StockState,
  type Valuation,
} from './logic/state';
import './messages.server';

export interface MaterialRow {
  id: number;
  number: string;
  name: string;
  valuation: number;
  batch_managed: boolean;
  disabled: boolean;
  historical_price: string | null;
}

export interface LocationRow {
  id: number;
  name: string;
  warehouse_id: number;
  disabled: boolean;
}

export async function loadMaterials(tx: Tx, ids: number[]): Promise<Map<number, MaterialRow>> {
  if (!ids.length) return new Map();
  const { rows } = await sql<MaterialRow>`SELECT id, material_number AS number, material_name AS name,
      valuation_method AS valuation, batch_managed, disabled, historical_price
    FROM material WHERE id IN (${sql.join(ids)})`.execute(tx);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function loadLocations(tx: Tx, ids: number[]): Promise<Map<number, LocationRow>> {
  if (!ids.length) return new Map();
  const { rows } = await sql<LocationRow>`SELECT id, location_name AS name, warehouse_id, disabled
    FROM location WHERE id IN (${sql.join(ids)})`.execute(tx);
  return new Map(rows.map((r) => [r.id, r]));
}

export interface StockSettings {
  allowNegative: boolean;
  batchMode: boolean;
}

export async function stockSettings(tx: Tx): Promise<StockSettings> {
  const { rows } = await sql<{ id: number; v: string }>`SELECT id, parameter_value AS v FROM system_parameter
    WHERE id IN (${PARAM.ALLOW_NEGATIVE_STOCK}, ${PARAM.BATCH_MODE})`.execute(tx);
  const v = (id: number) => rows.find((r) => r.id === id)?.v;
  return { allowNegative: v(PARAM.ALLOW_NEGATIVE_STOCK) === 'Y', batchMode: v(PARAM.BATCH_MODE) === '2' };
}

export { paramValue };

/**
 * Locks the cost rows of the materials, in id order so that two postings never wait on each other
 * in a circle: every change to a material's stock happens under this lock, which makes the balance,
 * layer and pool updates that follow safe without locking them one by one.
 */
export async function lockMaterials(tx: Tx, ids: number[]): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (!sorted.length) return;
  await sql`INSERT INTO stock_cost (material_id, qty, amount, last_cost)
    SELECT m, 0, 0, 0 FROM unnest(${sql.val(sorted)}::bigint[]) AS m ORDER BY m
    ON CONFLICT (material_id) DO NOTHING`.execute(tx);
  await sql`SELECT id FROM stock_cost WHERE material_id IN (${sql.join(sorted)}) ORDER BY material_id FOR UPDATE`.execute(
    tx,
  );
}

interface LayerRow {
  id: number;
  material_id: number;
  ledger_id: number;
  in_date: string;
  qty_in: string;
  qty_left: string;
  unit_cost: string;
}

const toLayer = (r: LayerRow): Layer => ({
  id: r.id,
  materialId: r.material_id,
  ledgerRef: r.ledger_id,
  inDate: r.in_date,
  qtyIn: r.qty_in,
  qtyLeft: r.qty_left,
  unitCost: r.unit_cost,
});

/**
 * Reads what a posting needs, after lockMaterials: the pools, the balances of the materials at the
 * given locations, the layers with stock left and any `extraLayers` (those a reversal gives back to).
 */
export async function loadState(
  tx: Tx,
  materials: Map<number, MaterialRow>,
  locationIds: number[],
  extraLayers: RawBuilder<boolean> | null = null,
): Promise<StockState> {
  const ids = [...materials.keys()];
  const info = new Map<number, MaterialInfo>();
  for (const m of materials.values())
    info.set(m.id, {
      id: m.id,
      name: m.name,
      valuation: (m.valuation === 2 ? 2 : 1) as Valuation,
      fallbackCost: m.historical_price ?? '0',
    });
  const state: StockState = { materials: info, pools: new Map(), balances: new Map(), layers: new Map() };
  if (!ids.length) return state;
  const pools = await sql<{ material_id: number; qty: string; amount: string; last_cost: string }>`
    SELECT material_id, qty, amount, last_cost FROM stock_cost WHERE material_id IN (${sql.join(ids)})`.execute(
    tx,
  );
  for (const p of pools.rows)
    state.pools.set(p.material_id, { qty: p.qty, amount: p.amount, lastCost: p.last_cost });
  if (locationIds.length) {
    const bal = await sql<{
      material_id: number;
      location_id: number;
      warehouse_id: number;
      batch_no: string;
      qty: string;
      amount: string;
      last_in_date: string | null;
      last_out_date: string | null;
    }>`SELECT material_id, location_id, warehouse_id, batch_no, qty, amount, last_in_date, last_out_date
      FROM stock_balance WHERE material_id IN (${sql.join(ids)}) AND location_id IN (${sql.join(locationIds)})`.execute(
      tx,
    );
    for (const b of bal.rows) {
      const balance: Balance = {
        materialId: b.material_id,
        locationId: b.location_id,
        warehouseId: b.warehouse_id,
        batchNo: b.batch_no,
        qty: b.qty,
        amount: b.amount,
        lastIn: b.last_in_date,
        lastOut: b.last_out_date,
      };
      state.balances.set(balanceKey(b.material_id, b.location_id, b.batch_no), balance);
    }
  }
  const layers = await sql<LayerRow>`SELECT id, material_id, ledger_id, in_date, qty_in, qty_left, unit_cost
    FROM stock_layer WHERE material_id IN (${sql.join(ids)}) AND (qty_left <> 0 ${extraLayers ? sql`OR ${extraLayers}` : sql``})
    ORDER BY id`.execute(tx);
  for (const r of layers.rows) {
    const list = state.layers.get(r.material_id) ?? [];
    list.push(toLayer(r));
    state.layers.set(r.material_id, list);
  }
  return state;
}

/** Checks the lines' materials and locations exist and are in use; the message names the line. */
export function checkRefs(
  lines: { line: number; materialId: number; locationIds: number[] }[],
  materials: Map<number, MaterialRow>,
  locations: Map<number, LocationRow>,
): void {
  for (const l of lines) {
    const m = materials.get(l.materialId);
    if (!m || m.disabled) throw new AppError('iv.material_unknown', { line: l.line }).at('Lines');
    for (const id of l.locationIds) {
      const loc = locations.get(id);
      if (!loc || loc.disabled) throw new AppError('iv.location_unknown', { line: l.line }).at('Lines');
    }
  }
}
