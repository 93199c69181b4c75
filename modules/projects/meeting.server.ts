import {
  AppError,
  defineHooks,
  type Engine,
  notify,
  ok,
  parseWith,
  type RequestContext,
  type Row,
  requestContext,
  type Tx,
  withTx,
} from '@mes/engine-server';
import type { FastifyInstance } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { actionsFromMinutes, MEETING, type MinuteItem, nextMeetingStatus } from './logic/meeting';
import { meeting } from './meeting.entity';
import { PM_MENU } from './menu';

/**
 * A new meeting: its initiator is who calls it, and its agenda starts with the open actions of the
 * program's previous meeting (each new meeting reviews what the last one left open).
 */
export const meetingHooks = defineHooks(meeting, {
  async beforeSave(ctx, data, old) {
    if (old && Number(old.Meeting_Status) === MEETING.CLOSED)
      throw new AppError('pm.meeting_closed', {}, 409);
    if (old) return;
    if (!data.Initiator_ID) data.Initiator_ID = ctx.user?.User_ID ?? null;
    const { rows } = await sql<{ action_no: string; description: string; due: string | null }>`
      SELECT a.action_no, a.description, to_char(a.due_date, 'YYYY-MM-DD') AS due FROM action_tracker a
      WHERE a.meeting_id = (SELECT id FROM meeting WHERE project_id = ${data.Project_ID}
          ORDER BY meeting_time DESC, id DESC LIMIT 1)
        AND NOT a.closed ORDER BY a.id`.execute(ctx.tx);
    if (rows.length) {
      const open = rows
        .map((r) => `- ${r.action_no} ${r.description}${r.due ? ` (${r.due})` : ''}`)
        .join('\n');
      data.Agenda = `${data.Agenda ? `${data.Agenda}\n` : ''}${open}`.slice(0, 2000);
    }
  },
  async afterSave(ctx, rec, old) {
    if (old) return;
    const to = ((rec.Participants as Row[] | undefined) ?? []).map((p) => Number(p.User_ID));
    await notify(ctx.tx, {
      to,
      key: 'pm.msg_meeting',
      params: {
        theme: String(rec.Theme),
        time: String(rec.Meeting_Time).slice(0, 16).replace('T', ' '),
        location: String(rec.Location ?? ''),
      },
      route: '/PM/list/Meeting',
      menuCode: PM_MENU.meeting,
      from: ctx.user?.User_ID ?? null,
    });
  },
});

const advanceBody = z.strictObject({ Meeting_ID: z.number().int().positive().max(2_147_483_647) });

export function meetingRoutes(app: FastifyInstance, engine: Engine) {
  /** The meeting's next step (advanceMeeting). */
  app.post(
    '/Meeting/Advance',
    {
      config: {
        perm: { entity: meeting.name, button: 'edit' as const },
        records: [{ entity: meeting.name, in: 'body' as const, key: 'Meeting_ID' }],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const b = parseWith(advanceBody, req.body, meeting, ctx.lang);
      const rec = await withTx(engine.db, (tx) =>
        advanceMeeting(engine, tx, ctx, b.Meeting_ID, req.auth?.scope),
      );
      return ok(rec, ctx);
    },
  );
}

/**
 * The meeting's next step: 1 → 2 held → 3 minutes recorded → 9 closed. Recording the minutes turns
 * each action item into an action-tracker entry and tells its champion.
 */
export async function advanceMeeting(
  engine: Engine,
  tx: Tx,
  ctx: RequestContext,
  id: number,
  scope?: RawBuilder<unknown> | null,
): Promise<Row> {
  const svc = engine.service(meeting.name);
  const me = ctx.user?.User_ID ?? null;
  const m = await svc.mustGet(id, tx, true, scope);
  const next = nextMeetingStatus(Number(m.Meeting_Status));
  if (next === null) throw new AppError('pm.meeting_closed', {}, 409);
  if (next === MEETING.MINUTES) {
    const items = (m.Minutes as (Row & MinuteItem)[] | undefined) ?? [];
    const { create, missing } = actionsFromMinutes(items);
    if (missing.length) throw new AppError('pm.minutes_incomplete', { rows: missing.join(', ') });
    const { rows: p } = await sql<{ factory_id: number | null; project_phase: number | null }>`
      SELECT factory_id, project_phase FROM project WHERE id = ${m.Project_ID}`.execute(tx);
    for (const i of create) {
      const item = items[i];
      const made = await engine.service('ActionTracker').insert(
        {
          Project_ID: m.Project_ID,
          Description: item.Content,
          Champion_ID: item.Champion_ID,
          Supervisor_ID: m.Initiator_ID ?? me,
          Due_Date: item.Due_Date,
          Question_Status: 2,
          Priority: 2,
          Issue_Source: 1,
          Phase: p[0]?.project_phase ?? null,
          Factory_ID: p[0]?.factory_id ?? null,
        },
        ctx,
        tx,
      );
      await sql`UPDATE action_tracker SET meeting_id = ${id} WHERE id = ${made.Action_ID}`.execute(tx);
      await sql`UPDATE meeting_minutes SET action_id = ${made.Action_ID}
        WHERE parent_id = ${id} AND line_no = ${i + 1}`.execute(tx);
      await notify(tx, {
        to: [Number(item.Champion_ID)],
        key: 'pm.msg_action',
        params: { no: String(made.Action_NO), text: item.Content, due: String(item.Due_Date) },
        route: '/PM/list/ActionTracker',
        menuCode: PM_MENU.actionTracker,
        type: 2,
        from: me,
      });
    }
  }
  await sql`UPDATE meeting SET meeting_status = ${next}, version = version + 1, updated_at = now(),
    updated_by = ${me} WHERE id = ${id}`.execute(tx);
  return svc.mustGet(id, tx);
}
