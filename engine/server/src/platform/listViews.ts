import { listQuerySchema } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Engine } from '../engine';
import { AppError } from '../errors';
import { ok, requestContext } from '../http/envelope';
import { parseWith } from '../validation';
import { RequestAccess } from './access';

/** How many filters one user keeps per list. */
const MAX_VIEWS = 50;

const listName = z.string().min(1).max(60);
const filters = z.record(z.string().max(100), z.union([z.string().max(2000), z.number()]));
const body = z.strictObject({
  List_Name: listName,
  View_Name: z.string().trim().min(1).max(60),
  Filters: filters,
});

/**
 * A user's saved filters of a list (issue 25): GET /UserListView?List_Name=, POST, DELETE /:id.
 * Only the user's own; the filters are checked against the list's own query schema when saved, so
 * a saved view never holds a field the list would refuse.
 */
export function listViewRoutes(app: FastifyInstance, engine: Engine) {
  const access = new RequestAccess(engine);
  app.get('/UserListView', { config: { perm: { signedIn: true }, records: [] } }, async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(z.strictObject({ List_Name: listName }), req.query, undefined, ctx.lang);
    const { rows } = await sql<{ ID: number; View_Name: string; Filters: string }>`
        SELECT id AS "ID", view_name AS "View_Name", filters AS "Filters" FROM user_list_view
        WHERE user_id = ${ctx.user?.User_ID ?? 0} AND list_name = ${q.List_Name}
        ORDER BY view_name, id`.execute(engine.db);
    return ok(
      rows.map((r) => ({ ...r, ID: Number(r.ID), Filters: JSON.parse(r.Filters) as unknown })),
      ctx,
    );
  });

  app.post('/UserListView', { config: { perm: { signedIn: true }, records: [] } }, async (req) => {
    const ctx = requestContext(req);
    const b = parseWith(body, req.body, undefined, ctx.lang);
    const def = access.entity(req, b.List_Name, 'view');
    // unknown fields and bad values are refused now, as the list itself would refuse them
    const { Page: _p, PageSize: _s, ...rest } = b.Filters;
    parseWith(
      listQuerySchema(def),
      Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
      def,
      ctx.lang,
    );
    const user = ctx.user?.User_ID ?? 0;
    const text = JSON.stringify(rest);
    if (text.length > 4000) throw new AppError('body_too_large', { limit: '4000' });
    // saving under a name the user already has replaces it
    const { rows } = await sql<{
      id: number;
    }>`UPDATE user_list_view SET filters = ${text}, updated_at = now(),
        version = version + 1
      WHERE user_id = ${user} AND list_name = ${b.List_Name} AND view_name = ${b.View_Name} RETURNING id`.execute(
      engine.db,
    );
    if (rows[0]) return ok({ ID: Number(rows[0].id) }, ctx);
    const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM user_list_view
      WHERE user_id = ${user} AND list_name = ${b.List_Name}`.execute(engine.db);
    if ((n.rows[0]?.n ?? 0) >= MAX_VIEWS) throw new AppError('list_views_too_many', { max: MAX_VIEWS });
    const added = await sql<{ id: number }>`INSERT INTO user_list_view
        (user_id, list_name, view_name, filters, created_by, updated_by)
      VALUES (${user}, ${b.List_Name}, ${b.View_Name}, ${text}, ${user}, ${user}) RETURNING id`.execute(
      engine.db,
    );
    return ok({ ID: Number(added.rows[0].id) }, ctx);
  });

  app.delete('/UserListView/:id', { config: { perm: { signedIn: true }, records: [] } }, async (req) => {
    const ctx = requestContext(req);
    const id = (req.params as { id: string }).id;
    if (!/^\d{1,15}$/.test(id)) throw new AppError('invalid_id', { id: id.slice(0, 40) });
    // another user's view is as good as absent
    const { rows } = await sql`DELETE FROM user_list_view WHERE id = ${Number(id)}
        AND user_id = ${ctx.user?.User_ID ?? 0} RETURNING id`.execute(engine.db);
    if (!rows.length) throw new AppError('not_found', {}, 404);
    return ok(null, ctx);
  });
}
