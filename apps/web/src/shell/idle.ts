/** Events that count as the user being there (spec part 1 §4: keyboard, mouse move, click, scroll). */
export const ACTIVITY_EVENTS = [
  'keydown',
  'mousemove',
  'mousedown',
  'click',
  'scroll',
  'wheel',
  'touchstart',
];

export interface IdleTimer {
  /** Activity: starts the wait again. */
  touch(): void;
  stop(): void;
}

export interface TimerFns {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

const realTimers: TimerFns = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * Calls onIdle once after `ms` without activity. `ms` of 0 or less never fires (auto-lock off).
 * Plain timers, so that the tests (and a browser's fake clock) drive it.
 */
export function createIdleTimer(ms: number, onIdle: () => void, timers: TimerFns = realTimers): IdleTimer {
  let id: unknown;
  let stopped = ms <= 0;
  const arm = () => {
    if (stopped) return;
    if (id !== undefined) timers.clearTimeout(id);
    id = timers.setTimeout(() => {
      id = undefined;
      stopped = true;
      onIdle();
    }, ms);
  };
  arm();
  return {
    touch: arm,
    stop() {
      stopped = true;
      if (id !== undefined) timers.clearTimeout(id);
      id = undefined;
    },
  };
}

/** Watches the document for activity; returns the function that stops watching. */
export function watchActivity(target: EventTarget, timer: IdleTimer): () => void {
  // mousemove fires at every pixel; re-arming the timer once per animation-free tick is plenty
  let last = 0;
  const onActivity = () => {
    const now = Date.now();
    if (now - last < 250) return;
    last = now;
    timer.touch();
  };
  const opts = { capture: true, passive: true } as const;
  for (const e of ACTIVITY_EVENTS) target.addEventListener(e, onActivity, opts);
  return () => {
    for (const e of ACTIVITY_EVENTS) target.removeEventListener(e, onActivity, opts);
    timer.stop();
  };
}
