import { type Engine, likePattern, ok, parseWith, requestContext } from '@mes/engine-server';
import { dateString } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { SIDE } from './ledger.entity';
import { AGEING_BUCKETS } from './logic/ageing';
import { partnerColumn, partnerReportRecords } from './openItems.server';
import { statementRoutes } from './statement.server';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const side = z.coerce.number().int().min(1).max(2).default(SIDE.RECEIVABLE);

const ageingQuery = z.object({
  Side: side,
  Partner_ID: id.optional(),
  Currency_ID: id.optional(),
  As_Of: dateString().optional(),
  KeyWord: z.string().trim().max(100).default(''),
  Page: z.coerce.number().int().min(1).max(100000).default(1),
  PageSize: z.coerce.number().int().min(1).max(500).default(20),
});

/** The partner table of a side and its name columns. */
export const partnerTable = (s: number) =>
  s === SIDE.RECEIVABLE
    ? { table: sql.table('customer'), code: sql.ref('p.customer_code') }
    : { table: sql.table('supplier'), code: sql.ref('p.supplier_code') };

/**
 * `GET /Finance/Ageing`: what each partner owes (or is owed) per currency on a day, by how long past
 * its due date: each entry counts in its due date's bracket, and a payment carries the due date of
 * the invoice it settles, so that a paid invoice leaves its bracket empty. One aggregate over the
 * ledger rows posted by that day.
 */
export function reportRoutes(app: FastifyInstance, engine: Engine) {
  app.get(
    '/Finance/Ageing',
    { config: { perm: { menu: 'finance.ageing' }, records: partnerReportRecords } },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(ageingQuery, req.query, undefined, ctx.lang);
      const asOf = q.As_Of ? sql`${q.As_Of}::date` : sql`current_date`;
      const col = partnerColumn(q.Side);
      const p = partnerTable(q.Side);
      const like = likePattern(q.KeyWord);
      const brackets = AGEING_BUCKETS.map((b) => {
        const days = sql`${asOf} - l.due_date`;
        const cond = sql`${b.from === null ? sql`true` : sql`${days} >= ${b.from}`} AND ${b.to === null ? sql`true` : sql`${days} <= ${b.to}`}`;
        return sql`coalesce(sum(l.amount) FILTER (WHERE ${cond}), 0)::text AS ${sql.ref(b.key)}`;
      });
      // the ledger rows are summed first, by partner and currency, and only the sums meet the partner
      // table: a join per ledger row would cost about as much again as the sums
      const { rows } = await sql<Record<string, unknown>>`SELECT a.*, p.short_name AS "Partner_Name",
        ${p.code} AS "Partner_Code", c.currency_code AS "Currency_Code", count(*) OVER () AS "Total_Count"
      FROM (SELECT ${col} AS "Partner_ID", l.currency_id AS "Currency_ID",
          sum(l.amount)::text AS "Balance", sum(l.base_amount)::text AS "Base_Balance", ${sql.join(brackets)}
        FROM partner_ledger l
        WHERE l.side = ${q.Side} AND ${col} IS NOT NULL AND l.posting_date <= ${asOf}
          ${q.Partner_ID ? sql`AND ${col} = ${q.Partner_ID}` : sql``}
          ${q.Currency_ID ? sql`AND l.currency_id = ${q.Currency_ID}` : sql``}
        GROUP BY 1, 2 HAVING sum(l.amount) <> 0 OR sum(l.base_amount) <> 0) a
      JOIN ${p.table} p ON p.id = a."Partner_ID" JOIN currency c ON c.id = a."Currency_ID"
      ${q.KeyWord ? sql`WHERE (p.short_name ILIKE ${like} OR p.full_name ILIKE ${like} OR ${p.code} ILIKE ${like})` : sql``}
      ORDER BY ${p.code}, c.currency_code
      LIMIT ${q.PageSize} OFFSET ${(q.Page - 1) * q.PageSize}`.execute(engine.db);
      const total = Number(rows[0]?.Total_Count ?? 0);
      for (const r of rows) {
        delete r.Total_Count;
        r.Row_Key = `${r.Partner_ID}:${r.Currency_ID}`;
      }
      return ok(rows, ctx, { Page: q.Page, PageSize: q.PageSize, TotalCount: total });
    },
  );
  statementRoutes(app, engine);
}
