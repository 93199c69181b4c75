import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing';
import { inputFor, type JsonSchema, pathParam, queryString } from './arbitraries';
import { changeWatch } from './fingerprint';

/**
 * Property-based fuzzing of every registered route (issue 24, item 7): hostile and arbitrary
 * queries, bodies and path parameters, sent through the real server as an administrator, a role
 * with a few own-records grants, a supplier's portal account and nobody signed in. No answer may be
 * a 5xx, and a refused request (4xx) may change nothing in the database.
 *
 * FUZZ_SEED=<n> (or `random`) varies the inputs, FUZZ_RUNS=<n> the runs per route for the roles
 * the route lets in (default 4); a failure names the seed, route and input to replay it.
 */
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 24);
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

type Role = 'anonymous' | 'supplier' | 'restricted' | 'admin';
interface Route {
  method: string;
  url: string;
  public: boolean;
  portal: boolean;
  query?: JsonSchema;
  body?: JsonSchema;
  keys: string[];
}

let t: TestServer;
const tokens: Partial<Record<Role, string>> = {};
const routes: Route[] = [];
let pool: string[] = [];

interface OpenApiOp {
  parameters?: { in: string; name: string; schema: JsonSchema; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

async function json<T>(method: string, url: string, body?: unknown, token = t.token) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: token ? `Bearer ${token}` : '', 'accept-language': 'en' },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  // exports answer a workbook, not the envelope
  const envelope = res.headers['content-type']?.toString().includes('json')
    ? (res.json() as { Code: number; Message: string; Data: T })
    : { Code: 0, Message: '', Data: null as T };
  return { status: res.statusCode, body: envelope };
}

async function signUp(account: string, roles: { Role_ID: number }[]): Promise<string> {
  const u = await json<{ User_ID: number }>('POST', '/Users', {
    User_Account: account,
    User_Name: account,
    U_Type: 1,
    Roles: roles,
  });
  await json('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'fuzz-pass-1' });
  const token = await t.login(account, 'fuzz-pass-1');
  // a password set by an administrator may have to be changed before anything else
  await json(
    'POST',
    '/Users/ChangePwd',
    { User_ID: u.body.Data.User_ID, OldPwd: 'fuzz-pass-1', Pass_Word: 'fuzz-pass-2' },
    token,
  );
  return t.login(account, 'fuzz-pass-2');
}

/** The keys a hand-written route's schema names when refusing an empty input (its required ones). */
async function probeKeys(r: Route): Promise<string[]> {
  if (!tokens.admin || /:/.test(r.url) || r.url === '/Logout') return [];
  const keys = new Set<string>();
  let input: Record<string, unknown> = {};
  for (let round = 0; round < 3; round++) {
    const res =
      r.method === 'GET' || r.method === 'DELETE'
        ? await json(r.method, r.url + queryString(input))
        : await json(r.method, r.url, input);
    if (res.status !== 400) break;
    const found = [...res.body.Message.matchAll(/(?:^|[\s;:(（])([A-Z][A-Za-z0-9_]*)(?=\)|:)/g)].map(
      (m) => m[1],
    );
    const fresh = found.filter((k) => !keys.has(k));
    if (!fresh.length) break;
    for (const k of fresh) keys.add(k);
    input = Object.fromEntries([...keys].map((k) => [k, /_ID$|NO$/.test(k) ? 1 : 'A1']));
  }
  return [...keys];
}

beforeAll(async () => {
  t = await startTestServer();
  tokens.admin = t.token;
  // a supplier with a portal account, and a staff user whose role grants some menus, own records only
  const sup = await json<{ Supplier_ID: number }>('POST', '/Supplier', {
    Supplier_Code: 'FZ-1',
    Full_Name: 'Fuzz 供应商 有限公司',
    Short_Name: 'fuzz',
  });
  await json('POST', '/Supplier/CreatePortalAccount', {
    Supplier_ID: sup.body.Data.Supplier_ID,
    User_Account: 'fuzz-supplier',
    Pass_Word: 'portal-pass-1',
  });
  tokens.supplier = await t.login('fuzz-supplier', 'portal-pass-1');
  const menus = (await json<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500')).body
    .Data;
  const granted = menus.filter((m, i) => i % 3 === 0 && !/user|role/i.test(m.Menu_Code));
  const role = await json<{ Role_ID: number }>('POST', '/Role', {
    Role_Code: 'fuzz-own',
    Role_Name: 'fuzz-own',
    Grants: granted.map((m) => ({
      Menu_ID: m.Menu_ID,
      Buttons: 'add,edit,delete,export,import,close',
      Opera_Type: 4,
    })),
  });
  tokens.restricted = await signUp('fuzz-own', [{ Role_ID: role.body.Data.Role_ID }]);

  const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOp>> };
  const seen = new Set(t.app.permRoutes.map((r) => `${r.method} ${r.url}`));
  const keys = new Set<string>();
  for (const r of t.app.permRoutes) {
    // the spec's /DZSoft aliases run the same handlers
    if (r.url.startsWith('/DZSoft/') && seen.has(`${r.method} ${r.url.slice(7)}`)) continue;
    const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
    const params = (op?.parameters ?? []).filter((p) => p.in === 'query');
    const query: JsonSchema | undefined = params.length
      ? {
          type: 'object',
          properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
          required: params.filter((p) => p.required).map((p) => p.name),
        }
      : undefined;
    const body = op?.requestBody?.content?.['application/json']?.schema;
    const own = Object.keys((query ?? body)?.properties ?? {});
    for (const k of own) keys.add(k.replace(/__\w+$/, ''));
    routes.push({
      method: r.method,
      url: r.url,
      public: 'public' in r.perm,
      portal: r.portal,
      query,
      body,
      keys: own,
    });
  }
  for (const r of routes) if (!r.query && !r.body) r.keys = await probeKeys(r);
  for (const r of routes) for (const k of r.keys) keys.add(k);
  pool = [...keys].sort();
}, 300_000);
afterAll(async () => t?.close());

/** Whether the route turns the role away before it reads any input (401 or 403 whatever is sent). */
async function turnsAway(role: Role, r: Route): Promise<boolean> {
  if (r.public || role === 'admin') return false;
  if (role === 'anonymous') return true;
  if (role === 'supplier' && !r.portal) return true;
  const writes = r.method !== 'GET' && r.method !== 'DELETE';
  const res = await json(r.method, r.url.replace(/:\w+/g, '999999'), writes ? {} : undefined, tokens[role]);
  return res.status === 403;
}

/** How many inputs a role gets at a route: full runs where it gets in, one where it is turned away. */
function runsFor(role: Role, r: Route, away: boolean): number {
  if (r.url === '/Logout' && role !== 'anonymous') return 0;
  return away ? 1 : RUNS;
}

const headers = fc.record({
  'accept-language': fc.constantFrom('zh', 'en', 'en-US,en;q=0.9', 'xx', ';q=abc'),
  // bodies go as JSON mostly, sometimes as what a client may wrongly say they are
  type: fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/json; charset=latin1',
        'multipart/form-data; boundary=xx',
        'application/x-www-form-urlencoded',
      ),
    },
  ),
  cookie: fc.constantFrom(
    '',
    'token=%',
    'Authorization=%E0%A4%A',
    'token=abc; token=%zz',
    `token=${'x'.repeat(80)}`,
  ),
});

