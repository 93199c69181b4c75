import {
  AppError,
  defineHooks,
  defineMessages,
  type Engine,
  likePattern,
  nextBatchNo,
  ok,
  parseWith,
  requestContext,
  withTx,
} from '@mes/engine-server';
import { compareDecimal, labelOf } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { MATERIAL_TYPES, material } from './material.entity';

const query = z.object({
  KeyWord: z.string().trim().max(100).default(''),
  /** A material type (1–5, 8, 9, 10) or a comma list of them; empty means all. */
  Object_Type: z
    .string()
    .regex(/^(\d{1,2}(,\d{1,2})*)?$/)
    .optional(),
  PageSize: z.coerce.number().int().min(1).max(100).default(50),
});

const batchQuery = z.object({
  /** The material number (spec part 2 §7). */
  Encoding_Rules: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[\w.-]+$/),
});

/**
 * GET /Material/Search: the material lookup every picker uses (spec part 2 §3 "Material lookup"):
 * number, full and all name, type name; enabled materials only, exact number matches first.
 */
export function materialRoutes(app: FastifyInstance, engine: Engine) {
  // every picker's lookup: it answers what a picker shows, so look-up-only access reaches it
  const search = {
    config: { perm: { entity: 'Material', button: 'view' as const }, records: [], lookup: true },
  };
  app.get('/Material/Search', search, async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(query, req.query, undefined, ctx.lang);
    const like = likePattern(q.KeyWord);
    const types = q.Object_Type ? q.Object_Type.split(',').map(Number) : [];
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT m.id AS "Material_ID", m.material_number AS "Material_Number",
        m.material_name AS "Material_Name", coalesce(m.material_full_name, m.material_name) AS "Material_Full_Name",
        concat_ws(' ', m.material_number, m.material_name, m.material_model) AS "Material_All_Name",
        m.material_type AS "Material_Type", m.material_model AS "Material_Model", m.unit_id AS "Unit_ID", u.unit_name AS "Unit_Name"
      FROM material m LEFT JOIN unit u ON u.id = m.unit_id
      WHERE NOT m.disabled
        AND (${q.KeyWord} = '' OR m.material_number ILIKE ${like} OR m.material_name ILIKE ${like}
             OR m.material_full_name ILIKE ${like} OR m.material_model ILIKE ${like})
        ${types.length ? sql`AND m.material_type IN (${sql.join(types)})` : sql``}
      ORDER BY (m.material_number = ${q.KeyWord}) DESC, m.material_number LIMIT ${q.PageSize}`.execute(
      engine.db,
    );
    for (const r of rows)
      r.Material_Type_Name = labelOf(
        MATERIAL_TYPES.find((t) => t.value === r.Material_Type)?.label ?? { zh: '', en: '' },
        ctx.lang,
      );
    return ok(rows, ctx);
  });

  // the next batch number of a material; a number no material has starts no series
  app.get('/BatchNO', { config: { perm: { signedIn: true }, records: [] } }, async (req) => {
    const ctx = requestContext(req);
    const { Encoding_Rules } = parseWith(batchQuery, req.query, undefined, ctx.lang);
    const key = await withTx(engine.db, async (tx) => {
      const { rows } = await sql`SELECT 1 FROM material WHERE material_number = ${Encoding_Rules}`.execute(
        tx,
      );
      if (!rows.length)
        throw new AppError('md.material_unknown', { number: Encoding_Rules }, 404).at('Encoding_Rules');
      return nextBatchNo(tx, Encoding_Rules);
    });
    return ok({ Key_Name: key }, ctx);
  });
}

defineMessages({
  'md.material_unknown': {
    zh: '没有物料编码为「{number}」的物料',
    en: 'No material has the number "{number}"',
  },
  'md.unit_factor': {
    zh: '辅助单位第 {line} 行：换算率必须大于 0',
    en: 'Unit conversion line {line}: the factor must be greater than 0',
  },
  'md.unit_base': {
    zh: '辅助单位第 {line} 行：不能与基本单位相同',
    en: 'Unit conversion line {line}: it cannot be the base unit',
  },
  'md.unit_twice': {
    zh: '辅助单位第 {line} 行：该单位已在前面出现',
    en: 'Unit conversion line {line}: that unit is listed already',
  },
});

/** The unit group: each other unit once, never the base unit, with a positive factor. */
export const materialHooks = defineHooks(material, {
  validate(_ctx, data, old) {
    const lines = data.Units as { Unit_ID: number; Factor: string }[] | undefined;
    if (!lines) return;
    const base = data.Unit_ID !== undefined ? data.Unit_ID : old?.Unit_ID;
    const seen = new Set<number>();
    lines.forEach((l, i) => {
      const line = i + 1;
      if (compareDecimal(l.Factor, '0') <= 0) throw new AppError('md.unit_factor', { line }).at('Units');
      if (l.Unit_ID === base) throw new AppError('md.unit_base', { line }).at('Units');
      if (seen.has(l.Unit_ID)) throw new AppError('md.unit_twice', { line }).at('Units');
      seen.add(l.Unit_ID);
    });
  },
});
