import type { EntityDef } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { type Button, EntityAccess, type GrantRow, grantRowsSql, grantsOf } from '../auth/grants';
import { dataScope } from '../auth/plugin';
import { parseId } from '../crud/routes';
import { likePattern } from '../crud/select';
import type { Row } from '../db';
import type { Engine } from '../engine';
import { AppError } from '../errors';
import { ok, requestContext } from '../http/envelope';
import { parseWith } from '../validation';
import { type ApprovalAction, ApprovalService } from './service';
import { menuApprovers } from './setting';

/** Submitting and withdrawing are the author's steps: who may edit the document may take them. */
const BUTTON: Record<ApprovalAction, Button> = {
  Submit: 'edit',
  Withdraw: 'edit',
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
  const access = new EntityAccess(engine.registry);
  for (const def of docs) registerFor(app, def, approvals, access);

  app.get('/ApprovalSetting/Approvers', { config: { perm: { signedIn: true } } }, async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(approversQuery, req.query, undefined, ctx.lang);
    if (q.Menu_ID) {
      // the approval settings' picker: who may be named at a level, those holding the menu's approve grant
      const may = await menuApprovers(engine.db, q.Menu_ID);
      const { rows } =
        await sql<Row>`SELECT u.id AS "User_ID", u.user_name AS "User_Name", u.dept_id AS "Dept_ID",
          u.disabled AS "Disabled" FROM users u WHERE u.id = ANY(${[...may]}::bigint[])
          ${q.KeyWord ? sql`AND (u.user_name ILIKE ${likePattern(q.KeyWord)} OR u.user_account ILIKE ${likePattern(q.KeyWord)})` : sql``}
          ORDER BY u.id LIMIT ${q.PageSize ?? 100}`.execute(engine.db);
      return ok(rows, ctx);
    }
    // for a document (Entity, ID): only whom a transfer may go to, not its author nor who may not approve it
    const def = q.Entity ? docs.find((d) => d.name === q.Entity) : undefined;
    if (q.Entity && (!def || access.decide(req.auth!.grants, def.name, 'approve') !== 'all'))
      throw new AppError('not_found', {}, 404);
    const author = def && q.ID ? await authorOf(engine, def, q.ID, dataScope(def, req.auth!)) : null;
    // the transfer list: staff other than oneself, disabled ones shown (and marked) but not choosable
    const { rows } = await sql<Row & { grant_rows: GrantRow[] }>`SELECT u.id AS "User_ID",
        u.user_name AS "User_Name", u.dept_id AS "Dept_ID", u.disabled AS "Disabled"
        ${def ? sql`, ${grantRowsSql} AS grant_rows` : sql``}
      FROM users u WHERE u.u_type = 1 AND u.id <> ${req.auth!.session.user_id}
        AND u.id <> ${author ?? 0} ORDER BY u.disabled, u.id`.execute(engine.db);
    const chosen = def
      ? rows.filter((r) => access.decide(grantsOf(r.grant_rows), def.name, 'approve') === 'all')
      : rows;
    return ok(
      chosen.map(({ grant_rows: _, ...r }) => r),
      ctx,
    );
  });
}

const approversQuery = z.object({
  Menu_ID: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  KeyWord: z.string().max(100).optional(),
  PageSize: z.coerce.number().int().positive().max(500).optional(),
  Entity: z.string().max(60).optional(),
  ID: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** The author of a document the user may see (none for one out of sight). */
async function authorOf(
  engine: Engine,
  def: EntityDef,
  id: number,
  scope: RawBuilder<unknown> | null | undefined,
): Promise<number | null> {
  const { rows } = await sql<{
    created_by: number | null;
  }>`SELECT t.created_by FROM ${sql.table(def.table)} AS t
    WHERE t.id = ${id} AND ${scope ?? sql`TRUE`}`.execute(engine.db);
  return rows[0]?.created_by ?? null;
}

function registerFor(app: FastifyInstance, def: EntityDef, approvals: ApprovalService, access: EntityAccess) {
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
    `/${def.name}/:id/ApprovalActions`,
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
      const grants = req.auth!.grants;
      const answer = await approvals.allowed(
        def,
        id,
        ctx.user?.User_ID ?? 0,
        { isAdmin: grants.isAdmin, may: (b) => !!access.decide(grants, def.name, b) },
        req.auth?.scope,
      );
      return ok(answer, ctx);
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
