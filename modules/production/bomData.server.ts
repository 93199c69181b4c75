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

export interface MaterialFacts {
  Material_Number: string;
  Material_Name: string;
  Unit_Name: string | null;
  Unit_Name_En: string | null;
  price: string | null;
}

type PackedMaterial = [number, string, string, string | null, string | null, string | null];

/**
 * A tree with everything needed to explode or cost it, in one statement: the BOM, the default
 * BOMs of every material it reaches (a recursive CTE; UNION stops at a loop, which explosion then
 * reports), their nodes and the number, name, unit and price of every material met. Each part
 * comes back as one JSON text, so 10,000 nodes cost one row to decode, not 10,000.
 */
export async function loadGraph(ex: Ex, bomId: number) {
  const { rows } = await sql<{
    heads: string | null;
    ids: string | null;
    boms: string | null;
    parents: string | null;
    materials: string | null;
    qtys: string | null;
    scraps: string | null;
    prices: string | null;
    sers: string | null;
    mats: string | null;
  }>`WITH RECURSIVE own AS (SELECT id, bom_id, parent_id, material_id, qty, scrap_rate, price, ser_no
      FROM bom_node WHERE bom_id = ${bomId}),
    used AS (SELECT DISTINCT material_id FROM own),
    subs(id) AS (
      SELECT b.id FROM bom b WHERE b.is_default AND b.id <> ${bomId}
        AND b.material_id = ANY (ARRAY(SELECT material_id FROM used))
      UNION
      SELECT b.id FROM subs JOIN bom_node n ON n.bom_id = subs.id
        JOIN bom b ON b.material_id = n.material_id AND b.is_default AND b.id <> ${bomId}),
    heads AS (SELECT b.id, b.material_id FROM bom b
      WHERE b.id = ${bomId} OR b.id = ANY (ARRAY(SELECT id FROM subs))),
    nodes AS (SELECT * FROM own UNION ALL
      SELECT n.id, n.bom_id, n.parent_id, n.material_id, n.qty, n.scrap_rate, n.price, n.ser_no
      FROM bom_node n WHERE n.bom_id = ANY (ARRAY(SELECT id FROM subs))),
    mats AS (SELECT material_id AS id FROM used UNION SELECT material_id FROM nodes WHERE bom_id <> ${bomId}
      UNION SELECT material_id FROM heads)
    SELECT (SELECT json_agg(json_build_array(id, material_id)) FROM heads)::text AS heads,
      array_to_string(array_agg(id), ',') AS ids, array_to_string(array_agg(bom_id), ',') AS boms,
      array_to_string(array_agg(parent_id), ',', '') AS parents,
      array_to_string(array_agg(material_id), ',') AS materials, array_to_string(array_agg(qty), ',') AS qtys,
      array_to_string(array_agg(scrap_rate), ',', '') AS scraps,
      array_to_string(array_agg(price), ',', '') AS prices, array_to_string(array_agg(ser_no), ',', '') AS sers,
      (SELECT json_agg(json_build_array(m.id, m.material_number, m.material_name, u.unit_name,
        m.historical_price::text, u.unit_name_en)) FROM mats JOIN material m ON m.id = mats.id
        LEFT JOIN unit u ON u.id = m.unit_id)::text AS mats
    FROM nodes`.execute(ex);
  const r = rows[0];
  const heads = JSON.parse(r?.heads ?? '[]') as [number, number][];
  if (!heads.some(([id]) => Number(id) === bomId)) return null;
  const trees = new Map<number, BomTree>();
  for (const [id, materialId] of heads)
    trees.set(Number(id), { bomId: Number(id), productId: Number(materialId), lines: [] });
  // the nodes come column by column (numbers and decimals never hold a comma)
  const col = (s: string | null | undefined) => (s ? s.split(',') : []);
  const ids = col(r?.ids);
  const [boms, parents, mats, qtys, scraps, prices, sers] = [
    r?.boms,
    r?.parents,
    r?.materials,
    r?.qtys,
    r?.scraps,
    r?.prices,
    r?.sers,
  ].map(col);
  for (let i = 0; i < ids.length; i++)
    trees.get(Number(boms[i]))?.lines.push({
      id: Number(ids[i]),
      parentId: parents[i] ? Number(parents[i]) : null,
      materialId: Number(mats[i]),
      qty: qtys[i],
      scrapRate: scraps[i] || null,
      price: prices[i] || null,
      serNo: sers[i] ? Number(sers[i]) : 0,
    });
  const tree = trees.get(bomId) as BomTree;
  // the root answers for itself even when it is not its product's default version
  const byMaterial = new Map<number, BomTree>();
  for (const t of trees.values()) if (t !== tree) byMaterial.set(t.productId, t);
  const materials = new Map<number, MaterialFacts>();
  for (const [id, number, name, unit, price, unitEn] of JSON.parse(r?.mats ?? '[]') as PackedMaterial[])
    materials.set(Number(id), {
      Material_Number: number,
      Material_Name: name,
      Unit_Name: unit,
      Unit_Name_En: unitEn ?? null,
      price,
    });
  return { tree, resolve: (m: number) => byMaterial.get(m), materials };
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
