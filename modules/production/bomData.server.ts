import type { Db, Tx } from '@mes/engine-server';
import { sql } from 'kysely';
import type { BomLine, BomTree } from './logic/bom';

type Ex = Db | Tx;

type Packed = [number, number, number | null, number, string, string | null, string | null, number | null];

/**
 * The nodes of some BOMs in one row of JSON: a BOM of 10,000 nodes crosses the wire (or PGlite's
 * row decoding) once instead of 10,000 times. Quantities travel as text so they stay exact.
 */
async function nodesOf(ex: Ex, bomIds: number[]): Promise<(BomLine & { bomId: number })[]> {
  const { rows } = await sql<{
    j: string | null;
  }>`SELECT json_agg(json_build_array(id, bom_id, parent_id, material_id,
      qty::text, scrap_rate::text, price::text, ser_no))::text AS j
    FROM bom_node WHERE bom_id IN (${sql.join(bomIds)})`.execute(ex);
  const packed = JSON.parse(rows[0]?.j ?? '[]') as Packed[];
  return packed.map(([id, bomId, parentId, materialId, qty, scrapRate, price, serNo]) => ({
    id: Number(id),
    bomId: Number(bomId),
    parentId: parentId === null ? null : Number(parentId),
    materialId: Number(materialId),
    qty,
    scrapRate,
    price,
    serNo: serNo ?? 0,
  }));
}

/** One BOM's tree, or null when there is no such BOM. */
export async function loadTree(ex: Ex, bomId: number): Promise<BomTree | null> {
  const head = await sql<{ material_id: number }>`SELECT material_id FROM bom WHERE id = ${bomId}`.execute(
    ex,
  );
  if (!head.rows[0]) return null;
  return { bomId, productId: Number(head.rows[0].material_id), lines: await nodesOf(ex, [bomId]) };
}

/**
 * The default BOMs of every material reachable from `start` (sub-assemblies with BOMs of their own),
 * loaded level by level: one query for the BOM heads and one for their nodes per level.
 */
export async function loadDefaultBoms(ex: Ex, start: Iterable<number>, known = new Map<number, BomTree>()) {
  const byMaterial = known;
  let frontier = [...new Set(start)].filter((m) => !byMaterial.has(m));
  const asked = new Set<number>(frontier);
  for (let depth = 0; frontier.length && depth < 100; depth++) {
    const heads = await sql<{ id: number; material_id: number }>`SELECT id, material_id FROM bom
      WHERE is_default AND material_id IN (${sql.join(frontier)})`.execute(ex);
    if (!heads.rows.length) break;
    const ids = heads.rows.map((h) => Number(h.id));
    const trees = new Map<number, BomTree>();
    for (const h of heads.rows)
      trees.set(Number(h.id), { bomId: Number(h.id), productId: Number(h.material_id), lines: [] });
    for (const n of await nodesOf(ex, ids)) trees.get(n.bomId)?.lines.push(n);
    const next: number[] = [];
    for (const t of trees.values()) {
      byMaterial.set(t.productId, t);
      for (const l of t.lines)
        if (!asked.has(l.materialId)) {
          asked.add(l.materialId);
          next.push(l.materialId);
        }
    }
    frontier = next;
  }
  return byMaterial;
}

/** A tree with everything needed to explode it through the default BOMs of its materials. */
export async function loadGraph(ex: Ex, bomId: number) {
  const tree = await loadTree(ex, bomId);
  if (!tree) return null;
  const boms = await loadDefaultBoms(
    ex,
    tree.lines.map((l) => l.materialId),
  );
  return { tree, resolve: (m: number) => boms.get(m) };
}

/** Whether a BOM is locked (Status 1), taking a row lock so that a lock approval cannot race an edit. */
export async function bomStatus(
  ex: Ex,
  bomId: number,
): Promise<{ status: number; materialId: number } | null> {
  const { rows } = await sql<{ status: number; material_id: number }>`SELECT status, material_id FROM bom
    WHERE id = ${bomId} FOR UPDATE`.execute(ex);
  return rows[0] ? { status: rows[0].status, materialId: Number(rows[0].material_id) } : null;
}

/** Node_Index of every node of a BOM: the position path (1, 1.2, 1.2.3) by Ser_NO within each parent. */
export async function reindex(ex: Ex, bomId: number) {
  await sql`WITH RECURSIVE ordered AS (
      SELECT id, parent_id, row_number() OVER (PARTITION BY parent_id ORDER BY ser_no NULLS LAST, id) AS pos
      FROM bom_node WHERE bom_id = ${bomId}),
    path(id, idx, depth) AS (
      SELECT id, pos::text, 1 FROM ordered WHERE parent_id IS NULL
      UNION ALL SELECT o.id, path.idx || '.' || o.pos, path.depth + 1 FROM ordered o JOIN path ON o.parent_id = path.id
      WHERE path.depth < 60)
    UPDATE bom_node n SET node_index = path.idx FROM path
    WHERE n.id = path.id AND n.node_index IS DISTINCT FROM path.idx`.execute(ex);
}
