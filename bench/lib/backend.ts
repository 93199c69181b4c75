import { rmSync } from 'node:fs';
import { createApp, type RunningApp } from '@mes/app-server';
import { type Database, openDatabase } from '@mes/engine-server';
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';

export type BackendKind = 'pglite' | 'postgres';

/**
 * Counts every statement the app sends through Kysely (raw `sql` ones included, BEGIN/COMMIT not)
 * and, while `capture` is on, keeps them so that their SQL can be shown and re-run by hand.
 */
export interface Captured {
  node: RootOperationNode;
  queryId: QueryId;
  ms?: number;
  rows?: number;
  chars?: number;
}

export class QueryCounter implements KyselyPlugin {
  count = 0;
  capture: Captured[] | null = null;
  private readonly started = new WeakMap<QueryId, { at: number; entry?: Captured }>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    if (this.capture) {
      const entry: Captured = { node: args.node, queryId: args.queryId };
      this.capture.push(entry);
      this.started.set(args.queryId, { at: performance.now(), entry });
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const s = this.started.get(args.queryId);
    if (s?.entry) {
      s.entry.ms = performance.now() - s.at;
      // what the server has to parse: rows, and their size as JSON text
      s.entry.rows = args.result.rows.length;
      s.entry.chars = JSON.stringify(args.result.rows).length;
    }
    return args.result;
  }
}

export interface Backend {
  kind: BackendKind;
  running: RunningApp;
  /** The database without the counter: for the generator and for raw SQL timings. */
  raw: Database;
  counter: QueryCounter;
}

/** The bench wipes its database: only one whose name says it is a bench database. */
export function checkBenchUrl(url: string): void {
  const name = new URL(url).pathname.replace(/^\//, '');
  if (!/^bench/.test(name) && process.env.BENCH_ALLOW_WIPE !== '1')
    throw new Error(
      `refusing to wipe database "${name}": use a database whose name starts with "bench" (or BENCH_ALLOW_WIPE=1)`,
    );
}

/** Creates the bench's PostgreSQL database when it does not exist yet (through the server's `postgres` one). */
export async function ensureDatabase(url: string): Promise<void> {
  checkBenchUrl(url);
  const u = new URL(url);
  const name = u.pathname.replace(/^\//, '');
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!r.rowCount) await c.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await c.end();
  }
}

/** Empties the database (PostgreSQL: the public schema; PGlite: its data directory). */
export async function resetDatabase(kind: BackendKind, where: string): Promise<void> {
  if (kind === 'pglite') {
    rmSync(where, { recursive: true, force: true });
    return;
  }
  await ensureDatabase(where);
  const c = new pg.Client({ connectionString: where });
  await c.connect();
  try {
    await c.query('DROP SCHEMA IF EXISTS public CASCADE');
    await c.query('CREATE SCHEMA public');
  } finally {
    await c.end();
  }
}

/** Opens the database and builds the real app on it (migrations and the bootstrap seed run here). */
export async function openBackend(kind: BackendKind, where: string): Promise<Backend> {
  const raw = await openDatabase(kind === 'pglite' ? { dataDir: where } : { databaseUrl: where });
  const counter = new QueryCounter();
  const database: Database = { ...raw, db: raw.db.withPlugin(counter) };
  const running = await createApp({ database, seed: 'none', webDist: '' }, false);
  // benches measure work, not the first sign-in's forced change of admin's initial password
  await sql`UPDATE users SET must_change_pwd = false WHERE user_account = 'admin'`.execute(raw.db);
  return { kind, running, raw, counter };
}

/**
 * Starts the app over HTTP and signs in as the seeded admin. Port 0 lets several benches run side by
 * side; the real port is read back from the socket. A failed sign-in throws here, so that a bench does
 * not go on to measure a stream of 401s.
 */
export async function listenAndSignIn(b: Backend, port = 0): Promise<{ url: string; token: string }> {
  await b.running.app.listen({ port, host: '127.0.0.1' });
  const addr = b.running.app.server.address();
  if (typeof addr !== 'object' || !addr) throw new Error(`the app is not listening on a TCP port (${addr})`);
  const url = `http://127.0.0.1:${addr.port}`;
  const res = await fetch(`${url}/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ User_Account: 'admin', Pass_Word: 'admin123' }),
  });
  const body = (await res.json()) as { Code: number; Message?: string; Data?: { token?: unknown } };
  if (body.Code !== 0)
    throw new Error(`bench sign-in as admin failed (HTTP ${res.status}, Code ${body.Code}): ${body.Message}`);
  return { url, token: String(body.Data?.token) };
}
