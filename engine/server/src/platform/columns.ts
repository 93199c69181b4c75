import { CUSTOM_FIELD_NAMES, type EntityDef, type Lang, labelOf } from '@mes/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db';
import { withTx } from '../db/tx';
import type { Engine } from '../engine';
import { AppError, translate } from '../errors';
import { langOf, requestContext } from '../http/envelope';
import { parseWith } from '../validation';
import { RequestAccess } from './access';

export interface ColumnSetting {
  Column_Name: string;
  Describe: string;
  Is_Visible: boolean;
  Is_Fixed: boolean;
  Allow_Hide: boolean;
  Ser_NO: number;
  Width: number | null;
  Text_Position: string;
}

const keysQuery = z
  .object({ Menu_ID: z.string(), Table_ID: z.string(), User_ID: z.string() })
  .partial()
  .loose();
const row = z.strictObject({
  ID: z.number().int().optional(),
  Menu_ID: z.number().int().positive(),
  Table_ID: z.string().min(1).max(60),
  User_ID: z.number().int().positive(),
  Column_Name: z.string().min(1).max(60),
  Describe: z.string().max(60).nullish(),
  Is_Visible: z.boolean(),
  Is_Fixed: z.boolean().default(false),
  Allow_Hide: z.boolean().default(true),
  Ser_NO: z.number().int().min(0).max(9999),
  // an empty width means automatic
  Width: z.number().int().min(20).max(2000).nullish(),
  Text_Position: z.enum(['left', 'center', 'right']).default('left'),
});
const body = z.array(row).min(1).max(200);

/** The default columns of a table follow from the declaration, then the custom fields shown as columns. */
export async function defaultColumns(
  db: Db,
  def: EntityDef,
  menuId: number,
  lang: Lang,
): Promise<ColumnSetting[]> {
  const cols: ColumnSetting[] = [];
  const add = (name: string, describe: string, visible: boolean, right: boolean) =>
    cols.push({
      Column_Name: name,
      Describe: describe,
      Is_Visible: visible,
      Is_Fixed: false,
      Allow_Hide: name !== def.display,
      Ser_NO: cols.length + 1,
      Width: null,
      Text_Position: right ? 'right' : 'left',
    });
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.kind === 'text' && f.secret) continue;
    add(name, labelOf(f.label, lang), def.list.columns.includes(name), ['int', 'decimal'].includes(f.kind));
  }
  if (def.features.customFields) {
    const { rows } = await sql<{ column_name: string; describe: string; is_column: boolean }>`
      SELECT column_name, describe, is_column FROM menu_extend WHERE table_name = ${def.name} AND menu_id = ${menuId}
      ORDER BY sort, id`.execute(db);
    for (const r of rows) add(r.column_name, r.describe, r.is_column, false);
  }
  return cols;
}

