import type { Engine } from '@mes/engine-server';
import { sql } from 'kysely';

export async function materialInfo(engine: Engine, ids: number[]) {
  // one JSON row for what may be thousands of materials (see whereUsedSql)
  const { rows } = await sql<{ j: string | null }>`SELECT json_agg(json_build_array(m.id, m.material_number,
      m.material_name, u.unit_name))::text AS j
    FROM material m LEFT JOIN unit u ON u.id = m.unit_id WHERE m.id IN (${sql.join(ids.length ? ids : [0])})`.execute(
    engine.db,
  );
  const list = JSON.parse(rows[0]?.j ?? '[]') as [number, string, string, string | null][];
  return new Map(
    list.map(([id, number, name, unit]) => [
      Number(id),
      { Material_Number: number, Material_Name: name, Unit_Name: unit },
    ]),
  );
}

/**
 * Where-used in SQL so that it scales to many BOMs: BOMs with the material in their tree (level 1),
 * then BOMs using those BOMs' products, each BOM at the lowest level it is reached.
 */
export async function whereUsedSql(engine: Engine, materialId: number, maxLevel = 20) {
  // climb by material, not by BOM line: each product is expanded once per level it is reached at
  const { rows } = await sql<{ j: string | null }>`WITH RECURSIVE up(material_id, level) AS (
      SELECT ${materialId}::bigint, 0
      UNION
      SELECT b.material_id, up.level + 1 FROM up JOIN bom_node n ON n.material_id = up.material_id
      JOIN bom b ON b.id = n.bom_id WHERE up.level < ${maxLevel} - 1),
    reached AS (SELECT material_id, min(level) AS level FROM up GROUP BY material_id),
    best AS (SELECT DISTINCT ON (n.bom_id) n.bom_id, r.level + 1 AS level, n.material_id AS via_id, n.qty
      FROM reached r JOIN bom_node n ON n.material_id = r.material_id ORDER BY n.bom_id, r.level, n.id)
    SELECT json_agg(json_build_array(best.bom_id, b.list_no, b.bom_version, b.is_default, b.status, b.material_id,
        p.material_number, p.material_name, best.level, best.via_id, v.material_number, best.qty::text,
        v.material_name)
        ORDER BY best.level, p.material_number, b.bom_version)::text AS j
    FROM best JOIN bom b ON b.id = best.bom_id JOIN material p ON p.id = b.material_id
    JOIN material v ON v.id = best.via_id`.execute(engine.db);
  // one JSON row of arrays, not of keyed objects: thousands of rows encode and decode at once
  // (PGlite decodes row by row slowly, and keys cost as much again as the values)
  const list = JSON.parse(rows[0]?.j ?? '[]') as unknown[][];
  return list.map((r) => ({
    Bom_ID: r[0],
    List_NO: r[1],
    BOM_Version: r[2],
    Is_Default: r[3],
    Status: r[4],
    Product_ID: r[5],
    Product_Number: r[6],
    Product_Name: r[7],
    Level: r[8],
    Via_Material_ID: r[9],
    Via_Material_Number: r[10],
    Qty: r[11],
    Via_Material_Name: r[12],
  }));
}
