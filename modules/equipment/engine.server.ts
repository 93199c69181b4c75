import type { Engine } from '@mes/engine-server';

/**
 * The running engine, for hooks that create records of other entities through their services (a
 * spot check out of its limits opens a repair request with its number, log and hooks). Hooks get a
 * transaction but not the engine; the module's routes, registered once at start-up, set it.
 */
let running: Engine | null = null;

export function setEngine(e: Engine): void {
  running = e;
}

export function engineOf(): Engine {
  if (!running) throw new Error('equipment: the engine is not started');
  return running;
}
