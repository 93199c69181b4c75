import {
  AppError,
  defineHooks,
  type Engine,
  ok,
  parseWith,
  type Row,
  requestContext,
  type Tx,
  withTx,
} from '@mes/engine-server';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { criticalPath, findCycle, type SchedTask, shiftDependents } from './logic/schedule';
import { projectLog, todayText } from './store.server';
import { task } from './task.entity';

/** The tasks of a project as scheduling sees them. */
export async function scheduleOf(
  tx: Tx | Engine['db'],
  projectId: number,
): Promise<(SchedTask & { row: Row })[]> {
  const { rows } =
    await sql<Row>`SELECT t.id, t.task_no, t.task_name, to_char(t.plan_start, 'YYYY-MM-DD') AS plan_start,
      to_char(t.plan_end, 'YYYY-MM-DD') AS plan_end, to_char(t.actual_end, 'YYYY-MM-DD') AS actual_end,
      t.task_status, t.task_type, t.completion, t.is_milestone, t.owner_id, t.parent_id, u.user_name AS owner_name,
      COALESCE((SELECT json_agg(json_build_object('pred', d.predecessor_id, 'lag', COALESCE(d.lag_days, 0)))
        FROM assignment_dependencies d WHERE d.parent_id = t.id AND d.predecessor_id IS NOT NULL), '[]'::json) AS deps
    FROM assignment t LEFT JOIN users u ON u.id = t.owner_id
    WHERE t.project_id = ${projectId} ORDER BY t.plan_start, t.id`.execute(tx);
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.task_name),
    start: String(r.plan_start),
    end: String(r.plan_end),
    deps: (r.deps as { pred: number; lag: number }[]).map((d) => ({
      pred: Number(d.pred),
      lag: Number(d.lag),
    })),
    row: r,
  }));
}

/** Open tasks past their planned end (status 1 or 2). */
export const isOverdue = (status: number, end: string, today: string) => status <= 2 && end < today;

export const taskHooks = defineHooks(task, {
  async validate(ctx, data, old) {
    const start = String(data.Plan_Start ?? old?.Plan_Start ?? '');
    const end = String(data.Plan_End ?? old?.Plan_End ?? '');
    if (start && end && end < start) {
      const e = new AppError('pm.dates_order');
      e.field = 'Plan_End';
      throw e;
    }
    const projectId = Number(data.Project_ID ?? old?.Project_ID);
    const me = old ? Number(old.Assignment_ID) : 0;
    // a row without a predecessor links nothing (kept as entered, ignored by the schedule)
    const deps = (
      (data.Dependencies as Row[] | undefined) ??
      (old?.Dependencies as Row[] | undefined) ??
      []
    ).filter((d) => d.Predecessor_ID);
    const plan = await scheduleOf(ctx.tx, projectId);
    const names = new Map(plan.map((p) => [p.id, p.name]));
    if (data.Parent_ID && !names.has(Number(data.Parent_ID))) throw new AppError('pm.parent_other_project');
    for (const d of deps) {
      const pred = Number(d.Predecessor_ID);
      if (pred === me) throw new AppError('pm.dependency_self');
      if (!names.has(pred)) {
        const { rows } = await sql<{
          task_name: string;
        }>`SELECT task_name FROM assignment WHERE id = ${pred}`.execute(ctx.tx);
        throw new AppError('pm.dependency_other_project', { task: rows[0]?.task_name ?? pred });
      }
    }
    // the plan as it would be after this save: the cycle, if any, is named task by task
    const mine: SchedTask = {
      id: me || -1,
      name: String(data.Task_Name ?? old?.Task_Name ?? ''),
      start,
      end,
      deps: deps.map((d) => ({ pred: Number(d.Predecessor_ID), lag: Number(d.Lag_Days ?? 0) })),
    };
    const cycle = findCycle([...plan.filter((p) => p.id !== me), mine]);
    if (cycle) throw new AppError('pm.dependency_cycle', { tasks: cycle.join(' → ') }, 400);
  },
  beforeSave(_ctx, data, old) {
    const status = Number(data.Task_Status ?? old?.Task_Status ?? 1);
    if (status >= 3 && !data.Actual_End && !old?.Actual_End) data.Actual_End = todayText();
    if (status >= 3 && data.Completion === undefined) data.Completion = 100;
    if (status === 2 && !data.Actual_Start && !old?.Actual_Start) data.Actual_Start = todayText();
  },
});

