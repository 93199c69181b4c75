import { addDecimal, compareDecimal, divDecimal, mulDecimal, normalizeDecimal, subDecimal } from '@mes/model';

/**
 * Occurrences of a maintenance rule on one machine (保养计划), generated ahead by the background
 * job. Calendar rules fall on dates, counter rules on counter readings (run hours or shots):
 * - fixed dates (计算起点 固定日期): start, start + cycle, start + 2 cycles, … whatever was done;
 *   a backlog is not generated: of the dates already past, only the latest one (overdue);
 * - from the last completion (上次完成): one occurrence, one cycle after the last record.
 * A counter occurrence is generated once the reading is within the tolerance of its due count. Each
 * occurrence has a key (rule:machine:due) that the table holds unique, so that generating twice —
 * two server processes at once — makes it once.
 */
export const CYCLE = { DAYS: 1, WEEKS: 2, MONTHS: 3, HOURS: 4, SHOTS: 5 } as const;
export const FROM = { FIXED: 1, COMPLETION: 2 } as const;

export interface RuleCycle {
  ruleId: number;
  kind: number;
  every: number;
  /** counter rules: how far before its due count an occurrence is generated */
  tolerance: string | null;
  countFrom: number;
  /** YYYY-MM-DD */
  start: string;
  /** calendar rules: how many days ahead occurrences are generated */
  leadDays: number;
}

export interface MachineState {
  machineId: number;
  /** the reading of the counter the rule counts (run hours or shots) */
  counter: string;
  /** the last maintenance record of this rule on this machine */
  lastDone: { date: string; counter: string | null } | null;
}

export interface Occurrence {
  key: string;
  dueDate: string | null;
  dueCounter: string | null;
}

export const isCounterRule = (kind: number) => kind === CYCLE.HOURS || kind === CYCLE.SHOTS;

const parse = (d: string) => {
  const [y, m, day] = d.slice(0, 10).split('-').map(Number);
  return { y, m, day };
};
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** `date` plus `n` cycles; months keep the start's day, clamped to the month's end (Jan 31 → Feb 28). */
export function addCycles(date: string, kind: number, every: number, n: number): string {
  const { y, m, day } = parse(date);
  if (kind === CYCLE.MONTHS) {
    const months = m - 1 + every * n;
    const yy = y + Math.floor(months / 12);
    const mm = ((months % 12) + 12) % 12;
    const last = new Date(Date.UTC(yy, mm + 1, 0)).getUTCDate();
    return iso(Date.UTC(yy, mm, Math.min(day, last)));
  }
  const days = kind === CYCLE.WEEKS ? 7 * every : every;
  return iso(Date.UTC(y, m - 1, day + days * n));
}

const keyOf = (rule: RuleCycle, machineId: number, due: string) => `${rule.ruleId}:${machineId}:${due}`;

function calendar(rule: RuleCycle, m: MachineState, today: string): Occurrence[] {
  const horizon = addCycles(today, CYCLE.DAYS, rule.leadDays, 1);
  const at = (due: string): Occurrence => ({
    key: keyOf(rule, m.machineId, due),
    dueDate: due,
    dueCounter: null,
  });
  if (rule.countFrom === FROM.COMPLETION) {
    const due = m.lastDone ? addCycles(m.lastDone.date, rule.kind, rule.every, 1) : rule.start;
    return due <= horizon ? [at(due)] : [];
  }
  const out: Occurrence[] = [];
  let overdue: string | null = null;
  // a loop over cycles: bounded by the horizon, and by a hard stop against a mistyped start date
  for (let n = 0; n < 5000; n++) {
    const due = addCycles(rule.start, rule.kind, rule.every, n);
    if (due > horizon) break;
    if (m.lastDone && due <= m.lastDone.date) continue;
    if (due < today) overdue = due;
    else out.push(at(due));
  }
  return overdue ? [at(overdue), ...out] : out;
}

function counter(rule: RuleCycle, m: MachineState): Occurrence[] {
  const every = String(rule.every);
  const base = m.lastDone?.counter ?? '0';
  let due: string;
  if (rule.countFrom === FROM.COMPLETION && m.lastDone) due = addDecimal(base, every);
  else {
    // the next multiple of the cycle above what was last done (fixed counts: 5000, 10000, …); work
    // done early, within the tolerance, was that multiple's
    const done = m.lastDone ? addDecimal(base, rule.tolerance ?? '0') : base;
    let q = divDecimal(done, every, 0);
    if (compareDecimal(mulDecimal(q, every, 4), done) > 0) q = subDecimal(q, '1');
    due = normalizeDecimal(mulDecimal(addDecimal(q, '1'), every, 4));
  }
  const from = subDecimal(due, rule.tolerance ?? '0');
  if (compareDecimal(m.counter, from) < 0) return [];
  return [{ key: keyOf(rule, m.machineId, `C${due}`), dueDate: null, dueCounter: due }];
}

/** The occurrences that should exist now for the rule on the machine (existing ones are skipped by key). */
export function dueOccurrences(rule: RuleCycle, m: MachineState, today: string): Occurrence[] {
  return isCounterRule(rule.kind) ? counter(rule, m) : calendar(rule, m, today);
}
