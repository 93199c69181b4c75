import { type RawBuilder, sql } from 'kysely';
import type { Db } from './db';
import type { Tx } from './db/tx';

export interface Notice {
  to: number[];
  title: string;
  content?: string;
  /** Page that handles the message; to-dos need one. */
  route?: string;
  parameter?: string;
  menuCode?: string;
  /** 1 notice, 2 to-do (shows in the pending list until done). */
  type?: 1 | 2;
  /** 0 urgent, 1 normal. */
  level?: 0 | 1;
  from?: number | null;
}

/**
 * The message service every module calls; it writes in the caller's transaction, in one statement
 * (the message, its menu looked up, and its receivers): an approval that tells the author waits on
 * one round trip, not three.
 */
export async function notify(tx: Tx | Db, n: Notice): Promise<number | null> {
  const to = [...new Set(n.to.filter((u) => Number.isSafeInteger(u) && u > 0))];
  if (!to.length) return null;
  const menu = n.menuCode
    ? sql`(SELECT id FROM module_menu WHERE menu_code = ${n.menuCode})`
    : sql`NULL::bigint`;
  const { rows } = await sql<{ id: number }>`WITH m AS (
      INSERT INTO send_msg (title, content, send_time, route, parameter, menu_id, msg_type, status, level, class,
        from_user_id)
      VALUES (${n.title.slice(0, 200)}, ${n.content?.slice(0, 2000) ?? null}, now(), ${n.route ?? null},
        ${n.parameter ?? null}, ${menu}, ${n.type ?? 1}, 1, ${n.level ?? 1}, 2, ${n.from ?? null})
      RETURNING id)
    INSERT INTO send_msg_receivers (parent_id, line_no, user_id)
    SELECT m.id, row_number() OVER (), u FROM m, unnest(${to}::bigint[]) AS u
    RETURNING parent_id AS id`.execute(tx);
  return Number(rows[0].id);
}

/** A to-do is done for everyone once someone acted on it (e.g. approved the document). */
export async function completeTodos(tx: Tx | Db, route: string, parameter: string): Promise<void> {
  await todosDone(route, parameter).execute(tx);
}

/** The UPDATE that marks the to-dos of a record done, for callers that fold it into a statement. */
export function todosDone(route: string, parameter: string): RawBuilder<unknown> {
  return sql`UPDATE send_msg_receivers SET is_done = true, is_read = true, read_time = coalesce(read_time, now())
    WHERE parent_id IN (SELECT id FROM send_msg WHERE msg_type = 2 AND route = ${route} AND parameter = ${parameter})`;
}
