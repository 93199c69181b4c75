import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { LIMITS, trustProxyOf } from '@mes/engine-server';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function server(trustProxy?: string) {
  const before = process.env.TRUST_PROXY;
  if (trustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxy;
  try {
    const t = await startTestServer();
    servers.push(t);
    return t;
  } finally {
    if (before === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = before;
  }
}

const login = (
  t: TestServer,
  User_Account: string,
  Pass_Word: string,
  headers: Record<string, string> = {},
) =>
  t.call<{ token: string }>('POST', '/Login', { User_Account, Pass_Word }, { authorization: '', ...headers });

async function makeUser(t: TestServer, account: string, password: string) {
  const u = await t.call<{ User_ID: number }>('POST', '/Users', {
    User_Account: account,
    User_Name: account,
  });
  await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: password });
  return u.body.Data.User_ID;
}

describe('sign-in throttle', () => {
  it('evaluates no more than the limit of a burst of wrong passwords sent at once', async () => {
    const t = await server();
    await makeUser(t, 'burst', 'Right-Pass-42');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(t, 'burst', `wrong-pass-${i}`)),
    );
    const evaluated = answers.filter((a) => a.body.Message === '账号或密码错误').length;
    const refused = answers.filter((a) => a.status === 429).length;
    expect(evaluated).toBe(LIMITS.account);
    expect(refused).toBe(40 - LIMITS.account);
    const failures = await sql<{ n: number }>`SELECT count(*)::int AS n FROM operation_log
      WHERE verb = 'login_failed' AND content LIKE '%burst%'`.execute(t.engine.db);
    expect(failures.rows[0].n).toBe(LIMITS.account);
    // the right password comes too late
    const right = await login(t, 'burst', 'Right-Pass-42');
    expect(right.status).toBe(429);
    expect(right.body.Message).toMatch(/^登录失败次数过多，请 1[45] 分钟后再试$/);
    // the address took only the evaluated failures: another account signs in from it
    expect((await login(t, 'admin', 'admin123')).body.Code).toBe(0);
  });

  it('gives a successful sign-in its attempt back, so that many people may sign in from one address', async () => {
    const t = await server();
    for (let i = 0; i < LIMITS.address + 5; i++)
      expect((await login(t, 'admin', 'admin123')).body.Code, `sign-in ${i}`).toBe(0);
    const row = await sql<{ fail_count: number }>`SELECT fail_count FROM login_throttle
      WHERE throttle_key LIKE 'ip:%'`.execute(t.engine.db);
    expect(row.rows.every((r) => r.fail_count === 0)).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a number of proxies or a list of addresses, never "any"', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
    const two = trustProxyOf('2');
    if (typeof two !== 'function') throw new Error('a hop count gives a function');
    expect([0, 1, 2].map((hop) => two('203.0.113.7', hop))).toEqual([true, true, false]);
    expect(trustProxyOf('10.0.0.1, 192.168.0.0/16,::1,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example.com', '1.2.3'])
      expect(() => trustProxyOf(bad), bad).toThrow(/TRUST_PROXY/);
  });

  const ipOf = async (t: TestServer, account: string) =>
    (
      await sql<{ ip: string }>`SELECT s.ip FROM user_session s JOIN users u ON u.id = s.user_id
        WHERE u.user_account = ${account} ORDER BY s.id DESC LIMIT 1`.execute(t.engine.db)
    ).rows[0].ip;

  it('with one proxy, the client is the address that proxy saw, not one the client wrote', async () => {
    const t = await server('1');
    await makeUser(t, 'behind', 'Right-Pass-42');
    // the client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw
    const xff = { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' };
    expect((await login(t, 'behind', 'Right-Pass-42', xff)).body.Code).toBe(0);
    expect(await ipOf(t, 'behind')).toBe('203.0.113.7');

    // one client behind the proxy locks its own address, not everybody's
    for (let i = 0; i < LIMITS.address; i++)
      await login(t, `nobody-${i}`, 'wrong-pass', { 'x-forwarded-for': '198.51.100.9' });
    expect((await login(t, 'behind', 'Right-Pass-42', { 'x-forwarded-for': '198.51.100.9' })).status).toBe(
      429,
    );
    expect((await login(t, 'behind', 'Right-Pass-42', xff)).body.Code).toBe(0);
  });

  it('with a list, only those proxies are believed', async () => {
    const t = await server('10.0.0.0/8');
    await makeUser(t, 'direct', 'Right-Pass-42');
    // the test client connects from 127.0.0.1, which is not a listed proxy
    expect((await login(t, 'direct', 'Right-Pass-42', { 'x-forwarded-for': '6.6.6.6' })).body.Code).toBe(0);
    expect(await ipOf(t, 'direct')).toBe('127.0.0.1');
  });
});
