import { z } from 'zod';
import { decimalDigits, isDecimal, normalizeDecimal } from './decimal';
import { CUSTOM_FIELD_NAMES, type EntityDef, type Fields, type LinesDef } from './entity';
import { type FieldDef, hasServerDefault } from './fields';

/** Issues carry a message key that the server and the web translate (`params.key`). */
function custom(
  ctx: { issues: unknown[] },
  input: unknown,
  key: string,
  params: Record<string, unknown> = {},
) {
  (ctx.issues as object[]).push({ code: 'custom', input, message: key, params: { key, ...params } });
}

/** The range of PostgreSQL's `integer`, the column of int and enum fields. */
export const INT32 = 2147483647;

/**
 * Text as PostgreSQL can store it: its text types cannot hold the NUL character, and a statement
 * that carries one fails (22P05/22021) instead of refusing the value.
 */
export function safeText() {
  return z.string().check((ctx) => {
    if (ctx.value.includes('\u0000')) custom(ctx, ctx.value, 'text_nul');
  });
}

/**
 * The years a date may have: PostgreSQL has no year 0 and the wire's yyyy has four digits; before
 * 1900 is a typing slip in a factory's records (0202 for 2022), refused before it sorts first.
 */
export const YEARS = { min: 1900, max: 9999 } as const;

function inYears(iso: string): boolean {
  const y = Number(iso.slice(0, 4));
  return y >= YEARS.min && y <= YEARS.max;
}

export function dateString() {
  return z.string().transform((v, ctx) => {
    const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(v.trim());
    const iso = m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : '';
    const d = new Date(`${iso}T00:00:00Z`);
    if (!m || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) {
      custom(ctx, v, 'date_invalid');
      return z.NEVER;
    }
    if (!inYears(iso)) {
      custom(ctx, v, 'date_range', YEARS);
      return z.NEVER;
    }
    return iso;
  });
}

/** An ISO date and time, with or without an offset, in the years a date may have. */
export function dateTimeString() {
  return z.iso.datetime({ offset: true, local: true }).check((ctx) => {
    if (!inYears(ctx.value)) custom(ctx, ctx.value, 'date_range', YEARS);
  });
}

export function decimalString(f: { precision: number; scale: number; min?: string }) {
  return z.union([z.string(), z.number()]).transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
    if (!isDecimal(s)) {
      custom(ctx, v, 'decimal_invalid');
      return z.NEVER;
    }
    const { intDigits, fracDigits } = decimalDigits(s);
    if (fracDigits > f.scale || intDigits > f.precision - f.scale) {
      custom(ctx, v, 'decimal_range', { int: f.precision - f.scale, scale: f.scale });
      return z.NEVER;
    }
    const n = normalizeDecimal(s);
    if (f.min !== undefined && Number(n) < Number(f.min)) {
      custom(ctx, v, 'decimal_min', { min: f.min });
      return z.NEVER;
    }
    return n;
  });
}

/** The zod type of one field's value as a client may send it. */
export function fieldSchema(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'text': {
      let s = safeText().trim().max(f.max);
      if (f.required) s = s.min(1);
      if (f.format === 'email') return s.pipe(z.email());
      if (f.format === 'time') return s.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'time_invalid' });
      return s;
    }
    case 'int':
      return z
        .number()
        .int()
        .min(f.min ?? -INT32)
        .max(f.max ?? INT32);
    case 'decimal':
      return decimalString(f);
    case 'bool':
      return z.boolean();
    case 'date':
      return dateString();
    case 'datetime':
      return dateTimeString();
    case 'enum':
      return z.union(
        f.options.map((o) => z.literal(o.value)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
      );
    case 'ref':
      return z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
  }
}

function objectOf(fields: Fields, mode: 'create' | 'update'): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(fields)) {
    if (f.readOnly) continue;
    const s = fieldSchema(f);
    // a declared default fills a required field the client leaves out
    const hasDefault = hasServerDefault(f);
    // a yes/no column is NOT NULL: an empty one is its default, as when left out
    if (f.kind === 'bool' && !f.required) {
      shape[name] = s
        .nullable()
        .transform((v) => v ?? f.default ?? false)
        .optional();
      continue;
    }
    shape[name] =
      f.required && mode === 'create' && !hasDefault
        ? s
        : f.required
          ? s.optional()
          : s.nullable().optional();
  }
  return shape;
}