const rawBody = fc.constantFrom(
  '{',
  '{"a":',
  'nul\u0000l',
  '[]',
  '"x"',
  'null',
  '1',
  '{"__proto__":{"x":1}}',
);

describe('fuzzing every route', () => {
  it('finds the routes and their schemas', () => {
    expect(routes.length).toBeGreaterThan(300);
    expect(routes.filter((r) => r.body).length).toBeGreaterThan(50);
    expect(pool.length).toBeGreaterThan(100);
    // hand-written routes document no schema: their keys come from what they refuse
    const keysOf = (url: string) => routes.find((r) => r.url === url)?.keys;
    expect(keysOf('/ProducePlan/CreateWorkDocs')).toContain('Plan_ID');
    expect(keysOf('/Login')).toEqual(expect.arrayContaining(['User_Account', 'Pass_Word']));
  });

  it(`never answers 5xx, and a refused request changes nothing (seed ${SEED}, ${RUNS} runs)`, async () => {
    const watch = await changeWatch(t.engine.db);
    const failures: string[] = [];
    const run = async (role: Role, r: Route, checked: boolean) => {
      const numRuns = runsFor(role, r, !checked);
      if (!numRuns) return;
      try {
        await fc.assert(property(role, r, checked ? watch : null), {
          seed: SEED,
          numRuns,
          endOnFailure: true,
        });
      } catch (e) {
        // the counterexample and what it got, to replay with the seed
        const cause = (e as Error).cause;
        const lines = String((e as Error).message).split('\n');
        failures.push(
          cause instanceof Error ? cause.message : lines.find((l) => /^Counterexample/.test(l)) || lines[0],
        );
        await watch.changed();
      }
    };
    for (const role of ['anonymous', 'supplier', 'restricted', 'admin'] as const) {
      const away = new Set<Route>();
      for (const r of routes) if (await turnsAway(role, r)) away.add(r);
      await watch.changed();
      // turned away: checked together, as nothing they send is read
      for (const r of away) await run(role, r, false);
      const changed = await watch.changed();
      if (changed.length) failures.push(`${role}: a request turned away changed ${changed.join(', ')}`);
      for (const r of routes) if (!away.has(r)) await run(role, r, true);
    }
    expect(failures, `FUZZ_SEED=${SEED}`).toEqual([]);
  }, 600_000);
});

/** One request to the route as the role; with a watch, a refused one must change nothing. */
function property(role: Role, r: Route, watch: Awaited<ReturnType<typeof changeWatch>> | null) {
  const writes = r.method !== 'GET' && r.method !== 'DELETE';
  const params = fc.array(pathParam, { minLength: 4, maxLength: 4 });
  const input = fc.oneof(
    { weight: 9, arbitrary: inputFor(writes ? r.body : r.query, r.keys, pool) },
    { weight: writes ? 1 : 0, arbitrary: rawBody },
  );
  return fc.asyncProperty(params, input, headers, async (ps, data, { type, ...hs }) => {
    let i = 0;
    const path = r.url.replace(/:\w+/g, () => ps[i++]);
    const token = role === 'anonymous' ? undefined : tokens[role];
    const raw = typeof data === 'string' && writes && !data.startsWith('%');
    const res = await t.app.inject({
      method: r.method as 'GET',
      url: writes ? path : path + queryString(data),
      headers: {
        ...hs,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(writes ? { 'content-type': type } : {}),
      },
      ...(writes ? { payload: raw ? (data as string) : JSON.stringify(data) } : {}),
    });
    const what = () =>
      `${role} ${r.method} ${path} ${JSON.stringify(data).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
    if (res.statusCode >= 500) throw new Error(`5xx: ${what()}`);
    if (!watch) {
      if (res.statusCode < 400) throw new Error(`turned away before, let in now: ${what()}`);
      return;
    }
    const changed = await watch.changed();
    if (res.statusCode >= 400 && changed.length)
      throw new Error(`refused but changed ${changed.join(', ')}: ${what()}`);
  });
}
