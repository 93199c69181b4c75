/**
 * The two production state machines of spec part 1 §4. Every change of a work doc's or a work
 * order's status goes through `nextWorkDocStatus` / `nextScheduleStatus`; anything not listed
 * here is refused, so that no client can skip a state.
 */

/** Work doc status: 0 void, 1 to issue, 2 tasks issued, 3 work order in making, 4 and 9 processing complete. */
export const WORK_DOC_STATUS = {
  VOID: 0,
  TO_ISSUE: 1,
  ISSUED: 2,
  IN_MAKING: 3,
  COMPLETE: 4,
  CLOSED: 9,
} as const;
export type WorkDocStatus = (typeof WORK_DOC_STATUS)[keyof typeof WORK_DOC_STATUS];

export type WorkDocEvent =
  /** the doc is dropped before anything was issued */
  | 'void'
  /** work orders are created from it */
  | 'issue'
  /** its work orders are withdrawn while none of them has started */
  | 'recall'
  /** the first work order went into production */
  | 'start'
  /** every work order is completed, settled or closed */
  | 'finish'
  /** a completed work order was reopened */
  | 'reopen'
  /** case close (Factory menu) */
  | 'close';

const WORK_DOC: Record<WorkDocEvent, [from: WorkDocStatus[], to: WorkDocStatus]> = {
  void: [[1], 0],
  issue: [[1], 2],
  recall: [[2], 1],
  start: [[2], 3],
  finish: [[2, 3], 4],
  reopen: [[4], 3],
  close: [[2, 3, 4], 9],
};

/** Work order schedule status: 0 to schedule, 1 to pick material, 2 in production, 3 paused, 4 completed, 8 settled, 9 closed. */
export const SCHEDULE_STATUS = {
  TO_SCHEDULE: 0,
  TO_PICK: 1,
  IN_PRODUCTION: 2,
  PAUSED: 3,
  COMPLETED: 4,
  SETTLED: 8,
  CLOSED: 9,
} as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUS)[keyof typeof SCHEDULE_STATUS];

export type WorkOrderEvent =
  /** a work station and dates are set */
  | 'schedule'
  /** back to planning */
  | 'unschedule'
  /** production starts (after picking) */
  | 'start'
  | 'pause'
  | 'resume'
  /** the ordered quantity is done; the finished goods are received */
  | 'complete'
  /** costs are settled; nothing changes any more but closing */
  | 'settle'
  /** closed with a reason; a running order must be paused first */
  | 'close';

const WORK_ORDER: Record<WorkOrderEvent, [from: ScheduleStatus[], to: ScheduleStatus]> = {
  schedule: [[0], 1],
  unschedule: [[1], 0],
  start: [[1], 2],
  pause: [[2], 3],
  resume: [[3], 2],
  complete: [[2], 4],
  settle: [[4], 8],
  close: [[0, 1, 3, 4, 8], 9],
};

export const WORK_DOC_EVENTS = Object.keys(WORK_DOC) as WorkDocEvent[];
export const WORK_ORDER_EVENTS = Object.keys(WORK_ORDER) as WorkOrderEvent[];
export const WORK_DOC_STATUSES = Object.values(WORK_DOC_STATUS) as WorkDocStatus[];
export const SCHEDULE_STATUSES = Object.values(SCHEDULE_STATUS) as ScheduleStatus[];

/** The status after `event`, or null when the event is not allowed in `from`. */
export function nextWorkDocStatus(from: number, event: WorkDocEvent): WorkDocStatus | null {
  const [allowed, to] = WORK_DOC[event];
  return (allowed as number[]).includes(from) ? to : null;
}

export function nextScheduleStatus(from: number, event: WorkOrderEvent): ScheduleStatus | null {
  const [allowed, to] = WORK_ORDER[event];
  return (allowed as number[]).includes(from) ? to : null;
}

/** Events a work order in `from` may take: the buttons a screen offers. */
export function workOrderEventsFrom(from: number): WorkOrderEvent[] {
  return WORK_ORDER_EVENTS.filter((e) => nextScheduleStatus(from, e) !== null);
}

export function workDocEventsFrom(from: number): WorkDocEvent[] {
  return WORK_DOC_EVENTS.filter((e) => nextWorkDocStatus(from, e) !== null);
}

/**
 * The work doc status that its work orders imply once issued: in making while any order has
 * started, complete when all are done (completed, settled or closed), else issued.
 */
export function workDocStatusFromOrders(current: number, orders: number[]): WorkDocStatus | null {
  if (current !== 2 && current !== 3 && current !== 4) return null;
  if (!orders.length) return null;
  const done = orders.every((s) => s === 4 || s === 8 || s === 9);
  if (done) return 4;
  const started = orders.some((s) => s !== 0 && s !== 1);
  return started ? 3 : 2;
}
