import type { Transaction } from 'kysely';
import type { DB, Db } from './index';
import { bumpCacheGeneration, cacheGeneration } from './watch';

export type Tx = Transaction<DB>;

/** serialization_failure and deadlock_detected: safe to run the whole transaction again. */
const RETRYABLE = new Set(['40001', '40P01']);

export function pgCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Runs `fn` in a transaction, again from the start when PostgreSQL reports a serialization failure
 * or deadlock, at most `attempts` times, with a short jittered back-off.
 */
export async function withTx<T>(db: Db, fn: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    const gen = cacheGeneration();
    try {
      return await db.transaction().execute(fn);
    } catch (e) {
      if (i >= attempts || !RETRYABLE.has(pgCode(e) ?? '')) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * i));
    } finally {
      // what was read while this transaction wrote a cached table may predate its commit
      if (cacheGeneration() !== gen) bumpCacheGeneration();
    }
  }
}
