import { STATE } from './wire';

/**
 * The actions of the document life cycle (DESIGN.md §5). Submit puts a draft into the approval of
 * its menu's levels (the author's step); Withdraw takes it back before the first level approved.
 */
export type ApprovalAction = 'Submit' | 'Withdraw' | 'Approve' | 'UnApprove' | 'Rejected' | 'Complete';

/** Where a document stands and who looks at it: what the approval rules decide on. */
export interface ApprovalSituation {
  state: number;
  /** levels approved so far */
  approveLevel: number;
  nextUserId: number | null;
  createdBy: number | null;
  /** who gave the last approval */
  approvedBy: number | null;
  /** the approvers of the menu's levels, level 1 first; empty without approval settings */
  levels: readonly number[];
  me: number;
  isAdmin: boolean;
  /** whether the user holds a button of the document's menu (edit, approve, reject, unapprove, close) */
  may: (button: 'edit' | 'approve' | 'reject' | 'unapprove' | 'close') => boolean;
}

/**
 * What the user may do with the document now: the buttons the form offers, and the rule the server
 * answers from (GET /{Entity}/{id}/ApprovalActions), so that nothing is offered and then refused.
 */
export function approvalActions(s: ApprovalSituation): ApprovalAction[] {
  const out: ApprovalAction[] = [];
  const multi = s.levels.length > 1;
  if (s.state === STATE.DRAFT) {
    if (s.levels.length && s.may('edit')) out.push('Submit');
    // a multi-level draft is approved directly only by level 1 (the others wait for the Submit)
    const first = s.levels[0] ?? null;
    const decides = multi ? first === s.me : s.isAdmin || first === null || first === s.me;
    if (decides && s.may('approve')) out.push('Approve');
    if (decides && s.may('reject')) out.push('Rejected');
  }
  if (s.state === STATE.IN_APPROVAL) {
    const decides = s.isAdmin || s.nextUserId === s.me;
    if (decides && s.may('approve')) out.push('Approve');
    if (decides && s.may('reject')) out.push('Rejected');
    if (mayWithdraw(s) && s.may('edit')) out.push('Withdraw');
  }
  if (s.state === STATE.APPROVED) {
    const last = s.levels[s.levels.length - 1];
    const undoes = s.isAdmin || !s.levels.length || s.me === last || s.me === s.approvedBy;
    if (undoes && s.may('unapprove')) out.push('UnApprove');
    if (s.may('close')) out.push('Complete');
  }
  return out;
}

/** The author takes a submitted document back while level 1 has not acted on it (approved or passed it on). */
export function mayWithdraw(
  s: Pick<
    ApprovalSituation,
    'state' | 'approveLevel' | 'nextUserId' | 'createdBy' | 'levels' | 'me' | 'isAdmin'
  >,
): boolean {
  return (
    s.state === STATE.IN_APPROVAL &&
    (s.isAdmin || s.me === s.createdBy) &&
    s.approveLevel === 0 &&
    s.nextUserId === (s.levels[0] ?? null)
  );
}
