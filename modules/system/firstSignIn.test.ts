import { createApp, type RunningApp } from '@mes/app-server';
import { SERVER_MODULES } from '@mes/app-server/modules';
import { startupNotices } from '@mes/app-server/notices';
import { engineServerModule } from '@mes/engine-server';
import { openTestDatabase } from '@mes/engine-server/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { plannedModules, systemServer } from './index.server';

/**
 * A server started as the product starts it (no test sign-in in between), so that the first
 * sign-in meets the database exactly as `createApp` left it.
 */
const open: RunningApp[] = [];
afterEach(async () => {
  for (const a of open.splice(0)) await a.close();
  delete process.env.ADMIN_PASSWORD;
});

async function start(seed: 'demo' | 'none' = 'none') {
  // the demo seed of the system module alone: the rest of the demo is not what is tested here
  const modules = seed === 'demo' ? [engineServerModule, ...plannedModules, systemServer] : SERVER_MODULES;
  const running = await createApp({ database: await openTestDatabase(), seed, webDist: '' }, false, modules);
  open.push(running);
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = running.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const call = async <T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    lang = 'zh',
  ) => {
    const res = await fetch(url + path, {
      method,
      headers: {
        accept: 'application/json',
        'accept-language': lang,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { Code: number; Message: string; Data: T } };
  };
  const login = (User_Account: string, Pass_Word: string) =>
    call<{ User_ID: number; token: string; Must_Change_Pwd: boolean }>('POST', '/Login', {
      User_Account,
      Pass_Word,
    });
  return { running, url, call, login };
}

const REQUIRED = {
  Code: 403,
  Message: '请先修改初始密码，然后才能继续使用系统',
  Data: { Key: 'password_change_required' },
};

describe('the first administrator of a database without demo data', () => {
  it('must change admin123 before the server serves anything but ChangePwd, GetLoginInfo and Logout', async () => {
    const s = await start();
    // the log tells how to sign in, without the password
    const notices = await startupNotices(s.running.engine.db);
    expect(notices.map((n) => n.level)).toEqual(['info']);
    expect(notices[0].msg).toMatch(/initial password/);
    expect(JSON.stringify(notices)).not.toContain('admin123');
    const r = await s.login('admin', 'admin123');
    expect(r.body.Code).toBe(0);
    expect(r.body.Data.Must_Change_Pwd).toBe(true);
    const token = r.body.Data.token;

    const create = await s.call('POST', '/Users', { User_Account: 'early', User_Name: 'early' }, token);
    expect(create.status).toBe(403);
    expect(create.body).toEqual(REQUIRED);
    const en = await s.call('GET', '/Users', undefined, token, 'en');
    expect(en.status).toBe(403);
    expect(en.body.Message).toBe('Change your initial password before you continue');
    for (const path of ['/ModuleMenu/GetUserMenu', '/Company/1', '/SystemParameter', '/OperationLog'])
      expect((await s.call('GET', path, undefined, token)).body, path).toEqual(REQUIRED);
    // the refused request changed nothing
    expect((await s.running.engine.db.selectFrom('users').select('id').execute()).length).toBe(1);

    const info = await s.call<{ Must_Change_Pwd: boolean }>('GET', '/Base/GetLoginInfo', undefined, token);
    expect(info.body.Code).toBe(0);
    expect(info.body.Data.Must_Change_Pwd).toBe(true);

    const change = (Pass_Word: string, lang = 'zh') =>
      s.call(
        'POST',
        '/Users/ChangePwd',
        { User_ID: r.body.Data.User_ID, OldPwd: 'admin123', Pass_Word },
        token,
        lang,
      );
    expect((await change('Password123')).body).toEqual({
      Code: 1,
      Message: '新密码过于常见，容易被猜中，请换一个',
      Data: { Field: 'Pass_Word', Key: 'password_common' },
    });
    expect((await change('qwerty123', 'en')).body.Message).toBe(
      'The new password is too common and easily guessed; choose another',
    );
    expect((await change('          ')).body.Message).toBe('新密码不能只由空格组成');
    expect((await change('          ', 'en')).body.Message).toBe('The new password cannot be only spaces');
    expect((await change('Blue-Lathe-2026')).body.Code).toBe(0);

    // the same session goes on; the new user is made without another change
    const made = await s.call('POST', '/Users', { User_Account: 'later', User_Name: 'later' }, token);
    expect(made.body.Code).toBe(0);
    const again = await s.login('admin', 'Blue-Lathe-2026');
    expect(again.body.Data.Must_Change_Pwd).toBe(false);
  });

  it('Logout is served while the change is pending', async () => {
    const s = await start();
    const token = (await s.login('admin', 'admin123')).body.Data.token;
    expect((await s.call('POST', '/Logout', undefined, token)).body.Code).toBe(0);
    expect((await s.call('GET', '/Base/GetLoginInfo', undefined, token)).status).toBe(401);
  });

  it('ADMIN_PASSWORD sets the first password, which need not be changed; a common one stops the start', async () => {
    process.env.ADMIN_PASSWORD = 'Own-Choice-77';
    const s = await start();
    expect((await s.login('admin', 'admin123')).body.Code).toBe(1);
    const r = await s.login('admin', 'Own-Choice-77');
    expect(r.body.Data.Must_Change_Pwd).toBe(false);
    expect((await s.call('GET', '/Users', undefined, r.body.Data.token)).body.Code).toBe(0);

    process.env.ADMIN_PASSWORD = 'iloveyou1';
    const refused = await start().then(
      () => null,
      (e: Error) => e,
    );
    expect(refused?.message).toBe(
      'ADMIN_PASSWORD: The new password is too common and easily guessed; choose another',
    );
    // two fresh databases, each migrated from the first migration on: slow on a loaded machine
  }, 300_000);
});

describe('passwords set by someone else', () => {
  it('an administrator reset obliges the user to change it; the change is checked like any other', async () => {
    const s = await start();
    const admin = (await s.login('admin', 'admin123')).body.Data;
    await s.call(
      'POST',
      '/Users/ChangePwd',
      { User_ID: admin.User_ID, OldPwd: 'admin123', Pass_Word: 'Blue-Lathe-2026' },
      admin.token,
    );
    const u = await s.call<{ User_ID: number }>(
      'POST',
      '/Users',
      { User_Account: 'wu', User_Name: '吴' },
      admin.token,
    );
    const reset = (Pass_Word: string) =>
      s.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word }, admin.token);
    expect((await reset('password1')).body.Message).toBe('新密码过于常见，容易被猜中，请换一个');
    expect((await reset('        ')).body.Message).toBe('新密码不能只由空格组成');
    expect((await reset('Temp-Pass-31')).body.Code).toBe(0);

    const wu = (await s.login('wu', 'Temp-Pass-31')).body.Data;
    expect(wu.Must_Change_Pwd).toBe(true);
    expect((await s.call('GET', '/Factory', undefined, wu.token)).body).toEqual(REQUIRED);
    const changed = await s.call(
      'POST',
      '/Users/ChangePwd',
      { User_ID: wu.User_ID, OldPwd: 'Temp-Pass-31', Pass_Word: 'Wu-Own-Secret-9' },
      wu.token,
    );
    expect(changed.body.Code).toBe(0);
    expect((await s.call('GET', '/Base/GetLoginInfo', undefined, wu.token)).body.Code).toBe(0);
    // past the gate, the usual permissions apply again (wu has no role)
    expect((await s.call('GET', '/Factory', undefined, wu.token)).body.Message).toBe('没有权限执行此操作');

    // reset again: the obligation comes back
    await reset('Temp-Pass-32');
    expect((await s.login('wu', 'Temp-Pass-32')).body.Data.Must_Change_Pwd).toBe(true);
  });
});

describe('a demo database', () => {
  it('tells the sign-in page it is a demo, and its accounts sign in without a change', async () => {
    const s = await start('demo');
    const notices = await startupNotices(s.running.engine.db);
    expect(notices.map((n) => n.level)).toEqual(['warn']);
    expect(notices[0].msg).toMatch(/^DEMO DATABASE/);
    expect(JSON.stringify(notices)).not.toMatch(/admin123|demo1234|supplier123/);
    const cfg = await s.call<{ Demo: boolean }>('GET', '/Company/LoginConfig');
    expect(cfg.body.Data.Demo).toBe(true);
    for (const [account, password] of [
      ['admin', 'admin123'],
      ['lina', 'demo1234'],
      ['supplier1', 'supplier123'],
    ]) {
      const r = await s.login(account, password);
      expect(r.body.Data.Must_Change_Pwd, account).toBe(false);
    }
    const admin = (await s.login('admin', 'admin123')).body.Data.token;
    expect((await s.call('GET', '/Users', undefined, admin)).body.Code).toBe(0);

    const none = await start();
    expect((await none.call<{ Demo: boolean }>('GET', '/Company/LoginConfig')).body.Data.Demo).toBe(false);
  });
});
