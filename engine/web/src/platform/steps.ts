import { type ApprovalAction, STATE } from '@mes/model';

export type { ApprovalAction };

export type StepStatus = 'finish' | 'process' | 'wait';

/** Spec part 1 §4: complete when the current index is above the step's value, underway when equal. */
export function stepStatus(current: number, value: number): StepStatus {
  return current > value ? 'finish' : current === value ? 'process' : 'wait';
}

/** The document's place on the bar draft → in approval → approved → closed; -1 for a voided one. */
export function stateIndex(state: unknown): number {
  switch (Number(state)) {
    case STATE.DRAFT:
      return 0;
    case STATE.IN_APPROVAL:
      return 1;
    case STATE.APPROVED:
      return 2;
    case STATE.CLOSED:
      return 3;
    default:
      return -1;
  }
}

/** What the approval button offers in a state (spec part 2 §4 mapped onto DESIGN.md §5). */
export function actionsFor(state: unknown, may: (button: string) => boolean): ApprovalAction[] {
  const s = Number(state);
  const out: ApprovalAction[] = [];
  if (s === STATE.DRAFT || s === STATE.IN_APPROVAL) {
    if (may('approve')) out.push('Approve');
    if (may('reject')) out.push('Rejected');
  }
  if (s === STATE.APPROVED) {
    if (may('unapprove')) out.push('UnApprove');
    if (may('close')) out.push('Complete');
  }
  return out;
}

/** The button of the menu each action needs (the server's approval routes check the same). */
export const ACTION_BUTTON: Record<ApprovalAction, string> = {
  Submit: 'edit',
  Withdraw: 'edit',
  Approve: 'approve',
  Rejected: 'reject',
  UnApprove: 'unapprove',
  Complete: 'close',
};

/**
 * Printing is offered for every record but a void document: a draft prints marked 草稿 (a count
 * sheet is printed before it is counted), issue 25.
 */
export function mayPrint(hasApproval: boolean, state: unknown): boolean {
  return !hasApproval || state === undefined || Number(state) !== STATE.VOID;
}
