import { AppError, type Engine, ok, parseWith, requestContext } from '@mes/engine-server';
import { normalizeDecimal, subDecimal } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import './messages.server';
import { stockDoc } from './stockDoc.entity';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const countQuery = z.object({ Warehouse_ID: id.optional(), Location_ID: id.optional() });

/** A stocktake holds at most what its declaration allows; more must be counted location by location. */
const MAX_LINES = stockDoc.lines.Lines.maxRows ?? 500;

interface BalanceRow {
  Material_ID: number;
  Material_Number: string;
  Material_Name: string;
  Location_ID: number;
  Location_Code: string;
  Location_Name: string;
  Batch_NO: string | null;
  Book_Qty: string;
  Unit_Price: string | null;
  Total_Count: string | number;
}

/** The count line a balance proposes; counted = book, so that saving it untouched posts nothing. */
function countLine(r: BalanceRow) {
  const book = normalizeDecimal(r.Book_Qty);
  // a negative book (negative stock allowed) cannot be counted: what is there is at least nothing
  const qty = book.startsWith('-') ? '0' : book;
  return {
    Material_ID: Number(r.Material_ID),
    // code beside name, as a read of a document's lines gives them (codeNameOf): the line's pickers
    // show both, since a warehouse holds same-named materials (two 纸箱 of different sizes)
    Material_Code: r.Material_Number,
    Material_Name: r.Material_Name,
    Location_ID: Number(r.Location_ID),
    Location_Code: r.Location_Code,
    Location_Name: r.Location_Name,
    To_Location_ID: null,
    Batch_NO: r.Batch_NO,
    Bucket_ID: null,
    Qty: qty,
    Book_Qty: book,
    Diff_Qty: subDecimal(qty, book),
    Unit_Price: r.Unit_Price === null ? null : normalizeDecimal(r.Unit_Price),
  };
}

/** Refuses a warehouse or location the document could not carry, and a location outside the warehouse. */
async function checkWhere(engine: Engine, q: z.infer<typeof countQuery>) {
  const { rows } = await sql<{ warehouse: number | null; location_warehouse: number | null }>`SELECT
      (SELECT id FROM warehouse WHERE id = ${q.Warehouse_ID ?? null} AND NOT disabled) AS warehouse,
      (SELECT warehouse_id FROM location WHERE id = ${q.Location_ID ?? null} AND NOT disabled) AS location_warehouse`.execute(
    engine.db,
  );
  const r = rows[0];
  if (q.Warehouse_ID && r?.warehouse == null)
    throw new AppError('iv.count_warehouse_unknown').at('Warehouse_ID');
  if (q.Location_ID && r?.location_warehouse == null)
    throw new AppError('iv.count_location_unknown').at('Location_ID');
  if (q.Warehouse_ID && q.Location_ID && Number(r?.location_warehouse) !== q.Warehouse_ID)
    throw new AppError('iv.count_location_warehouse').at('Location_ID');
}

/**
 * `GET /StockReport/CountLines`: the lines of a stocktake as the book has them, one per material,
 * location and batch with stock (ERPNext's "Fetch Items from Warehouse"). Whoever may add a stock
 * document may ask: it shows what the document would show once saved.
 */
export function countLinesRoute(app: FastifyInstance, engine: Engine) {
  app.get(
    '/StockReport/CountLines',
    {
      config: {
        perm: { entity: stockDoc.name, button: 'add' },
        records: [
          { entity: 'Warehouse', in: 'query', key: 'Warehouse_ID' },
          { entity: 'Location', in: 'query', key: 'Location_ID' },
        ],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(countQuery, req.query, stockDoc, ctx.lang);
      if (!q.Warehouse_ID && !q.Location_ID) throw new AppError('iv.count_where').at('Warehouse_ID');
      await checkWhere(engine, q);
      // disabled materials and locations are left out: the document would refuse them on save
      const { rows } = await sql<BalanceRow>`SELECT b.material_id AS "Material_ID",
          m.material_number AS "Material_Number", m.material_name AS "Material_Name",
          b.location_id AS "Location_ID", l.location_code AS "Location_Code", l.location_name AS "Location_Name",
          nullif(b.batch_no, '') AS "Batch_NO", b.qty::text AS "Book_Qty",
          CASE WHEN b.qty > 0 AND b.amount >= 0 THEN round(b.amount / b.qty, 6)::text END AS "Unit_Price",
          count(*) OVER () AS "Total_Count"
        FROM stock_balance b JOIN material m ON m.id = b.material_id JOIN location l ON l.id = b.location_id
        WHERE b.qty <> 0 AND NOT m.disabled AND NOT l.disabled
          ${q.Warehouse_ID ? sql`AND b.warehouse_id = ${q.Warehouse_ID}` : sql``}
          ${q.Location_ID ? sql`AND b.location_id = ${q.Location_ID}` : sql``}
        ORDER BY l.location_code, m.material_number, b.batch_no
        LIMIT ${MAX_LINES + 1}`.execute(engine.db);
      const total = Number(rows[0]?.Total_Count ?? 0);
      if (total > MAX_LINES) throw new AppError('iv.count_too_many', { n: total, max: MAX_LINES });
      return ok(rows.map(countLine), ctx, { Page: 1, PageSize: MAX_LINES, TotalCount: total });
    },
  );
}
