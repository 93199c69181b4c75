import { completeTodos, todosDone } from '@mes/engine-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'none' });
});
afterAll(async () => t?.close());

describe('to-dos of a record', () => {
  it('are found through their index among many messages, and only they are marked done', async () => {
    const db = t.engine.db;
    const user = (await sql<{ id: number }>`SELECT min(id)::int AS id FROM users`.execute(db)).rows[0].id;
    // a year of messages: to-dos and notices of many records
    await sql`INSERT INTO send_msg (title, send_time, route, parameter, msg_type, status, level, class)
      SELECT 'm' || g, now(), '/StockDoc', (g / 2)::text, 1 + g % 2, 1, 1, 2 FROM generate_series(1, 6000) g`.execute(
      db,
    );
    await sql`INSERT INTO send_msg_receivers (parent_id, line_no, user_id)
      SELECT id, 1, ${user} FROM send_msg`.execute(db);
    await sql`ANALYZE send_msg`.execute(db);
    const plan = await sql<Record<string, string>>`EXPLAIN ${todosDone('/StockDoc', '1234')}`.execute(db);
    expect(plan.rows.map((r) => Object.values(r)[0]).join('\n')).toContain('ix_send_msg_todo');
    await completeTodos(db, '/StockDoc', '1234');
    const done = await sql<{ type: number; n: number }>`SELECT m.msg_type AS type, count(*)::int AS n
      FROM send_msg m JOIN send_msg_receivers r ON r.parent_id = m.id WHERE r.is_done GROUP BY 1`.execute(db);
    expect(done.rows).toEqual([{ type: 2, n: 1 }]);
  });
});
