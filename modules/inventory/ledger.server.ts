import { AppError, type HookContext, nextBatchNo } from '@mes/engine-server';
import { addDecimal, subDecimal } from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import { isoDay, postingDateFault } from './logic/dates';
import { type LedgerRow, type Movement, type Plan, planPosting, Shortage, UsedLater } from './logic/posting';
import { type Original, planReversal } from './logic/reversal';
import { absDecimal, isNegative, isPositive, isZero, layerKey } from './logic/state';
import './messages.server';
import { writePlan } from './ledgerWrite.server';
import { refuseUsedLater } from './reversal.server';
import {
  checkRefs,
  type LocationRow,
  loadRefs,
  loadState,
  locationShown,
  lockAndLoad,
  lockMaterials,
  type MaterialRow,
  materialShown,
  type Needs,
  unreversed,
} from './state.server';

/** A line as another module posts it; Qty is signed (+ into the location, - out of it). */
export interface PostingLine {
  Line_NO: number;
  Material_ID: number;
  Location_ID: number;
  Batch_NO?: string | null;
  Bucket_ID?: number | null;
  Qty: string;
  /** Cost of an inbound line as the document states it; by default the material's current cost. */
  Unit_Price?: string | null;
  /** Makes the line a transfer of the positive Qty from Location_ID to here. */
  To_Location_ID?: number | null;
}

export interface PostingInput {
  /** A movement type of MOVEMENT_TYPES (1–5 stock documents, 11+ other modules). */
  Doc_Type: number;
  Doc_ID: number;
  Doc_NO: string;
  Posting_Date: string;
  lines: PostingLine[];
  /** refused when the document has postings not reversed yet (a document that posts once) */
  once?: boolean;
  /**
   * Nothing follows the posting in its transaction (HookContext.last): its write carries the
   * COMMIT, and the stock locks go a round trip sooner.
   */
  last?: boolean;
}

export interface PostedRow extends LedgerRow {
  id: number;
}

/**
 * Refuses stock moved on a day in the future or in the closed period (system parameter 34). A
 * reversal is dated today: only its original's day, which may be any, is checked against the period.
 */
function refuseDate(date: string, closedUntil: string | null, reversing = false): void {
  const fault = postingDateFault(date, closedUntil);
  if (fault === 'closed')
    throw new AppError(reversing ? 'iv.period_closed_reverse' : 'iv.period_closed', {
      closed: closedUntil ?? '',
      date,
    });
  if (fault === 'future' && !reversing) throw new AppError('iv.future_date', { date });
}

/** Turns the planner's refusals into messages that name the material and the location. */
function explain(
  e: unknown,
  materials: Map<number, MaterialRow>,
  locations: Map<number, LocationRow>,
): never {
  if (e instanceof Shortage) {
    const batch = e.batchNo ? ` 批次 ${e.batchNo} ` : '';
    throw new AppError('iv.shortage', {
      material: materialShown(materials.get(e.materialId), e.materialId),
      location: locationShown(locations.get(e.locationId), e.locationId),
      batch,
      need: e.need,
      available: e.available,
      shortfall: subDecimal(e.need, e.available),
    });
  }
  if (e instanceof UsedLater)
    throw new AppError(
      'iv.used_later',
      { material: materialShown(materials.get(e.materialId), e.materialId) },
      409,
    );
  throw e;
}

/**
 * Posts movements to the stock ledger in the caller's transaction (an approval): locks the
 * materials, plans the posting and writes ledger rows, layers, balances and pools. Refuses, and so
 * rolls the whole approval back, when stock would go negative and that is not allowed.
 */
