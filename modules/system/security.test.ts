import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestServer;
beforeAll(async () => {
  // the test client connects from 127.0.0.1: a proxy whose X-Forwarded-Proto is believed
  const before = process.env.TRUST_PROXY;
  process.env.TRUST_PROXY = '127.0.0.1';
  try {
    t = await startTestServer();
  } finally {
    if (before === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = before;
  }
});
afterAll(async () => t?.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(t.url + path, { headers: { accept: 'application/json', ...headers } });

describe('security headers', () => {
  it('come with the app, the API and its refusals; HSTS only over https', async () => {
    const answers = [
      await get('/', { accept: 'text/html' }),
      await get('/Company/LoginConfig'),
      await get('/Users'),
      await get('/no/such/path'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 404]);
    for (const r of answers) {
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(r.headers.get('referrer-policy')).toBe('same-origin');
      expect(r.headers.get('strict-transport-security')).toBeNull();
    }
    const tls = await get('/Company/LoginConfig', { 'x-forwarded-proto': 'https' });
    expect(tls.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});

describe('/docs', () => {
  it('is only for signed-in users, by header or by the cookie a browser sends', async () => {
    for (const path of ['/docs', '/docs/json', '/docs/static/index.html']) {
      const r = await get(path);
      expect(r.status, path).toBe(401);
      expect(await r.json()).toEqual({ Code: 401, Message: '请先登录', Data: null });
    }
    const json = await get('/docs/json', { authorization: `Bearer ${t.token}` });
    expect(json.status).toBe(200);
    expect(((await json.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    const page = await get('/docs/static/index.html', { cookie: `User_ID=1; token=${t.token}` });
    expect(page.status).toBe(200);
    // the UI keeps the policy its plugin writes for it, less what would break it over plain http
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('a malformed cookie is no session, not a server error', async () => {
    for (const cookie of ['token=%E0%A4%A', 'token=%', 'Authorization=%ZZ; token=%C0']) {
      const docs = await get('/docs/json', { cookie });
      expect(docs.status, cookie).toBe(401);
      const print = await get('/Report/Viewer?Entity=Factory&ID=1', { cookie });
      expect(print.status, cookie).toBe(401);
      expect((await print.json()).Code).toBe(401);
    }
  });
});

describe('disabling a user', () => {
  it('ends their sessions for good, and they cannot sign in', async () => {
    const u = await t.call<{ User_ID: number; Version: number }>('POST', '/Users', {
      User_Account: 'leaving',
      User_Name: 'leaving',
    });
    const id = u.body.Data.User_ID;
    await t.call('POST', '/Users/ResetPwd', { User_ID: id, Pass_Word: 'Temp-Pass-31' });
    const token = await t.login('leaving', 'Temp-Pass-31');
    const as = { authorization: `Bearer ${token}` };
    expect((await t.call('GET', '/Base/GetLoginInfo', undefined, as)).body.Code).toBe(0);

    const version = async () => (await t.call<{ Version: number }>('GET', `/Users/${id}`)).body.Data.Version;
    const off = await t.call('PUT', '/Users', { User_ID: id, Version: await version(), Disabled: true });
    expect(off.body.Code).toBe(0);
    expect((await t.call('GET', '/Base/GetLoginInfo', undefined, as)).status).toBe(401);
    const refused = await t.call(
      'POST',
      '/Login',
      { User_Account: 'leaving', Pass_Word: 'Temp-Pass-31' },
      {
        authorization: '',
      },
    );
    expect(refused.body.Message).toBe('账号已停用，请联系管理员');

    // enabled again: the old session stays ended, a new sign-in works
    await t.call('PUT', '/Users', { User_ID: id, Version: await version(), Disabled: false });
    expect((await t.call('GET', '/Base/GetLoginInfo', undefined, as)).status).toBe(401);
    const again = await t.login('leaving', 'Temp-Pass-31');
    expect(
      (await t.call('GET', '/Base/GetLoginInfo', undefined, { authorization: `Bearer ${again}` })).body.Code,
    ).toBe(0);
  });
});
