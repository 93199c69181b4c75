import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const login = (User_Account: string, Pass_Word: string, headers: Record<string, string> = {}) =>
  t.call<{ User_ID: number; token: string; compShortName: string; deptId: number | null; Menu_Mode: number }>(
    'POST',
    '/Login',
    { User_Account, Pass_Word },
    { authorization: '', ...headers },
  );
const as = (token: string) => ({ authorization: `Bearer ${token}` });

async function makeUser(account: string, password = 'sesame-4711') {
  const u = await t.call<{ User_ID: number }>('POST', '/Users', {
    User_Account: account,
    User_Name: account,
  });
  await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: password });
  return u.body.Data.User_ID;
}

describe('POST /Login', () => {
  it('signs in with a fresh random token in the body and the Authorization header', async () => {
    const res = await fetch(`${t.url}/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ User_Account: 'ADMIN', Pass_Word: 'admin123' }),
    });
    const body = await res.json();
    expect(body.Code).toBe(0);
    expect(Object.keys(body.Data).sort()).toEqual([
      'Menu_Mode',
      'Must_Change_Pwd',
      'User_ID',
      'compShortName',
      'deptId',
      'token',
    ]);
    expect(res.headers.get('authorization')).toBe(`Bearer ${body.Data.token}`);
    expect(body.Data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await login('admin', 'admin123');
    expect(again.body.Data.token).not.toBe(body.Data.token);
    // only the hash is stored
    const { rows } = await sql`SELECT 1 FROM user_session WHERE token_hash = ${body.Data.token}`.execute(
      t.engine.db,
    );
    expect(rows).toEqual([]);
  });

  it('gives one message for a wrong password and an unknown account, and logs both', async () => {
    const wrong = await login('admin', 'nope-nope');
    const unknown = await login('ghost', 'nope-nope');
    expect(wrong.body).toEqual({ Code: 1, Message: '账号或密码错误', Data: null });
    expect(unknown.body).toEqual(wrong.body);
    const log = await t.call('GET', '/OperationLog?Verb=login_failed');
    expect(log.body.Paging?.TotalCount).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad input with Code 1', async () => {
    for (const body of [
      {},
      { User_Account: 'admin' },
      { User_Account: 1, Pass_Word: 'x' },
      { User_Account: 'a', Pass_Word: 'b', X: 1 },
    ]) {
      const r = await t.call('POST', '/Login', body, { authorization: '' });
      expect(r.body.Code, JSON.stringify(body)).toBe(1);
    }
  });

  it('locks an account after five failures, without telling whether it exists', async () => {
    await makeUser('victim');
    for (let i = 0; i < 5; i++) await login('victim', `wrong-${i}`, { 'x-test': String(i) });
    const locked = await login('victim', 'sesame-4711');
    expect(locked.status).toBe(429);
    expect(locked.body.Message).toMatch(/^登录失败次数过多，请 1[45] 分钟后再试$/);
    for (let i = 0; i < 5; i++) await login('no-such-user', `wrong-${i}`);
    expect((await login('no-such-user', 'whatever1')).body.Message).toBe(locked.body.Message);
    // another account from the same address still signs in
    expect((await login('admin', 'admin123')).body.Code).toBe(0);
  });

  it('refuses a disabled account after checking its password', async () => {
    const id = await makeUser('leaver');
    const u = (await t.call<{ Version: number }>('GET', `/Users/${id}`)).body.Data;
    await t.call('PUT', '/Users', { User_ID: id, Version: u.Version, Disabled: true });
    expect((await login('leaver', 'sesame-4711')).body.Message).toBe('账号已停用，请联系管理员');
    expect((await login('leaver', 'password2')).body.Message).toBe('账号或密码错误');
  });
});

describe('sessions', () => {
  it('ends at sign-out, idle timeout and absolute expiry, and when the user is disabled', async () => {
    const id = await makeUser('sessions');
    const a = (await login('sessions', 'sesame-4711')).body.Data.token;
    expect((await t.call('GET', '/Base/GetLoginInfo', undefined, as(a))).body.Code).toBe(0);
    await t.call('POST', '/Logout', undefined, as(a));
    const out = await t.call('GET', '/Base/GetLoginInfo', undefined, as(a));
    expect(out.status).toBe(401);
    expect(out.body.Code).toBe(401);

    // each token is used once first, so that the change must reach a session already resolved
    const b = (await login('sessions', 'sesame-4711')).body.Data.token;
    expect((await t.call('GET', '/Base/GetLoginInfo', undefined, as(b))).body.Code).toBe(0);
    await sql`UPDATE user_session SET last_seen = now() - interval '3 hours' WHERE user_id = ${id}`.execute(
      t.engine.db,
    );
    const idle = await t.call('GET', '/Base/GetLoginInfo', undefined, as(b));
    expect(idle.body).toEqual({ Code: 401, Message: '登录已过期，请重新登录', Data: null });

    const c = (await login('sessions', 'sesame-4711')).body.Data.token;
    expect((await t.call('GET', '/Base/GetLoginInfo', undefined, as(c))).body.Code).toBe(0);
    await sql`UPDATE user_session SET expires_at = now() - interval '1 second' WHERE user_id = ${id} AND NOT revoked`.execute(
      t.engine.db,
    );
    expect((await t.call('GET', '/Base/GetLoginInfo', undefined, as(c))).status).toBe(401);

    const d = (await login('sessions', 'sesame-4711')).body.Data.token;
    expect((await t.call('GET', '/Base/GetLoginInfo', undefined, as(d))).body.Code).toBe(0);
    await sql`UPDATE users SET disabled = true WHERE id = ${id}`.execute(t.engine.db);
    expect((await t.call('GET', '/Base/GetLoginInfo', undefined, as(d))).status).toBe(401);
    expect(
      (await t.call('GET', '/Base/GetLoginInfo', undefined, { authorization: 'Bearer not-a-token' })).status,
    ).toBe(401);
  });
});

describe('POST /Users/ChangePwd', () => {
  it('checks the old password and length, revokes the other sessions, and the new one signs in', async () => {
    const id = await makeUser('changer', 'sesame-4711');
    const one = (await login('changer', 'sesame-4711')).body.Data.token;
    const two = (await login('changer', 'sesame-4711')).body.Data.token;
    expect((await t.call('GET', '/Base/GetLoginInfo', undefined, as(two))).body.Code).toBe(0);
    const change = (body: unknown, token = one) => t.call('POST', '/Users/ChangePwd', body, as(token));
    expect((await change({ User_ID: id, OldPwd: 'wrong-old', Pass_Word: 'password2' })).body.Message).toBe(
      '原密码错误',
    );
    expect((await change({ User_ID: id, OldPwd: 'sesame-4711', Pass_Word: 'short' })).body.Message).toBe(
      '新密码长度应为 8 到 128 个字符',
    );
    expect((await change({ User_ID: id, OldPwd: 'sesame-4711', Pass_Word: 'x'.repeat(129) })).body.Code).toBe(
      1,
    );
    expect((await change({ User_ID: 1, OldPwd: 'admin123', Pass_Word: 'password2' })).status).toBe(403);
    expect((await change({ User_ID: id, OldPwd: 'sesame-4711' })).body.Code).toBe(1);
    const ok = await change({ User_ID: id, OldPwd: 'sesame-4711', Pass_Word: 'x'.repeat(128) });
    expect(ok.body.Code).toBe(0);
    expect((await t.call('GET', '/Base/GetLoginInfo', undefined, as(one))).body.Code).toBe(0);
    expect((await t.call('GET', '/Base/GetLoginInfo', undefined, as(two))).status).toBe(401);
    expect((await login('changer', 'sesame-4711')).body.Code).toBe(1);
    expect((await login('changer', 'x'.repeat(128))).body.Code).toBe(0);
    const row = await sql<{ pass_word: string }>`SELECT pass_word FROM users WHERE id = ${id}`.execute(
      t.engine.db,
    );
    expect(row.rows[0].pass_word).toMatch(/^\$argon2id\$/);
  });

  it('never sends a password hash to a client', async () => {
    const list = await t.call('GET', '/Users?PageSize=500');
    expect(JSON.stringify(list.body)).not.toContain('argon2');
    expect(JSON.stringify((await t.call('GET', '/Users/1')).body)).not.toContain('Pass_Word');
    expect(
      (await t.call('POST', '/Users', { User_Account: 'p', User_Name: 'p', Pass_Word: 'x' })).body.Code,
    ).toBe(1);
  });
});