export async function postMovements(
  ctx: HookContext,
  input: PostingInput,
  /** statements that follow from the posted rows (the document's amounts), sent with the posting */
  also?: (posted: PostedRow[]) => RawBuilder<unknown>[],
): Promise<PostedRow[]> {
  const { tx } = ctx;
  // before any lock: a date in the future is refused whatever the stock
  refuseDate(input.Posting_Date, null);
  const lines = input.lines.filter((l) => !isZero(l.Qty));
  // the material and location pairs the lines move (their balances), and so the locations they name
  const pairs = new Map<string, [number, number]>();
  for (const l of lines)
    for (const loc of [l.Location_ID, l.To_Location_ID ?? l.Location_ID])
      pairs.set(`${l.Material_ID}:${loc}`, [l.Material_ID, loc]);
  const locationIds = [...new Set([...pairs.values()].map(([, loc]) => loc))];
  // one ledger row per line and two per transfer; a receipt makes a layer, and a row may make one
  // more that makes up for negative stock (rare: writePlan draws the ids such a plan lacks)
  const rowsAtMost = lines.length + lines.filter((l) => l.To_Location_ID).length;
  const inbound = lines.filter((l) => isPositive(l.Qty) && !l.To_Location_ID).length;
  // only what goes out (an issue, or a transfer from its location) takes from layers that exist
  // now, those of its material at its location (see loadState)
  const needs: Needs = new Map();
  for (const l of lines)
    if (isNegative(l.Qty) || l.To_Location_ID) {
      const key = layerKey(l.Material_ID, l.Location_ID);
      const q = addDecimal(needs.get(key)?.[2] ?? '0', absDecimal(l.Qty));
      needs.set(key, [l.Material_ID, l.Location_ID, q]);
    }
  const { refs, loaded } = await lockAndLoad(tx, {
    materialIds: [...new Set(lines.map((l) => l.Material_ID))],
    locationIds,
    pairs: [...pairs.values()],
    draw: { ledger: rowsAtMost, layers: inbound },
    needs,
    doc: input.once ? { type: input.Doc_Type, id: input.Doc_ID } : undefined,
  });
  const { materials, locations, settings } = refs;
  if (refs.posted) throw new AppError('iv.posting_exists', {}, 409);
  refuseDate(input.Posting_Date, settings.closedUntil);
  checkRefs(
    lines.map((l) => ({
      line: l.Line_NO,
      materialId: l.Material_ID,
      locationIds: [l.Location_ID, ...(l.To_Location_ID ? [l.To_Location_ID] : [])],
    })),
    materials,
    locations,
  );
  const movements: Movement[] = [];
  for (const l of lines) {
    const m = materials.get(l.Material_ID) as MaterialRow;
    let batch = l.Batch_NO?.trim() ?? '';
    if (settings.batchMode && m.batch_managed && !batch) {
      if (isNegative(l.Qty) || l.To_Location_ID)
        throw new AppError('iv.batch_required', { line: l.Line_NO, material: m.name }).at('Lines');
      batch = await nextBatchNo(tx, m.number);
    }
    const loc = locations.get(l.Location_ID) as LocationRow;
    const to = l.To_Location_ID ? (locations.get(l.To_Location_ID) as LocationRow) : null;
    movements.push({
      lineNo: l.Line_NO,
      materialId: l.Material_ID,
      locationId: l.Location_ID,
      warehouseId: loc.warehouse_id,
      batchNo: batch,
      bucketId: l.Bucket_ID ?? null,
      qty: l.Qty,
      unitPrice: isPositive(l.Qty) && !to ? (l.Unit_Price ?? null) : null,
      toLocation: to ? { locationId: to.id, warehouseId: to.warehouse_id } : undefined,
    });
  }
  let plan: Plan;
  try {
    plan = planPosting(loaded.state, movements, {
      date: input.Posting_Date,
      allowNegative: settings.allowNegative,
    });
  } catch (e) {
    explain(e, materials, locations);
  }
  return writePlan(ctx, input, plan, loaded, also);
}

/**
 * Posts the reversal of everything a document posted and has not reversed yet (UnApprove). Refused
 * when a later movement has used stock the document received, or stock would go negative.
 */
export async function reverseMovements(
  ctx: HookContext,
  docType: number,
  docId: number,
): Promise<PostedRow[]> {
  const { tx } = ctx;
  const { rows } = await sql<Record<string, unknown>>`SELECT l.* FROM stock_ledger l
    WHERE ${unreversed(docType, docId)} ORDER BY l.id`.execute(tx);
  if (!rows.length) return [];
  const ids = rows.map((r) => Number(r.id));
  const locationIds = [...new Set(rows.map((r) => Number(r.location_id)))];
  const { materials, locations, settings } = await loadRefs(
    tx,
    [...new Set(rows.map((r) => Number(r.material_id)))],
    locationIds,
  );
  // what was posted in a closed period stays: its reversal would change the period's figures
  for (const r of rows) refuseDate(String(r.posting_date), settings.closedUntil, true);
  const pools = await lockMaterials(tx, [...materials.keys()]);
  // arrays, not IN lists: a stocktake of thousands of lines would pass as many parameters
  const uses = await sql<{ ledger_id: number; layer_id: number; qty: string }>`SELECT ledger_id, layer_id, qty
    FROM stock_layer_use WHERE ledger_id = ANY(${sql.val(ids)}::bigint[])`.execute(tx);
  const useLayerIds = uses.rows.map((u) => u.layer_id);
  const loaded = await loadState(
    tx,
    materials,
    locationIds,
    pools,
    { ledger: rows.length, layers: 2 * rows.length },
    sql<boolean>`ledger_id = ANY(${sql.val(ids)}::bigint[]) ${useLayerIds.length ? sql`OR id = ANY(${sql.val(useLayerIds)}::bigint[])` : sql``}`,
  );
  const originals: Original[] = rows.map((r) => {
    const id = Number(r.id);
    const materialId = Number(r.material_id);
    const layers = loaded.state.layers.get(layerKey(materialId, Number(r.location_id))) ?? [];
    return {
      id,
      lineNo: Number(r.line_no),
      materialId,
      locationId: Number(r.location_id),
      warehouseId: Number(r.warehouse_id),
      batchNo: String(r.batch_no),
      bucketId: r.bucket_id === null ? null : Number(r.bucket_id),
      direction: Number(r.direction) === 1 ? 1 : -1,
      qty: String(r.qty),
      unitCost: String(r.unit_cost),
      amount: String(r.amount),
      balanceQty: String(r.balance_qty),
      // rows posted before migration 0030 have none; a reversal writes its own
      balanceAmount: String(r.balance_amount ?? '0'),
      transfer: Boolean(r.is_transfer),
      reversalOf: null,
      layers: layers.filter((l) => l.ledgerRef === id),
      uses: uses.rows.filter((u) => u.ledger_id === id).map((u) => ({ layerId: u.layer_id, qty: u.qty })),
    };
  });
  const first = rows[0];
  let plan: Plan;
  try {
    plan = planReversal(loaded.state, originals, { date: isoDay(), allowNegative: settings.allowNegative });
  } catch (e) {
    await refuseUsedLater(tx, e, { type: docType, id: docId }, originals, materials, locations);
    explain(e, materials, locations);
  }
  return writePlan(
    ctx,
    { Doc_Type: docType, Doc_ID: docId, Doc_NO: String(first.doc_no), Posting_Date: isoDay(), lines: [] },
    plan,
    loaded,
  );
}
