import { type Engine, likePattern, ok, parseWith, requestContext } from '@mes/engine-server';
import { dateString } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { AGE_BUCKETS } from './logic/age';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
// a date the database holds (year 0 or 2024-02-30 failed in the statement)
const isoDate = dateString();
const base = z.object({
  KeyWord: z.string().trim().max(100).default(''),
  Warehouse_ID: id.optional(),
  Class_ID: id.optional(),
  Page: z.coerce.number().int().min(1).max(100000).default(1),
  PageSize: z.coerce.number().int().min(1).max(500).default(20),
});

/** Material filters shared by the reports: keyword on number or name, class, warehouse. */
function materialWhere(q: z.infer<typeof base>): RawBuilder<unknown> {
  const like = likePattern(q.KeyWord);
  return sql`(${q.KeyWord} = '' OR m.material_number ILIKE ${like} OR m.material_name ILIKE ${like})
    ${q.Class_ID ? sql`AND m.class_id = ${q.Class_ID}` : sql``}`;
}

const paging = (q: { Page: number; PageSize: number }) =>
  sql`LIMIT ${q.PageSize} OFFSET ${(q.Page - 1) * q.PageSize}`;

function paged(rows: Record<string, unknown>[], q: { Page: number; PageSize: number }) {
  const total = Number(rows[0]?.Total_Count ?? 0);
  for (const r of rows) delete r.Total_Count;
  return { rows, paging: { Page: q.Page, PageSize: q.PageSize, TotalCount: total } };
}

/**
 * Inventory reports over the balances and the FIFO layers: stock by material with value, inventory
 * age, slow-moving stock and stock below the safety level. One query each.
 */
