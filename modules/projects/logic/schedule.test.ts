import { describe, expect, it } from 'vitest';
import { criticalPath, findCycle, type SchedTask, shiftDependents } from './schedule';

const t = (
  id: number,
  name: string,
  start: string,
  end: string,
  deps: [number, number][] = [],
): SchedTask => ({
  id,
  name,
  start,
  end,
  deps: deps.map(([pred, lag]) => ({ pred, lag })),
});

describe('findCycle', () => {
  it('names the tasks of a cycle in work order, and none without one', () => {
    const plan = [
      t(1, '设计', '2026-01-01', '2026-01-05'),
      t(2, '模具', '2026-01-06', '2026-01-10', [[1, 0]]),
    ];
    expect(findCycle(plan)).toBeNull();
    plan[0].deps.push({ pred: 2, lag: 0 });
    const c = findCycle(plan);
    expect(c).toHaveLength(2);
    expect(new Set(c)).toEqual(new Set(['设计', '模具']));
  });
  it('finds a three-task loop beside a clean chain', () => {
    const plan = [
      t(1, 'A', '2026-01-01', '2026-01-02', [[3, 0]]),
      t(2, 'B', '2026-01-03', '2026-01-04', [[1, 0]]),
      t(3, 'C', '2026-01-05', '2026-01-06', [[2, 0]]),
      t(4, 'D', '2026-01-05', '2026-01-06'),
    ];
    expect(findCycle(plan)?.sort()).toEqual(['A', 'B', 'C']);
  });
});

describe('shiftDependents', () => {
  const plan = () => [
    t(1, 'A', '2026-03-02', '2026-03-06'),
    t(2, 'B', '2026-03-07', '2026-03-10', [[1, 0]]),
    t(3, 'C', '2026-03-13', '2026-03-14', [[2, 2]]),
    t(4, 'D', '2026-04-01', '2026-04-02', [[1, 0]]),
  ];
  it('pushes dependents later by what their links demand, keeping their length', () => {
    const moved = shiftDependents(plan(), 1, '2026-03-05', '2026-03-09');
    expect(moved.get(1)).toEqual({ start: '2026-03-05', end: '2026-03-09' });
    expect(moved.get(2)).toEqual({ start: '2026-03-10', end: '2026-03-13' });
    // C waits 2 days after B's end: 13 + 1 + 2 = 16
    expect(moved.get(3)).toEqual({ start: '2026-03-16', end: '2026-03-17' });
    // D has room enough and stays
    expect(moved.has(4)).toBe(false);
  });
  it('moving a task earlier pulls nobody', () => {
    const moved = shiftDependents(plan(), 1, '2026-03-01', '2026-03-03');
    expect([...moved.keys()]).toEqual([1]);
  });
});

describe('criticalPath', () => {
  it('marks the chain that fixes the end and gives the others their float', () => {
    const { critical, float } = criticalPath([
      t(1, 'A', '2026-03-02', '2026-03-06'),
      t(2, 'B', '2026-03-07', '2026-03-10', [[1, 0]]),
      t(3, 'C', '2026-03-13', '2026-03-14', [[2, 2]]),
      t(4, 'D', '2026-03-07', '2026-03-08', [[1, 0]]),
    ]);
    expect([...critical].sort()).toEqual([1, 2, 3]);
    expect(float.get(4)).toBe(6);
  });
  it('is empty for no tasks', () => {
    expect(criticalPath([]).critical.size).toBe(0);
  });
});
