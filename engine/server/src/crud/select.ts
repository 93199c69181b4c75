import {
  APPROVAL_FIELDS,
  CUSTOM_FIELD_NAMES,
  codeFieldOf,
  codeNameOf,
  columnOf,
  displayNameOf,
  type EntityDef,
  englishNameOf,
  type Fields,
  type Filter,
  lineTable,
  normalizeDecimal,
  type Registry,
  referenceCodeOf,
  textSearchFields,
  withinNameOf,
  withinRefOf,
} from '@mes/model';
import { createQueryId, PostgresQueryCompiler, type RawBuilder, sql } from 'kysely';
import type { Row } from '../db';

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

/** The English companion of a target's display field, when it has one. */
function bilingual(target: EntityDef, display: string): string | undefined {
  const en = englishNameOf(display);
  return target.fields[en] ? en : undefined;
}

/** The name of the place a record of `target` belongs to (naming.within), read beside the row `alias`. */
function withinSql(registry: Registry, target: EntityDef, alias: string): RawBuilder<unknown> | undefined {
  const f = withinRefOf(target);
  if (!f) return undefined;
  const place = registry.get(f.entity);
  return sql`(SELECT p.${sql.ref(columnOf(f.display))} FROM ${sql.table(place.table)} AS p
    WHERE p.id = ${sql.ref(`${alias}.${columnOf(target.naming?.within as string)}`)})`;
}

/** Column list and joins that answer with wire names, ref display values included. */
export function selectParts(
  fields: Fields,
  registry: Registry,
  alias: string,
  /**
   * For the lines of one record, which travel inside JSON: decimals as text (numeric would become a
   * float), and ref display values looked up by id one line at a time. A join let the planner hash
   * the whole material table to name a document's twenty lines.
   */
  asJson = false,
): { columns: RawBuilder<unknown>[]; joins: RawBuilder<unknown>[] } {
  const columns: RawBuilder<unknown>[] = [];
  const joins: RawBuilder<unknown>[] = [];
  let n = 0;
  for (const [name, f] of Object.entries(fields)) {
    if (f.kind === 'text' && f.secret) continue;
    const col = sql.ref(`${alias}.${columnOf(name)}`);
    columns.push(sql`${asJson && f.kind === 'decimal' ? sql`${col}::text` : col} AS ${sql.id(name)}`);
    if (f.kind === 'ref') {
      const target = registry.get(f.entity);
      const ja = `${alias}_r${n++}`;
      const within = withinSql(registry, target, ja);
      if (asJson) {
        // an empty reference (a line's target location or bucket, mostly) is not looked up at all;
        // one lookup gives the name, the code of a target that has one, the English of a bilingual
        // name and the place it belongs to, as {n, c, e, w}, split by linesFromJson
        const code = codeFieldOf(target);
        const english = bilingual(target, f.display);
        const parts = [sql`'n', ${sql.ref(`${ja}.${columnOf(f.display)}`)}`];
        if (code && code !== f.display) parts.push(sql`'c', ${sql.ref(`${ja}.${columnOf(code)}`)}`);
        if (english) parts.push(sql`'e', ${sql.ref(`${ja}.${columnOf(english)}`)}`);
        if (within) parts.push(sql`'w', ${within}`);
        const value =
          parts.length > 1
            ? sql`json_build_object(${sql.join(parts)})`
            : sql.ref(`${ja}.${columnOf(f.display)}`);
        columns.push(
          sql`CASE WHEN ${col} IS NOT NULL THEN (SELECT ${value}
            FROM ${sql.table(target.table)} AS ${sql.id(ja)} WHERE ${sql.ref(`${ja}.id`)} = ${col})
            END AS ${sql.id(displayNameOf(name, f))}`,
        );
        continue;
      }
      joins.push(
        sql`LEFT JOIN ${sql.table(target.table)} AS ${sql.id(ja)} ON ${sql.ref(`${ja}.id`)} = ${sql.ref(`${alias}.${columnOf(name)}`)}`,
      );
      columns.push(sql`${sql.ref(`${ja}.${columnOf(f.display)}`)} AS ${sql.id(displayNameOf(name, f))}`);
      const english = bilingual(target, f.display);
      if (english)
        columns.push(
          sql`${sql.ref(`${ja}.${columnOf(english)}`)} AS ${sql.id(englishNameOf(displayNameOf(name, f)))}`,
        );
      // a target whose names repeat is told apart by its code wherever it is referenced
      const code = referenceCodeOf(target);
      if (code && code !== f.display)
        columns.push(sql`${sql.ref(`${ja}.${columnOf(code)}`)} AS ${sql.id(codeNameOf(name))}`);
      if (within) columns.push(sql`${within} AS ${sql.id(withinNameOf(name))}`);
    }
  }
  return { columns, joins };
}

/**
 * The lines of each line table of `t` as JSON arrays in order, so that a document and its lines are
 * read in one statement; `fromJson` gives the values the wire carries (as the type parsers would).
 */
