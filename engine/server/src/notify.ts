import { type Label, type Lang, labelOf } from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from './db';
import type { Tx } from './db/tx';
import { translate } from './errors';

/** A message parameter: plain, or a text in both languages (a document type's name). */
export type MessageParam = string | number | null | Label;
export type MessageParams = Record<string, MessageParam>;

export interface Notice {
  to: number[];
  /**
   * The message: a key of a server catalogue (defineMessages) and its parameters. It is stored as
   * such and rendered in each reader's language when read (the bell, the list, the to-do, e-mail).
   */
  key?: string;
  params?: MessageParams;
  /** A fixed text instead of a key, shown as written to every reader (older callers). */
  title?: string;
  /** Text the sender typed (e.g. a reason), shown as written under the title. */
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
  // both renderings are kept beside the key for the title search in either language
  const zh = n.key ? renderMessage(n.key, n.params, 'zh') : (n.title ?? '');
  const en = n.key ? renderMessage(n.key, n.params, 'en') : null;
  const { rows } = await sql<{ id: number }>`WITH m AS (
      INSERT INTO send_msg (title, title_en, msg_key, msg_params, content, send_time, route, parameter, menu_id,
        msg_type, status, level, class, from_user_id)
      VALUES (${zh.slice(0, 200)}, ${en?.slice(0, 200) ?? null}, ${n.key ?? null},
        ${n.key ? JSON.stringify(n.params ?? {}) : null}, ${n.content?.slice(0, 2000) ?? null}, now(), ${n.route ?? null},
        ${n.parameter ?? null}, ${menu}, ${n.type ?? 1}, 1, ${n.level ?? 1}, 2, ${n.from ?? null})
      RETURNING id)
    INSERT INTO send_msg_receivers (parent_id, line_no, user_id)
    SELECT m.id, row_number() OVER (), u FROM m, unnest(${to}::bigint[]) AS u
    RETURNING parent_id AS id`.execute(tx);
  return Number(rows[0].id);
}

/** A message's text in one language; parameters given in both languages take the reader's. */
export function renderMessage(key: string, params: MessageParams | undefined, lang: Lang): string {
  const flat: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params ?? {}))
    flat[k] = v !== null && typeof v === 'object' ? labelOf(v, lang) : (v ?? '');
  return translate(key, lang, flat);
}

/**
 * The title a reader sees of a stored message: rendered from its key in the reader's language, or,
 * for rows written before keys (title in Chinese, content in English), the stored text.
 */
export function messageTitle(
  row: { title: string; msg_key: string | null; msg_params: string | null },
  lang: Lang,
): string {
  if (!row.msg_key) return row.title;
  let params: MessageParams = {};
  try {
    params = row.msg_params ? (JSON.parse(row.msg_params) as MessageParams) : {};
  } catch {
    // a damaged parameter list still shows the message, with its placeholders
  }
  return renderMessage(row.msg_key, params, lang);
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
