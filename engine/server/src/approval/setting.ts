import { approvalSetting } from '@mes/model';
import { sql } from 'kysely';
import { type GrantRow, grantRowsSql, grantsOf } from '../auth/grants';
import type { Db } from '../db';
import type { Tx } from '../db/tx';
import { AppError } from '../errors';
import { defineHooks } from '../hooks';

/**
 * Users who hold the approve grant of a menu (administrators included): the only ones a level of
 * its approval may name, or the document would wait on someone who can never act on it.
 */
export async function menuApprovers(tx: Tx | Db, menuId: number, userIds?: number[]): Promise<Set<number>> {
  const { rows } = await sql<{ id: number; grant_rows: GrantRow[]; menu_code: string | null }>`SELECT u.id,
      ${grantRowsSql} AS grant_rows, (SELECT menu_code FROM module_menu WHERE id = ${menuId}) AS menu_code
    FROM users u WHERE u.u_type = 1 AND NOT u.disabled
      ${userIds ? sql`AND u.id = ANY(${userIds}::bigint[])` : sql``}`.execute(tx);
  const out = new Set<number>();
  for (const r of rows) {
    const g = grantsOf(r.grant_rows);
    if (g.isAdmin || (r.menu_code && g.menus.get(r.menu_code)?.buttons.has('approve'))) out.add(Number(r.id));
  }
  return out;
}

/** Every approver of a level holds the approve grant of the menu the levels are for. */
export const approvalSettingHooks = defineHooks(approvalSetting, {
  async validate(ctx, data, old) {
    const menuId = Number(data.Menu_ID ?? old?.Menu_ID);
    const levels = (data.Levels ?? old?.Levels ?? []) as { Approver_ID?: unknown }[];
    const ids = [...new Set(levels.map((l) => Number(l.Approver_ID)).filter((n) => n > 0))];
    if (!menuId || !ids.length) return;
    const may = await menuApprovers(ctx.tx, menuId, ids);
    const refused = ids.find((id) => !may.has(id));
    if (refused === undefined) return;
    const { rows } = await sql<{ user_name: string | null; menu_name: string | null }>`SELECT
        (SELECT user_name FROM users WHERE id = ${refused}) AS user_name,
        (SELECT ${ctx.lang === 'en' ? sql`coalesce(nullif(menu_name_en, ''), menu_name)` : sql`menu_name`}
          FROM module_menu WHERE id = ${menuId}) AS menu_name`.execute(ctx.tx);
    throw new AppError('approver_cannot_approve', {
      user: rows[0]?.user_name ?? refused,
      menu: rows[0]?.menu_name ?? menuId,
    });
  },
});
