import { type EntityDef, tagInfo } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db, Row } from '../db';
import { type Tx, withTx } from '../db/tx';
import type { Engine } from '../engine';
import { AppError } from '../errors';
import { defineHooks } from '../hooks';
import { ok, requestContext } from '../http/envelope';
import { writeLog } from '../oplog';
import { parseWith } from '../validation';
import { idsByNumberSql, RequestAccess } from './access';

export const DEFAULT_TAG_COLOR = '#1677ff';

const menuQuery = z.object({ Menu_ID: z.coerce.number().int().positive() });
const setTagBody = z.strictObject({
  List_NO: z.union([z.string().max(5000), z.number().int().positive()]),
  Menu_ID: z.number().int().positive(),
  Tag_Value: z
    .string()
    .max(500)
    .regex(/^(\d+(,\d+)*)?$/),
  /** 1 replaces the row's tags, 2 adds, 3 removes. */
  Type: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
});

async function tagsForMenu(ex: Db | Tx, menuId: number) {
  const { rows } = await sql<{
    ID: number;
    Tag_Name: string;
    Tag_Color: string;
    DtlList: { Menu_ID: number }[];
  }>`
    SELECT t.id AS "ID", t.tag_name AS "Tag_Name", coalesce(t.tag_color, ${DEFAULT_TAG_COLOR}) AS "Tag_Color",
      coalesce(json_agg(json_build_object('Menu_ID', d.menu_id)) FILTER (WHERE d.id IS NOT NULL), '[]') AS "DtlList"
    FROM tag_info t LEFT JOIN tag_info_dtl_list d ON d.parent_id = t.id
    GROUP BY t.id
    HAVING count(d.id) = 0 OR bool_or(d.menu_id = ${menuId})
    ORDER BY t.id`.execute(ex);
  return rows;
}

function merge(current: string | null, given: number[], type: 1 | 2 | 3): string | null {
  const have = (current ?? '').split(',').filter(Boolean).map(Number);
  const next =
    type === 1
      ? given
      : type === 2
        ? [...have, ...given.filter((g) => !have.includes(g))]
        : have.filter((h) => !given.includes(h));
  return next.length ? next.join(',') : null;
}

/** Rows named by List_NO: ids, or document numbers where the entity numbers its documents. */
async function rowIds(tx: Tx, def: EntityDef, listNo: string): Promise<number[]> {
  const keys = listNo
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .slice(0, 500);
  const ids = keys.filter((k) => /^\d{1,15}$/.test(k)).map(Number);
  const numbers = keys.filter((k) => !/^\d{1,15}$/.test(k));
  const byNumber = idsByNumberSql(def, numbers);
  if (byNumber) ids.push(...(await byNumber.execute(tx)).rows.map((r) => r.id));
  return [...new Set(ids)];
}

/**
 * Tag_Value saved with a record (the list's batch tagging goes through SetTag) names tags that exist
 * and apply to a page of the entity, a tag for no page applying to all; stored as their ids, once each.
 * The record's own tags may go back unchanged (a tag's pages may have changed since).
 */
export async function checkTagValue(tx: Tx, def: EntityDef, data: Row, old?: Row | null): Promise<void> {
  const value = data.Tag_Value;
  if (!def.features.tags || typeof value !== 'string' || !value || value === old?.Tag_Value) return;
  const given = [...new Set(value.split(',').map((v) => String(Number(v))))];
  // an id beyond the column's range names no tag (and must not reach the query)
  const ids = given.filter((v) => /^\d{1,9}$/.test(v));
  const { rows } = ids.length
    ? await sql<{ id: number }>`SELECT t.id FROM tag_info t WHERE t.id IN (${sql.join(ids.map(Number))})
        AND (NOT EXISTS (SELECT 1 FROM tag_info_dtl_list d WHERE d.parent_id = t.id)
          OR EXISTS (SELECT 1 FROM tag_info_dtl_list d JOIN module_menu m ON m.id = d.menu_id
            WHERE d.parent_id = t.id AND m.entity_name = ${def.name}))`.execute(tx)
    : { rows: [] };
  const known = new Set(rows.map((r) => String(r.id)));
  const bad = given.find((v) => !known.has(v));
  if (bad !== undefined) throw new AppError('tag_unknown', { id: bad }).at('Tag_Value');
  data.Tag_Value = given.join(',');
}

export function tagRoutes(app: FastifyInstance, engine: Engine) {
  const access = new RequestAccess(engine);

  app.get('/TagInfo/GetMenuTag', { config: { perm: { signedIn: true } } }, async (req) => {
    const ctx = requestContext(req);
    const { Menu_ID } = parseWith(menuQuery, req.query, undefined, ctx.lang);
    await access.menuEntity(req, Menu_ID, 'view');
    return ok(await tagsForMenu(engine.db, Menu_ID), ctx);
  });

  app.post('/TagInfo/SetTag', { config: { perm: { signedIn: true } } }, async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(setTagBody, req.body, undefined, ctx.lang);
    const { def } = await access.menuEntity(req, body.Menu_ID, 'edit');
    if (!def.features.tags) throw new AppError('tags_not_allowed');
    const given = body.Tag_Value.split(',').filter(Boolean).map(Number);
    const changed = await withTx(engine.db, async (tx) => {
      const allowed = new Set((await tagsForMenu(tx, body.Menu_ID)).map((t) => t.ID));
      const bad = given.find((g) => !allowed.has(g));
      if (bad !== undefined) throw new AppError('tag_unknown', { id: bad });
      const ids = await rowIds(tx, def, String(body.List_NO));
      if (!ids.length) throw new AppError('not_found', {}, 404);
      const scope = access.scope(req, def);
      const { rows } = await sql<{
        id: number;
        tag_value: string | null;
      }>`SELECT t.id, t.tag_value FROM ${sql.table(def.table)} AS t
        WHERE t.id IN (${sql.join(ids)}) AND ${scope ?? sql`TRUE`} FOR UPDATE`.execute(tx);
      if (rows.length !== ids.length) throw new AppError('not_found', {}, 404);
      for (const r of rows) {
        const next = merge(r.tag_value, given, body.Type);
        await sql`UPDATE ${sql.table(def.table)} SET tag_value = ${next}, version = version + 1, updated_at = now()
          WHERE id = ${r.id}`.execute(tx);
        await writeLog({ ...ctx, tx }, 'edit', def.name, r.id, { Tag_Value: [r.tag_value, next] });
      }
      return rows.length;
    });
    return ok({ Count: changed }, ctx);
  });
}

/** Tag names are trimmed by the schema; a tag without colour is blue; a deleted tag leaves no trace in rows. */
export const tagHooks = defineHooks(tagInfo, {
  beforeSave(_ctx, data) {
    if (!data.Tag_Color) data.Tag_Color = DEFAULT_TAG_COLOR;
  },
  async beforeDelete(ctx, old) {
    const id = String(old.ID);
    for (const def of ctx.registry.all().filter((d) => d.features.tags))
      await sql`UPDATE ${sql.table(def.table)}
          SET tag_value = nullif(trim(both ',' from replace(',' || tag_value || ',', ${`,${id},`}, ',')), '')
          WHERE (',' || tag_value || ',') LIKE ${`%,${id},%`}`.execute(ctx.tx);
  },
});
