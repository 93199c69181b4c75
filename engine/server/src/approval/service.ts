import {
  type ApprovalSituation,
  allows,
  approvalActions,
  type EntityDef,
  mayWithdraw,
  STATE,
  STATE_LABELS,
} from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import { EntityAccess, type GrantRow, grantRowsSql, grantsOf } from '../auth/grants';
import type { RequestContext } from '../context';
import type { Row } from '../db';
import { type Tx, withTx } from '../db/tx';
import type { Engine } from '../engine';
import { AppError, notFound } from '../errors';
import type { ApprovalWrites, HookContext } from '../hooks';
import { notify } from '../notify';
import type { Verb } from '../oplog';
import { type LockedDoc, lockDoc, readDoc } from './lock';
import { type ApprovalAction, approvalWrites, asApproved } from './writes';

export type { ApprovalAction };

export interface ApprovalInput {
  id: number;
  nextUserId?: number;
  reason?: string;
}

/**
 * The document life cycle of DESIGN.md §5, for every entity with the approval feature. Each action
 * locks the row and checks the state first, so that a double click or two approvers at once
 * cannot apply an action twice.
 */
export class ApprovalService {
  private readonly access: EntityAccess;
  constructor(readonly engine: Engine) {
    this.access = new EntityAccess(engine.registry);
  }

