import { cookieStore } from '@mes/engine-web/api';
import { vi } from 'vitest';
import type { LoginInfo } from '../session/api';
import type { MenuNode } from '../shell/menu';
import { menuTree } from './menuFixture';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

export interface FakeServer {
  calls: Call[];
  menu: MenuNode[];
  user: LoginInfo;
  /** Answers for a path (without query) that override the defaults. */
  routes: Map<string, (call: Call) => { status?: number; body: unknown }>;
}

export const ok = (Data: unknown, extra: object = {}) => ({
  body: { Code: 0, Message: '操作成功', Data, ...extra },
});

export function loginInfo(over: Partial<LoginInfo> = {}): LoginInfo {
  return {
    User_ID: 1,
    User_Name: '系统管理员',
    User_Account: 'admin',
    Dept_ID: null,
    Dept_Name: null,
    U_Type: 1,
    Menu_Mode: 2,
    Pwd_Changed_At: '2026-01-01T00:00:00Z',
    Company_Name: '苏州精工机械有限公司',
    Company_ShortName: '精工机械',
    Service_Phone: '400-880-8031',
    Service_Link: 'https://example.com/service',
    SystemConfig: { OnlineService: 'Y', LoginWording: 'Y', TelConsult: 'Y' },
    SystemSettings: [{ ID: 30, Parameter_Value: '30' }],
    UserOftenMenus: [],
    ...over,
  };
}

/** A fetch that answers the shell's calls like the real server, recording each call. */
export function stubServer(setup: Partial<Pick<FakeServer, 'menu' | 'user'>> = {}): FakeServer {
  const server: FakeServer = {
    calls: [],
    menu: setup.menu ?? menuTree(),
    user: setup.user ?? loginInfo(),
    routes: new Map(),
  };
  const defaults: Record<string, (c: Call) => { status?: number; body: unknown }> = {
    '/Company/LoginConfig': () =>
      ok({
        Company_Name: '苏州精工机械有限公司',
        Company_ShortName: '精工机械',
        Service_Phone: '400-880-8031',
        Service_Link: 'https://example.com/service',
        SystemConfig: { LoginWording: 'Y', LoginTopPicture: 'Y', LoginBottomPicture: 'N', TelConsult: 'Y' },
      }),
    '/Login': (c) => {
      const b = c.body as { User_Account: string; Pass_Word: string };
      if (b.Pass_Word !== 'admin123')
        return { status: 400, body: { Code: 1, Message: '账号或密码错误', Data: null } };
      return ok({ User_ID: 1, token: 'tok-1', compShortName: '精工机械', deptId: null, Menu_Mode: 2 });
    },
    '/Base/GetLoginInfo': () => ok(server.user),
    '/ModuleMenu/GetUserMenu': () => ok(server.menu),
    '/UserOftenMenu/GetOftenMenuListByUserAsync': () => ok([]),
    '/UserOftenMenu': () => ok(null),
    '/UserOftenMenu/Collection': () => ok({ Is_Collect: true }),
    '/UsersHabit/UpdateMenuMode': () => {
      server.user = { ...server.user, Menu_Mode: server.user.Menu_Mode === 1 ? 2 : 1 };
      return ok({ Menu_Mode: server.user.Menu_Mode });
    },
    '/SendMsg/GetSendMsgs': () => ok([], { Paging: { TotalCount: 0, Page: 1, PageSize: 15 } }),
  };
  vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    server.calls.push(call);
    const path = url.split('?')[0];
    const answer = server.routes.get(path) ?? defaults[path];
    const r: { status?: number; body: unknown } = answer
      ? answer(call)
      : ok([], { Paging: { TotalCount: 0, Page: 1, PageSize: 20 } });
    const { status = 200, body } = r;
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return server;
}

/** Cookies of a signed-in user (what the login page stores). */
export function signIn(userId = 1): void {
  const jar = cookieStore();
  jar.set('User_ID', String(userId));
  jar.set('token', 'tok-1');
  jar.set('Authorization', 'Bearer tok-1');
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) cookieStore().remove(decodeURIComponent(name));
  }
}
