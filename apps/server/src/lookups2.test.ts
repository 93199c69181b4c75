import { dataScope, idsByNumberSql, SYSTEM_CONTEXT } from '@mes/engine-server';
import { bookingsSql, ganttSql, onOrderSql, outputSql } from '@mes/production/server';
import { PORTAL_PATH } from '@mes/sourcing';
import { closeOverdueOffersSql } from '@mes/sourcing/server';
import { type KyselyPlugin, type RawBuilder, RawNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf, startTestServer, type TestServer } from './testing';

/**
 * More lookups among rows that pile up with use (migrations 0027 and 0028, and lookups rewritten so
 * that an index can serve them): with a few thousand rows and fresh statistics the planner takes
 * the index, where a missing one shows as a scan of the table. Each test reads the plan of the
 * statement the code runs.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'none' });
});
afterAll(async () => t?.close());

const plan = (statement: RawBuilder<unknown>) => planOf(t.engine.db, statement);
const one = async (statement: RawBuilder<unknown>) =>
  Number((await sql<{ id: number }>`${statement} RETURNING id`.execute(t.engine.db)).rows[0].id);

describe('the sourcing sweep', () => {
  it('marks done the invitations of the offers it closes, found from those offers through the to-do index', async () => {
    const db = t.engine.db;
    const user = (await sql<{ id: number }>`SELECT min(id)::int AS id FROM users`.execute(db)).rows[0].id;
    const currency = await one(
      sql`INSERT INTO currency (currency_code, currency_name) VALUES ('CNY', 'RMB')`,
    );
    const sow = await one(sql`INSERT INTO sow (project_name, currency_id, life_time_years, offer_rounds)
      VALUES ('p', ${currency}, 1, 3)`);
    const supplier = await one(
      sql`INSERT INTO supplier (supplier_code, full_name, short_name) VALUES ('S', 'S', 'S')`,
    );
    // months of offers, long decided; a few still pending, half of those overdue
    await sql`INSERT INTO offer (offer_no, sow_id, supplier_id, round_no, offer_status, start_time, end_time)
      SELECT 'O' || g, ${sow}, ${supplier}, 1, CASE WHEN g % 500 = 0 THEN 1 ELSE 2 + g % 4 END,
        now() - interval '60 days',
        CASE WHEN g % 1000 = 500 THEN now() + interval '1 day' ELSE now() - interval '1 hour' * g END
      FROM generate_series(1, 4000) g`.execute(db);
    await sql`INSERT INTO send_msg (title, send_time, route, parameter, msg_type, status, level, class)
      SELECT 'invited', now(), ${PORTAL_PATH}, id::text, 2, 1, 1, 2 FROM offer`.execute(db);
    await sql`INSERT INTO send_msg (title, send_time, route, parameter, msg_type, status, level, class)
      SELECT 'm', now(), '/StockDoc', g::text, 2, 1, 1, 2 FROM generate_series(1, 6000) g`.execute(db);
    await sql`INSERT INTO send_msg_receivers (parent_id, line_no, user_id) SELECT id, 1, ${user} FROM send_msg`.execute(
      db,
    );
    for (const table of ['offer', 'send_msg', 'send_msg_receivers'])
      await sql`ANALYZE ${sql.table(table)}`.execute(db);

    const p = await plan(closeOverdueOffersSql(new Date()));
    expect(p).toMatch(
      /ix_send_msg_todo on send_msg.*\n.*Index Cond: .*route.* AND .*parameter\)::text = \(closed\.id/,
    );
    expect(p).not.toMatch(/Seq Scan on (offer|send_msg)/);

    await closeOverdueOffersSql(new Date()).execute(db);
    const done = await sql<{ status: number; end_past: boolean; done: boolean; n: number }>`
      SELECT o.offer_status AS status, o.end_time <= now() AS end_past, r.is_done AS done, count(*)::int AS n
      FROM offer o JOIN send_msg m ON m.parameter = o.id::text AND m.route = ${PORTAL_PATH}
      JOIN send_msg_receivers r ON r.parent_id = m.id WHERE o.offer_status = 1 OR r.is_done
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(db);
    // the overdue ones closed with their to-dos done; the pending ones still open untouched
    expect(done.rows).toEqual([
      { status: 1, end_past: false, done: false, n: 4 },
      { status: 5, end_past: true, done: true, n: 4 },
    ]);
  });
});

describe('work orders and reports', () => {
  let stations: number[];
  let material: number;
  beforeAll(async () => {
    const db = t.engine.db;
    const factory = await one(sql`INSERT INTO factory (factory_code, factory_name) VALUES ('F', 'F')`);
    const line = await one(
      sql`INSERT INTO product_line (line_code, line_name, factory_id) VALUES ('L', 'L', ${factory})`,
    );
    stations = (
      await sql<{ id: number }>`INSERT INTO work_station (station_code, station_name, product_line_id)
        SELECT 'W' || g, 'W' || g, ${line} FROM generate_series(1, 5) g RETURNING id`.execute(db)
    ).rows.map((r) => Number(r.id));
    const materials = (
      await sql<{ id: number }>`INSERT INTO material (material_number, material_name)
        SELECT 'M' || g, 'M' || g FROM generate_series(1, 3) g RETURNING id`.execute(db)
    ).rows.map((r) => Number(r.id));
    material = materials[0];
    // three years and more of orders, five a day, all finished but the last fifty
    await sql`INSERT INTO work_order (order_no, material_id, qty, plan_start, plan_end, schedule_status, work_station_id)
      SELECT 'WO' || g, (${sql.val(materials)}::bigint[])[1 + g % 3], 10, date '2020-01-01' + g / 5,
        date '2020-01-01' + g / 5 + 3, CASE WHEN g > 5950 THEN g % 4 ELSE 4 END,
        (${sql.val(stations)}::bigint[])[1 + g % 5]
      FROM generate_series(1, 6000) g`.execute(db);
    const process = await one(sql`INSERT INTO work_process (process_code, process_name) VALUES ('P', 'P')`);
    await sql`INSERT INTO work_report (work_order_id, step_no, process_id, report_date, good_qty, scrap_qty,
        rework_qty, work_minutes)
      SELECT o.id, 1, ${process}, o.plan_start + 1, 10, 0, 0, 60 FROM work_order o`.execute(db);
    await sql`ANALYZE work_order`.execute(db);
    await sql`ANALYZE work_report`.execute(db);
  });

  it('levels onto a station, and loads the stations, through the index of holding orders', async () => {
    expect(await plan(bookingsSql([stations[0]], 42))).toContain('ix_work_order_holding_station');
    expect(await plan(bookingsSql(stations))).toContain('ix_work_order_holding_station');
  });

  it('finds the Gantt’s orders by planned end', async () => {
    expect(await plan(ganttSql({ From: '2023-04-01', To: '2023-04-30' }))).toContain(
      'ix_work_order_plan_window',
    );
    expect(
      await plan(ganttSql({ From: '2023-04-01', To: '2023-04-30', Work_Station_ID: stations[1] })),
    ).toContain('ix_work_order_plan_window');
  });

  it('reads a window of days of the output report through the reports’ date index', async () => {
    const q = { KeyWord: '', From: '2023-03-01', To: '2023-03-31', Page: 1, PageSize: 20 };
    expect(await plan(outputSql(q))).toContain('ix_work_report_date');
  });

  it('finds the open orders of a material through the index of open orders', async () => {
    expect(await plan(onOrderSql([material]))).toContain('ix_work_order_open_material');
  });
});

/** Stands in EXPLAIN for the statement a service sends, so that the plan is the real statement's. */
const explaining: KyselyPlugin = {
  transformQuery: (args) => RawNode.create(['EXPLAIN ', ''], [args.node]),
  transformResult: async (args) => args.result,
};