  async act(
    def: EntityDef,
    action: ApprovalAction,
    input: ApprovalInput,
    ctx: RequestContext,
    opts: { isAdmin: boolean; scope?: RawBuilder<unknown> | null },
  ): Promise<Row> {
    const svc = this.engine.service(def.name);
    const posts =
      (action === 'Approve' && !!svc.hooks.onApprove) || (action === 'UnApprove' && !!svc.hooks.onUnapprove);
    const inTx = <T>(fn: (tx: Tx) => Promise<T>) =>
      posts ? this.engine.postingGate.run(() => withTx(this.engine.db, fn)) : withTx(this.engine.db, fn);
    const answer = await inTx(async (tx) => {
      const c: HookContext = { ...ctx, tx, registry: this.engine.registry };
      const dateField =
        typeof def.features.approval === 'object' ? def.features.approval.dateField : undefined;
      // a hook that carries the approval gets the record from the statement that locks it
      const carry = action === 'Approve' && !!svc.hooks.onApprove && svc.hooks.carriesApproval === true;
      const locked = await lockDoc(tx, def, svc, input.id, opts.scope, carry);
      if (!locked) throw notFound();
      const { doc } = locked;
      const me = ctx.user?.User_ID ?? 0;
      const levels = (doc.levels ?? []).map(Number);
      const route = doc.route ?? `/${def.name}`;
      const mayAct = () => {
        if (opts.isAdmin) return;
        const expected = doc.state === STATE.IN_APPROVAL ? doc.next_user_id : (levels[0] ?? null);
        if (expected === null || expected === me) return;
        // a draft of a multi-level menu goes into approval by its author's Submit first
        if (doc.state === STATE.DRAFT && levels.length > 1) throw new AppError('submit_first', {}, 403, 403);
        throw new AppError('not_current_approver', {}, 403, 403);
      };
      const need = (...states: number[]) => {
        if (!states.includes(doc.state))
          throw new AppError('approval_state', { state: STATE_LABELS[doc.state] ?? doc.state }, 409);
      };
      let to: { state: number; level: number; next: number | null };
      let verb: Verb;
      switch (action) {
        case 'Submit':
          need(STATE.DRAFT);
          if (!levels.length) throw new AppError('no_approval_levels');
          if (dateField && (doc.posting_date === null || doc.posting_date === undefined))
            throw new AppError('approval_date');
          verb = 'submit';
          to = { state: STATE.IN_APPROVAL, level: 0, next: levels[0] };
          break;
        case 'Withdraw':
          need(STATE.IN_APPROVAL);
          if (!opts.isAdmin && me !== doc.created_by) throw new AppError('withdraw_not_author', {}, 403, 403);
          // once a level approved (or passed it on), the document is that approver's decision too:
          // it is rejected, not withdrawn
          if (!mayWithdraw(situation(doc, levels, me, opts.isAdmin)))
            throw new AppError('withdraw_after_approval', {}, 409);
          verb = 'withdraw';
          to = { state: STATE.DRAFT, level: 0, next: null };
          break;
        case 'Approve': {
          need(STATE.DRAFT, STATE.IN_APPROVAL);
          if (dateField && (doc.posting_date === null || doc.posting_date === undefined))
            throw new AppError('approval_date');
          mayAct();
          verb = 'approve';
          if (input.nextUserId !== undefined) {
            await this.checkNextUser(tx, def, doc, input.nextUserId, me);
            to = { state: STATE.IN_APPROVAL, level: doc.approve_level, next: input.nextUserId };
          } else {
            const done = doc.approve_level + 1;
            to =
              levels.length > done
                ? { state: STATE.IN_APPROVAL, level: done, next: levels[done] }
                : { state: STATE.APPROVED, level: done, next: null };
          }
          break;
        }
        case 'Rejected':
          need(STATE.DRAFT, STATE.IN_APPROVAL);
          mayAct();
          verb = 'reject';
          to = { state: STATE.DRAFT, level: 0, next: null };
          break;
        case 'UnApprove':
          need(STATE.APPROVED);
          // with levels configured, taking an approval back is for who could give the last one: the
          // last level's approver, or the user that level passed the document to and who approved it
          if (!opts.isAdmin && levels.length && me !== levels[levels.length - 1] && me !== doc.approved_by)
            throw new AppError('unapprove_last_level', {}, 403, 403);
          verb = 'unapprove';
          to = { state: STATE.DRAFT, level: 0, next: null };
          break;
        case 'Complete':
          need(STATE.APPROVED);
          verb = 'close';
          to = { state: STATE.CLOSED, level: doc.approve_level, next: null };
          break;
      }
      const reason = input.reason?.trim();
      if ((action === 'Rejected' || action === 'Complete') && !reason) throw new AppError('reason_required');

      if (action === 'UnApprove') {
        const record = await svc.mustGet(doc.id, tx);
        if (!allows(def, 'unapprove', record)) throw new AppError('not_allowed_now', {}, 409);
        await svc.hooks.beforeUnapprove?.(c, record);
        await svc.hooks.onUnapprove?.(c, record);
      }
      const approved = to.state === STATE.APPROVED;
      const posting = approved && !!svc.hooks.onApprove;
      const what = { def, doc, to, action, verb, reason, me };
      const tell = () => this.tell(tx, def, String(doc.doc_no ?? doc.id), route, doc, to, action, reason, me);
      if (posting && carry && locked.record) {
        // approved: no new to-do that the approval's writes would end, only the author's message
        await tell();
        // the posting's last statement writes the approval with its own, and commits
        let taken = false;
        const approval: ApprovalWrites = {
          writes: (set) => {
            if (taken) throw new Error(`${def.name}: the approval was written twice`);
            taken = true;
            return approvalWrites(c, what, route, set);
          },
        };
        const record = asApproved(locked.record, what, doc.now);
        const after = await svc.hooks.onApprove?.({ ...c, last: true, approval }, record);
        if (!taken) throw new Error(`${def.name}: onApprove carries the approval but did not write it`);
        return { id: doc.id, after: after ?? undefined };
      }
      // the state, the history, the log and the done to-dos in one statement, and all before the
      // posting hook: what it locks (stock) stays locked only for the posting and the commit. The
      // same statement answers the record as approved, for the hook.
      const [u, ...rest] = approvalWrites(c, what, route);
      const { rows: changed } = await sql<Row>`WITH u AS (${u} RETURNING *),
        ${sql.join(rest.map((w, i) => sql`${sql.raw(`w${i}`)} AS (${w})`))}
        ${posting ? svc.readFrom(sql`u`, doc.id) : sql`SELECT 1`}`.execute(tx);
      await tell();
      const after = posting
        ? await svc.hooks.onApprove?.({ ...c, last: true }, svc.record(changed[0]))
        : undefined;
      // nothing more in this transaction: onApprove may have committed it with its last statement
      return { id: doc.id, after: after ?? undefined };
    });
    // read after the commit (a posting's locks on stock are not held for the answer), unless the
    // posting answered the record as it left it
    return answer.after ?? svc.mustGet(answer.id);
  }

