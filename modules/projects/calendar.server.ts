import { type Engine, ok, parseWith, requestContext } from '@mes/engine-server';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { type CalendarEvent, toIcs } from './logic/calendar';
import { PM_MENU } from './menu';

const monthQuery = z.object({ Month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) });

/** The user's tasks (as owner), meetings (as initiator or participant) and actions (as champion or supervisor) in a month. */
async function eventsOf(engine: Engine, userId: number, month: string): Promise<CalendarEvent[]> {
  const from = `${month}-01`;
  const { rows } = await sql<CalendarEvent>`
    SELECT 'task' AS kind, t.id, t.task_name AS title, to_char(t.plan_start, 'YYYY-MM-DD') AS start,
      to_char(t.plan_end, 'YYYY-MM-DD') AS "end", p.project_name AS project, NULL AS time
    FROM assignment t JOIN project p ON p.id = t.project_id
    WHERE t.owner_id = ${userId} AND t.plan_start < (${from}::date + interval '1 month')
      AND t.plan_end >= ${from}::date
    UNION ALL
    SELECT 'meeting', m.id, m.theme, to_char(m.meeting_time, 'YYYY-MM-DD'), to_char(m.meeting_time, 'YYYY-MM-DD'),
      p.project_name, to_char(m.meeting_time, 'HH24:MI')
    FROM meeting m JOIN project p ON p.id = m.project_id
    WHERE (m.initiator_id = ${userId} OR EXISTS (SELECT 1 FROM meeting_participants x
        WHERE x.parent_id = m.id AND x.user_id = ${userId}))
      AND m.meeting_time >= ${from}::date AND m.meeting_time < (${from}::date + interval '1 month')
    UNION ALL
    SELECT 'action', a.id, a.action_no || ' ' || a.description, to_char(a.due_date, 'YYYY-MM-DD'),
      to_char(a.due_date, 'YYYY-MM-DD'), p.project_name, NULL
    FROM action_tracker a JOIN project p ON p.id = a.project_id
    WHERE (a.champion_id = ${userId} OR a.supervisor_id = ${userId}) AND NOT a.verified
      AND a.due_date >= ${from}::date AND a.due_date < (${from}::date + interval '1 month')
    UNION ALL
    SELECT 'deliverable', d.id, d.deliverable_name, to_char(d.due_date, 'YYYY-MM-DD'),
      to_char(d.due_date, 'YYYY-MM-DD'), p.project_name, NULL
    FROM project_deliverable d JOIN project p ON p.id = d.project_id
    WHERE d.owner_id = ${userId} AND d.deliverable_status <> 3
      AND d.due_date >= ${from}::date AND d.due_date < (${from}::date + interval '1 month')
    ORDER BY 4, 1`.execute(engine.db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export function calendarRoutes(app: FastifyInstance, engine: Engine) {
  const perm = { config: { perm: { menu: PM_MENU.calendar }, records: [] } };
  app.get('/PM/Calendar', perm, async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(monthQuery, req.query, undefined, ctx.lang);
    return ok(await eventsOf(engine, ctx.user?.User_ID ?? 0, q.Month), ctx);
  });
  /** The same month as an iCalendar file, for Outlook or a phone. */
  app.get('/PM/Calendar/ics', perm, async (req, reply) => {
    const ctx = requestContext(req);
    const q = parseWith(monthQuery, req.query, undefined, ctx.lang);
    const events = await eventsOf(engine, ctx.user?.User_ID ?? 0, q.Month);
    reply.header('content-type', 'text/calendar; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="pm-${q.Month}.ics"`);
    return toIcs(events, new Date());
  });
}
