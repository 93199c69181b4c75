import { type Db, isDemoDatabase } from '@mes/engine-server';
import { sql } from 'kysely';

export interface Notice {
  level: 'info' | 'warn';
  msg: string;
}

/**
 * What the log says about signing in once the server is up. Never a password: the README names the
 * demo's and the initial one, and ADMIN_PASSWORD is the operator's own.
 */
export async function startupNotices(db: Db): Promise<Notice[]> {
  if (await isDemoDatabase(db))
    return [
      {
        level: 'warn',
        msg: 'DEMO DATABASE: its accounts have published passwords (README); keep no real data in it — start a new one with SEED=none for that',
      },
    ];
  const pending = await sql`SELECT 1 FROM users WHERE user_account = 'admin' AND must_change_pwd`.execute(db);
  return pending.rows.length
    ? [
        {
          level: 'info',
          msg: 'Sign in as admin with the initial password (README) and change it; ADMIN_PASSWORD sets another for a new database',
        },
      ]
    : [];
}
