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
    columns.map(([, type], i) => sql`${arrayLiteral(arrays[i])}::${sql.raw(type)}[]`),
  )}) AS ${sql.raw(alias)}(${sql.raw(columns.map(([name]) => name).join(', '))})`;
}

/**
 * A column's values as PostgreSQL's array text, written here rather than by the driver, which quotes
 * and escapes every element through two regular expressions (7 % of a posting's server time). Each
 * element is quoted, so no text is read as NULL or split; a column holding anything but strings,
 * numbers and booleans is left to the driver.
 */
function arrayLiteral(values: unknown[]): unknown[] | string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null) out += 'NULL';
    else if (typeof v === 'number' || typeof v === 'bigint') out += String(v);
    else if (typeof v === 'boolean') out += v ? 't' : 'f';
    else if (typeof v === 'string')
      out += `"${v.includes('"') || v.includes('\\') ? v.replace(/["\\]/g, '\\$&') : v}"`;
    else return values;
  }
  return `${out}}`;
}