  /** What the user may do with the document now (approvalActions), for the form's buttons. */
  async allowed(
    def: EntityDef,
    id: number,
    me: number,
    grants: { isAdmin: boolean; may: ApprovalSituation['may'] },
    scope: RawBuilder<unknown> | null | undefined,
  ): Promise<{ Actions: ApprovalAction[]; Levels: number }> {
    const doc = await readDoc(this.engine.db, def, id, scope);
    if (!doc) throw notFound();
    const levels = (doc.levels ?? []).map(Number);
    let actions = approvalActions({ ...situation(doc, levels, me, grants.isAdmin), may: grants.may });
    // an entity's own rule on unapproving (a notified award) needs the record itself
    if (actions.includes('UnApprove') && def.allows?.unapprove) {
      const record = await this.engine.service(def.name).mustGet(id);
      if (!allows(def, 'unapprove', record)) actions = actions.filter((a) => a !== 'UnApprove');
    }
    return {
      Actions: actions,
      Levels: levels.length,
    };
  }

  async history(def: EntityDef, id: number): Promise<Row[]> {
    const { rows } = await sql<Row>`SELECT h.id AS "ID", h.action AS "Action", h.from_state AS "From_State",
        h.to_state AS "To_State", h.level AS "Level", h.rejected_msg AS "Rejected_Msg", h.op_time AS "Op_Time",
        o.user_name AS "Operator_Name", n.user_name AS "Next_User_Name"
      FROM approval_history h LEFT JOIN users o ON o.id = h.operator_id LEFT JOIN users n ON n.id = h.next_user_id
      WHERE h.entity_name = ${def.name} AND h.record_id = ${id} ORDER BY h.id`.execute(this.engine.db);
    return rows;
  }

  /**
   * A document passed on must stay approvable by someone else than its author: an active staff
   * account, not the acting user, not the author, and holding the approve grant of the document.
   */
  private async checkNextUser(tx: Tx, def: EntityDef, doc: LockedDoc, next: number, me: number) {
    const { rows } = await sql<{ grant_rows: GrantRow[] }>`SELECT ${grantRowsSql} AS grant_rows
      FROM users u WHERE u.id = ${next} AND u.u_type = 1 AND NOT u.disabled`.execute(tx);
    if (next === me || !rows[0]) throw new AppError('bad_next_user');
    if (next === doc.created_by) throw new AppError('next_user_is_author');
    if (!this.access.decide(grantsOf(rows[0].grant_rows), def.name, 'approve'))
      throw new AppError('next_user_cannot_approve');
  }

  /** The next approver gets a to-do; the author hears of the outcome. */
  private async tell(
    tx: Tx,
    def: EntityDef,
    no: string,
    route: string,
    doc: LockedDoc,
    to: { state: number; next: number | null },
    action: ApprovalAction,
    reason: string | undefined,
    me: number,
  ) {
    const parameter = String(doc.id);
    // the document type in both languages: each reader sees the message in their own
    const params = { doc: def.label, no };
    if (to.state === STATE.IN_APPROVAL && to.next)
      await notify(tx, {
        to: [to.next],
        key: 'msg_pending',
        params,
        route,
        parameter,
        menuCode: def.menu,
        type: 2,
        from: me || null,
      });
    const author = doc.created_by;
    if (!author || author === me) return;
    if (to.state === STATE.APPROVED)
      await notify(tx, {
        to: [author],
        key: 'msg_approved',
        params,
        route,
        parameter,
        menuCode: def.menu,
        from: me || null,
      });
    if (action === 'Rejected')
      await notify(tx, {
        to: [author],
        key: 'msg_rejected',
        params: { ...params, reason: reason ?? '' },
        route,
        parameter,
        menuCode: def.menu,
        level: 0,
        from: me || null,
      });
  }
}

/** The document as the shared approval rules (approvalActions) see it. */
function situation(doc: LockedDoc, levels: number[], me: number, isAdmin: boolean): ApprovalSituation {
  return {
    state: doc.state,
    approveLevel: doc.approve_level,
    nextUserId: doc.next_user_id === null ? null : Number(doc.next_user_id),
    createdBy: doc.created_by === null ? null : Number(doc.created_by),
    approvedBy: doc.approved_by === null ? null : Number(doc.approved_by),
    levels,
    me,
    isAdmin,
    may: () => true,
  };
}
