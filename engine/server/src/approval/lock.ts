import { columnOf, type EntityDef } from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import type { EntityService } from '../crud/service';
import type { Db, Row } from '../db';
import type { Tx } from '../db/tx';

/** What an approval action needs of its document, read under lock. */
export interface LockedDoc {
  id: number;
  state: number;
  approve_level: number;
  next_user_id: number | null;
  created_by: number | null;
  /** who gave the last approval (it may be a user the last level passed the document to) */
  approved_by: number | null;
  doc_no: unknown;
  posting_date?: unknown;
  /** the entity's menu route, and the approver user ids configured for it by level */
  route: string | null;
  levels: (number | string)[] | null;
  /** the transaction's now(), which its writes store (with `record`) */
  now?: unknown;
}

/** The approver ids of the document's menu by level, for a statement reading the menu as `m`. */
const levelsSql = sql`(SELECT array_agg(l.approver_id ORDER BY l.level_no, l.line_no) FROM approval_setting s
    JOIN approval_setting_levels l ON l.parent_id = s.id WHERE s.menu_id = m.id)`;

/** What the approval rules need of a document the user may see, without a lock (to offer its buttons). */
export async function readDoc(
  db: Db,
  def: EntityDef,
  id: number,
  scope: RawBuilder<unknown> | null | undefined,
): Promise<LockedDoc | null> {
  const { rows } =
    await sql<LockedDoc>`SELECT t.id, t.state, t.approve_level, t.next_user_id, t.created_by, t.approved_by,
      NULL AS doc_no, m.route, ${levelsSql} AS levels
    FROM ${sql.table(def.table)} AS t LEFT JOIN module_menu m ON m.menu_code = ${def.menu ?? null}
    WHERE t.id = ${id} AND ${scope ?? sql`TRUE`}`.execute(db);
  return rows[0] ?? null;
}

/**
 * Locks the document for an action and reads what the action needs with its menu's approvers, in
 * one round trip. With `whole`, the record itself comes from the same statement, for a posting hook
 * that carries the approval: nothing else reads it before the posting.
 */
export async function lockDoc(
  tx: Tx,
  def: EntityDef,
  svc: EntityService,
  id: number,
  scope: RawBuilder<unknown> | null | undefined,
  whole: boolean,
): Promise<{ doc: LockedDoc; record: Row | null } | null> {
  const dateField = typeof def.features.approval === 'object' ? def.features.approval.dateField : undefined;
  const noField = def.features.numbering?.field ?? def.display;
  const levels = levelsSql;
  const menu = sql`LEFT JOIN module_menu m ON m.menu_code = ${def.menu ?? null}`;
  const where = sql`AND ${scope ?? sql`TRUE`} FOR UPDATE OF t`;
  if (!whole) {
    const { rows } =
      await sql<LockedDoc>`SELECT t.id, t.state, t.approve_level, t.next_user_id, t.created_by, t.approved_by,
        ${sql.ref(`t.${columnOf(noField)}`)} AS doc_no
        ${dateField ? sql`, ${sql.ref(`t.${columnOf(dateField)}`)} AS posting_date` : sql``},
        m.route, ${levels} AS levels
      FROM ${sql.table(def.table)} AS t ${menu} WHERE t.id = ${id} ${where}`.execute(tx);
    return rows[0] ? { doc: rows[0], record: null } : null;
  }
  const extra = {
    columns: sql`m.route AS "__route", ${levels} AS "__levels", now() AS "__now"`,
    joins: menu,
  };
  const { rows } = await sql<Row>`${svc.readFrom(sql.table(def.table), id, extra)} ${where}`.execute(tx);
  const r = rows[0];
  if (!r) return null;
  const doc: LockedDoc = {
    id: Number(r[def.key]),
    state: Number(r.State),
    approve_level: Number(r.Approve_Level),
    next_user_id: (r.Next_User_ID as number | null) ?? null,
    created_by: (r.Created_By as number | null) ?? null,
    approved_by: (r.Approved_By as number | null) ?? null,
    doc_no: r[noField],
    posting_date: dateField ? r[dateField] : undefined,
    route: (r.__route as string | null) ?? null,
    levels: (r.__levels as (number | string)[] | null) ?? null,
    now: r.__now,
  };
  delete r.__route;
  delete r.__levels;
  delete r.__now;
  return { doc, record: svc.record(r) };
}
