import { expect, it } from 'vitest';
import { copyTemplate, phaseOfGate } from './gates';
import { actionStepRefusal, actionsFromMinutes, nextMeetingStatus } from './meeting';

it('copies the template: due dates from the start, owners by role, the manager as program manager', () => {
  const rows = copyTemplate(
    [
      {
        Gate: 2,
        Phase: 2,
        Deliverable_Name: 'DFMEA',
        Owner_Role: 2,
        Due_Offset_Days: 60,
        Evidence_Required: true,
      },
      {
        Gate: 0,
        Phase: 1,
        Deliverable_Name: '报价',
        Owner_Role: 1,
        Due_Offset_Days: 0,
        Evidence_Required: false,
      },
      {
        Gate: 2,
        Phase: 2,
        Deliverable_Name: '图纸',
        Owner_Role: 5,
        Due_Offset_Days: 30,
        Evidence_Required: false,
      },
    ],
    '2026-01-31',
    [{ User_ID: 7, Team_Role: 2 }],
    3,
  );
  expect(rows.map((r) => [r.Deliverable_Name, r.Due_Date, r.Owner_ID])).toEqual([
    ['报价', '2026-01-31', 3],
    ['图纸', '2026-03-02', null],
    ['DFMEA', '2026-04-01', 7],
  ]);
  expect(phaseOfGate(0)).toBe(1);
  expect(phaseOfGate(6)).toBe(4);
  expect(phaseOfGate(8)).toBe(6);
});

it('meeting: 1 → 2 → 3 → 9 and no further; action items need a champion and a due date', () => {
  expect([1, 2, 3, 9].map(nextMeetingStatus)).toEqual([2, 3, 9, null]);
  const item = { Content: 'x', Champion_ID: 5, Due_Date: '2026-01-01', Action_ID: null };
  expect(
    actionsFromMinutes([
      { ...item, Item_Kind: 1 },
      { ...item, Item_Kind: 3 },
      { ...item, Item_Kind: 3, Action_ID: 9 },
      { ...item, Item_Kind: 3, Champion_ID: null },
    ]),
  ).toEqual({ create: [1], missing: [4] });
});

it('action: the champion closes, then the supervisor verifies', () => {
  const a = { Closed: false, Verified: false, Champion_ID: 1, Supervisor_ID: 2 };
  expect(actionStepRefusal(a, 'verify', 2)).toBe('pm.action_not_closed');
  expect(actionStepRefusal(a, 'close', 2)).toBe('pm.action_not_champion');
  expect(actionStepRefusal(a, 'close', 1)).toBeNull();
  const closed = { ...a, Closed: true };
  expect(actionStepRefusal(closed, 'close', 1)).toBe('pm.action_already_closed');
  expect(actionStepRefusal(closed, 'verify', 1)).toBe('pm.action_not_supervisor');
  expect(actionStepRefusal(closed, 'verify', 2)).toBeNull();
  expect(actionStepRefusal({ ...closed, Verified: true }, 'verify', 2)).toBe('pm.action_already_verified');
});