/** GET /UserColumnInfo/GetCustom, PUT /UserColumnInfo, GET /UserColumnInfo/ReatSetting (spec part 1 §7). */
export function columnRoutes(app: FastifyInstance, engine: Engine) {
  const access = new RequestAccess(engine);
  const signedIn = { config: { perm: { signedIn: true as const } } };

  const keys = async (req: FastifyRequest) => {
    const q = parseWith(keysQuery, req.query, undefined, langOf(req));
    const ok = (v: string | undefined) => !!v && /^\d{1,15}$/.test(v);
    // all three keys or nothing: the spec's 表格配置参数错误！
    if (!ok(q.Menu_ID) || !ok(q.User_ID) || !q.Table_ID) throw new AppError('table_params');
    if (Number(q.User_ID) !== req.auth!.session.user_id) throw new AppError('not_own_user', {}, 403, 403);
    const { def } = await access.menuEntity(req, Number(q.Menu_ID), 'view');
    if (def.name !== q.Table_ID) throw new AppError('table_params');
    return { def, menuId: Number(q.Menu_ID), userId: Number(q.User_ID) };
  };

  const saved = async (def: EntityDef, menuId: number, userId: number) =>
    (
      await sql<ColumnSetting>`SELECT column_name AS "Column_Name", describe AS "Describe", is_visible AS "Is_Visible",
          is_fixed AS "Is_Fixed", allow_hide AS "Allow_Hide", ser_no AS "Ser_NO", width AS "Width", text_position AS "Text_Position"
        FROM user_column_info WHERE user_id = ${userId} AND menu_id = ${menuId} AND table_id = ${def.name} ORDER BY ser_no`.execute(
        engine.db,
      )
    ).rows;

  app.get('/UserColumnInfo/GetCustom', signedIn, async (req) => {
    const ctx = requestContext(req);
    const { def, menuId, userId } = await keys(req);
    const mine = await saved(def, menuId, userId);
    const defaults = await defaultColumns(engine.db, def, menuId, ctx.lang);
    // columns declared after the user saved appear at the end, as declared
    const known = new Set(mine.map((c) => c.Column_Name));
    const rows = mine.length
      ? [
          ...mine,
          ...defaults
            .filter((d) => !known.has(d.Column_Name))
            .map((d, i) => ({ ...d, Ser_NO: mine.length + i + 1 })),
        ]
      : defaults;
    return {
      Code: 0,
      Message: translate('ok', ctx.lang),
      Data: rows.map((r) => ({ ...r, Menu_ID: menuId, Table_ID: def.name, User_ID: userId })),
    };
  });

  app.put('/UserColumnInfo', signedIn, async (req) => {
    const ctx = requestContext(req);
    const rows = parseWith(body, req.body, undefined, ctx.lang);
    const { Menu_ID, Table_ID, User_ID } = rows[0];
    if (rows.some((r) => r.Menu_ID !== Menu_ID || r.Table_ID !== Table_ID || r.User_ID !== User_ID))
      throw new AppError('table_params');
    if (User_ID !== req.auth!.session.user_id) throw new AppError('not_own_user', {}, 403, 403);
    const { def } = await access.menuEntity(req, Menu_ID, 'view');
    if (def.name !== Table_ID) throw new AppError('table_params');
    const allowed = new Set([
      ...Object.keys(def.fields),
      ...(def.features.customFields ? CUSTOM_FIELD_NAMES : []),
    ]);
    const bad = rows.find((r) => !allowed.has(r.Column_Name));
    if (bad) throw new AppError('unknown_column', { column: bad.Column_Name.slice(0, 60) });
    await withTx(engine.db, async (tx) => {
      await sql`DELETE FROM user_column_info WHERE user_id = ${User_ID} AND menu_id = ${Menu_ID} AND table_id = ${Table_ID}`.execute(
        tx,
      );
      // Ser_NO is renumbered in the order given
      const sorted = [...rows].sort((a, b) => a.Ser_NO - b.Ser_NO);
      for (const [i, r] of sorted.entries())
        await sql`INSERT INTO user_column_info (user_id, menu_id, table_id, column_name, describe, is_visible, is_fixed, allow_hide,
            ser_no, width, text_position)
          VALUES (${User_ID}, ${Menu_ID}, ${Table_ID}, ${r.Column_Name}, ${r.Describe ?? null}, ${r.Is_Visible}, ${r.Is_Fixed},
            ${r.Allow_Hide}, ${i + 1}, ${r.Width ?? null}, ${r.Text_Position})`.execute(tx);
    });
    return { Code: 0, Message: translate('table_saved', ctx.lang), Data: await saved(def, Menu_ID, User_ID) };
  });

  app.get('/UserColumnInfo/ReatSetting', signedIn, async (req) => {
    const ctx = requestContext(req);
    const { def, menuId, userId } = await keys(req);
    await sql`DELETE FROM user_column_info WHERE user_id = ${userId} AND menu_id = ${menuId} AND table_id = ${def.name}`.execute(
      engine.db,
    );
    return {
      Code: 0,
      Message: translate('table_reset', ctx.lang),
      Data: await defaultColumns(engine.db, def, menuId, ctx.lang),
    };
  });
}
