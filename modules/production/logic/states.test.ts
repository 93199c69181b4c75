import { describe, expect, it } from 'vitest';
import {
  nextScheduleStatus,
  nextWorkDocStatus,
  SCHEDULE_STATUSES,
  WORK_DOC_EVENTS,
  WORK_DOC_STATUSES,
  WORK_ORDER_EVENTS,
  type WorkDocEvent,
  type WorkOrderEvent,
  workDocStatusFromOrders,
  workOrderEventsFrom,
} from './states';

// The whole table, written out by hand: every pair not listed must be refused.
const WORK_DOC_ALLOWED: Record<string, number> = {
  '1 void': 0,
  '1 issue': 2,
  '2 recall': 1,
  '2 start': 3,
  '2 finish': 4,
  '3 finish': 4,
  '4 reopen': 3,
  '2 close': 9,
  '3 close': 9,
  '4 close': 9,
};
const WORK_ORDER_ALLOWED: Record<string, number> = {
  '0 schedule': 1,
  '1 unschedule': 0,
  '1 start': 2,
  '2 pause': 3,
  '3 resume': 2,
  '2 complete': 4,
  '4 settle': 8,
  '0 close': 9,
  '1 close': 9,
  '3 close': 9,
  '4 close': 9,
  '8 close': 9,
};

describe('work doc status machine', () => {
  expect(WORK_DOC_STATUSES).toEqual([0, 1, 2, 3, 4, 9]);
  for (const from of WORK_DOC_STATUSES)
    for (const ev of WORK_DOC_EVENTS) {
      const key = `${from} ${ev}`;
      const want = WORK_DOC_ALLOWED[key];
      it(`${key} → ${want ?? 'refused'}`, () => {
        expect(nextWorkDocStatus(from, ev as WorkDocEvent)).toBe(want ?? null);
      });
    }
  it('knows no other status', () => {
    for (const ev of WORK_DOC_EVENTS) expect(nextWorkDocStatus(7, ev)).toBeNull();
  });
  it('void, closed and complete docs cannot be issued again', () => {
    for (const s of [0, 2, 3, 4, 9]) expect(nextWorkDocStatus(s, 'issue')).toBeNull();
  });
});

describe('work order schedule status machine', () => {
  expect(SCHEDULE_STATUSES).toEqual([0, 1, 2, 3, 4, 8, 9]);
  for (const from of SCHEDULE_STATUSES)
    for (const ev of WORK_ORDER_EVENTS) {
      const key = `${from} ${ev}`;
      const want = WORK_ORDER_ALLOWED[key];
      it(`${key} → ${want ?? 'refused'}`, () => {
        expect(nextScheduleStatus(from, ev as WorkOrderEvent)).toBe(want ?? null);
      });
    }
  it('cannot skip states: no completion before production, no settling before completion', () => {
    expect(nextScheduleStatus(0, 'complete')).toBeNull();
    expect(nextScheduleStatus(1, 'complete')).toBeNull();
    expect(nextScheduleStatus(3, 'complete')).toBeNull();
    expect(nextScheduleStatus(2, 'settle')).toBeNull();
    expect(nextScheduleStatus(2, 'close')).toBeNull();
    expect(nextScheduleStatus(9, 'resume')).toBeNull();
  });
  it('offers the buttons of each state', () => {
    expect(workOrderEventsFrom(2)).toEqual(['pause', 'complete']);
    expect(workOrderEventsFrom(9)).toEqual([]);
  });
});

describe('work doc status from its work orders', () => {
  it('follows the orders once issued', () => {
    expect(workDocStatusFromOrders(2, [0, 1])).toBe(2);
    expect(workDocStatusFromOrders(2, [0, 2])).toBe(3);
    expect(workDocStatusFromOrders(3, [3, 4])).toBe(3);
    expect(workDocStatusFromOrders(3, [4, 8, 9])).toBe(4);
    expect(workDocStatusFromOrders(4, [4, 2])).toBe(3);
  });
  it('leaves docs alone that are not issued or have no orders', () => {
    expect(workDocStatusFromOrders(1, [4])).toBeNull();
    expect(workDocStatusFromOrders(9, [4])).toBeNull();
    expect(workDocStatusFromOrders(2, [])).toBeNull();
  });
});
