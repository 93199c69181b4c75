import { sql } from 'kysely';
import type { Db } from '../db';
import { AppError } from '../errors';

/** Failures allowed per key within the window before the key is locked for LOCK_MINUTES. */
export const LIMITS = { account: 5, address: 20 } as const;
export const WINDOW_MINUTES = 15;
export const LOCK_MINUTES = 15;

export const throttleKeys = (account: string, ip: string) => ({
  account: `acct:${account.toLowerCase().slice(0, 100)}`,
  address: `ip:${ip.slice(0, 64)}`,
});

const windowOver = sql`login_throttle.window_start < now() - make_interval(mins => ${WINDOW_MINUTES})`;
const locked = sql`coalesce(login_throttle.locked_until > now(), false)`;

/**
 * Takes one attempt of a key, in one statement: the row lock of the upsert orders concurrent
 * attempts, even from several server processes, so that no more than `limit` are ever evaluated
 * within a window. The count holds failures and attempts still being checked. Answers the minutes
 * to wait when the key is locked or used up (its attempt is then given back), else 0.
 */
async function take(db: Db, key: string, limit: number): Promise<number> {
  const { rows } = await sql<{ fail_count: number; minutes: number | null }>`
    INSERT INTO login_throttle AS login_throttle (throttle_key, fail_count, window_start)
    VALUES (${key}, 1, now())
    ON CONFLICT (throttle_key) DO UPDATE SET
      fail_count = CASE WHEN ${windowOver} AND NOT ${locked} THEN 1 ELSE login_throttle.fail_count + 1 END,
      window_start = CASE WHEN ${windowOver} AND NOT ${locked} THEN now() ELSE login_throttle.window_start END
    RETURNING fail_count, CASE WHEN ${locked} THEN ceil(extract(epoch FROM login_throttle.locked_until - now()) / 60)::int END AS minutes`.execute(
    db,
  );
  const r = rows[0];
  if (r.minutes == null && r.fail_count <= limit) return 0;
  await giveBack(db, key);
  return Math.max(r.minutes ?? 0, 1, r.fail_count > limit ? LOCK_MINUTES : 0);
}

async function giveBack(db: Db, key: string): Promise<void> {
  await sql`UPDATE login_throttle SET fail_count = greatest(fail_count - 1, 0) WHERE throttle_key = ${key}`.execute(
    db,
  );
}

/** A failed attempt stays counted; the key that reached its limit is locked. */
async function fail(db: Db, key: string, limit: number): Promise<void> {
  await sql`UPDATE login_throttle SET locked_until = now() + make_interval(mins => ${LOCK_MINUTES})
    WHERE throttle_key = ${key} AND fail_count >= ${limit} AND coalesce(locked_until <= now(), true)`.execute(
    db,
  );
}

export interface SignInAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Counts a sign-in attempt against the account and the client's address before its password is
 * checked, or refuses it (429) when either is locked or has no attempt left. The caller reports
 * the outcome: a failure stays counted, a success clears the account and gives the address its
 * attempt back (many people may sign in from behind one address).
 */
export async function signInAttempt(db: Db, account: string, ip: string): Promise<SignInAttempt> {
  const keys = throttleKeys(account, ip);
  let minutes = await take(db, keys.account, LIMITS.account);
  if (!minutes) {
    minutes = await take(db, keys.address, LIMITS.address);
    if (minutes) await giveBack(db, keys.account);
  }
  if (minutes) throw new AppError('login_locked', { minutes }, 429);
  return {
    failed: async () => {
      await fail(db, keys.account, LIMITS.account);
      await fail(db, keys.address, LIMITS.address);
    },
    succeeded: async () => {
      await sql`DELETE FROM login_throttle WHERE throttle_key = ${keys.account}`.execute(db);
      await giveBack(db, keys.address);
    },
  };
}
