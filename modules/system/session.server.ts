import {
  AppError,
  checkNewPassword,
  createSession,
  type Engine,
  hashPassword,
  ok,
  PASSWORD_MAX,
  parseWith,
  requestContext,
  revokeSession,
  revokeUserSessions,
  signInAttempt,
  verifyPassword,
  withTx,
  writeLog,
} from '@mes/engine-server';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';

const loginBody = z.strictObject({
  User_Account: z.string().trim().min(1).max(50),
  Pass_Word: z.string().min(1).max(PASSWORD_MAX),
});
const changeBody = z.strictObject({
  User_ID: z.number().int().positive(),
  OldPwd: z.string().min(1).max(PASSWORD_MAX),
  Pass_Word: z.string(),
});
const resetBody = z.strictObject({ User_ID: z.number().int().positive(), Pass_Word: z.string() });

interface UserRow {
  id: number;
  user_name: string;
  pass_word: string | null;
  disabled: boolean;
  dept_id: number | null;
  menu_mode: number | null;
  must_change_pwd: boolean;
}

/** POST /Login, /Logout, /Users/ChangePwd, /Users/ResetPwd. */
export function sessionRoutes(app: FastifyInstance, engine: Engine) {
  const db = engine.db;

  app.post('/Login', { config: { perm: { public: true } } }, async (req, reply) => {
    const ctx = requestContext(req);
    const body = parseWith(loginBody, req.body, undefined, ctx.lang);
    // the attempt is counted before the password is checked, so that a burst cannot outrun the limit
    const attempt = await signInAttempt(db, body.User_Account, req.ip);
    const { rows } = await sql<UserRow>`SELECT id, user_name, pass_word, disabled, dept_id, menu_mode,
        must_change_pwd FROM users WHERE user_account = ${body.User_Account.toLowerCase()}`.execute(db);
    const u = rows[0];
    const good = await verifyPassword(u?.pass_word, body.Pass_Word);
    if (!good) {
      await attempt.failed();
      await writeLog({ ...ctx, tx: db }, 'login_failed', 'Users', u?.id ?? null, body.User_Account);
      throw new AppError('login_failed');
    }
    await attempt.succeeded();
    if (u.disabled) throw new AppError('account_disabled');
    const result = await withTx(db, async (tx) => {
      const token = await createSession(tx, u.id, req.ip, String(req.headers['user-agent'] ?? ''));
      await writeLog(
        { ...ctx, user: { User_ID: u.id, User_Name: u.user_name }, tx },
        'login',
        'Users',
        u.id,
        body.User_Account,
      );
      const company = await sql<{
        s: string;
      }>`SELECT company_shortname AS s FROM company ORDER BY id LIMIT 1`.execute(tx);
      return { token, compShortName: company.rows[0]?.s ?? '' };
    });
    reply.header('Authorization', `Bearer ${result.token}`);
    return ok(
      {
        User_ID: u.id,
        token: result.token,
        compShortName: result.compShortName,
        deptId: u.dept_id,
        Menu_Mode: u.menu_mode ?? 2,
        // the client opens the change-password form before anything else (the server refuses the rest)
        Must_Change_Pwd: u.must_change_pwd,
      },
      ctx,
    );
  });

  app.post(
    '/Logout',
    { config: { perm: { signedIn: true }, portal: true, beforePasswordChange: true } },
    async (req) => {
      if (req.auth) await revokeSession(db, req.auth.token);
      return ok(null, requestContext(req));
    },
  );

  const changeConfig = { perm: { signedIn: true }, portal: true, beforePasswordChange: true } as const;
  app.post('/Users/ChangePwd', { config: changeConfig }, async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(changeBody, req.body, undefined, ctx.lang);
    const me = req.auth!.session;
    if (body.User_ID !== me.user_id) throw new AppError('not_own_user', {}, 403, 403);
    checkNewPassword(body.Pass_Word);
    const { rows } = await sql<{
      pass_word: string | null;
    }>`SELECT pass_word FROM users WHERE id = ${me.user_id}`.execute(db);
    if (!(await verifyPassword(rows[0]?.pass_word, body.OldPwd))) throw new AppError('old_password_wrong');
    if (body.OldPwd === body.Pass_Word) throw new AppError('password_same');
    const hash = await hashPassword(body.Pass_Word);
    await withTx(db, async (tx) => {
      await sql`UPDATE users SET pass_word = ${hash}, pwd_changed_at = now(), must_change_pwd = false,
        version = version + 1 WHERE id = ${me.user_id}`.execute(tx);
      // every other session of the account ends; this one stays so the user is not thrown out mid-dialog
      await revokeUserSessions(tx, me.user_id, me.session_id);
      await writeLog({ ...ctx, tx }, 'edit', 'Users', me.user_id, 'password changed');
    });
    return ok(null, ctx);
  });

  const reset = {
    config: {
      perm: { entity: 'Users', button: 'edit' as const },
      records: [{ entity: 'Users', in: 'body' as const, key: 'User_ID' }],
    },
  };
  app.post('/Users/ResetPwd', reset, async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(resetBody, req.body, undefined, ctx.lang);
    checkNewPassword(body.Pass_Word);
    const hash = await hashPassword(body.Pass_Word);
    await withTx(db, async (tx) => {
      // someone else knows this password: its holder must replace it before using the account
      const r =
        await sql`UPDATE users SET pass_word = ${hash}, pwd_changed_at = now(), must_change_pwd = true,
        version = version + 1 WHERE id = ${body.User_ID} RETURNING id`.execute(tx);
      if (!r.rows.length) throw new AppError('not_found', {}, 404);
      await revokeUserSessions(tx, body.User_ID);
      await writeLog({ ...ctx, tx }, 'edit', 'Users', body.User_ID, 'password reset');
    });
    return ok(null, ctx);
  });
}
