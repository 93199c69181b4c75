import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Statements sent again and again (a list page, a session lookup, a posting) are prepared once per
 * connection and their plans reused: planning a list page cost PostgreSQL more than running it
 * (bench/README.md). Only statements seen twice are named, and at most `PER_CONNECTION` per
 * connection, so one-off texts (a filter combination, an IN list of a new length) do not pile up
 * in the server's memory. Schema changes happen only in migrations, before any of this runs.
 */
const PER_CONNECTION = 200;
const SEEN_MAX = 5000;
const seen = new Map<string, number>();
const PREPARED = Symbol('prepared');

type Client = pg.PoolClient & { [PREPARED]?: Map<string, string> };

function nameOf(text: string, named: Map<string, string>): string | undefined {
  const known = named.get(text);
  if (known) return known;
  if (named.size >= PER_CONNECTION || !/^\s*(select|with|insert|update|delete)\b/i.test(text)) return;
  const n = (seen.get(text) ?? 0) + 1;
  if (n < 2) {
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.set(text, n);
    return;
  }
  seen.delete(text);
  const name = `q${createHash('sha1').update(text).digest('base64url')}`;
  named.set(text, name);
  return name;
}

function prepare(client: Client): Client {
  if (client[PREPARED]) return client;
  const named = new Map<string, string>();
  client[PREPARED] = named;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values?: unknown[]) => {
    if (typeof text !== 'string') return query(text, values);
    const name = nameOf(text, named);
    return name ? query({ name, text, values }) : query(text, values);
  };
  return client;
}

/** The pool as Kysely's dialect takes it, handing out connections that prepare repeated statements. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => prepare((await pool.connect()) as Client) as unknown as PostgresPoolClient,
    end: () => pool.end(),
  };
}
