import { sql } from 'kysely';
import type { Db } from '../db';
import type { Tx } from '../db/tx';
import { WatchedCache } from '../db/watch';
import { type GrantRow, grantRowsSql } from './grants';
import { PARAM, paramNumber } from './settings';
import { newToken, tokenHash } from './tokens';

export interface SessionRow {
  session_id: number;
  user_id: number;
  user_name: string;
  user_account: string;
  dept_id: number | null;
  u_type: number;
  data_authority: number;
  /** An initial or reset password: the session reaches only the routes that let the user change it. */
  must_change_pwd: boolean;
  last_seen: string;
  grant_rows: GrantRow[];
}

/** A new session for a user; the token is returned once and only its hash is kept. */
export async function createSession(tx: Tx, userId: number, ip: string, agent: string): Promise<string> {
  const token = newToken();
  const hours = await paramNumber(tx, PARAM.SESSION_MAX_HOURS, 24);
  await sql`INSERT INTO user_session (token_hash, user_id, expires_at, last_seen, ip, user_agent)
    VALUES (${tokenHash(token)}, ${userId}, now() + make_interval(hours => ${hours}), now(), ${ip.slice(0, 64)}, ${agent.slice(0, 300)})`.execute(
    tx,
  );
  return token;
}

export type SessionLookup = { ok: true; session: SessionRow } | { ok: false; reason: 'none' | 'expired' };

/**
 * The live session of a token: not revoked, within its absolute lifetime and its idle timeout,
 * and of a user who is still enabled, with the user's grant rows. Touches last_seen at most once a
 * minute to spare writes.
 */
export async function resolveSession(db: Db, token: string): Promise<SessionLookup> {
  const hash = tokenHash(token);
  return sessions.get(
    db,
    hash,
    () => lookupSession(db, hash),
    (found) => found.ok,
  );
}

/**
 * Live sessions, reused for a few seconds while no cached table was written (`db/watch.ts`): a page
 * sends several requests at once, and each would otherwise read the session and the grants again.
 * The seconds bound how late another server process on the same database sees a revocation.
 */
const sessions = new WatchedCache<SessionLookup>({ ttlMs: 5000, max: 10_000 });

async function lookupSession(db: Db, hash: string): Promise<SessionLookup> {
  // the idle timeout is read in the same statement: every request pays for this lookup
  const idle = sql`coalesce((SELECT CASE WHEN parameter_value ~ '^[1-9][0-9]{0,5}$' THEN parameter_value::int END
    FROM system_parameter WHERE id = ${PARAM.SESSION_IDLE_MINUTES}), 120)`;
  const { rows } = await sql<SessionRow & { expired: boolean; stale: boolean }>`
    SELECT s.id AS session_id, u.id AS user_id, u.user_name, u.user_account, u.dept_id, u.u_type, u.data_authority, u.must_change_pwd,
      s.last_seen, ${grantRowsSql} AS grant_rows,
      (s.revoked OR u.disabled OR s.expires_at < now() OR s.last_seen < now() - make_interval(mins => ${idle})) AS expired,
      (s.last_seen < now() - interval '60 seconds') AS stale
    FROM user_session s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = ${hash}`.execute(db);
  const s = rows[0];
  if (!s) return { ok: false, reason: 'none' };
  if (s.expired) return { ok: false, reason: 'expired' };
  if (s.stale) await sql`UPDATE user_session SET last_seen = now() WHERE id = ${s.session_id}`.execute(db);
  return { ok: true, session: s };
}

export async function revokeSession(ex: Db | Tx, token: string): Promise<void> {
  await sql`UPDATE user_session SET revoked = true WHERE token_hash = ${tokenHash(token)}`.execute(ex);
}

/** Ends every session of a user but (optionally) the one making the change. */
export async function revokeUserSessions(
  ex: Db | Tx,
  userId: number,
  exceptSessionId?: number,
): Promise<void> {
  await sql`UPDATE user_session SET revoked = true
    WHERE user_id = ${userId} AND NOT revoked ${exceptSessionId ? sql`AND id <> ${exceptSessionId}` : sql``}`.execute(
    ex,
  );
}