function extraShape(def: EntityDef): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  if (def.features.customFields)
    for (const n of CUSTOM_FIELD_NAMES) shape[n] = safeText().max(500).nullable().optional();
  if (def.features.tags)
    shape.Tag_Value = z
      .string()
      .max(500)
      .regex(/^(\d+(,\d+)*)?$/)
      .nullable()
      .optional();
  for (const [key, lines] of Object.entries(def.lines)) shape[key] = linesSchema(lines, lineSchema(lines));
  return shape;
}

/** One row of a line table as a client may send it (rows are always sent whole, as on create). */
export function lineSchema(lines: LinesDef) {
  return z.strictObject(objectOf(lines.fields, 'create'));
}

/**
 * A line table's own rules (how many rows) around its rows' schema; without one, the table's rules
 * alone: a form judges them once and each row by `lineSchema`, instead of the whole record per cell.
 */
export function linesSchema(lines: LinesDef, row: z.ZodType = z.unknown()) {
  return z
    .array(row)
    .max(lines.maxRows ?? 1000)
    .optional();
}

/**
 * The computed fields of a record and its lines, as their columns hold them: a product of two valid
 * factors may still be too large for its column (quantity × price), which is refused as the
 * client's input, not left to fail in the statement.
 */
export function computedSchema(def: EntityDef) {
  const pick = (fields: Fields) => {
    const shape: Record<string, z.ZodType> = {};
    // the column's bounds only: a declared minimum is the factors' business
    for (const [n, f] of Object.entries(fields))
      if (f.kind === 'decimal' && f.compute)
        shape[n] = decimalString({ precision: f.precision, scale: f.scale }).nullable().optional();
    return shape;
  };
  const shape = pick(def.fields);
  for (const [key, lines] of Object.entries(def.lines)) {
    const row = pick(lines.fields);
    if (Object.keys(row).length) shape[key] = z.array(z.object(row)).optional();
  }
  return z.object(shape);
}

export function createSchema(def: EntityDef) {
  return z.strictObject({ ...objectOf(def.fields, 'create'), ...extraShape(def) });
}

export function updateSchema(def: EntityDef) {
  return z.strictObject({
    [def.key]: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    Version: z.number().int().min(1).max(INT32),
    ...objectOf(def.fields, 'update'),
    ...extraShape(def),
  });
}

export const FILTER_OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'like', 'in', 'null'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export interface Filter {
  field: string;
  op: FilterOp;
  value: unknown;
}
export interface ListQuery {
  Page: number;
  PageSize: number;
  KeyWord?: string;
  Sort: { field: string; desc: boolean };
  filters: Filter[];
}

export const MAX_PAGE_SIZE = 500;

/** Fields a list may be filtered on: declared ones plus the standard state and dates. */
export function filterableFields(def: EntityDef): Record<string, FieldDef> {
  const out: Record<string, FieldDef> = {};
  for (const [n, f] of Object.entries(def.fields)) if (!(f.kind === 'text' && f.secret)) out[n] = f;
  out[def.key] = { kind: 'int', label: { zh: 'ID', en: 'ID' } };
  out.State = { kind: 'int', label: { zh: '状态', en: 'State' } };
  out.Created_At = { kind: 'datetime', label: { zh: '创建时间', en: 'Created at' } };
  out.Updated_At = { kind: 'datetime', label: { zh: '修改时间', en: 'Updated at' } };
  if (def.features.tags) out.Tag_Value = { kind: 'text', label: { zh: '标签', en: 'Tags' }, max: 500 };
  if (def.features.customFields)
    for (const n of CUSTOM_FIELD_NAMES) out[n] = { kind: 'text', label: { zh: n, en: n }, max: 500 };
  return out;
}

