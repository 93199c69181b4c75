import { completeTodos, todosDone } from '@mes/engine-server';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf, startTestServer, type TestServer } from './testing';

/**
 * Rows that pile up for as long as a company uses the system (messages, approval history,
 * attachments, offers) are found through an index (migrations 0025 and 0026): with a few thousand rows and
 * fresh statistics the planner takes it, where a missing index shows as a scan of the table.
 */
let t: TestServer;
let user: number;
beforeAll(async () => {
  t = await startTestServer({ seed: 'none' });
  user = (await sql<{ id: number }>`SELECT min(id)::int AS id FROM users`.execute(t.engine.db)).rows[0].id;
});
afterAll(async () => t?.close());

const plan = (statement: RawBuilder<unknown>) => planOf(t.engine.db, statement);

describe('lookups by record', () => {
  it('finds a record’s to-dos through their index among many messages, and marks only them done', async () => {
    const db = t.engine.db;
    await sql`INSERT INTO send_msg (title, send_time, route, parameter, msg_type, status, level, class)
      SELECT 'm' || g, now(), '/StockDoc', (g / 2)::text, 1 + g % 2, 1, 1, 2 FROM generate_series(1, 6000) g`.execute(
      db,
    );
    await sql`INSERT INTO send_msg_receivers (parent_id, line_no, user_id)
      SELECT id, 1, ${user} FROM send_msg`.execute(db);
    await sql`ANALYZE send_msg`.execute(db);
    expect(await plan(todosDone('/StockDoc', '1234'))).toContain('ix_send_msg_todo');
    await completeTodos(db, '/StockDoc', '1234');
    const done = await sql<{ type: number; n: number }>`SELECT m.msg_type AS type, count(*)::int AS n
      FROM send_msg m JOIN send_msg_receivers r ON r.parent_id = m.id WHERE r.is_done GROUP BY 1`.execute(db);
    expect(done.rows).toEqual([{ type: 2, n: 1 }]);
  });

  it('finds a record’s approval history and attachments through their indexes', async () => {
    const db = t.engine.db;
    await sql`INSERT INTO approval_history (entity_name, record_id, action, from_state, to_state, level, op_time)
      SELECT (ARRAY['StockDoc', 'Bom', 'Offer'])[1 + g % 3], g / 3, 'Approve', 1, 3, 1, now()
      FROM generate_series(1, 6000) g`.execute(db);
    await sql`INSERT INTO attachment (file_code, file_name, file_path, attachment_type, bz_code, bz_table, file_size)
      SELECT 'F' || g, 'f.pdf', 'p/' || g, 1, (g / 3)::text, (ARRAY['material', 'bom', 'stock_doc'])[1 + g % 3], 1
      FROM generate_series(1, 6000) g`.execute(db);
    await sql`ANALYZE approval_history`.execute(db);
    await sql`ANALYZE attachment`.execute(db);
    expect(
      await plan(
        sql`SELECT * FROM approval_history h WHERE h.entity_name = ${'StockDoc'} AND h.record_id = ${42}`,
      ),
    ).toContain('ix_approval_history_record');
    expect(
      await plan(
        sql`SELECT * FROM attachment WHERE bz_table IN (${'bom'}) AND bz_code IN (${'42'}) ORDER BY id`,
      ),
    ).toContain('ix_attachment_record');
    expect(await plan(sql`SELECT * FROM attachment WHERE file_path = ${'p/42'}`)).toContain(
      'ix_attachment_file_path',
    );
  });

  it('finds the unread messages of the bell through their index', async () => {
    const db = t.engine.db;
    // the messages of the first test, all read but a few
    await sql`UPDATE send_msg_receivers SET is_read = (id % 500 <> 0)`.execute(db);
    await sql`ANALYZE send_msg_receivers`.execute(db);
    expect(
      await plan(sql`SELECT m.id FROM send_msg m JOIN send_msg_receivers r ON r.parent_id = m.id
        WHERE r.user_id = ${user} AND m.status <> 9 AND NOT r.is_read ORDER BY m.send_time DESC, m.id DESC LIMIT 20`),
    ).toContain('ix_send_msg_receivers_unread');
  });

  it('finds what is overdue in sourcing through indexes (every sourcing and portal request sweeps)', async () => {
    expect(
      await plan(sql`UPDATE offer SET offer_status = 5 WHERE offer_status = ${1} AND end_time <= now()`),
    ).toContain('ix_offer_status_end');
    expect(
      await plan(sql`UPDATE sow SET sow_status = 3 WHERE sow_status = ${2} AND round_end <= now()`),
    ).toContain('ix_sow_status_round_end');
  });
});
