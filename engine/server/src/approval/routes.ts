import type { EntityDef } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Button } from '../auth/grants';
import { parseId } from '../crud/routes';
import type { Engine } from '../engine';
import { ok, requestContext } from '../http/envelope';
import { parseWith } from '../validation';
import { type ApprovalAction, ApprovalService } from './service';

const BUTTON: Record<ApprovalAction, Button> = {
  Approve: 'approve',
  UnApprove: 'unapprove',
  Rejected: 'reject',
  Complete: 'close',
};

/**
 * POST /{Entity}/{Approve|UnApprove|Rejected|Complete} (and the /DZSoft/ variant of spec part 2 §7)
 * for every entity with the approval feature, its history, and the list of possible next approvers.
 */
export function registerApproval(app: FastifyInstance, engine: Engine) {
  const approvals = new ApprovalService(engine);
  const docs = engine.registry.all().filter((d) => d.features.approval && d.api);
  for (const def of docs) registerFor(app, def, approvals);

  app.get('/ApprovalSetting/Approvers', { config: { perm: { signedIn: true } } }, async (req) => {
    // the transfer list: staff other than oneself, disabled ones shown (and marked) but not choosable
    const { rows } =
      await sql`SELECT id AS "User_ID", user_name AS "User_Name", dept_id AS "Dept_ID", disabled AS "Disabled"
      FROM users WHERE u_type = 1 AND id <> ${req.auth!.session.user_id} ORDER BY disabled, id`.execute(
        engine.db,
      );
    return ok(rows, requestContext(req));
  });
}

function registerFor(app: FastifyInstance, def: EntityDef, approvals: ApprovalService) {
  const body = z.strictObject({
    [def.key]: z.number().int().positive(),
    Next_User_ID: z.number().int().positive().optional(),
    Rejected_Msg: z.string().max(500).optional(),
  });
  for (const action of Object.keys(BUTTON) as ApprovalAction[])
    for (const prefix of ['', '/DZSoft'])
      app.post(
        `${prefix}/${def.name}/${action}`,
        {
          config: {
            perm: { entity: def.name, button: BUTTON[action] },
            records: [{ entity: def.name, in: 'body', key: def.key }],
          },
          schema: { tags: [def.name] },
        },
        async (req) => {
          const ctx = requestContext(req);
          const input = parseWith(body, req.body, def, ctx.lang);
          const rec = await approvals.act(
            def,
            action,
            {
              id: input[def.key] as number,
              nextUserId: input.Next_User_ID as number | undefined,
              reason: input.Rejected_Msg as string | undefined,
            },
            ctx,
            { isAdmin: !!req.auth?.grants.isAdmin, scope: req.auth?.scope },
          );
          return ok(rec, ctx);
        },
      );
  app.get(
    `/${def.name}/:id/ApprovalHistory`,
    {
      config: {
        perm: { entity: def.name, button: 'view' },
        records: [{ entity: def.name, in: 'params', key: 'id' }],
      },
      schema: { tags: [def.name] },
    },
    async (req) => {
      const ctx = requestContext(req);
      const id = parseId((req.params as { id: string }).id);
      await approvals.engine.service(def.name).mustGet(id, undefined, false, req.auth?.scope);
      return ok(await approvals.history(def, id), ctx);
    },
  );
}
