import type { HookContext } from '@mes/engine-server';
import { date, decimal, defineEntity, defineModule, text } from '@mes/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

/**
 * A posting hook that carries the approval (EntityHooks.carriesApproval): the document's state is
 * written by the hook's own statement, with the columns the posting changes, in one UPDATE.
 */
const given: Record<string, unknown>[] = [];
const ticket = defineEntity({
  name: 'TestTicket',
  label: { zh: '测试票据', en: 'Test ticket' },
  kind: 'document',
  menu: 'test.ticket',
  fields: {
    List_NO: text({ zh: '单号', en: 'No.' }, { max: 30, readOnly: true }),
    Posting_Date: date({ zh: '过账日期', en: 'Posting date' }),
    Amount: decimal({ zh: '金额', en: 'Amount' }),
    Mode: text({ zh: '方式', en: 'Mode' }, { max: 10 }),
  },
  display: 'List_NO',
  features: {
    approval: { dateField: 'Posting_Date' },
    numbering: { field: 'List_NO', prefix: 'TT', period: 'none', digits: 5 },
  },
});
const testModule = {
  manifest: defineModule({
    code: 'test',
    label: { zh: '测试', en: 'Test' },
    order: 99,
    entities: [ticket],
    menu: [
      {
        code: 'test.g',
        label: { zh: '测试', en: 'Test' },
        pages: [
          {
            code: 'test.ticket',
            label: { zh: '测试票据', en: 'Test ticket' },
            path: '/test/t',
            entity: 'TestTicket',
          },
        ],
      },
    ],
  }),
  hooks: [
    {
      entity: 'TestTicket',
      hooks: {
        carriesApproval: true,
        onApprove: async (c: HookContext, r: Record<string, unknown>) => {
          given.push({ ...r });
          if (r.Mode === 'forget') return;
          const writes = c.approval?.writes(r.Mode === 'double' ? { amount: '42' } : {}) ?? [];
          // one statement: the approval's writes as CTEs, as a posting sends them with its own
          await sql`WITH ${sql.join(writes.map((w, i) => sql`${sql.raw(`w${i}`)} AS (${w})`))} SELECT 1`.execute(
            c.tx,
          );
          if (r.Mode === 'double') return { ...r, Amount: '42' };
        },
      },
    },
  ],
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ extraModules: [testModule] });
});
afterAll(async () => t?.close());

type Doc = { ID: number; State: number; Amount: string; Version: number };
const newDoc = async (Mode: string) =>
  (await t.call<Doc>('POST', '/TestTicket', { Posting_Date: '2026-11-01', Amount: '100', Mode })).body.Data;
const histories = async (id: number) =>
  (
    await sql<{ n: number }>`SELECT count(*)::int AS n FROM approval_history
      WHERE entity_name = 'TestTicket' AND record_id = ${id}`.execute(t.engine.db)
  ).rows[0].n;

describe('a posting hook that carries the approval', () => {
  it('writes the state with the posting, answers the document as a read shows it, once', async () => {
    const d = await newDoc('double');
    const a = await t.call<Doc>('POST', '/TestTicket/Approve', { ID: d.ID });
    expect(a.body.Data).toMatchObject({ State: 3, Amount: '42', Version: d.Version + 1 });
    const read = await t.call<Doc>('GET', `/TestTicket/${d.ID}`);
    expect(a.body.Data).toEqual(read.body.Data);
    // the hook was given the record as approved
    expect(given.at(-1)).toMatchObject({ ID: d.ID, State: 3, Approve_Level: 1, Amount: '100' });
    expect(await histories(d.ID)).toBe(1);
    const again = await t.call('POST', '/TestTicket/Approve', { ID: d.ID });
    expect(again.status).toBe(409);
    expect(given.filter((g) => g.ID === d.ID)).toHaveLength(1);
  });

  it('a hook that does not write the approval fails it whole: the document stays a draft', async () => {
    const d = await newDoc('forget');
    const a = await t.call('POST', '/TestTicket/Approve', { ID: d.ID });
    expect(a.status).toBe(500);
    expect((await t.call<Doc>('GET', `/TestTicket/${d.ID}`)).body.Data).toMatchObject({
      State: 1,
      Version: d.Version,
    });
    expect(await histories(d.ID)).toBe(0);
  });
});
