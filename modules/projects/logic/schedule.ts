import { addDays, dayNo } from './dates';

/** A task as scheduling sees it: planned days (both included), finish-to-start predecessors with lag. */
export interface SchedTask {
  id: number;
  name: string;
  start: string;
  end: string;
  deps: { pred: number; lag: number }[];
}

/**
 * The first dependency cycle found, as the names of its tasks in order (A → B → A gives [A, B]);
 * null when there is none. Predecessors outside the list are ignored.
 */
export function findCycle(tasks: SchedTask[]): string[] | null {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const state = new Map<number, 1 | 2>(); // 1 on the path, 2 done
  const path: number[] = [];
  const visit = (id: number): number[] | null => {
    state.set(id, 1);
    path.push(id);
    for (const d of byId.get(id)?.deps ?? []) {
      if (!byId.has(d.pred)) continue;
      const s = state.get(d.pred);
      if (s === 1) return path.slice(path.indexOf(d.pred));
      if (!s) {
        const found = visit(d.pred);
        if (found) return found;
      }
    }
    path.pop();
    state.set(id, 2);
    return null;
  };
  for (const t of tasks) {
    if (state.has(t.id)) continue;
    const c = visit(t.id);
    // found walking predecessors: shown in the order work flows (predecessor first)
    if (c) return c.reverse().map((id) => byId.get(id)?.name ?? String(id));
  }
  return null;
}

/** Successors of each task: who waits on it, and with what lag. */
function successors(tasks: SchedTask[]) {
  const next = new Map<number, { succ: number; lag: number }[]>();
  for (const t of tasks)
    for (const d of t.deps) next.set(d.pred, [...(next.get(d.pred) ?? []), { succ: t.id, lag: d.lag }]);
  return next;
}

/** Tasks in dependency order (predecessors first); assumes no cycle. */
function ordered(tasks: SchedTask[]): SchedTask[] {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const out: SchedTask[] = [];
  const seen = new Set<number>();
  const visit = (t: SchedTask) => {
    if (seen.has(t.id)) return;
    seen.add(t.id);
    for (const d of t.deps) {
      const p = byId.get(d.pred);
      if (p) visit(p);
    }
    out.push(t);
  };
  for (const t of tasks) visit(t);
  return out;
}

/**
 * Moves one task to new dates and pushes its dependents (transitively) later just as far as their
 * finish-to-start links demand, each keeping its length. Dependents with room enough stay. Answers
 * the tasks whose dates change, moved one included.
 */
export function shiftDependents(
  tasks: SchedTask[],
  movedId: number,
  start: string,
  end: string,
): Map<number, { start: string; end: string }> {
  const cur = new Map(tasks.map((t) => [t.id, { start: t.start, end: t.end }]));
  const changed = new Map<number, { start: string; end: string }>();
  cur.set(movedId, { start, end });
  changed.set(movedId, { start, end });
  for (const t of ordered(tasks)) {
    if (t.id === movedId) continue;
    const mine = cur.get(t.id)!;
    let earliest = Number.NEGATIVE_INFINITY;
    for (const d of t.deps) {
      const p = cur.get(d.pred);
      if (p) earliest = Math.max(earliest, dayNo(p.end) + 1 + d.lag);
    }
    const push = earliest - dayNo(mine.start);
    if (push > 0) {
      const next = { start: addDays(mine.start, push), end: addDays(mine.end, push) };
      cur.set(t.id, next);
      changed.set(t.id, next);
    }
  }
  return changed;
}

/**
 * The critical path on the planned dates: a backward pass from the project's last finish gives each
 * task its latest finish; a task without float (latest finish ≤ its end) is critical. Answers the
 * float of every task in days.
 */
export function criticalPath(tasks: SchedTask[]): { critical: Set<number>; float: Map<number, number> } {
  const critical = new Set<number>();
  const float = new Map<number, number>();
  if (!tasks.length) return { critical, float };
  const finish = Math.max(...tasks.map((t) => dayNo(t.end)));
  const next = successors(tasks);
  const lateFinish = new Map<number, number>();
  for (const t of ordered(tasks).reverse()) {
    let lf = finish;
    for (const s of next.get(t.id) ?? []) {
      const st = tasks.find((x) => x.id === s.succ)!;
      const lsSucc = lateFinish.get(s.succ)! - (dayNo(st.end) - dayNo(st.start));
      lf = Math.min(lf, lsSucc - 1 - s.lag);
    }
    lateFinish.set(t.id, lf);
    const f = lf - dayNo(t.end);
    float.set(t.id, f);
    if (f <= 0) critical.add(t.id);
  }
  return { critical, float };
}
