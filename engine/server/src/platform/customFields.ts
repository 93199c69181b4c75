import {
  CUSTOM_DATA_TYPES,
  CUSTOM_FIELD_NAMES,
  type CustomFieldConfig,
  configProblem,
  customValue,
  type EntityDef,
  MAX_PAGE_SIZE,
  parseBindUrl,
} from '@mes/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { SYSTEM_CONTEXT } from '../context';
import type { EntityService } from '../crud/service';
import type { Db, Row } from '../db';
import { type Tx, withTx } from '../db/tx';
import { WatchedCache } from '../db/watch';
import type { Engine } from '../engine';
import { AppError, forbidden, translate } from '../errors';
import { requestContext } from '../http/envelope';
import { parseWith } from '../validation';
import { RequestAccess } from './access';

const config = z.strictObject({
  ID: z.number().int().optional(),
  Menu_ID: z.number().int().positive(),
  Table_Name: z.string().min(1).max(60),
  Table_ID: z.string().max(60).nullish(),
  Column_Name: z.enum(CUSTOM_FIELD_NAMES),
  Describe: z.string().trim().max(60),
  Data_Type: z.enum(CUSTOM_DATA_TYPES),
  Is_Column: z.boolean().default(false),
  Extend_Type: z.union([z.literal(1), z.literal(2)]).default(1),
  Width: z.number().int().min(1).max(4).default(1),
  Mandatory: z.boolean().default(false),
  Bind_Text: z.string().max(60).nullish(),
  Bind_Url: z.string().max(200).nullish(),
  Bind_Value: z.string().max(60).nullish(),
  Sort: z.string().max(20).nullish(),
  enumOptionList: z
    .array(
      z
        .object({
          ID: z.number().int().optional(),
          Extend_ID: z.number().int().optional(),
          Enum_Name: z.string().trim().max(60),
        })
        .strict(),
    )
    .max(200)
    .default([]),
});
const batch = z.array(config).min(1).max(50);
const listQuery = z.object({
  Table_Name: z.string().min(1).max(60),
  Menu_ID: z.coerce.number().int().positive(),
});
const deleteQuery = z.object({
  ID: z.coerce.number().int().positive(),
  Table_ID: z.string().max(60).optional(),
});

export async function loadConfigs(
  ex: Db | Tx,
  table: string,
  menuId?: number,
): Promise<(CustomFieldConfig & Row)[]> {
  const { rows } = await sql<
    CustomFieldConfig & Row
  >`SELECT e.id AS "ID", e.menu_id AS "Menu_ID", e.table_name AS "Table_Name",
      e.table_id AS "Table_ID", e.column_name AS "Column_Name", e.describe AS "Describe", e.data_type AS "Data_Type",
      e.is_column AS "Is_Column", e.extend_type AS "Extend_Type", e.width AS "Width", e.mandatory AS "Mandatory",
      e.bind_text AS "Bind_Text", e.bind_url AS "Bind_Url", e.bind_value AS "Bind_Value", e.sort AS "Sort",
      coalesce(json_agg(json_build_object('ID', o.id, 'Extend_ID', e.id, 'Enum_Name', o.enum_name) ORDER BY o.line_no)
        FILTER (WHERE o.id IS NOT NULL), '[]') AS "enumOptionList"
    FROM menu_extend e LEFT JOIN menu_extend_enum_option_list o ON o.parent_id = e.id
    WHERE e.table_name = ${table} ${menuId ? sql`AND e.menu_id = ${menuId}` : sql``}
    GROUP BY e.id ORDER BY e.sort NULLS LAST, e.id`.execute(ex);
  return rows;
}

/**
 * Every save of an entity with custom fields checks them: the settings are kept per engine while no
 * custom-field table is written (`db/watch.ts`), and handed out as copies (a check fills in options).
 */
const configCache = new WatchedCache<(CustomFieldConfig & Row)[]>({ quietOnly: true });
async function cachedConfigs(engine: Peers | undefined, tx: Tx, table: string) {
  if (!engine) return loadConfigs(tx, table);
  const rows = await configCache.get(engine, table, () => loadConfigs(tx, table));
  return rows.map((c) => ({ ...c }));
}

