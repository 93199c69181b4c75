import {
  AppError,
  type Engine,
  likePattern,
  messageTitle,
  ok,
  parseWith,
  requestContext,
} from '@mes/engine-server';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ownUserId } from './shell.server';

const listQuery = z.strictObject({
  Title: z.string().trim().max(200).optional(),
  Status: z.enum(['0', '1']).optional(),
  User_ID: z.coerce.number().int().positive().optional(),
  Dept_ID: z.coerce.number().int().positive().optional(),
  Page: z.coerce.number().int().min(1).max(100000).default(1),
  PageSize: z.coerce.number().int().min(1).max(500).default(15),
});
const idBody = z.strictObject({ ID: z.number().int().positive() });

const COLUMNS = sql`m.id AS "ID", m.title AS "Title", m.msg_key, m.msg_params, m.content AS "Content", m.send_time AS "Send_Time", m.route AS "Route",
  m.parameter AS "Parameter", m.menu_id AS "Menu_ID", m.msg_type AS "Msg_Type", m.status AS "Status", m.level AS "Level",
  m.class AS "Class", r.is_read AS "Is_Read", r.is_done AS "Is_Done", f.user_name AS "From_User_Name",
  pm.menu_name AS "Parent_Menu_Name", pm.menu_name_en AS "Parent_Menu_Name_En", mm.menu_name AS "Menu_Name"`;
const FROM = sql`send_msg m JOIN send_msg_receivers r ON r.parent_id = m.id
  LEFT JOIN users f ON f.id = m.from_user_id
  LEFT JOIN module_menu mm ON mm.id = m.menu_id
  LEFT JOIN module_menu g ON g.id = mm.parent_menu_id
  LEFT JOIN module_menu pm ON pm.id = g.parent_menu_id`;

/**
 * GET /SendMsg/GetSendMsgs answers three questions (spec part 1 §7): Status=1 the unread messages,
 * User_ID (+Dept_ID) the pending to-dos with their parent menu, otherwise the message record
 * filtered by Title. Always only the signed-in user's own messages.
 */
export function messageRoutes(app: FastifyInstance, engine: Engine) {
  const db = engine.db;
  // everyone's own menu, favourites and messages: supplier portal users too
  const signedIn = { config: { perm: { signedIn: true as const }, portal: true } };

  app.get('/SendMsg/GetSendMsgs', signedIn, async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(listQuery, req.query, undefined, ctx.lang);
    const me = req.auth!.session.user_id;
    const conds = [
      sql`r.user_id = ${me}`,
      sql`m.status <> 9`,
      sql`(m.expires_at IS NULL OR m.expires_at > now())`,
    ];
    if (q.User_ID !== undefined) {
      ownUserId(req, q.User_ID);
      conds.push(sql`m.msg_type = 2 AND NOT r.is_done`);
    } else if (q.Status === '1') conds.push(sql`NOT r.is_read`);
    // a message is found by its title in either language, whichever the reader uses
    if (q.Title)
      conds.push(sql`(m.title ILIKE ${likePattern(q.Title)} OR m.title_en ILIKE ${likePattern(q.Title)})`);
    const where = sql.join(conds, sql` AND `);
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT ${COLUMNS}, count(*) OVER () AS __total FROM ${FROM}
      WHERE ${where} ORDER BY m.send_time DESC, m.id DESC LIMIT ${q.PageSize} OFFSET ${(q.Page - 1) * q.PageSize}`.execute(
      db,
    );
    let total = rows.length ? Number(rows[0].__total) : 0;
    if (!rows.length && q.Page > 1)
      total = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${FROM} WHERE ${where}`.execute(db))
        .rows[0].n;
    for (const r of rows) {
      delete r.__total;
      // stored as a key and parameters: rendered in the reader's language (issue 25, bug 7)
      r.Title = messageTitle(
        {
          title: String(r.Title),
          msg_key: r.msg_key as string | null,
          msg_params: r.msg_params as string | null,
        },
        ctx.lang,
      );
      delete r.msg_key;
      delete r.msg_params;
    }
    return ok(rows, ctx, { TotalCount: total, Page: q.Page, PageSize: q.PageSize });
  });

  app.post('/SendMsgDtl/Read', signedIn, async (req) => {
    const ctx = requestContext(req);
    const { ID } = parseWith(idBody, req.body, undefined, ctx.lang);
    const r = await sql`UPDATE send_msg_receivers SET is_read = true, read_time = coalesce(read_time, now())
      WHERE parent_id = ${ID} AND user_id = ${req.auth!.session.user_id} RETURNING id`.execute(db);
    if (!r.rows.length) throw new AppError('not_found', {}, 404);
    return ok(null, ctx);
  });

  app.post('/SendMsgDtl/ReadAllMsg', signedIn, async (req) => {
    await sql`UPDATE send_msg_receivers SET is_read = true, read_time = coalesce(read_time, now())
      WHERE user_id = ${req.auth!.session.user_id} AND NOT is_read`.execute(db);
    return ok(null, requestContext(req));
  });
}
