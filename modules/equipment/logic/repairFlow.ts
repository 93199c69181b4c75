/**
 * The repair's life as a transition table: a request is reported (1), accepted by maintenance (2),
 * worked on (3), finished and waiting for the requester's acceptance (4), accepted and closed (5);
 * a request not yet worked on may be cancelled (9). Finishing posts the parts; the requester may send
 * a finished repair back (reopen), which reverses them.
 */
export const REPAIR = {
  REPORTED: 1,
  ACCEPTED: 2,
  IN_REPAIR: 3,
  FINISHED: 4,
  CLOSED: 5,
  CANCELLED: 9,
} as const;
export type RepairStatus = (typeof REPAIR)[keyof typeof REPAIR];

export type RepairAction = 'Accept' | 'Start' | 'Finish' | 'Confirm' | 'Reopen' | 'Cancel';

export const REPAIR_TRANSITIONS: Readonly<
  Record<RepairAction, { from: readonly RepairStatus[]; to: RepairStatus }>
> = {
  Accept: { from: [REPAIR.REPORTED], to: REPAIR.ACCEPTED },
  Start: { from: [REPAIR.ACCEPTED], to: REPAIR.IN_REPAIR },
  Finish: { from: [REPAIR.IN_REPAIR], to: REPAIR.FINISHED },
  Confirm: { from: [REPAIR.FINISHED], to: REPAIR.CLOSED },
  Reopen: { from: [REPAIR.FINISHED], to: REPAIR.IN_REPAIR },
  Cancel: { from: [REPAIR.REPORTED, REPAIR.ACCEPTED], to: REPAIR.CANCELLED },
};

export const REPAIR_ACTIONS = Object.keys(REPAIR_TRANSITIONS) as RepairAction[];

/** The status an action leads to from `status`, or null when the table does not allow it. */
export function nextRepairStatus(status: number, action: RepairAction): RepairStatus | null {
  const t = REPAIR_TRANSITIONS[action];
  return (t.from as readonly number[]).includes(status) ? t.to : null;
}

/** The actions open from a status (the buttons a list shows). */
export function repairActionsFrom(status: number): RepairAction[] {
  return REPAIR_ACTIONS.filter((a) => nextRepairStatus(status, a) !== null);
}

/** Whether the machine counts as down: a request reported and not yet closed or cancelled. */
export function isOpenRepair(status: number): boolean {
  return status !== REPAIR.CLOSED && status !== REPAIR.CANCELLED;
}