/** Query-string values are text: convert them to the field's wire type before validating. */
function queryValue(f: FieldDef, op: FilterOp): z.ZodType {
  if (op === 'null') return z.enum(['true', 'false']).transform((v) => v === 'true');
  if (op === 'like') return safeText().max(200);
  const one = (() => {
    switch (f.kind) {
      // bounded by the column (integer or bigint), not by the declared min and max: a filter may ask
      // for what no record holds
      case 'int':
      case 'enum':
        return z
          .string()
          .regex(/^-?\d{1,10}$/)
          .transform(Number)
          .pipe(z.number().min(-INT32).max(INT32));
      case 'ref':
        return z
          .string()
          .regex(/^-?\d{1,15}$/)
          .transform(Number);
      case 'bool':
        return z.enum(['true', 'false']).transform((v) => v === 'true');
      case 'decimal':
        return decimalString(f);
      case 'date':
        return dateString();
      case 'datetime':
        return z.union([dateTimeString(), dateString()]);
      case 'text':
        return safeText().max(f.max);
    }
  })();
  if (op === 'in')
    return z
      .string()
      .max(2000)
      .transform((v) => v.split(','))
      .pipe(
        z
          .array(one as z.ZodType<unknown, string>)
          .min(1)
          .max(100),
      );
  return one;
}

/**
 * One schema per kind of filter value, shared by every field and list of that kind (schemas do not
 * change once built). Built per field, the lists' filters were about 110,000 zod objects, a third
 * of the server's heap, which every full garbage collection walked again: under load each such
 * collection held the postings up (bench/README.md, fifteenth run).
 */
const queryValues = new Map<string, z.ZodType>();
function sharedQueryValue(f: FieldDef, op: FilterOp): z.ZodType {
  const shape =
    f.kind === 'text'
      ? String(f.max)
      : f.kind === 'decimal'
        ? `${f.precision},${f.scale},${f.min ?? ''}`
        : '';
  // numbers and options are read alike from query text (references are bigint columns)
  const kind = f.kind === 'enum' ? 'int' : f.kind;
  const key = `${op}:${kind}:${shape}`;
  let schema = queryValues.get(key);
  if (!schema) {
    schema = queryValue(f, op).optional();
    queryValues.set(key, schema);
  }
  return schema;
}

export function listQuerySchema(def: EntityDef) {
  const filterable = filterableFields(def);
  const shape: Record<string, z.ZodType> = {
    Page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    PageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
    KeyWord: safeText().trim().max(200).optional(),
    Sort: z
      .string()
      .max(100)
      .transform((v, ctx) => {
        const desc = v.startsWith('-');
        const field = desc ? v.slice(1) : v;
        if (!def.list.sort.includes(field)) {
          custom(ctx, v, 'sort_not_allowed', { field });
          return z.NEVER;
        }
        return { field, desc };
      })
      .optional(),
  };
  for (const [name, f] of Object.entries(filterable))
    for (const op of FILTER_OPS) shape[op === 'eq' ? name : `${name}__${op}`] = sharedQueryValue(f, op);
  // a declared scope is a condition that holds or not: `?Unreversed=true` or `=false`
  for (const name of Object.keys(def.scopes))
    shape[name] = z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional();
  return z.strictObject(shape).transform((q): ListQuery => {
    const filters: Filter[] = [];
    for (const [k, v] of Object.entries(q)) {
      if (v === undefined || ['Page', 'PageSize', 'KeyWord', 'Sort'].includes(k)) continue;
      const [field, op = 'eq'] = k.split('__');
      filters.push({ field, op: op as FilterOp, value: v });
    }
    const fallback = def.list.defaultSort;
    const sort = (q.Sort as ListQuery['Sort'] | undefined) ?? {
      field: fallback.replace(/^-/, ''),
      desc: fallback.startsWith('-'),
    };
    return {
      Page: q.Page as number,
      PageSize: q.PageSize as number,
      KeyWord: (q.KeyWord as string | undefined) || undefined,
      Sort: sort,
      filters,
    };
  });
}
