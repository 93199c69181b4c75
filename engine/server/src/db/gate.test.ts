import { describe, expect, it } from 'vitest';
import { Gate, postingConcurrency } from './gate';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('Gate', () => {
  it('runs at most its size at once, the others in the order they came', async () => {
    const gate = new Gate(2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const runs = [0, 1, 2, 3, 4].map((i) =>
      gate.run(async () => {
        started.push(i);
        most = Math.max(most, ++now);
        await new Promise<void>((r) => releases.push(r));
        now--;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 3 });
    while (releases.length) {
      releases.shift()?.();
      await tick();
    }
    // each release lets exactly one more in
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the place of a caller that fails', async () => {
    const gate = new Gate(1);
    await expect(gate.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await gate.run(async () => 'next')).toBe('next');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('takes its size from POSTING_CONCURRENCY, else from the cores', () => {
    expect(postingConcurrency({ POSTING_CONCURRENCY: '3' })).toBe(3);
    expect(postingConcurrency({ POSTING_CONCURRENCY: 'x' })).toBeGreaterThanOrEqual(2);
    expect(() => new Gate(0)).toThrow();
  });
});
