import { sql } from 'kysely';
import type { Db } from '../db';

/** Failures allowed per key within the window before the key is locked for LOCK_MINUTES. */
export const LIMITS = { account: 5, address: 20 } as const;
export const WINDOW_MINUTES = 15;
export const LOCK_MINUTES = 15;

export const throttleKeys = (account: string, ip: string) => ({
  account: `acct:${account.toLowerCase().slice(0, 100)}`,
  address: `ip:${ip.slice(0, 64)}`,
});

/** Minutes until the first locked key opens again, or 0 when sign-in may be tried. */
export async function lockedFor(db: Db, keys: string[]): Promise<number> {
  const { rows } = await sql<{ m: number }>`
    SELECT ceil(extract(epoch FROM max(locked_until) - now()) / 60)::int AS m FROM login_throttle
    WHERE throttle_key IN (${sql.join(keys)}) AND locked_until > now()`.execute(db);
  return rows[0]?.m ?? 0;
}

/** Counts a failure against each key; a key over its limit is locked. Concurrency-safe via upsert. */
export async function recordFailure(db: Db, keys: { key: string; limit: number }[]): Promise<void> {
  for (const { key, limit } of keys)
    await sql`INSERT INTO login_throttle (throttle_key, fail_count, window_start) VALUES (${key}, 1, now())
      ON CONFLICT (throttle_key) DO UPDATE SET
        fail_count = CASE WHEN login_throttle.window_start < now() - make_interval(mins => ${WINDOW_MINUTES}) THEN 1
                          ELSE login_throttle.fail_count + 1 END,
        window_start = CASE WHEN login_throttle.window_start < now() - make_interval(mins => ${WINDOW_MINUTES}) THEN now()
                            ELSE login_throttle.window_start END,
        locked_until = CASE WHEN login_throttle.window_start >= now() - make_interval(mins => ${WINDOW_MINUTES})
                             AND login_throttle.fail_count + 1 >= ${limit}
                            THEN now() + make_interval(mins => ${LOCK_MINUTES}) ELSE login_throttle.locked_until END`.execute(
      db,
    );
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await sql`DELETE FROM login_throttle WHERE throttle_key = ${key}`.execute(db);
}
