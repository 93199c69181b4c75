import {
  AppError,
  checkNewPassword,
  hashPassword,
  isDemoDatabase,
  type SeedContext,
  verifyPassword,
} from '@mes/engine-server';
import { sql } from 'kysely';

/**
 * Pages that change who may do what or what the public sign-in page shows (its service link): the
 * seed grants them to the administrator role only, whatever prefix a demo role is given.
 */
export const ADMIN_ONLY_PAGES = ['home.company', 'setting.user', 'setting.role', 'setting.parameter'];

/**
 * Grants a role every page of the listed module, group or page codes, with the given buttons;
 * never ADMIN_ONLY_PAGES.
 */
export async function grantMenus(
  { tx }: SeedContext,
  roleId: number,
  prefixes: string[],
  buttons = 'add,edit,delete,export,import,print,approve,unapprove,reject,close',
  operaType = 2,
) {
  const { rows } = await sql<{
    id: number;
    menu_code: string;
    group_code: string;
    module_code: string;
    buttons: string;
  }>`
    SELECT p.id, p.menu_code, g.menu_code AS group_code, m.menu_code AS module_code, p.buttons
    FROM module_menu p JOIN module_menu g ON g.id = p.parent_menu_id JOIN module_menu m ON m.id = g.parent_menu_id
    WHERE p.menu_type = 3`.execute(tx);
  const pages = rows.filter(
    (r) =>
      !ADMIN_ONLY_PAGES.includes(r.menu_code) &&
      [r.menu_code, r.group_code, r.module_code].some((c) => prefixes.includes(c)),
  );
  await sql`DELETE FROM role_grants WHERE parent_id = ${roleId}`.execute(tx);
  let n = 0;
  for (const p of pages) {
    const offered = new Set(p.buttons.split(',').filter(Boolean));
    const given = buttons.split(',').filter((b) => offered.has(b));
    await sql`INSERT INTO role_grants (parent_id, line_no, menu_id, buttons, opera_type)
      VALUES (${roleId}, ${++n}, ${p.id}, ${given.join(',')}, ${operaType})`.execute(tx);
  }
}

/** The first administrator's password when ADMIN_PASSWORD sets none; it must be changed at the first sign-in. */
export const INITIAL_ADMIN_PASSWORD = 'admin123';

/**
 * A database without accounts gets the administrator role and the account admin, with the password
 * of ADMIN_PASSWORD or else the initial one, which must be changed before anything else (the server
 * refuses every other request of the session). A database from before that rule whose admin still
 * has the initial password gets the same obligation (a demo database keeps its published one).
 */
export async function bootstrapAdmin({ tx }: SeedContext) {
  const any = await sql`SELECT 1 FROM users LIMIT 1`.execute(tx);
  let role = (await sql<{ id: number }>`SELECT id FROM role WHERE role_code = 'admin'`.execute(tx)).rows[0]
    ?.id;
  if (!role)
    role = (
      await sql<{
        id: number;
      }>`INSERT INTO role (role_code, role_name, role_name_en, is_admin, remark, remark_en)
        VALUES ('admin', '系统管理员', 'System administrator', true, '拥有全部菜单和按钮',
          'Holds every menu and button') RETURNING id`.execute(tx)
    ).rows[0].id;
  if (any.rows.length) {
    const admin = (
      await sql<{ id: number; pass_word: string | null }>`SELECT id, pass_word FROM users
        WHERE user_account = 'admin' AND pwd_changed_at IS NULL AND NOT must_change_pwd`.execute(tx)
    ).rows[0];
    if (
      admin &&
      !(await isDemoDatabase(tx)) &&
      (await verifyPassword(admin.pass_word, INITIAL_ADMIN_PASSWORD))
    )
      await sql`UPDATE users SET must_change_pwd = true WHERE id = ${admin.id}`.execute(tx);
    return;
  }
  const chosen = process.env.ADMIN_PASSWORD;
  if (chosen)
    try {
      checkNewPassword(chosen);
    } catch (e) {
      // the value itself is never printed
      throw new Error(`ADMIN_PASSWORD: ${e instanceof AppError ? e.text('en') : String(e)}`);
    }
  const hash = await hashPassword(chosen || INITIAL_ADMIN_PASSWORD);
  const { rows } = await sql<{
    id: number;
  }>`INSERT INTO users (user_account, user_name, pass_word, u_type, data_authority, menu_mode, must_change_pwd)
    VALUES ('admin', '系统管理员', ${hash}, 1, 3, 2, ${!chosen}) RETURNING id`.execute(tx);
  await sql`INSERT INTO users_roles (parent_id, line_no, role_id) VALUES (${rows[0].id}, 1, ${role})`.execute(
    tx,
  );
}