export function reportRoutes(app: FastifyInstance, engine: Engine) {
  const report = (menu: string) => ({
    config: {
      perm: { menu },
      records: [
        { entity: 'Warehouse', in: 'query' as const, key: 'Warehouse_ID' },
        { entity: 'MaterialClass', in: 'query' as const, key: 'Class_ID' },
      ],
    },
  });
  app.get('/StockReport/ByMaterial', report('IV.balance'), async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(base, req.query, undefined, ctx.lang);
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT m.id AS "Material_ID", m.material_number AS "Material_Number",
        m.material_name AS "Material_Name", u.unit_name AS "Unit_Name", u.unit_name_en AS "Unit_Name_En", sum(b.qty) AS "Qty", sum(b.amount) AS "Amount",
        m.safety_stock AS "Safety_Stock", count(*) OVER () AS "Total_Count"
      FROM stock_balance b JOIN material m ON m.id = b.material_id LEFT JOIN unit u ON u.id = m.unit_id
      WHERE b.qty <> 0 AND ${materialWhere(q)} ${q.Warehouse_ID ? sql`AND b.warehouse_id = ${q.Warehouse_ID}` : sql``}
      GROUP BY m.id, u.unit_name, u.unit_name_en ORDER BY m.material_number ${paging(q)}`.execute(engine.db);
    const { rows: data, paging: p } = paged(rows, q);
    return ok(data, ctx, p);
  });

  const ageQuery = base.extend({ As_Of: isoDate.optional() });
  app.get('/StockReport/Age', report('record.inventoryAge'), async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(ageQuery, req.query, undefined, ctx.lang);
    const asOf = q.As_Of ? sql`${q.As_Of}::date` : sql`current_date`;
    const inBucket = (b: (typeof AGE_BUCKETS)[number]) =>
      sql`${asOf} - l.in_date >= ${b.from} ${b.to === null ? sql`` : sql`AND ${asOf} - l.in_date <= ${b.to}`}`;
    // what a layer weighs when the value is shared out: its receipt cost under FIFO (old stock at old
    // prices), the average under moving average, its receipt cost when the pool is empty
    const weight = sql`l.qty_left * CASE WHEN m.valuation_method = 2 OR coalesce(c.qty, 0) <= 0
      THEN l.unit_cost ELSE c.amount / c.qty END`;
    const buckets = AGE_BUCKETS.map(
      (b, i) => sql`sum(l.qty_left) FILTER (WHERE ${inBucket(b)}) AS ${sql.ref(`Qty_${i + 1}`)},
        sum(${weight}) FILTER (WHERE ${inBucket(b)}) AS ${sql.ref(`w${i + 1}`)}`,
    );
    // the value is the book value (the material's pool) shared by quantity: the layers age the
    // quantity, but under moving average their receipt costs are not what the stock is worth, and
    // under FIFO the last unit out leaves a rounding residue in the pool, not in a layer. Each
    // bracket gets its weight's share of it, rounded so that the brackets add up to the row's value
    const cum = (k: number) =>
      k === 0
        ? sql`0`
        : sql.join(
            AGE_BUCKETS.slice(0, k).map((_, i) => sql`coalesce(${sql.ref(`g.w${i + 1}`)}, 0)`),
            sql` + `,
          );
    const cumQty = (k: number) =>
      k === 0
        ? sql`0`
        : sql.join(
            AGE_BUCKETS.slice(0, k).map((_, i) => sql`coalesce(${sql.ref(`g.Qty_${i + 1}`)}, 0)`),
            sql` + `,
          );
    const n = AGE_BUCKETS.length;
    const share = (k: number) => sql`round(g."Amount" * CASE WHEN ${cum(n)} > 0 THEN (${cum(k)}) / (${cum(n)})
      ELSE (${cumQty(k)}) / g."Qty" END, 2)`;
    const amounts = AGE_BUCKETS.map(
      (_, i) => sql`CASE WHEN ${sql.ref(`g.Qty_${i + 1}`)} IS NOT NULL
        THEN ${share(i + 1)} - ${share(i)} END AS ${sql.ref(`Amount_${i + 1}`)}`,
    );
    const { rows } = await sql<Record<string, unknown>>`SELECT g."Material_ID", g."Material_Number",
        g."Material_Name", g."Qty", g."Amount", g."Oldest_Date",
        ${sql.join(AGE_BUCKETS.map((_, i) => sql.ref(`g.Qty_${i + 1}`)))}, ${sql.join(amounts)}, g."Total_Count"
      FROM (SELECT m.id AS "Material_ID", m.material_number AS "Material_Number",
          m.material_name AS "Material_Name", sum(l.qty_left) AS "Qty",
          CASE WHEN c.qty > 0 THEN round(sum(l.qty_left) * c.amount / c.qty, 2)
            ELSE sum(l.qty_left * l.unit_cost)::numeric(18,2) END AS "Amount",
          min(l.in_date) AS "Oldest_Date", ${sql.join(buckets)}, count(*) OVER () AS "Total_Count"
        FROM stock_layer l JOIN material m ON m.id = l.material_id
          LEFT JOIN stock_cost c ON c.material_id = l.material_id
        WHERE l.is_open AND l.qty_left > 0 AND l.in_date <= ${asOf} AND ${materialWhere(q)}
        GROUP BY m.id, c.qty, c.amount ORDER BY min(l.in_date), m.material_number ${paging(q)}) AS g
      ORDER BY g."Oldest_Date", g."Material_Number"`.execute(engine.db);
    const { rows: data, paging: p } = paged(rows, q);
    return ok(data, ctx, p);
  });

  const slowQuery = base.extend({ Days: z.coerce.number().int().min(1).max(3650).default(90) });
  app.get('/StockReport/SlowMoving', report('IV.slowMoving'), async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(slowQuery, req.query, undefined, ctx.lang);
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT m.id AS "Material_ID", m.material_number AS "Material_Number",
        m.material_name AS "Material_Name", sum(b.qty) AS "Qty", sum(b.amount) AS "Amount",
        max(b.last_out_date) AS "Last_Out_Date", max(b.last_in_date) AS "Last_In_Date",
        current_date - coalesce(max(b.last_out_date), min(b.last_in_date)) AS "Idle_Days", count(*) OVER () AS "Total_Count"
      FROM stock_balance b JOIN material m ON m.id = b.material_id
      WHERE b.qty > 0 AND ${materialWhere(q)} ${q.Warehouse_ID ? sql`AND b.warehouse_id = ${q.Warehouse_ID}` : sql``}
      GROUP BY m.id
      HAVING coalesce(max(b.last_out_date), min(b.last_in_date)) < current_date - ${q.Days}::int
      ORDER BY coalesce(max(b.last_out_date), min(b.last_in_date)), m.material_number ${paging(q)}`.execute(
      engine.db,
    );
    const { rows: data, paging: p } = paged(rows, q);
    return ok(data, ctx, p);
  });

  app.get('/StockReport/BelowSafety', report('IV.belowSafety'), async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(base, req.query, undefined, ctx.lang);
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT m.id AS "Material_ID", m.material_number AS "Material_Number",
        m.material_name AS "Material_Name", m.safety_stock AS "Safety_Stock", coalesce(s.qty, 0) AS "Qty",
        m.safety_stock - coalesce(s.qty, 0) AS "Shortfall", count(*) OVER () AS "Total_Count"
      FROM material m LEFT JOIN (SELECT material_id, sum(qty) AS qty FROM stock_balance
          ${q.Warehouse_ID ? sql`WHERE warehouse_id = ${q.Warehouse_ID}` : sql``} GROUP BY material_id) s ON s.material_id = m.id
      WHERE NOT m.disabled AND m.safety_stock > 0 AND coalesce(s.qty, 0) < m.safety_stock AND ${materialWhere(q)}
      ORDER BY m.safety_stock - coalesce(s.qty, 0) DESC, m.material_number ${paging(q)}`.execute(engine.db);
    const { rows: data, paging: p } = paged(rows, q);
    return ok(data, ctx, p);
  });
}
