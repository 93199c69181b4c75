import { columnOf, type EntityDef, type Fields, type Registry } from '@mes/model';
import { sql } from 'kysely';
import type { Db, Row } from '../db';

/** Where a row's unit comes from: a unit field of its own, or the unit of a record it names (a material's). */
type Source = { field: string; via?: { table: string; unitColumn: string } };

const UNIT = 'Unit';

function sourceOf(fields: Fields, registry: Registry): Source | undefined {
  for (const [n, f] of Object.entries(fields)) if (f.kind === 'ref' && f.entity === UNIT) return { field: n };
  for (const [n, f] of Object.entries(fields)) {
    if (f.kind !== 'ref' || !registry.entities.has(f.entity)) continue;
    const target = registry.get(f.entity);
    const unit = Object.entries(target.fields).find(([, g]) => g.kind === 'ref' && g.entity === UNIT);
    if (unit) return { field: n, via: { table: target.table, unitColumn: columnOf(unit[0]) } };
  }
  return undefined;
}

/**
 * The unit decimals (Unit.Precision) of each printed row, its record's and its lines', read with
 * one statement per source: a quantity prints with as many places as its unit counts in.
 */
export async function unitScales(
  db: Db,
  registry: Registry,
  def: EntityDef,
  recs: readonly Row[],
): Promise<(row: Row) => number | undefined> {
  if (!registry.entities.get(UNIT)?.fields.Precision) return () => undefined;
  const unitTable = registry.get(UNIT).table;
  const sources = new Map<Fields, Source | undefined>();
  sources.set(def.fields, sourceOf(def.fields, registry));
  for (const l of Object.values(def.lines)) sources.set(l.fields, sourceOf(l.fields, registry));
  const scales = new Map<string, number>();
  const ask = async (src: Source, rows: Row[]) => {
    const ids = [...new Set(rows.map((r) => r[src.field]).filter((v) => v !== null && v !== undefined))].map(
      Number,
    );
    if (!ids.length) return;
    const { rows: found } = src.via
      ? await sql<{
          id: number;
          p: number | null;
        }>`SELECT x.id, u.precision AS p FROM ${sql.table(src.via.table)} AS x
          JOIN ${sql.table(unitTable)} AS u ON u.id = ${sql.ref(`x.${src.via.unitColumn}`)} WHERE x.id = ANY(${ids})`.execute(
          db,
        )
      : await sql<{ id: number; p: number | null }>`SELECT id, precision AS p FROM ${sql.table(unitTable)}
          WHERE id = ANY(${ids})`.execute(db);
    for (const r of found) if (r.p !== null) scales.set(`${src.field}:${r.id}`, Number(r.p));
  };
  const own = sources.get(def.fields);
  if (own) await ask(own, [...recs]);
  for (const [key, l] of Object.entries(def.lines)) {
    const src = sources.get(l.fields);
    if (src)
      await ask(
        src,
        recs.flatMap((r) => (r[key] as Row[] | undefined) ?? []),
      );
  }
  const keyOf = (row: Row) => {
    for (const src of sources.values())
      if (src && row[src.field] != null) return `${src.field}:${Number(row[src.field])}`;
    return '';
  };
  return (row) => scales.get(keyOf(row));
}
