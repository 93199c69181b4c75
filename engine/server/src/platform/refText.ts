import { codeFieldOf, columnOf, type RefField, type Registry } from '@mes/model';
import { sql } from 'kysely';
import type { Db } from '../db';

/**
 * References as a sheet writes them ("code name", as pickers and prints show them) and reads them
 * back (by code, by "code name", or by a name that only one record has): both importers, the list's
 * and a line table's, read them alike.
 */

export interface Named {
  id: number;
  code: string | null;
  name: string | null;
}

/** "code name" as pickers show a record; the code alone is enough to read it back. */
export const shownAs = (r: Named) => [r.code, r.name].filter((x) => x !== null && x !== '').join(' ');

export async function namedRows(db: Db, registry: Registry, f: RefField, where: ReturnType<typeof sql>) {
  const target = registry.get(f.entity);
  const code = codeFieldOf(target);
  const { rows } = await sql<Named>`SELECT id,
      ${code ? sql`${sql.ref(columnOf(code))}::text` : sql`NULL`} AS code,
      ${sql.ref(columnOf(f.display))}::text AS name
    FROM ${sql.table(target.table)} WHERE ${where}`.execute(db);
  return rows;
}

/** The texts of one reference column read back to ids: by code, by "code name", else by a unique name. */
export async function resolveRefs(db: Db, registry: Registry, f: RefField, given: string[]) {
  // "原料仓 / A-01 货架A01" as a list exports a location (shownName) reads as its own part
  const own = (text: string) => {
    const at = text.lastIndexOf(' / ');
    return at < 0 ? text : text.slice(at + 3).trim();
  };
  const texts = [...new Set([...given, ...given.map(own)])];
  const firsts = texts.map((t) => t.split(/\s+/)[0]);
  const target = registry.get(f.entity);
  const code = codeFieldOf(target);
  const rows = await namedRows(
    db,
    registry,
    f,
    sql`${code ? sql`${sql.ref(columnOf(code))}::text = ANY(${[...texts, ...firsts]}) OR ` : sql``}
      ${sql.ref(columnOf(f.display))}::text = ANY(${texts})`,
  );
  const byCode = new Map(rows.filter((r) => r.code !== null).map((r) => [r.code as string, r]));
  const byName = new Map<string, Named[]>();
  for (const r of rows) if (r.name !== null) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  return (shown: string): Named | undefined => {
    const text = byCode.has(shown) || byName.has(shown) ? shown : own(shown);
    const named = byName.get(text);
    return (
      byCode.get(text) ?? byCode.get(text.split(/\s+/)[0]) ?? (named?.length === 1 ? named[0] : undefined)
    );
  };
}
