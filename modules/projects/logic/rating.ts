import { daysBetween } from './dates';

export const GREEN = 1;
export const YELLOW = 2;
export const RED = 3;
export type Ryg = typeof GREEN | typeof YELLOW | typeof RED;

/** Days before its due date a deliverable not yet done turns yellow. */
export const WARN_DAYS = 7;

export interface DeliverableFacts {
  status: number; // 1 not started, 2 in progress, 3 done
  due: string | null;
  evidenceRequired: boolean;
  evidenceCount: number;
}

/**
 * A deliverable's RYG: done (with its evidence when required) is green; past due and not done is
 * red; done without the required evidence, or due within WARN_DAYS, is yellow; else green.
 */
export function deliverableRating(d: DeliverableFacts, today: string): Ryg {
  const done = d.status === 3;
  if (done) return d.evidenceRequired && d.evidenceCount === 0 ? YELLOW : GREEN;
  if (!d.due) return GREEN;
  const left = daysBetween(today, d.due);
  if (left < 0) return RED;
  return left <= WARN_DAYS ? YELLOW : GREEN;
}

/** Share of green as a stoplight: green above 90 %, yellow 80–90 %, red below 80 % (yardstick §4.3). */
export function shareRating(green: number, total: number): Ryg {
  if (total === 0) return GREEN;
  const share = green / total;
  if (share > 0.9) return GREEN;
  return share >= 0.8 ? YELLOW : RED;
}

/** Worse of two ratings. */
export const worst = (...r: Ryg[]): Ryg => r.reduce((a, b) => (b > a ? b : a), GREEN as Ryg);

export interface ScorecardInput {
  deliverables: { rating: Ryg; gate: number; ppap: boolean }[];
  tasks: { overdue: boolean; milestone: boolean }[];
  actions: { open: boolean; red: boolean; quality: boolean }[];
  /** gates up to and including the current one are judged; later gates are not due yet */
  currentGate: number;
}

export interface ScorecardRow {
  category: 'timing' | 'quality' | 'cost' | 'capacity' | 'ppap';
  rating: Ryg;
  /** the facts behind the rating, for the page to show */
  facts: Record<string, number>;
}

/**
 * The program scorecard (DESIGN.md §10). Timing: overdue tasks (a milestone overdue is red, more
 * than 10 % of tasks yellow) and the deliverables' share of green. Quality: open red actions of
 * quality (any red) or any open red action (yellow). PPAP: the P6 deliverables' share of green once
 * the program reached P5. Capacity: the P4/P5 deliverables. Cost stays green until the financial
 * summary exists (budget vs actual is not built yet).
 */
export function scorecard(s: ScorecardInput): ScorecardRow[] {
  const judged = s.deliverables.filter((d) => d.gate <= s.currentGate);
  const greens = (ds: typeof judged) => ds.filter((d) => d.rating === GREEN).length;
  const overdue = s.tasks.filter((t) => t.overdue);
  const taskRating: Ryg = overdue.some((t) => t.milestone)
    ? RED
    : overdue.length > s.tasks.length * 0.1
      ? YELLOW
      : GREEN;
  const timing = worst(taskRating, shareRating(greens(judged), judged.length));
  const openRed = s.actions.filter((a) => a.open && a.red);
  const quality: Ryg = openRed.some((a) => a.quality) ? RED : openRed.length ? YELLOW : GREEN;
  const ppapDs = s.currentGate >= 5 ? s.deliverables.filter((d) => d.ppap) : [];
  const capacityDs = judged.filter((d) => d.gate === 4 || d.gate === 5);
  return [
    {
      category: 'timing',
      rating: timing,
      facts: { overdue: overdue.length, green: greens(judged), total: judged.length },
    },
    { category: 'quality', rating: quality, facts: { openRed: openRed.length } },
    { category: 'cost', rating: GREEN, facts: {} },
    {
      category: 'capacity',
      rating: shareRating(greens(capacityDs), capacityDs.length),
      facts: { green: greens(capacityDs), total: capacityDs.length },
    },
    {
      category: 'ppap',
      rating: shareRating(greens(ppapDs), ppapDs.length),
      facts: { green: greens(ppapDs), total: ppapDs.length },
    },
  ];
}

/** An action is red when it is open and past its due date, or open with high priority and due within a week. */
export function actionRed(
  a: { closed: boolean; due: string | null; priority: number },
  today: string,
): boolean {
  if (a.closed || !a.due) return false;
  const left = daysBetween(today, a.due);
  return left < 0 || (a.priority === 1 && left <= 7);
}
