import {
  AppError,
  defineHooks,
  type Engine,
  notify,
  ok,
  parseWith,
  requestContext,
  withTx,
} from '@mes/engine-server';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { actionTracker } from './action.entity';
import { type ActionStep, actionStepRefusal } from './logic/meeting';
import { PM_MENU } from './menu';
import { todayText } from './store.server';

/** A closed action is no longer edited: it is reopened by nobody, only verified. */
export const actionHooks = defineHooks(actionTracker, {
  beforeSave(_ctx, data, old) {
    if (old?.Closed) throw new AppError('pm.action_already_closed', {}, 409);
    if (!old && !data.Open_Date) data.Open_Date = todayText();
    if (!old && data.Champion_ID && (data.Question_Status ?? 1) === 1) data.Question_Status = 2;
  },
});

const stepBody = z.strictObject({
  Action_ID: z.number().int().positive().max(2_147_483_647),
  Comments: z.string().trim().max(1000).optional(),
});

export function actionRoutes(app: FastifyInstance, engine: Engine) {
  const svc = engine.service(actionTracker.name);
  const step = (s: ActionStep) =>
    app.post(
      s === 'close' ? '/ActionTracker/Close' : '/ActionTracker/Verify',
      {
        config: {
          perm: { entity: actionTracker.name, button: 'edit' as const },
          records: [{ entity: actionTracker.name, in: 'body' as const, key: 'Action_ID' }],
        },
      },
      async (req) => {
        const ctx = requestContext(req);
        const b = parseWith(stepBody, req.body, actionTracker, ctx.lang);
        const me = ctx.user?.User_ID ?? 0;
        const rec = await withTx(engine.db, async (tx) => {
          const a = await svc.mustGet(b.Action_ID, tx, true, req.auth?.scope);
          const refusal = actionStepRefusal(
            {
              Closed: Boolean(a.Closed),
              Verified: Boolean(a.Verified),
              Champion_ID: (a.Champion_ID as number) ?? null,
              Supervisor_ID: (a.Supervisor_ID as number) ?? null,
            },
            s,
            me,
          );
          if (refusal) throw new AppError(refusal as 'pm.action_not_champion', {}, 409);
          const note = b.Comments ? sql`, comments = ${b.Comments}` : sql``;
          if (s === 'close') {
            await sql`UPDATE action_tracker SET closed = true, closed_at = now(), question_status = 3,
                completion_date = COALESCE(completion_date, ${todayText()}::date) ${note},
                version = version + 1, updated_at = now(), updated_by = ${me} WHERE id = ${b.Action_ID}`.execute(
              tx,
            );
            await notify(tx, {
              to: [Number(a.Supervisor_ID)],
              key: 'pm.msg_verify',
              params: { no: String(a.Action_NO) },
              route: '/PM/list/ActionTracker',
              menuCode: PM_MENU.actionTracker,
              type: 2,
              from: me,
            });
          } else
            await sql`UPDATE action_tracker SET verified = true, verified_at = now() ${note},
                version = version + 1, updated_at = now(), updated_by = ${me} WHERE id = ${b.Action_ID}`.execute(
              tx,
            );
          return svc.mustGet(b.Action_ID, tx);
        });
        return ok(rec, ctx);
      },
    );
  step('close');
  step('verify');
}