describe('documents', () => {
  beforeAll(async () => {
    const db = t.engine.db;
    // most plans made by one planner; a few by a second one, and a few void whose numbers were taken again
    await sql`INSERT INTO produce_plan (list_no, plan_date, created_by, state)
      SELECT 'PP' || g, date '2020-01-01' + g / 5, CASE WHEN g % 500 = 0 THEN 2002 ELSE 2001 END, 1
      FROM generate_series(1, 6000) g`.execute(db);
    await sql`INSERT INTO produce_plan (list_no, plan_date, created_by, state)
      SELECT 'PP' || g, date '2020-01-01', 2001, 0 FROM generate_series(1, 6000, 100) g`.execute(db);
    await sql`ANALYZE produce_plan`.execute(db);
  });

  it('lists the documents of a user who sees only their own, or their department’s, by creator', async () => {
    const db = t.engine.db;
    const dept = await one(sql`INSERT INTO department (dept_code, dept_name) VALUES ('D', 'D')`);
    await sql`INSERT INTO users (id, user_account, user_name, dept_id) VALUES (2002, 'u2002', 'u', ${dept})`.execute(
      db,
    );
    await sql`ANALYZE users`.execute(db);
    const svc = t.engine.service('ProducePlan');
    const listPlan = async (data_authority: 1 | 2) => {
      const auth = { session: { user_id: 2002, dept_id: dept, data_authority }, grants: { isAdmin: false } };
      const scope = dataScope(svc.def, auth as unknown as Parameters<typeof dataScope>[1]);
      expect(scope).not.toBeNull();
      const { rows } = await svc.list(svc.parseQuery({}, SYSTEM_CONTEXT), db.withPlugin(explaining), scope);
      return rows.map((r) => Object.values(r)[0]).join('\n');
    };
    for (const authority of [1, 2] as const) {
      const p = await listPlan(authority);
      expect(p, `data authority ${authority}`).toContain('ix_produce_plan_created_by');
      expect(p, `data authority ${authority}`).not.toMatch(/Seq Scan on produce_plan/);
    }
  });

  it('finds a document to print or tag by its number through the unique index, void ones left out', async () => {
    const def = t.engine.registry.get('ProducePlan');
    const byNumber = idsByNumberSql(def, ['PP101']);
    if (!byNumber) throw new Error('ProducePlan numbers its documents');
    expect(await plan(byNumber)).toContain('ux_produce_plan_list_no');
    // PP101 is there twice: void, and taken again
    const { rows } = await byNumber.execute(t.engine.db);
    expect(rows).toHaveLength(1);
  });
});
