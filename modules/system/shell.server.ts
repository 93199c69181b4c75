import {
  AppError,
  type Engine,
  EntityAccess,
  ok,
  parseWith,
  requestContext,
  withTx,
} from '@mes/engine-server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';

const userQuery = z.object({ User_ID: z.coerce.number().int().positive().optional() }).loose();
const menuBody = z.strictObject({
  Menu_ID: z.number().int().positive(),
  User_ID: z.number().int().positive().optional(),
});

const BUTTON_NAMES: Record<string, [string, string]> = {
  add: ['新增', 'Add'],
  edit: ['修改', 'Edit'],
  delete: ['删除', 'Delete'],
  approve: ['审核', 'Approve'],
  unapprove: ['反审核', 'Unapprove'],
  reject: ['驳回', 'Reject'],
  close: ['关闭', 'Close'],
  print: ['打印', 'Print'],
  export: ['导出', 'Export'],
  import: ['导入', 'Import'],
  config: ['配置字段', 'Configure fields'],
};

/** A user may ask only about themself: another User_ID in a query is refused, never answered. */
export function ownUserId(req: FastifyRequest, asked: number | undefined): number {
  const me = req.auth!.session.user_id;
  if (asked !== undefined && asked !== me) throw new AppError('not_own_user', {}, 403, 403);
  return me;
}

interface MenuRow {
  Menu_ID: number;
  Parent_Menu_ID: number | null;
  Menu_Code: string;
  Menu_Name: string;
  Menu_Name_En: string | null;
  Menu_Type: number;
  Ser_NO: number;
  Route: string | null;
  Icon: string | null;
  Buttons: string | null;
  Entity_Name: string | null;
}

export interface UserMenu extends Omit<MenuRow, 'Buttons'> {
  Opera_Type: number;
  Role_UserName: string;
  ButtonDtl: { Button_Code: string; Button_Name: string; Button_Name_En: string }[];
  children: UserMenu[];
}

/** The user's three-level menu: granted pages, and the groups and modules above them, by Ser_NO. */
export async function userMenu(engine: Engine, req: FastifyRequest): Promise<UserMenu[]> {
  const { grants } = req.auth!;
  const { rows } =
    await sql<MenuRow>`SELECT id AS "Menu_ID", parent_menu_id AS "Parent_Menu_ID", menu_code AS "Menu_Code",
      menu_name AS "Menu_Name", menu_name_en AS "Menu_Name_En", menu_type AS "Menu_Type", ser_no AS "Ser_NO",
      route AS "Route", icon AS "Icon", buttons AS "Buttons", entity_name AS "Entity_Name"
    FROM module_menu ORDER BY ser_no, id`.execute(engine.db);
  const roleName = grants.roleNames.join(',');
  const node = (r: MenuRow): UserMenu => {
    const g = grants.menus.get(r.Menu_Code);
    const offered = (r.Buttons ?? '').split(',').filter(Boolean);
    const buttons = grants.isAdmin ? offered : offered.filter((b) => g?.buttons.has(b));
    const { Buttons: _, ...rest } = r;
    return {
      ...rest,
      Opera_Type: grants.isAdmin ? 2 : (g?.operaType ?? 1),
      Role_UserName: roleName,
      ButtonDtl: buttons.map((b) => ({
        Button_Code: b,
        Button_Name: BUTTON_NAMES[b]?.[0] ?? b,
        Button_Name_En: BUTTON_NAMES[b]?.[1] ?? b,
      })),
      children: [],
    };
  };
  const byId = new Map(rows.map((r) => [r.Menu_ID, node(r)]));
  const pages = rows.filter((r) => r.Menu_Type === 3 && EntityAccess.canOpen(grants, r.Menu_Code));
  const keep = new Set<number>();
  for (const p of pages) {
    let cur: MenuRow | undefined = p;
    while (cur && !keep.has(cur.Menu_ID)) {
      keep.add(cur.Menu_ID);
      const parentId: number | null = cur.Parent_Menu_ID;
      cur = rows.find((r) => r.Menu_ID === parentId);
    }
  }
  const roots: UserMenu[] = [];
  for (const r of rows) {
    if (!keep.has(r.Menu_ID)) continue;
    const n = byId.get(r.Menu_ID)!;
    const parent =
      r.Parent_Menu_ID !== null && keep.has(r.Parent_Menu_ID) ? byId.get(r.Parent_Menu_ID) : undefined;
    if (parent) parent.children.push(n);
    else if (r.Menu_Type === 1) roots.push(n);
  }
  return roots;
}

