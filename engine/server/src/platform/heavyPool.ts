import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors';
import type { HeavyJobs } from './heavyJobs';
import type { JobAnswer, JobMessage } from './heavyWorker';

/**
 * A few worker threads for the CPU-heavy jobs of heavyJobs.ts. One 5,000-line print drawn on the
 * event loop held every other user for seconds; here it waits its turn in a queue and runs beside
 * the server. As many workers as cores but the one the server runs on (at least one), or
 * HEAVY_WORKERS; started on the first job and kept, unreferenced, so that they never hold a
 * process open.
 */
type Kind = keyof HeavyJobs;
type Input<K extends Kind> = Parameters<HeavyJobs[K]>[0];
type Output<K extends Kind> = Awaited<ReturnType<HeavyJobs[K]>>;

interface Job {
  msg: JobMessage;
  transfer: ArrayBuffer[];
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

const size = () => Math.max(1, Number(process.env.HEAVY_WORKERS) || availableParallelism() - 1);
/** A runaway job (a workbook that inflates past every check) ends its worker, not the server. */
const WORKER_HEAP_MB = Number(process.env.HEAVY_WORKER_HEAP_MB) || 768;

interface Slot {
  worker: Worker;
  job: Job | null;
}
const slots: Slot[] = [];
const queue: Job[] = [];
let nextId = 1;

function spawn(): Slot {
  const worker = new Worker(new URL('./heavyWorker.boot.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  worker.unref();
  const slot: Slot = { worker, job: null };
  worker.on('message', (a: JobAnswer) => {
    const job = slot.job;
    if (!job || job.msg.id !== a.id) return;
    slot.job = null;
    if (a.ok) job.resolve(a.output);
    else if (a.app) job.reject(new AppError(a.app.key, a.app.params, a.app.status));
    else job.reject(new Error(a.message));
    next();
  });
  // a worker that dies (out of memory) fails its job with a message and is replaced on demand
  const gone = () => {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    const job = slot.job;
    slot.job = null;
    if (job) job.reject(new AppError('heavy_failed', {}, 413));
    next();
  };
  worker.on('error', gone);
  worker.on('exit', gone);
  slots.push(slot);
  return slot;
}

function next() {
  while (queue.length) {
    const slot = slots.find((s) => !s.job) ?? (slots.length < size() ? spawn() : undefined);
    if (!slot) return;
    const job = queue.shift() as Job;
    slot.job = job;
    slot.worker.postMessage(job.msg, job.transfer);
  }
}

/**
 * Runs a job in a worker and resolves with its result; an AppError thrown there is thrown here.
 * `transfer` moves buffers of the input instead of copying them (the caller must not use them after).
 */
export function runHeavy<K extends Kind>(
  kind: K,
  input: Input<K>,
  transfer: ArrayBuffer[] = [],
): Promise<Output<K>> {
  return new Promise((resolve, reject) => {
    queue.push({
      msg: { id: nextId++, kind, input },
      transfer,
      resolve: resolve as (v: unknown) => void,
      reject,
    });
    next();
  });
}
