import { parentPort } from 'node:worker_threads';
import { AppError } from '../errors';
import { type HeavyJobs, heavyJobs } from './heavyJobs';

/** A worker of heavyPool.ts: runs one job at a time and answers with its result or its error. */
export interface JobMessage {
  id: number;
  kind: keyof HeavyJobs;
  input: unknown;
}
export type JobAnswer =
  | { id: number; ok: true; output: unknown }
  | {
      id: number;
      ok: false;
      /** an AppError crosses as its key and parameters, to be put in the user's language there */
      app?: { key: AppError['key']; params: Record<string, unknown>; status: number };
      message: string;
    };

/** The bytes of a result are moved, not copied, when they own their memory. */
function transferable(output: unknown): ArrayBuffer[] {
  const own = (u: Uint8Array) => u.byteOffset === 0 && u.byteLength === u.buffer.byteLength;
  if (output instanceof Uint8Array && own(output) && output.buffer instanceof ArrayBuffer)
    return [output.buffer];
  return [];
}

parentPort?.on('message', async ({ id, kind, input }: JobMessage) => {
  const port = parentPort;
  if (!port) return;
  try {
    const job = heavyJobs[kind] as (input: unknown) => Promise<unknown>;
    const output = await job(input);
    port.postMessage({ id, ok: true, output } satisfies JobAnswer, transferable(output));
  } catch (e) {
    const app = e instanceof AppError ? { key: e.key, params: e.params, status: e.status } : undefined;
    port.postMessage({ id, ok: false, app, message: String((e as Error)?.message ?? e) } satisfies JobAnswer);
  }
});
