import { type Engine, likePattern, ok, parseWith, requestContext } from '@mes/engine-server';
import { dateString } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { workReport } from './plan.entity';
import { refuse } from './refuse.server';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
// a date the database holds (year 0 or 2024-02-30 failed in the statement)
const isoDate = dateString();

export const outputQuery = z.object({
  /** Order number, product number or name. */
  KeyWord: z.string().trim().max(100).default(''),
  From: isoDate.optional(),
  To: isoDate.optional(),
  Work_Order_ID: id.optional(),
  Process_ID: id.optional(),
  Work_Station_ID: id.optional(),
  Page: z.coerce.number().int().min(1).max(100000).default(1),
  PageSize: z.coerce.number().int().min(1).max(500).default(20),
});

/**
 * 产量明细: the output reports summed per work order, operation, work station and date (good, scrap,
 * rework, minutes), newest day first, with the filters of the report page. One query; the totals
 * over every matching row (not just the page) ride along so the 合计 can be checked against them.
 */
export function outputReportRoutes(app: FastifyInstance, engine: Engine) {
  app.get(
    '/ProductionReport/Output',
    {
      config: {
        perm: { menu: 'PD.outputDetail' },
        records: [
          { entity: 'WorkOrder', in: 'query', key: 'Work_Order_ID' },
          { entity: 'WorkProcess', in: 'query', key: 'Process_ID' },
          { entity: 'WorkStation', in: 'query', key: 'Work_Station_ID' },
        ],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(outputQuery, req.query, workReport, ctx.lang);
      if (q.From && q.To && q.To < q.From)
        throw refuse(
          workReport.fields.Report_Date.label,
          '结束日期不能早于开始日期',
          'the end is before the start',
        );
      const { rows } = await outputSql(q).execute(engine.db);
      const total = Number(rows[0]?.Total_Count ?? 0);
      for (const r of rows) {
        delete r.Total_Count;
        r.Reports = Number(r.Reports);
        const day = r.Report_Date instanceof Date ? r.Report_Date.toISOString() : String(r.Report_Date);
        r.Row_Key = [r.Work_Order_ID, r.Step_NO, r.Work_Station_ID ?? 0, day.slice(0, 10)].join('-');
      }
      return ok(rows, ctx, { Page: q.Page, PageSize: q.PageSize, TotalCount: total });
    },
  );
}

/** The statement of the report; a window of days is read through the reports' date index (migration 0027). */
export function outputSql(q: z.infer<typeof outputQuery>) {
  const like = likePattern(q.KeyWord);
  return sql<
    Record<string, unknown>
  >`SELECT o.id AS "Work_Order_ID", o.order_no AS "Order_NO", m.id AS "Material_ID",
      m.material_number AS "Material_Number", m.material_name AS "Material_Name", r.step_no AS "Step_NO",
      r.process_id AS "Process_ID", p.process_name AS "Process_Name", r.work_station_id AS "Work_Station_ID",
      w.station_name AS "Station_Name", r.report_date AS "Report_Date", sum(r.good_qty) AS "Good_Qty",
      sum(r.scrap_qty) AS "Scrap_Qty", sum(r.rework_qty) AS "Rework_Qty", sum(r.work_minutes) AS "Work_Minutes",
      count(*) AS "Reports", count(*) OVER () AS "Total_Count"
    FROM work_report r JOIN work_order o ON o.id = r.work_order_id JOIN material m ON m.id = o.material_id
    JOIN work_process p ON p.id = r.process_id LEFT JOIN work_station w ON w.id = r.work_station_id
    WHERE (${q.KeyWord} = '' OR o.order_no ILIKE ${like} OR m.material_number ILIKE ${like}
        OR m.material_name ILIKE ${like})
      ${q.From ? sql`AND r.report_date >= ${q.From}` : sql``} ${q.To ? sql`AND r.report_date <= ${q.To}` : sql``}
      ${q.Work_Order_ID ? sql`AND r.work_order_id = ${q.Work_Order_ID}` : sql``}
      ${q.Process_ID ? sql`AND r.process_id = ${q.Process_ID}` : sql``}
      ${q.Work_Station_ID ? sql`AND r.work_station_id = ${q.Work_Station_ID}` : sql``}
    GROUP BY o.id, m.id, r.step_no, r.process_id, p.process_name, r.work_station_id, w.station_name, r.report_date
    ORDER BY r.report_date DESC, o.order_no, r.step_no, w.station_name NULLS LAST
    LIMIT ${q.PageSize} OFFSET ${(q.Page - 1) * q.PageSize}`;
}
