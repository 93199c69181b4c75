import { type ApprovalAction, type EntityDef, STATE } from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from '../context';
import type { Row } from '../db';
import { todosDone } from '../notify';
import { logInsert, type Verb } from '../oplog';
import type { LockedDoc } from './lock';

export type { ApprovalAction };

/** An action decided: the document, where it goes, and who does it. */
export interface Decided {
  def: EntityDef;
  doc: LockedDoc;
  to: { state: number; level: number; next: number | null };
  action: ApprovalAction;
  verb: Verb;
  reason: string | undefined;
  /** the acting user's id, 0 for none */
  me: number;
}

/**
 * What an action writes, each a statement for a CTE: the document's row (first; with `set`, more of
 * its columns by SQL name), its history, the log and the to-dos it ends.
 */
export function approvalWrites(
  ctx: RequestContext,
  { def, doc, to, action, verb, reason, me }: Decided,
  route: string,
  set: Record<string, unknown> = {},
): RawBuilder<unknown>[] {
  const approved = to.state === STATE.APPROVED;
  const more = Object.entries(set).map(([column, v]) => sql`${sql.ref(column)} = ${v}, `);
  return [
    sql`UPDATE ${sql.table(def.table)} SET ${more.length ? sql.join(more, sql``) : sql``}state = ${to.state}, approve_level = ${to.level},
        next_user_id = ${to.next},
        approved_by = ${approved ? me || null : action === 'UnApprove' ? null : sql`approved_by`},
        approved_at = ${approved ? sql`now()` : action === 'UnApprove' ? null : sql`approved_at`},
        version = version + 1, updated_at = now(), updated_by = ${me || null}
      WHERE id = ${doc.id}`,
    sql`INSERT INTO approval_history (entity_name, record_id, action, from_state, to_state, level, operator_id,
        next_user_id, rejected_msg, op_time)
      VALUES (${def.name}, ${doc.id}, ${action}, ${doc.state}, ${to.state}, ${to.level}, ${me || null}, ${to.next},
        ${reason ?? null}, now())`,
    logInsert(ctx, verb, def.name, doc.id, { from: doc.state, to: to.state, reason, next: to.next }),
    todosDone(route, String(doc.id)),
  ];
}

/**
 * The record read under lock as the approval's UPDATE leaves it (approvalWrites), for a hook that
 * writes the approval with its posting; `now` is the transaction's now(), read as a timestamp.
 */
export function asApproved(record: Row, { to, me }: Decided, now: unknown): Row {
  return Object.assign(record, {
    State: to.state,
    Approve_Level: to.level,
    Next_User_ID: to.next,
    Next_User_Name: null,
    Approved_By: me || null,
    Approved_At: now,
    Version: Number(record.Version) + 1,
    Updated_At: now,
    Updated_By: me || null,
  });
}