/** What a bound enum needs of the engine: the other entities and their services. */
export interface Peers {
  registry: Engine['registry'];
  service(name: string): EntityService;
}

type Bound = Pick<CustomFieldConfig, 'Bind_Url'> & { Bind_Text?: string | null; Bind_Value?: string | null };

/**
 * The list a bound enum reads its options from, with the fields naming an option (Bind_Text, shown and
 * stored) and its key (Bind_Value); null when Bind_Url is not one of our list routes with valid filters.
 */
export function bindSource(engine: Peers, c: Bound) {
  const url = c.Bind_Url ? parseBindUrl(c.Bind_Url) : null;
  const def = url ? engine.registry.entities.get(url.entity) : undefined;
  if (!url || !def?.api) return null;
  // a secret (a password) is never an option's text
  const has = (f: string) => {
    const field = def.fields[f];
    return f === def.key || (!!field && !(field.kind === 'text' && field.secret));
  };
  const text = c.Bind_Text && c.Bind_Text !== 'Enum_Name' ? c.Bind_Text : def.display;
  const value = c.Bind_Value && c.Bind_Value !== 'ID' ? c.Bind_Value : def.key;
  if (!text || !has(text) || !has(value)) return null;
  const svc = engine.service(def.name);
  try {
    const query = svc.parseQuery(
      { ...url.query, Page: '1', PageSize: String(MAX_PAGE_SIZE) },
      SYSTEM_CONTEXT,
    );
    return { def, svc, query, text, value };
  } catch {
    return null;
  }
}

/** The option names of a bound enum, read on the server to check a saved value. */
async function boundOptions(engine: Peers, ex: Db | Tx, c: Bound): Promise<{ Enum_Name: string }[]> {
  const src = bindSource(engine, c);
  if (!src) return [];
  const { rows } = await src.svc.list(src.query, ex);
  return rows.map((r) => ({ Enum_Name: String(r[src.text] ?? '') }));
}

/**
 * Values of Extension_Field1..6 are checked against their configured type and Mandatory flag on the
 * server too, whatever the browser did, and refused in a slot no custom field is configured for; the
 * stored text is normalised (dates, numbers, bits).
 */
export async function checkCustomFields(
  engine: Peers | undefined,
  tx: Tx,
  def: EntityDef,
  data: Row,
  creating: boolean,
  old?: Row | null,
): Promise<void> {
  if (!def.features.customFields) return;
  const configs = await cachedConfigs(engine, tx, def.name);
  // a slot no page of the entity configures takes no new value (a form sends the six: empty, or
  // what the record held when a definition was removed)
  const configured = new Set(configs.map((c) => c.Column_Name));
  for (const name of CUSTOM_FIELD_NAMES) {
    const v = data[name];
    if (configured.has(name) || v === undefined) continue;
    if (v === null || v === '') data[name] = null;
    else if (v === old?.[name]) delete data[name];
    else throw new AppError('custom_unconfigured', { field: name }).at(name);
  }
  for (const c of configs) {
    if (!creating && !(c.Column_Name in data)) continue;
    if (c.Data_Type === 'enum' && c.Bind_Url && data[c.Column_Name])
      c.enumOptionList = engine ? await boundOptions(engine, tx, c as Bound) : [];
    const r = customValue(c, data[c.Column_Name] as string | null | undefined);
    if ('error' in r)
      throw new AppError('validation', {
        field: c.Describe,
        reason: new AppError(r.error as 'r_required'),
      }).at(c.Column_Name);
    if (c.Column_Name in data || r.value !== null) data[c.Column_Name] = r.value;
  }
}

