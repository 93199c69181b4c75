import { type RawBuilder, sql } from 'kysely';

/** A column of `rowsAsArrays`: its name and the PostgreSQL type of its values. */
export type ArrayColumn = readonly [name: string, type: string];

/**
 * Rows as one array parameter per column: `unnest($1::t1[], $2::t2[], …) AS alias(c1, c2, …)`,
 * to select from in an INSERT or to join in an UPDATE. Unlike a VALUES list, the statement's text is
 * the same whatever the number of rows, so it is prepared once per connection (db/prepared.ts), and
 * it binds a few arrays instead of rows × columns parameters (the query builder and the driver spent
 * a tenth of a posting's server time on those, bench/README.md).
 */
export function rowsAsArrays<R>(
  alias: string,
  columns: readonly ArrayColumn[],
  rows: readonly R[],
  values: (row: R, index: number) => readonly unknown[],
): RawBuilder<unknown> {
  const arrays: unknown[][] = columns.map(() => []);
  for (const [index, row] of rows.entries()) {
    const v = values(row, index);
    if (v.length !== columns.length)
      throw new Error(`rowsAsArrays(${alias}): ${v.length} values for ${columns.length} columns`);
    for (let i = 0; i < v.length; i++) arrays[i].push(v[i] === undefined ? null : v[i]);
  }
  return sql`unnest(${sql.join(
    columns.map(([, type], i) => sql`${arrays[i]}::${sql.raw(type)}[]`),
  )}) AS ${sql.raw(alias)}(${sql.raw(columns.map(([name]) => name).join(', '))})`;
}
