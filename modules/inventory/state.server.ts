import { AppError, combineErrors, PARAM, paramValue, type Tx } from '@mes/engine-server';
import { addDecimal, compareDecimal, normalizeDecimal, shownName, subDecimal } from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import {
  type Balance,
  balanceKey,
  isPositive,
  isZero,
  type Layer,
  layerKey,
  type MaterialInfo,
  maxDecimal,
  type StockState,
  sumLayers,
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
  code?: string;
  /** its warehouse's name, which messages name it within */
  warehouse?: string;
  warehouse_id: number;
  disabled: boolean;
}

/** A material as messages name it: "number name", as lists and pickers show it. */
export const materialShown = (m: MaterialRow | undefined, id: number) =>
  m ? shownName({ code: m.number, name: m.name }) : id;

/** A location as messages name it: "warehouse / code name". */
export const locationShown = (l: LocationRow | undefined, id: number) =>
  l ? shownName({ code: l.code, name: l.name, within: l.warehouse }) : id;

export async function loadLocations(tx: Tx, ids: number[]): Promise<Map<number, LocationRow>> {
  if (!ids.length) return new Map();
  const { rows } = await sql<LocationRow>`SELECT l.id, l.location_name AS name, l.location_code AS code,
      w.warehouse_name AS warehouse, l.warehouse_id, l.disabled
    FROM location l LEFT JOIN warehouse w ON w.id = l.warehouse_id WHERE l.id IN (${sql.join(ids)})`.execute(
    tx,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export interface PostingRefs {
  materials: Map<number, MaterialRow>;
  locations: Map<number, LocationRow>;
  settings: StockSettings;
  /** whether the document `doc` has postings not reversed yet (false when no doc was given) */
  posted: boolean;
}

/**
 * Ledger rows (aliased `alias`) that stand: neither reversed by an UnApprove nor a reversal
 * themselves. The reversal is found through ix_stock_ledger_reversal_of.
 */
export function standsSql(alias: string): RawBuilder<boolean> {
  const t = sql.raw(alias);
  return sql<boolean>`${t}.reversal_of IS NULL
    AND NOT EXISTS (SELECT 1 FROM stock_ledger r WHERE r.reversal_of = ${t}.id)`;
}

/** Ledger rows `l` that the document posted and has not reversed yet. */
export function unreversed(docType: number, docId: number): RawBuilder<boolean> {
  return sql<boolean>`l.doc_type = ${docType} AND l.doc_id = ${docId} AND ${standsSql('l')}`;
}

interface RefsJson {
  m: MaterialRow[];
  l: LocationRow[];
  p: { id: number; v: string }[];
  posted: boolean;
}

/** The select list of what a posting reads before it plans (posted, m, l, p): see PostingRefs. */
function refsSql(materialIds: number[], locationIds: number[], doc?: { type: number; id: number }) {
  // arrays, not IN lists: the statement's text is the same whatever the number of lines, so it is
  // prepared once per connection (db/prepared.ts) instead of once per line count
  return sql`${
    doc ? sql`EXISTS (SELECT 1 FROM stock_ledger l WHERE ${unreversed(doc.type, doc.id)})` : sql`FALSE`
  } AS posted,
      (SELECT coalesce(json_agg(json_build_object('id', id, 'number', material_number, 'name', material_name,
          'valuation', valuation_method, 'batch_managed', batch_managed, 'disabled', disabled,
          'historical_price', historical_price::text)), '[]'::json)
        FROM material WHERE id = ANY(${materialIds}::bigint[])) AS m,
      (SELECT coalesce(json_agg(json_build_object('id', l.id, 'name', l.location_name, 'code', l.location_code,
          'warehouse', (SELECT w.warehouse_name FROM warehouse w WHERE w.id = l.warehouse_id),
          'warehouse_id', l.warehouse_id, 'disabled', l.disabled)), '[]'::json)
        FROM location l WHERE l.id = ANY(${locationIds}::bigint[])) AS l,
      (SELECT coalesce(json_agg(json_build_object('id', id, 'v', parameter_value)), '[]'::json) FROM system_parameter
        WHERE id IN (${sql.lit(PARAM.ALLOW_NEGATIVE_STOCK)}, ${sql.lit(PARAM.BATCH_MODE)}, ${sql.lit(PARAM.STOCK_CLOSED_UNTIL)})) AS p`;
}

function refsFrom(r: RefsJson): PostingRefs {
  const v = (id: number) => r.p.find((x) => Number(x.id) === id)?.v;
  return {
    materials: new Map(
      r.m.map((m) => [
        Number(m.id),
        {
          ...m,
          id: Number(m.id),
          historical_price: m.historical_price === null ? null : normalizeDecimal(m.historical_price),
        },
      ]),
    ),
    locations: new Map(
      r.l.map((l) => [Number(l.id), { ...l, id: Number(l.id), warehouse_id: Number(l.warehouse_id) }]),
    ),
    settings: settingsOf(v),
    posted: r.posted,
  };
}

/**
 * The materials, locations and stock settings a posting needs, and whether its document has already
 * posted, in one statement: every round trip of a posting delays the others.
 */
export async function loadRefs(
  tx: Tx,
  materialIds: number[],
  locationIds: number[],
  doc?: { type: number; id: number },
): Promise<PostingRefs> {
  const { rows } = await sql<RefsJson>`SELECT ${refsSql(materialIds, locationIds, doc)}`.execute(tx);
  return refsFrom(rows[0]);
}

export interface StockSettings {
  allowNegative: boolean;
  batchMode: boolean;
  /** the last day of the closed stock period (system parameter 34), or null when none is closed */
  closedUntil: string | null;
}

function settingsOf(v: (id: number) => string | undefined): StockSettings {
  const closed = v(PARAM.STOCK_CLOSED_UNTIL);
  return {
    allowNegative: v(PARAM.ALLOW_NEGATIVE_STOCK) === 'Y',
    batchMode: v(PARAM.BATCH_MODE) === '2',
    closedUntil: closed && closed !== '0' ? closed : null,
  };
}

export { paramValue };

export type Pools = StockState['pools'];

/**
 * Locks the cost rows of the materials, in id order so that two postings never wait on each other
 * in a circle: every change to a material's stock happens under this lock, which makes the balance,
 * layer and pool updates that follow safe without locking them one by one. Returns the pools as
 * locked. A material's first posting creates its row (and locks it after the others).
 */
export async function lockMaterials(tx: Tx, ids: number[]): Promise<Pools> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const pools: Pools = new Map();
  if (!sorted.length) return pools;
  const lock = async (which: number[]) => {
    const { rows } = await sql<{ material_id: number; qty: string; amount: string; last_cost: string }>`
      SELECT material_id, qty, amount, last_cost FROM stock_cost WHERE material_id IN (${sql.join(which)})
      ORDER BY material_id FOR UPDATE`.execute(tx);
    for (const p of rows) pools.set(p.material_id, { qty: p.qty, amount: p.amount, lastCost: p.last_cost });
  };
  await lock(sorted);
  const missing = sorted.filter((id) => !pools.has(id));
  if (missing.length) {
    await sql`INSERT INTO stock_cost (material_id, qty, amount, last_cost)
      SELECT m, 0, 0, 0 FROM unnest(${sql.val(missing)}::bigint[]) AS m ORDER BY m
      ON CONFLICT (material_id) DO NOTHING`.execute(tx);
    await lock(missing);
  }
  return pools;
}

export interface LoadedState {
  state: StockState;
  /** Ids drawn for the rows the posting may write (at most these many). */
  ledgerIds: number[];
  layerIds: number[];
}

function infoOf(materials: Map<number, MaterialRow>): Map<number, MaterialInfo> {
  const info = new Map<number, MaterialInfo>();
  for (const m of materials.values())
    info.set(m.id, {
      id: m.id,
      name: m.name,
      valuation: (m.valuation === 2 ? 2 : 1) as Valuation,
      fallbackCost: m.historical_price ?? '0',
    });
  return info;
}

/** `n` new ids of a table's sequence, in order; the sequence is looked up once, not once per id. */
function idsSql(table: 'stock_ledger' | 'stock_layer', n: number) {
  return sql`(SELECT ARRAY(SELECT nextval(s.seq) FROM generate_series(1, ${n}::int))
    FROM (SELECT pg_get_serial_sequence(${table}, 'id')::regclass AS seq) s)`;
}

/** More ids of a table's sequence, for rows a posting's plan needs beyond those drawn with its state. */
export async function drawIds(tx: Tx, table: 'stock_ledger' | 'stock_layer', n: number): Promise<number[]> {
  const { rows } = await sql<{ ids: (number | string)[] }>`SELECT ${idsSql(table, n)} AS ids`.execute(tx);
  return rows[0].ids.map(Number);
}

/**
 * How much each material takes out at each location, by layerKey: [material, location, quantity].
 * Only the oldest open layers there that cover it are loaded.
 */
export type Needs = Map<string, [materialId: number, locationId: number, qty: string]>;

/** Open layers read per material and location at most when a posting loads only what it needs. */
const LAYERS_AT_ONCE = 64;

/**
 * Reads what a posting needs, after lockMaterials (which gave the pools), in one statement: the
 * balances of the materials at the given locations, the layers with stock left and any
 * `extraLayers` (those a reversal gives back to), and the ids of the ledger rows and layers it may
 * write.
 */
export async function loadState(
  tx: Tx,
  materials: Map<number, MaterialRow>,
  locationIds: number[],
  pools: Pools,
  draw: { ledger: number; layers: number },
  extraLayers: RawBuilder<boolean> | null = null,
  /**
   * How much of each material the movements take out at each location: only the oldest open
   * layers there that cover it are loaded (a material's open layers run to hundreds). The stock in
   * the others is the location's quantity less what was loaded, as a location's open layers always
   * add up to its stock on hand. Without it, all open layers at the locations are loaded.
   */
  needs: Needs | null = null,
): Promise<LoadedState> {
  const ids = [...materials.keys()];
  const state: StockState = { materials: infoOf(materials), pools, balances: new Map(), layers: new Map() };
  const mats = ids.length ? sql`(${sql.join(ids)})` : sql`(NULL::bigint)`;
  const locs = locationIds.length ? sql`(${sql.join(locationIds)})` : sql`(NULL::bigint)`;
  const layerJson = sql`json_build_object('id', id, 'm', material_id, 'l', location_id, 'g', ledger_id,
    'd', in_date, 'qi', qty_in::text, 'ql', qty_left::text, 'c', unit_cost::text)`;
  const needed = needs && !extraLayers ? [...needs.values()] : null;
  const { rows } = await sql<{
    b: BalanceJson[];
    y: LayerJson[];
    li: (number | string)[];
    yi: (number | string)[];
  }>`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('m', material_id, 'l', location_id, 'w', warehouse_id,
          'b', batch_no, 'q', qty::text, 'a', amount::text, 'i', last_in_date, 'o', last_out_date)), '[]'::json)
        FROM stock_balance WHERE material_id IN ${mats} AND location_id IN ${locs}) AS b,
      ${
        needed
          ? sql`(SELECT coalesce(json_agg(${layerJson} ORDER BY in_date, id), '[]'::json) FROM (
              SELECT y.* FROM unnest(${sql.val(needed.map(([m]) => m))}::bigint[], ${sql.val(needed.map(([, l]) => l))}::bigint[],
                ${sql.val(needed.map(([, , q]) => q))}::numeric[]) AS n(m, l, q)
              CROSS JOIN LATERAL (SELECT z.* FROM (SELECT y.*,
                  sum(y.qty_left) OVER (ORDER BY y.in_date, y.id) - y.qty_left AS before
                FROM stock_layer y WHERE y.material_id = n.m AND y.location_id = n.l AND y.is_open
                ORDER BY y.in_date, y.id LIMIT ${LAYERS_AT_ONCE}) z
                WHERE z.before < n.q) y) y) AS y,`
          : sql`(SELECT coalesce(json_agg(${layerJson} ORDER BY in_date, id), '[]'::json)
        FROM stock_layer WHERE material_id IN ${mats}
          AND ((is_open AND location_id IN ${locs}) ${extraLayers ? sql`OR ${extraLayers}` : sql``})) AS y,`
      }
      ${idsSql('stock_ledger', draw.ledger)} AS li, ${idsSql('stock_layer', draw.layers)} AS yi`.execute(tx);
  const loaded = fromJson(rows[0], state, needed ? needs : null);
  return loaded ?? loadState(tx, materials, locationIds, pools, draw);
}

interface StateJson {
  b: BalanceJson[];
  y: LayerJson[];
  li: (number | string)[];
  yi: (number | string)[];
}

/**
 * Fills `state` from what the database answered. With `needs` (only the oldest open layers were
 * read), null when they do not cover an issue while the material has stock in layers not read:
 * the caller then reads them all (rare).
 */
function fromJson(r: StateJson, state: StockState, needs: Needs | null): LoadedState | null {
  for (const b of r.b) {
    const balance: Balance = {
      materialId: Number(b.m),
      locationId: Number(b.l),
      warehouseId: Number(b.w),
      batchNo: b.b,
      qty: normalizeDecimal(b.q),
      amount: normalizeDecimal(b.a),
      lastIn: b.i,
      lastOut: b.o,
    };
    state.balances.set(balanceKey(balance.materialId, balance.locationId, balance.batchNo), balance);
  }
  for (const y of r.y) {
    const layer: Layer = {
      id: Number(y.id),
      materialId: Number(y.m),
      locationId: Number(y.l),
      ledgerRef: Number(y.g),
      inDate: y.d,
      qtyIn: normalizeDecimal(y.qi),
      qtyLeft: normalizeDecimal(y.ql),
      unitCost: normalizeDecimal(y.c),
    };
    const key = layerKey(layer.materialId, layer.locationId);
    const list = state.layers.get(key) ?? [];
    list.push(layer);
    state.layers.set(key, list);
  }
  if (needs) {
    // every location a posting moves stock at: the balances read are those of its pairs
    const onHand = new Map<string, string>();
    for (const b of state.balances.values()) {
      const key = layerKey(b.materialId, b.locationId);
      onHand.set(key, addDecimal(onHand.get(key) ?? '0', b.qty));
    }
    state.layerRest = new Map();
    for (const [key, qty] of onHand) {
      const layers = state.layers.get(key) ?? [];
      const rest = subDecimal(maxDecimal(qty, '0'), sumLayers(layers));
      if (compareDecimal(sumLayers(layers), needs.get(key)?.[2] ?? '0') < 0 && isPositive(rest)) return null;
      if (!isZero(rest)) state.layerRest.set(key, rest);
    }
  }
  return { state, ledgerIds: r.li.map(Number), layerIds: r.yi.map(Number) };
}

/**
 * loadRefs, lockMaterials and loadState with needs, in one round trip (migrations 0015 to 0020):
 * the posting's hot path. What loadRefs reads comes from the statement's snapshot, taken before
 * the stock locks are waited for, as it did in a statement of its own before them; the stock comes
 * from the function's statements, which see what the postings waited for committed. The state
 * holds the pools as locked.
 */
export async function lockAndLoad(
  tx: Tx,
  of: {
    materialIds: number[];
    /** every location the lines name (for their names and checks) */
    locationIds: number[];
    /** the material and location pairs the lines move: the balances read */
    pairs: [materialId: number, locationId: number][];
    draw: { ledger: number; layers: number };
    /** how much of each material the movements take out at each location (see loadState) */
    needs: Needs;
    /** the document, when it may post only once (PostingRefs.posted) */
    doc?: { type: number; id: number };
  },
): Promise<{ refs: PostingRefs; loaded: LoadedState }> {
  const { locationIds, pairs, draw, needs } = of;
  const ids = [...of.materialIds].sort((a, b) => a - b);
  const needed = [...needs.values()];
  const { rows } = await sql<
    RefsJson & { s: StateJson & { p: { m: number; q: string; a: string; c: string }[] } }
  >`
    SELECT ${refsSql(ids, locationIds, of.doc)}, iv_lock_and_load(${sql.val(ids)}::bigint[],
      ${sql.val(pairs.map(([m]) => m))}::bigint[], ${sql.val(pairs.map(([, l]) => l))}::bigint[],
      ${sql.val(needed.map(([m]) => m))}::bigint[], ${sql.val(needed.map(([, l]) => l))}::bigint[],
      ${sql.val(needed.map(([, , q]) => q))}::numeric[],
      ${draw.ledger}::int, ${draw.layers}::int, ${LAYERS_AT_ONCE}::int) AS s`.execute(tx);
  const refs = refsFrom(rows[0]);
  const r = rows[0].s;
  const pools: Pools = new Map();
  for (const p of r.p)
    pools.set(Number(p.m), {
      qty: normalizeDecimal(p.q),
      amount: normalizeDecimal(p.a),
      lastCost: normalizeDecimal(p.c),
    });
  const { materials } = refs;
  const state: StockState = { materials: infoOf(materials), pools, balances: new Map(), layers: new Map() };
  const loaded = fromJson(r, state, needs) ?? (await loadState(tx, materials, locationIds, pools, draw));
  return { refs, loaded };
}

interface BalanceJson {
  m: number;
  l: number;
  w: number;
  b: string;
  q: string;
  a: string;
  i: string | null;
  o: string | null;
}

interface LayerJson {
  id: number;
  m: number;
  l: number;
  g: number;
  d: string;
  qi: string;
  ql: string;
  c: string;
}

/** Checks the lines' materials and locations exist and are in use; the message names every bad line. */
export function checkRefs(
  lines: { line: number; materialId: number; locationIds: number[] }[],
  materials: Map<number, MaterialRow>,
  locations: Map<number, LocationRow>,
): void {
  const errors = refErrors(lines, materials, locations);
  if (errors.length) throw combineErrors(errors);
}

/** What checkRefs refuses, line by line. */
export function refErrors(
  lines: { line: number; materialId: number; locationIds: number[] }[],
  materials: Map<number, MaterialRow>,
  locations: Map<number, LocationRow>,
): AppError[] {
  const errors: AppError[] = [];
  for (const l of lines) {
    const m = materials.get(l.materialId);
    if (!m || m.disabled) errors.push(new AppError('iv.material_unknown', { line: l.line }).at('Lines'));
    for (const id of l.locationIds) {
      const loc = locations.get(id);
      if (!loc || loc.disabled) {
        errors.push(new AppError('iv.location_unknown', { line: l.line }).at('Lines'));
        break;
      }
    }
  }
  return errors;
}
