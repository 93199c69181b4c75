import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp, type RunningApp } from './app';

export interface TestServer extends RunningApp {
  url: string;
  /** fetch against the real HTTP server, JSON in and out, envelope returned with the status. */
  call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: { Code: number; Message: string; Data: T; Paging?: { TotalCount: number; Page: number; PageSize: number } } }>;
}

/**
 * A real server on a random port over a fresh database: an in-memory PGlite, or a new database on
 * the PostgreSQL server of DATABASE_URL (dropped afterwards), so that test files never share state.
 */
export async function startTestServer(opts: { seed?: 'demo' | 'none'; dataDir?: string } = {}): Promise<TestServer> {
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && !opts.dataDir) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const running = await createApp({
    dataDir: opts.dataDir ?? 'memory://',
    databaseUrl,
    seed: opts.seed ?? 'none',
    webDist: process.env.WEB_DIST ?? '',
  });
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = running.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    ...running,
    url,
    close: async () => {
      await running.close();
      await drop?.();
    },
    async call(method, path, body, headers = {}) {
      const res = await fetch(url + path, {
        method,
        headers: {
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
  };
}
