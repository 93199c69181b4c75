import type { Db } from '@mes/engine-server';
import { sql } from 'kysely';

/**
 * Tables a refused request may still write: the log of refusals, the sessions (seen at) and the
 * sign-in throttle (a failed sign-in is counted, by design).
 */
const WRITTEN_BY_REFUSALS = new Set(['operation_log', 'user_session', 'login_throttle']);

/**
 * Watches the database for changes between two points: per table the row count and, where the
 * table has them, the highest version and last change (an update bumps the version and time, an
 * insert or delete the count). That takes a while over a hundred tables, so it is only taken when
 * the next transaction id has moved: a transaction that writes nothing gets no id.
 */
export async function changeWatch(db: Db) {
  const { rows } = await sql<{ table_name: string; cols: string[] }>`
    SELECT table_name, array_agg(column_name::text) AS cols FROM information_schema.columns
    WHERE table_schema = current_schema() GROUP BY table_name ORDER BY table_name`.execute(db);
  const parts = rows
    .filter((r) => !WRITTEN_BY_REFUSALS.has(r.table_name))
    .map((r) => {
      const version = r.cols.includes('version') ? sql`max(version)` : sql`0`;
      const changed = r.cols.includes('updated_at') ? sql`max(updated_at)::text` : sql`''`;
      return sql`SELECT ${r.table_name} AS t, count(*)::text || '/' || ${version} || '/' || coalesce(${changed}, '') AS f FROM ${sql.table(r.table_name)}`;
    });
  const all = sql.join(parts, sql` UNION ALL `);
  const full = async () =>
    new Map((await sql<{ t: string; f: string }>`${all}`.execute(db)).rows.map((r) => [r.t, r.f]));
  const nextXid = async () =>
    (await sql<{ x: string }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x`.execute(db)).rows[0]
      .x;

  let xid = await nextXid();
  let state = await full();
  return {
    /**
     * The tables changed since the last call (the first: since the watch began); `[]` when none.
     * Call it between requests only, never while one runs.
     */
    async changed(): Promise<string[]> {
      const x = await nextXid();
      if (x === xid) return [];
      const now = await full();
      const diff = [...now].filter(([t, f]) => state.get(t) !== f).map(([t]) => t);
      xid = x;
      state = now;
      return diff;
    },
  };
}
