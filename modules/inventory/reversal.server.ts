import { AppError, type Tx } from '@mes/engine-server';
import { type RawBuilder, sql } from 'kysely';
import { Shortage, UsedLater } from './logic/posting';
import type { Original } from './logic/reversal';
import './messages.server';
import { type LocationRow, locationShown, type MaterialRow, materialShown, standsSql } from './state.server';

/** How many later documents a refusal names at most. */
const NAMED = 3;

/** A ledger row an UnApprove was reversing. */
type Reversed = Pick<Original, 'id' | 'materialId' | 'locationId' | 'batchNo'>;

const stands = standsSql('l');

/**
 * Why an UnApprove cannot post its reversal, in a clerk's terms: the later documents that took the
 * stock this one brought in, to be unapproved first. A shortage at the location is traced to the
 * later issues of the material there (ledger rows after the document's own); a FIFO layer already
 * used, to the issues that used it. Throws that refusal, or nothing when no later document is
 * found (the caller then says what is short).
 */
export async function refuseUsedLater(
  tx: Tx,
  e: unknown,
  doc: { type: number; id: number },
  rows: readonly Reversed[],
  materials: Map<number, MaterialRow>,
  locations: Map<number, LocationRow>,
): Promise<void> {
  let materialId: number;
  let locationId: number;
  let later: RawBuilder<unknown>;
  const otherDoc = sql`NOT (l.doc_type = ${doc.type} AND l.doc_id = ${doc.id})`;
  if (e instanceof Shortage) {
    ({ materialId, locationId } = e);
    const own = rows.filter(
      (r) => r.materialId === materialId && r.locationId === locationId && r.batchNo === e.batchNo,
    );
    const after = Math.min(...(own.length ? own : rows).map((r) => r.id));
    later = sql`SELECT l.doc_no, l.id FROM stock_ledger l
      WHERE l.material_id = ${materialId} AND l.location_id = ${locationId} AND l.batch_no = ${e.batchNo}
        AND l.direction = -1 AND l.id > ${after} AND ${otherDoc} AND ${stands}`;
  } else if (e instanceof UsedLater && e.ledgerId !== undefined) {
    const row = rows.find((r) => r.id === e.ledgerId);
    materialId = e.materialId;
    locationId = row?.locationId ?? 0;
    later = sql`SELECT l.doc_no, l.id FROM stock_layer y JOIN stock_layer_use u ON u.layer_id = y.id
        JOIN stock_ledger l ON l.id = u.ledger_id
      WHERE y.ledger_id = ${e.ledgerId} AND ${otherDoc} AND ${stands}`;
  } else return;
  const { rows: found } = await sql<{ doc_no: string }>`SELECT doc_no FROM (${later}) AS x
    GROUP BY doc_no ORDER BY min(id) LIMIT ${NAMED}`.execute(tx);
  if (!found.length) return;
  const docs = found.map((r) => r.doc_no);
  throw new AppError(
    docs.length === 1 ? 'iv.unapprove_used' : 'iv.unapprove_used_many',
    {
      material: materialShown(materials.get(materialId), materialId),
      location: locationShown(locations.get(locationId), locationId),
      docs: { zh: docs.join('、'), en: docs.join(', ') },
    },
    409,
  );
}
