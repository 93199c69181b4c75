import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_EVENTS, createIdleTimer, watchActivity } from './idle';
import { autoLockMs } from './rules';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('lock timer', () => {
  it('fires once after the inactivity time (minutes × 60000 ms)', () => {
    const onIdle = vi.fn();
    createIdleTimer(autoLockMs([{ ID: 30, Parameter_Value: '2' }]), onIdle);
    vi.advanceTimersByTime(119_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * 60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
  it('activity starts the wait again', () => {
    const onIdle = vi.fn();
    const timer = createIdleTimer(60_000, onIdle);
    vi.advanceTimersByTime(50_000);
    timer.touch();
    vi.advanceTimersByTime(50_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
  it('0 minutes is off, and a stopped timer never fires', () => {
    const onIdle = vi.fn();
    createIdleTimer(0, onIdle);
    const t = createIdleTimer(1000, onIdle);
    t.stop();
    t.touch();
    vi.advanceTimersByTime(60_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
  it('keyboard, mouse move, click and scroll on the page count as activity', () => {
    expect(ACTIVITY_EVENTS).toEqual(expect.arrayContaining(['keydown', 'mousemove', 'click', 'scroll']));
    const target = new EventTarget();
    const onIdle = vi.fn();
    const stop = watchActivity(target, createIdleTimer(60_000, onIdle));
    for (const e of ['keydown', 'mousemove', 'click', 'scroll']) {
      vi.advanceTimersByTime(40_000);
      target.dispatchEvent(new Event(e));
    }
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });
  it('no longer listens once stopped', () => {
    const target = new EventTarget();
    const onIdle = vi.fn();
    const stop = watchActivity(target, createIdleTimer(1000, onIdle));
    stop();
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(5000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
