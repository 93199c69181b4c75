import {
  APPROVAL_FIELDS,
  CUSTOM_FIELD_NAMES,
  columnOf,
  displayNameOf,
  type EntityDef,
  type Fields,
  type Filter,
  type Registry,
} from '@mes/model';
import { type RawBuilder, sql } from 'kysely';

const STANDARD_SELECT: [string, string][] = [
  ...CUSTOM_FIELD_NAMES.map((n): [string, string] => [columnOf(n), n]),
  ['tag_value', 'Tag_Value'],
  ['state', 'State'],
  ['version', 'Version'],
  ['created_by', 'Created_By'],
  ['created_at', 'Created_At'],
  ['updated_by', 'Updated_By'],
  ['updated_at', 'Updated_At'],
];

/** Column list and joins that answer with wire names, ref display values included. */
export function selectParts(
  fields: Fields,
  registry: Registry,
  alias: string,
): { columns: RawBuilder<unknown>[]; joins: RawBuilder<unknown>[] } {
  const columns: RawBuilder<unknown>[] = [];
  const joins: RawBuilder<unknown>[] = [];
  let n = 0;
  for (const [name, f] of Object.entries(fields)) {
    if (f.kind === 'text' && f.secret) continue;
    columns.push(sql`${sql.ref(`${alias}.${columnOf(name)}`)} AS ${sql.id(name)}`);
    if (f.kind === 'ref') {
      const target = registry.get(f.entity);
      const ja = `${alias}_r${n++}`;
      joins.push(
        sql`LEFT JOIN ${sql.table(target.table)} AS ${sql.id(ja)} ON ${sql.ref(`${ja}.id`)} = ${sql.ref(`${alias}.${columnOf(name)}`)}`,
      );
      columns.push(sql`${sql.ref(`${ja}.${columnOf(f.display)}`)} AS ${sql.id(displayNameOf(name, f))}`);
    }
  }
  return { columns, joins };
}

export function recordSelect(def: EntityDef, registry: Registry) {
  const parts = selectParts(def.fields, registry, 't');
  const columns = [
    sql`t.id AS ${sql.id(def.key)}`,
    ...parts.columns,
    ...STANDARD_SELECT.map(([c, w]) => sql`${sql.ref(`t.${c}`)} AS ${sql.id(w)}`),
  ];
  if (def.features.approval) {
    for (const w of APPROVAL_FIELDS) columns.push(sql`${sql.ref(`t.${columnOf(w)}`)} AS ${sql.id(w)}`);
    parts.joins.push(sql`LEFT JOIN users AS t_next ON t_next.id = t.next_user_id`);
    columns.push(sql`t_next.user_name AS "Next_User_Name"`);
  }
  return { columns: sql.join(columns), joins: sql.join(parts.joins, sql` `) };
}

/** `%`, `_` and `\` typed by a user are literal characters, not patterns. */
export function likePattern(s: string): string {
  return `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

const OPS: Record<string, string> = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };

export function columnFor(def: EntityDef, field: string): string {
  return field === def.key ? 'id' : columnOf(field);
}

export function filterSql(def: EntityDef, f: Filter): RawBuilder<unknown> {
  const col = sql.ref(`t.${columnFor(def, f.field)}`);
  switch (f.op) {
    case 'like':
      return sql`${col}::text ILIKE ${likePattern(String(f.value))}`;
    case 'in':
      return sql`${col} IN (${sql.join(f.value as unknown[])})`;
    case 'null':
      return f.value ? sql`${col} IS NULL` : sql`${col} IS NOT NULL`;
    default:
      return sql`${col} ${sql.raw(OPS[f.op])} ${f.value}`;
  }
}

/** Tag filters match one id inside the comma-separated Tag_Value. */
export function tagFilterSql(value: string): RawBuilder<unknown> {
  return sql`(',' || coalesce(t.tag_value, '') || ',') LIKE ${likePattern(`,${value},`)}`;
}
