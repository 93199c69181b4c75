import { type Engine, ok, parseWith, requestContext } from '@mes/engine-server';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { PM_MENU } from './menu';
import { todayText } from './store.server';

const statsQuery = z.object({
  Project_ID: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  From: z.iso.date().optional(),
  To: z.iso.date().optional(),
});

/** 任务统计: tasks counted by owner, status and type, and the overdue ones, per project and period. */
export function statisticsRoutes(app: FastifyInstance, engine: Engine) {
  app.get(
    '/Assignment/Statistics',
    {
      config: {
        perm: { menu: PM_MENU.taskStatistics },
        records: [{ entity: 'Project', in: 'query' as const, key: 'Project_ID' }],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(statsQuery, req.query, undefined, ctx.lang);
      const where = sql`TRUE ${q.Project_ID ? sql`AND t.project_id = ${q.Project_ID}` : sql``}
        ${q.From ? sql`AND t.plan_end >= ${q.From}::date` : sql``}
        ${q.To ? sql`AND t.plan_start <= ${q.To}::date` : sql``}`;
      const overdue = sql`(t.task_status <= 2 AND t.plan_end < ${todayText()}::date)`;
      const group = async (key: ReturnType<typeof sql>, label: ReturnType<typeof sql>) =>
        (
          await sql<{ key: number | null; label: string | null; total: number; overdue: number }>`
            SELECT ${key} AS key, ${label} AS label, count(*)::int AS total,
              count(*) FILTER (WHERE ${overdue})::int AS overdue
            FROM assignment t LEFT JOIN users u ON u.id = t.owner_id WHERE ${where}
            GROUP BY 1, 2 ORDER BY 3 DESC`.execute(engine.db)
        ).rows;
      return ok(
        {
          By_Owner: await group(sql`t.owner_id`, sql`u.user_name`),
          By_Status: await group(sql`t.task_status`, sql`NULL::text`),
          By_Type: await group(sql`t.task_type`, sql`NULL::text`),
          Overdue: (
            await sql<{
              id: number;
              task_no: string;
              task_name: string;
              plan_end: string;
              owner: string | null;
            }>`
              SELECT t.id, t.task_no, t.task_name, to_char(t.plan_end, 'YYYY-MM-DD') AS plan_end, u.user_name AS owner
              FROM assignment t LEFT JOIN users u ON u.id = t.owner_id WHERE ${where} AND ${overdue}
              ORDER BY t.plan_end LIMIT 100`.execute(engine.db)
          ).rows,
        },
        ctx,
      );
    },
  );
}
