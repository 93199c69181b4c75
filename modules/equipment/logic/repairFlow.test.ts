import { describe, expect, it } from 'vitest';
import { isOpenRepair, nextRepairStatus, REPAIR, repairActionsFrom } from './repairFlow';

describe('repair state machine', () => {
  it('walks the happy path from report to acceptance', () => {
    let s: number = REPAIR.REPORTED;
    for (const a of ['Accept', 'Start', 'Finish', 'Confirm'] as const) {
      const next = nextRepairStatus(s, a);
      expect(next).not.toBeNull();
      s = next as number;
    }
    expect(s).toBe(REPAIR.CLOSED);
  });
  it('refuses closing before the repair is finished, and anything after closing', () => {
    expect(nextRepairStatus(REPAIR.IN_REPAIR, 'Confirm')).toBeNull();
    expect(nextRepairStatus(REPAIR.ACCEPTED, 'Finish')).toBeNull();
    expect(repairActionsFrom(REPAIR.CLOSED)).toEqual([]);
    expect(repairActionsFrom(REPAIR.CANCELLED)).toEqual([]);
  });
  it('lets the requester send a finished repair back, and cancels only what was not started', () => {
    expect(nextRepairStatus(REPAIR.FINISHED, 'Reopen')).toBe(REPAIR.IN_REPAIR);
    expect(repairActionsFrom(REPAIR.FINISHED)).toEqual(['Confirm', 'Reopen']);
    expect(nextRepairStatus(REPAIR.IN_REPAIR, 'Cancel')).toBeNull();
    expect(nextRepairStatus(REPAIR.REPORTED, 'Cancel')).toBe(REPAIR.CANCELLED);
  });
  it('keeps the machine down while a request is open', () => {
    expect([1, 2, 3, 4].every(isOpenRepair)).toBe(true);
    expect(isOpenRepair(REPAIR.CLOSED) || isOpenRepair(REPAIR.CANCELLED)).toBe(false);
  });
});
