import {
  type Database,
  type Db,
  migrate,
  openDatabase,
  readMigrations,
  type ServerModule,
  type Tx,
} from '@mes/engine-server';
import { createTestTemplate, openTestDatabase, type TestTemplate } from '@mes/engine-server/testing';
import { diffSnapshots, Registry, snapshotOf } from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import { createApp, type RunningApp } from './app';
import { MIGRATIONS_DIR } from './config';
import { SERVER_MODULES } from './modules';
export interface TestServer extends RunningApp {
  url: string;
  /** Bearer token of the signed-in administrator, sent by `call` unless headers say otherwise. */
  token: string;
  login(account: string, password: string): Promise<string>;
  /**
   * fetch against the real HTTP server, JSON in (a FormData goes as multipart) and out, envelope
   * returned with the status.
   */
  call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{
    status: number;
    body: {
      Code: number;
      Message: string;
      Data: T;
      Paging?: { TotalCount: number; Page: number; PageSize: number };
    };
  }>;
}

/** The variable through which the test run's setup hands the demo template to the test files. */
export const DEMO_TEMPLATE_ENV = 'MES_TEST_DEMO_TEMPLATE';
/** Likewise the base template: migrated, with the seed every start makes (`seed: 'none'`). */
export const BASE_TEMPLATE_ENV = 'MES_TEST_BASE_TEMPLATE';

/** A database the run's setup built once, if it did (`npm test` asks it to). */
function builtTemplate(env: string): TestTemplate | undefined {
  const v = process.env[env];
  if (!v) return undefined;
  const t = JSON.parse(v) as TestTemplate;
  // the template belongs to the backend it was built on
  return (t.kind === 'postgres') === Boolean(process.env.DATABASE_URL) ? t : undefined;
}

/**
 * Builds a database once for a whole test run, as a start with that seed leaves it: migrations and
 * the seed, which every file would otherwise repeat (migrating took a third of a file's start; the
 * demo seed posts a year of stock).
 */
export async function buildTestTemplate(
  dir: string,
  seed: 'demo' | 'none',
): Promise<{ template: TestTemplate; remove: () => Promise<void> }> {
  return createTestTemplate(dir, async (database) => {
    const running = await createApp({
      database: { ...database, close: async () => undefined },
      seed,
      webDist: '',
    });
    await running.close();
  });
}

/**
 * A real server on a random port over a fresh database: an in-memory PGlite, or a new database on
 * the PostgreSQL server of DATABASE_URL (dropped afterwards), so that test files never share state.
 */
export async function startTestServer(
  opts: { seed?: 'demo' | 'none'; dataDir?: string; extraModules?: ServerModule[] } = {},
): Promise<TestServer> {
  const database: Database = opts.dataDir
    ? await openDatabase({ dataDir: opts.dataDir })
    : await openTestDatabase(builtTemplate(opts.seed === 'demo' ? DEMO_TEMPLATE_ENV : BASE_TEMPLATE_ENV));
  if (opts.extraModules?.length) {
    // tables of test-only modules, created straight from their declarations after the real migrations
    await migrate(database.db, readMigrations(MIGRATIONS_DIR));
    const base = new Registry(SERVER_MODULES.map((m) => m.manifest));
    const all = new Registry([...SERVER_MODULES, ...opts.extraModules].map((m) => m.manifest));
    const statements = diffSnapshots(snapshotOf(base), snapshotOf(all));
    await migrate(database.db, [{ version: '9999', name: 'test_modules', statements }]);
  }
  const running = await createApp(
    { database, seed: opts.seed ?? 'none', webDist: process.env.WEB_DIST ?? '' },
    false,
    [...SERVER_MODULES, ...(opts.extraModules ?? [])],
  );
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = running.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const t: TestServer = {
    ...running,
    url,
    token: '',
    async login(account, password) {
      const r = await t.call<{ User_ID: number; token: string; Must_Change_Pwd: boolean }>(
        'POST',
        '/Login',
        { User_Account: account, Pass_Word: password },
        { authorization: '' },
      );
      if (r.body.Code !== 0) throw new Error(`login ${account}: ${r.body.Message}`);
      // an initial or reset password must be changed first (modules/system/session.test.ts tests
      // that); elsewhere tests sign in as though it had been
      if (r.body.Data.Must_Change_Pwd)
        await sql`UPDATE users SET must_change_pwd = false WHERE id = ${r.body.Data.User_ID}`.execute(
          running.engine.db,
        );
      return r.body.Data.token;
    },
    async call(method, path, body, headers = {}) {
      // a FormData goes as multipart: fetch sets the content-type with its boundary
      const form = body instanceof FormData;
      const res = await fetch(url + path, {
        method,
        headers: {
          accept: 'application/json',
          ...(t.token ? { authorization: `Bearer ${t.token}` } : {}),
          ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : form || typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
  };
  t.token = await t.login('admin', 'admin123');
  return t;
}

/** PostgreSQL's plan of a statement as one text, for tests that a lookup takes its index. */
export async function planOf(ex: Db | Tx, statement: RawBuilder<unknown>): Promise<string> {
  const { rows } = await sql<Record<string, string>>`EXPLAIN ${statement}`.execute(ex);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}