const id = z.number().int().positive().max(2_147_483_647);
const moveBody = z
  .strictObject({ Assignment_ID: id, Plan_Start: z.iso.date(), Plan_End: z.iso.date() })
  .refine((b) => b.Plan_End >= b.Plan_Start, { message: 'Plan_End', path: ['Plan_End'] });
const ganttQuery = z.object({ Project_ID: z.coerce.number().int().positive().max(2_147_483_647) });

export function taskRoutes(app: FastifyInstance, engine: Engine) {
  const view = { entity: task.name, button: 'view' as const };
  /** One project's Gantt: bars, dependencies, the critical path and each task's float. */
  app.get(
    '/Assignment/Gantt',
    { config: { perm: view, records: [{ entity: 'Project', in: 'query' as const, key: 'Project_ID' }] } },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(ganttQuery, req.query, task, ctx.lang);
      const plan = await scheduleOf(engine.db, q.Project_ID);
      const { critical, float } = criticalPath(plan);
      const today = todayText();
      return ok(
        plan.map((p) => ({
          Assignment_ID: p.id,
          Task_NO: p.row.task_no,
          Task_Name: p.name,
          Plan_Start: p.start,
          Plan_End: p.end,
          Actual_End: p.row.actual_end,
          Task_Status: p.row.task_status,
          Task_Type: p.row.task_type,
          Completion: p.row.completion,
          Is_Milestone: p.row.is_milestone,
          Owner_Name: p.row.owner_name,
          Parent_ID: p.row.parent_id,
          Dependencies: p.deps.map((d) => ({ Predecessor_ID: d.pred, Lag_Days: d.lag })),
          Critical: critical.has(p.id),
          Float_Days: float.get(p.id) ?? 0,
          Overdue: isOverdue(Number(p.row.task_status), p.end, today),
        })),
        ctx,
      );
    },
  );

  /** Moves or stretches a task on the Gantt; its dependents follow (logic/schedule.ts). */
  app.post(
    '/Assignment/Move',
    {
      config: {
        perm: { entity: task.name, button: 'edit' as const },
        records: [{ entity: task.name, in: 'body' as const, key: 'Assignment_ID' }],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const b = parseWith(moveBody, req.body, task, ctx.lang);
      const moved = await withTx(engine.db, async (tx) => {
        const { rows } = await sql<{ project_id: number; task_name: string }>`SELECT project_id, task_name
          FROM assignment WHERE id = ${b.Assignment_ID} FOR UPDATE`.execute(tx);
        const projectId = Number(rows[0].project_id);
        await sql`SELECT id FROM assignment WHERE project_id = ${projectId} ORDER BY id FOR UPDATE`.execute(
          tx,
        );
        const changed = shiftDependents(
          await scheduleOf(tx, projectId),
          b.Assignment_ID,
          b.Plan_Start,
          b.Plan_End,
        );
        for (const [tid, d] of changed)
          await sql`UPDATE assignment SET plan_start = ${d.start}::date, plan_end = ${d.end}::date,
              version = version + 1, updated_at = now(), updated_by = ${ctx.user?.User_ID ?? null}
            WHERE id = ${tid}`.execute(tx);
        await projectLog(
          tx,
          projectId,
          7,
          'pm.log_task_moved',
          { task: rows[0].task_name, start: b.Plan_Start, end: b.Plan_End, count: changed.size - 1 },
          ctx.user?.User_ID ?? null,
        );
        return [...changed].map(([tid, d]) => ({ Assignment_ID: tid, Plan_Start: d.start, Plan_End: d.end }));
      });
      return ok(moved, ctx);
    },
  );
}