export function linesSelect(def: EntityDef, registry: Registry): RawBuilder<unknown>[] {
  return Object.entries(def.lines).map(([key, lines]) => {
    const parts = selectParts(lines.fields, registry, 'l', true);
    return sql`(SELECT coalesce(json_agg(x ORDER BY x.__n), '[]') FROM (SELECT l.line_no AS __n, ${sql.join(parts.columns)}
      FROM ${sql.table(lineTable(def, key))} AS l ${sql.join(parts.joins, sql` `)} WHERE l.parent_id = t.id) AS x) AS ${sql.id(key)}`;
  });
}

export function linesFromJson(def: EntityDef, rec: Row): void {
  for (const [key, lines] of Object.entries(def.lines)) {
    const raw = rec[key];
    // both drivers parse json columns
    const rows = raw as Row[];
    const fields = Object.entries(lines.fields);
    for (const r of rows) {
      delete r.__n;
      for (const [name, f] of fields) {
        if (f.kind === 'ref') {
          const shown = displayNameOf(name, f);
          const o = r[shown];
          if (o !== null && typeof o === 'object') {
            const parts = o as { n?: unknown; c?: unknown; e?: unknown; w?: unknown };
            r[shown] = parts.n ?? null;
            if ('c' in parts) r[codeNameOf(name)] = parts.c ?? null;
            if ('e' in parts) r[englishNameOf(shown)] = parts.e ?? null;
            if ('w' in parts) r[withinNameOf(name)] = parts.w ?? null;
          }
        }
        const v = r[name];
        if (v === null || v === undefined) continue;
        if (f.kind === 'decimal') r[name] = normalizeDecimal(String(v));
        else if (f.kind === 'datetime') r[name] = new Date(String(v)).toISOString();
      }
    }
    rec[key] = rows;
  }
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

/**
 * A fragment without values as plain text, compiled once: a record's select list is hundreds of
 * nodes (a column, an alias and a lookup per field), which every statement would otherwise walk
 * again to compile (a tenth of an approval's server time). Only PostgreSQL's quoting is involved.
 */
export function frozenSql(fragment: RawBuilder<unknown>): RawBuilder<unknown> {
  const compiled = new PostgresQueryCompiler().compileQuery(fragment.toOperationNode(), createQueryId());
  return compiled.parameters.length ? fragment : sql.raw(compiled.sql);
}

/** `%`, `_` and `\` typed by a user are literal characters, not patterns. */
export function likePattern(s: string): string {
  return `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/**
 * What a list's KeyWord matches: the entity's text search fields and custom fields, and for a
 * reference in its search, the referenced record's own text search fields (a ledger row is found
 * by its material's number or name): `t.material_id IN (SELECT id FROM material WHERE …)`.
 */
export function keywordSql(def: EntityDef, registry: Registry, keyword: string): RawBuilder<unknown> | null {
  const p = likePattern(keyword);
  const like = (alias: string, field: string) => sql`${sql.ref(`${alias}.${columnOf(field)}`)} ILIKE ${p}`;
  const parts: RawBuilder<unknown>[] = [];
  for (const name of def.list.search) {
    const f = def.fields[name];
    if (f?.kind !== 'ref') {
      parts.push(like('t', name));
      continue;
    }
    const target = registry.get(f.entity);
    parts.push(sql`${sql.ref(`t.${columnOf(name)}`)} IN (SELECT s.id FROM ${sql.table(target.table)} AS s
      WHERE ${sql.join(
        textSearchFields(target).map((n) => like('s', n)),
        sql` OR `,
      )})`);
  }
  if (def.features.customFields) for (const n of CUSTOM_FIELD_NAMES) parts.push(like('t', n));
  return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : null;
}

const OPS: Record<string, string> = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };

export function columnFor(def: EntityDef, field: string): string {
  return field === def.key ? 'id' : columnOf(field);
}

/**
 * A list's order: empty values last, newest record first among equals. A column that cannot be
 * null is sorted without `NULLS LAST`, which no plain index can serve for `DESC`: a list of a
 * million ledger rows by `-ID` then reads 50 entries of the key's index instead of sorting them all.
 */
export function orderSql(def: EntityDef, sort: { field: string; desc: boolean }): RawBuilder<unknown> {
  const col = columnFor(def, sort.field);
  const f = def.fields[sort.field];
  const notNull = NOT_NULL_STANDARD.has(col) || f?.required === true || f?.kind === 'bool';
  const dir = sort.desc ? (notNull ? 'DESC' : 'DESC NULLS LAST') : 'ASC';
  return sql`${sql.ref(`t.${col}`)} ${sql.raw(dir)}, t.id DESC`;
}

/** The columns every table has that are never null (ddl.ts standardColumns). */
const NOT_NULL_STANDARD = new Set(['id', 'state', 'created_at', 'updated_at', 'version']);

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