/** GET /menuextend/GetMenuExtend, PUT /MenuExtend/BatchUpdate, DELETE /menuextend/delete (spec part 1 §7). */
export function customFieldRoutes(app: FastifyInstance, engine: Engine) {
  const access = new RequestAccess(engine);
  const signedIn = { config: { perm: { signedIn: true as const } } };
  const target = (req: FastifyRequest, table: string, button: 'view' | 'config') => {
    const def = access.entity(req, table, button);
    if (!def.features.customFields) throw new AppError('custom_not_allowed');
    return def;
  };
  /**
   * Defining custom fields is its own grant (`config`, not `edit` of the records), held on the very
   * page they are defined for, and that page must show the entity.
   */
  const definable = async (req: FastifyRequest, table: string, menuId: number) => {
    const def = target(req, table, 'config');
    const { rows } = await sql<{ menu_code: string }>`SELECT menu_code FROM module_menu
      WHERE id = ${menuId} AND menu_type = 3 AND entity_name = ${def.name}`.execute(engine.db);
    if (!rows[0]) throw new AppError('custom_menu');
    const { grants } = req.auth!;
    if (!grants.isAdmin && !grants.menus.get(rows[0].menu_code)?.buttons.has('config')) throw forbidden();
    return def;
  };

  app.get('/menuextend/GetMenuExtend', signedIn, async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(listQuery, req.query, undefined, ctx.lang);
    const def = target(req, q.Table_Name, 'view');
    return {
      Code: 0,
      Message: translate('ok', ctx.lang),
      Data: await loadConfigs(engine.db, def.name, q.Menu_ID),
    };
  });

  app.put('/MenuExtend/BatchUpdate', signedIn, async (req) => {
    const ctx = requestContext(req);
    const list = parseWith(batch, req.body, undefined, ctx.lang);
    const { Table_Name, Menu_ID } = list[0];
    if (list.some((c) => c.Table_Name !== Table_Name || c.Menu_ID !== Menu_ID))
      throw new AppError('table_params');
    const def = await definable(req, Table_Name, Menu_ID);
    const problem = configProblem(list);
    if (problem) throw new AppError(problem.key as 'custom_too_many', { n: (problem.index ?? 0) + 1 });
    // a bound enum reads one of our lists the configuring user may see, through fields it has
    for (const [i, c] of list.entries()) {
      if (!c.Bind_Url?.trim()) continue;
      const src = bindSource(engine, c);
      if (!src) throw new AppError('custom_bind_url', { n: i + 1 });
      if (!access.mayList(req, src.def.name)) throw new AppError('custom_bind_url', { n: i + 1 });
      Object.assign(c, { Bind_Url: c.Bind_Url.trim(), Bind_Text: src.text, Bind_Value: src.value });
    }
    await withTx(engine.db, async (tx) => {
      // the dialog holds deletions until save: what is not in the list is gone
      await sql`DELETE FROM menu_extend WHERE table_name = ${def.name} AND menu_id = ${Menu_ID}`.execute(tx);
      for (const [i, c] of list.entries()) {
        const { rows } = await sql<{
          id: number;
        }>`INSERT INTO menu_extend (menu_id, table_name, table_id, column_name, describe,
            data_type, is_column, extend_type, width, mandatory, bind_text, bind_url, bind_value, sort)
          VALUES (${Menu_ID}, ${def.name}, ${c.Table_ID ?? def.name}, ${c.Column_Name}, ${c.Describe}, ${c.Data_Type}, ${c.Is_Column},
            ${c.Extend_Type}, ${c.Width}, ${c.Mandatory}, ${c.Bind_Text ?? 'Enum_Name'}, ${c.Bind_Url ?? null},
            ${c.Bind_Value ?? 'ID'}, ${c.Sort ?? `${i + 1}-${c.Width}`}) RETURNING id`.execute(tx);
        for (const [j, o] of c.enumOptionList.filter((x) => x.Enum_Name).entries())
          await sql`INSERT INTO menu_extend_enum_option_list (parent_id, line_no, enum_name)
            VALUES (${rows[0].id}, ${j + 1}, ${o.Enum_Name})`.execute(tx);
      }
    });
    return {
      Code: 0,
      Message: translate('custom_saved', ctx.lang),
      Data: await loadConfigs(engine.db, def.name, Menu_ID),
    };
  });

  app.delete('/menuextend/delete', signedIn, async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(deleteQuery, req.query, undefined, ctx.lang);
    const { rows } = await sql<{
      table_name: string;
      menu_id: number;
    }>`SELECT table_name, menu_id FROM menu_extend WHERE id = ${q.ID}`.execute(engine.db);
    if (!rows[0]) throw new AppError('not_found', {}, 404);
    await definable(req, rows[0].table_name, rows[0].menu_id);
    await sql`DELETE FROM menu_extend WHERE id = ${q.ID}`.execute(engine.db);
    return { Code: 0, Message: translate('ok', ctx.lang), Data: null };
  });
}