export function shellRoutes(app: FastifyInstance, engine: Engine) {
  const db = engine.db;
  // everyone's own menu, favourites and messages: supplier portal users too
  const signedIn = { config: { perm: { signedIn: true as const }, portal: true } };

  app.get('/ModuleMenu/GetUserMenu', signedIn, async (req) => {
    const ctx = requestContext(req);
    ownUserId(req, parseWith(userQuery, req.query, undefined, ctx.lang).User_ID);
    return ok(await userMenu(engine, req), ctx);
  });

  app.get('/UserOftenMenu/GetOftenMenuListByUserAsync', signedIn, async (req) => {
    const me = req.auth!.session.user_id;
    const { rows } =
      await sql`SELECT o.id AS "ID", o.menu_id AS "Menu_ID", o.user_id AS "User_ID", o.is_collect AS "Is_Collect",
        o.click_count AS "Click_Count", m.menu_code AS "Menu_Code", m.menu_name AS "Menu_Name", m.menu_name_en AS "Menu_Name_En",
        m.route AS "Route", m.icon AS "Icon"
      FROM user_often_menu o JOIN module_menu m ON m.id = o.menu_id
      WHERE o.user_id = ${me} AND (o.is_collect OR o.click_count > 0)
      ORDER BY o.is_collect DESC, o.click_count DESC, o.last_click DESC NULLS LAST LIMIT 50`.execute(db);
    const { grants } = req.auth!;
    // a favourite whose grant was withdrawn is not offered any more
    const visible = (rows as { Menu_Code: string }[]).filter((r) =>
      EntityAccess.canOpen(grants, r.Menu_Code),
    );
    return ok(visible, requestContext(req));
  });

  const menuOf = async (req: FastifyRequest) => {
    const ctx = requestContext(req);
    const body = parseWith(menuBody, req.body, undefined, ctx.lang);
    const me = ownUserId(req, body.User_ID);
    const m = await sql<{
      menu_code: string;
    }>`SELECT menu_code FROM module_menu WHERE id = ${body.Menu_ID} AND menu_type = 3`.execute(db);
    if (!m.rows[0] || !EntityAccess.canOpen(req.auth!.grants, m.rows[0].menu_code))
      throw new AppError('menu_not_found', {}, 404);
    return { ctx, me, menuId: body.Menu_ID };
  };

  app.post('/UserOftenMenu/Collection', signedIn, async (req) => {
    const { ctx, me, menuId } = await menuOf(req);
    const r = await withTx(db, async (tx) => {
      await sql`INSERT INTO user_often_menu (user_id, menu_id, is_collect, click_count)
        SELECT ${me}, ${menuId}, false, 0 WHERE NOT EXISTS (SELECT 1 FROM user_often_menu WHERE user_id = ${me} AND menu_id = ${menuId})`.execute(
        tx,
      );
      return sql<{
        is_collect: boolean;
      }>`UPDATE user_often_menu SET is_collect = NOT is_collect, updated_at = now()
        WHERE user_id = ${me} AND menu_id = ${menuId} RETURNING is_collect`.execute(tx);
    });
    return ok({ Menu_ID: menuId, Is_Collect: r.rows[0].is_collect }, ctx);
  });

  app.post('/UserOftenMenu', signedIn, async (req) => {
    const { ctx, me, menuId } = await menuOf(req);
    await withTx(db, async (tx) => {
      const u = await sql`UPDATE user_often_menu SET click_count = click_count + 1, last_click = now()
        WHERE user_id = ${me} AND menu_id = ${menuId} RETURNING id`.execute(tx);
      if (!u.rows.length)
        await sql`INSERT INTO user_often_menu (user_id, menu_id, is_collect, click_count, last_click)
          VALUES (${me}, ${menuId}, false, 1, now())`.execute(tx);
    });
    return ok(null, ctx);
  });

  app.get('/UsersHabit/UpdateMenuMode', signedIn, async (req) => {
    const me = req.auth!.session.user_id;
    const { rows } = await sql<{
      menu_mode: number;
    }>`UPDATE users SET menu_mode = CASE WHEN menu_mode = 1 THEN 2 ELSE 1 END
      WHERE id = ${me} RETURNING menu_mode`.execute(db);
    return ok({ Menu_Mode: rows[0].menu_mode }, requestContext(req));
  });
}
