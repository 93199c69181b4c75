import { createHash } from 'node:crypto';
import { type PostgresPool, type PostgresPoolClient, type RawBuilder, sql } from 'kysely';
import type pg from 'pg';

/**
 * The connections Kysely gets: they prepare repeated statements, and send a transaction's BEGIN
 * with its first statement (`send`).
 *
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

/** Per connection: the names of its prepared statements, and whether a BEGIN waits to be sent. */
interface State {
  named: Map<string, string>;
  beginHeld: boolean;
  /** the transaction's COMMIT went with its last statement (andCommit) */
  ended: boolean;
}

const COMMITS = '/* and commit */ ';

/**
 * Marks the last statement of a transaction: on PostgreSQL its COMMIT is written with it and
 * answered in the same round trip, so that the locks the transaction holds are let go one round
 * trip sooner (a posting's stock locks: every other posting of the same materials waits on them).
 * When the statement fails, PostgreSQL turns that COMMIT into a ROLLBACK. Any statement after it
 * in the same transaction is refused. Elsewhere (PGlite, no pipeline) it is a comment.
 */
export function andCommit<T>(query: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(COMMITS)}${query}`;
}
type Client = pg.PoolClient & { [PREPARED]?: State };

function nameOf(text: string, named: Map<string, string>): string | undefined {
  const known = named.get(text);
  if (known) return known;
  // the marker of a statement that commits (andCommit) comes before its verb
  const body = text.startsWith(COMMITS) ? text.slice(COMMITS.length) : text;
  if (named.size >= PER_CONNECTION || !/^\s*(select|with|insert|update|delete)\b/i.test(body)) return;
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

type Result = pg.QueryResult;
type Send = (text: unknown, values?: unknown[]) => Promise<Result>;

/** What a statement PostgreSQL never ran answers: BEGIN, COMMIT or ROLLBACK of an empty transaction. */
const skipped = (command: string): Result => ({ command, rowCount: null, oid: 0, fields: [], rows: [] });

interface Cork {
  cork(): void;
  uncork(): void;
}

/**
 * A transaction's BEGIN is held back and written with its first statement, in one write: the
 * connection runs in pg's pipeline mode, so PostgreSQL answers both in one round trip instead of
 * two (under load each write to PostgreSQL cost about 0.3 ms of the server's CPU here, bench/README.md).
 * Every statement is still awaited before the next is sent, so nothing else is in flight. A failed
 * BEGIN fails that first statement; a transaction that sent nothing sends nothing.
 */
function send(client: Client, state: State, run: Send): Send {
  const stream = (client as unknown as { connection: { stream: Cork } }).connection.stream;
  return (text, values) => {
    const verb =
      typeof text === 'string' && /^(begin|commit|rollback)$/i.test(text) ? text.toUpperCase() : null;
    if (state.ended) {
      if (verb === 'COMMIT' || verb === 'ROLLBACK') {
        state.ended = false;
        return Promise.resolve(skipped(verb));
      }
      return Promise.reject(
        new Error('a statement after the one that committed its transaction (andCommit)'),
      );
    }
    if (verb) {
      if (verb === 'BEGIN' && !state.beginHeld) {
        state.beginHeld = true;
        return Promise.resolve(skipped(verb));
      }
      if (verb !== 'BEGIN' && state.beginHeld) {
        state.beginHeld = false;
        return Promise.resolve(skipped(verb));
      }
    }
    const commits = typeof text === 'string' && text.startsWith(COMMITS);
    if (!state.beginHeld && !commits) return run(text, values);
    const begins = state.beginHeld;
    state.beginHeld = false;
    state.ended = commits;
    stream.cork();
    try {
      const begun = begins ? run('BEGIN') : null;
      const result = run(text, values);
      // a COMMIT that fails (a deferred check) fails the statement, as it would have failed the commit
      const committed = commits ? run('COMMIT') : null;
      return Promise.all([begun, result, committed]).then(([, r]) => r);
    } finally {
      stream.uncork();
    }
  };
}

function prepare(client: Client): Client {
  const known = client[PREPARED];
  if (known) {
    // a connection comes back from the pool outside any transaction
    known.beginHeld = false;
    known.ended = false;
    return client;
  }
  const state: State = { named: new Map(), beginHeld: false, ended: false };
  client[PREPARED] = state;
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<Result>;
  const named: Send = (text, values) => {
    if (typeof text !== 'string') return query(text, values);
    const name = nameOf(text, state.named);
    return name ? query({ name, text, values }) : query(text, values);
  };
  // holding BEGIN back needs pg's pipeline mode (the pool's `pipeline` option, off with MES_NO_PIPELINE)
  const pipelined = (client as unknown as { pipeline?: boolean }).pipeline === true;
  (client as { query: unknown }).query = pipelined ? send(client, state, named) : named;
  return client;
}

/** The pool as Kysely's dialect takes it, handing out connections that prepare repeated statements. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => prepare((await pool.connect()) as Client) as unknown as PostgresPoolClient,
    end: () => pool.end(),
  };
}
