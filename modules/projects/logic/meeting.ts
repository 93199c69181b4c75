/** Meeting status 1 initiated → 2 meeting done → 3 minutes recorded → 9 closed (spec part 1 §4). */
export const MEETING = { INITIATED: 1, HELD: 2, MINUTES: 3, CLOSED: 9 } as const;
const NEXT: Record<number, number> = { 1: 2, 2: 3, 3: 9 };

export function nextMeetingStatus(status: number): number | null {
  return NEXT[status] ?? null;
}

export interface MinuteItem {
  Item_Kind: number; // 1 information, 2 decision, 3 action
  Content: string;
  Champion_ID: number | null;
  Due_Date: string | null;
  Action_ID: number | null;
}

/**
 * The minutes' items that become action-tracker entries when the minutes are recorded: action items
 * not turned into one yet. An action item needs a champion and a due date; the names of those
 * lacking them are answered as problems, so that nothing is half-created.
 */
export function actionsFromMinutes(items: MinuteItem[]): { create: number[]; missing: number[] } {
  const create: number[] = [];
  const missing: number[] = [];
  items.forEach((m, i) => {
    if (m.Item_Kind !== 3 || m.Action_ID) return;
    if (!m.Champion_ID || !m.Due_Date) missing.push(i + 1);
    else create.push(i);
  });
  return { create, missing };
}

/**
 * Action-tracker steps: the champion closes, then the supervisor verifies; nobody else, an
 * administrator neither (who verified must be who answers for it).
 */
export type ActionStep = 'close' | 'verify';
export function actionStepRefusal(
  a: { Closed: boolean; Verified: boolean; Champion_ID: number | null; Supervisor_ID: number | null },
  step: ActionStep,
  me: number,
): string | null {
  if (step === 'close') {
    if (a.Closed) return 'pm.action_already_closed';
    if (a.Champion_ID !== me) return 'pm.action_not_champion';
    return null;
  }
  if (!a.Closed) return 'pm.action_not_closed';
  if (a.Verified) return 'pm.action_already_verified';
  if (a.Supervisor_ID !== me) return 'pm.action_not_supervisor';
  return null;
}
