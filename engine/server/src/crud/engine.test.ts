import {
  addDecimal,
  decimal,
  defineEntity,
  defineModule,
  engineModule,
  int,
  mulDecimal,
  ref,
  text,
} from '@mes/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_CONTEXT } from '../context';
import type { Database } from '../db';
import { Engine } from '../engine';
import { AppError } from '../errors';
import { defineHooks } from '../hooks';
import { applyRegistrySchema, openTestDatabase } from '../testing';

const l = (s: string) => ({ zh: s, en: s });
const node = defineEntity({
  name: 'Node',
  label: l('Node'),
  kind: 'master',
  fields: { Name: text(l('Name'), { required: true }), Parent_ID: ref(l('Parent'), 'Node', 'Name') },
  display: 'Name',
  tree: { parent: 'Parent_ID' },
});
const order = defineEntity({
  name: 'TestOrder',
  label: { zh: '测试单', en: 'Test order' },
  kind: 'document',
  fields: {
    List_NO: text(l('No.'), { max: 30, readOnly: true, unique: true }),
    Node_ID: ref(l('Node'), 'Node', 'Name'),
    Total: decimal(l('Total'), { readOnly: true }),
  },
  lines: {
    Lines: {
      label: l('Lines'),
      fields: {
        Qty: decimal(l('Qty'), { required: true, min: '0.0001' }),
        Price: decimal(l('Price'), { required: true }),
        Seq: int(l('Seq')),
        Part_ID: ref(l('Part'), 'Node', 'Name'),
      },
    },
  },
  display: 'List_NO',
  // the keyword finds an order by its node's name too
  list: { search: ['List_NO', 'Node_ID'] },
  scopes: { Has_Node: l('Has node') },
  features: { numbering: { field: 'List_NO', prefix: 'TO', period: 'day', digits: 4 } },
});

/** The engine's own Users links to these; minimal stand-ins keep this test free of business modules. */
const standIns = [
  defineEntity({
    name: 'Factory',
    label: l('F'),
    kind: 'master',
    fields: { Factory_Name: text(l('n')) },
    display: 'Factory_Name',
  }),
  defineEntity({
    name: 'Department',
    label: l('D'),
    kind: 'master',
    fields: { Dept_Name: text(l('n')) },
    display: 'Dept_Name',
  }),
  defineEntity({
    name: 'Job',
    label: l('J'),
    kind: 'master',
    fields: { Job_Name: text(l('n')) },
    display: 'Job_Name',
  }),
];

let failAfterSave = false;
const calls: string[] = [];
const hooks = defineHooks(order, {
  validate(_c, data) {
    calls.push('validate');
    if (Array.isArray(data.Lines) && data.Lines.length === 0)
      throw new AppError('validation', { field: 'Lines', reason: 'empty' });
  },
  beforeSave(_c, data) {
    calls.push('beforeSave');
    // computed field: exact sum of qty × price
    const lines = (data.Lines as { Qty: string; Price: string }[] | undefined) ?? [];
    if (data.Lines)
      data.Total = lines.reduce((sum, x) => addDecimal(sum, mulDecimal(x.Qty, x.Price, 4)), '0');
  },
  afterSave() {
    calls.push('afterSave');
    if (failAfterSave) throw new Error('the save fails after it was numbered');
  },
  scopes: { Has_Node: sql<boolean>`t.node_id IS NOT NULL` },
});

let database: Database;
let engine: Engine;
beforeAll(async () => {
  database = await openTestDatabase();
  const mods = [
    { manifest: engineModule },
    {
      manifest: defineModule({
        code: 't',
        label: l('t'),
        order: 1,
        entities: [node, order, ...standIns],
        menu: [],
      }),
      hooks: [hooks],
    },
  ];
  engine = new Engine(mods, database.db);
  await applyRegistrySchema(database, engine.registry);
});
afterAll(async () => {
  await database?.close();
});

describe('documents', () => {
  it('numbers documents from the series, runs hooks in order, computes fields', async () => {
    calls.length = 0;
    const svc = engine.service('TestOrder');
    const doc = await svc.insert(
      {
        Lines: [
          { Qty: '2', Price: '3.10' },
          { Qty: '1.5', Price: '2' },
        ],
      },
      SYSTEM_CONTEXT,
    );
    expect(calls).toEqual(['validate', 'beforeSave', 'afterSave']);
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(doc.List_NO).toMatch(new RegExp(`^TO${day}\\d{4}$`));
    expect(doc.Total).toBe('9.2');
    expect(doc.State).toBe(1);
    expect((doc.Lines as unknown[]).length).toBe(2);
    // the log row, written in the numbering statement, names the number given, not the stand-in
    const { rows } = await sql<{ content: string }>`SELECT content FROM operation_log
      WHERE entity_name = 'TestOrder' AND record_id = ${doc.ID} AND verb = 'add'`.execute(engine.db);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].content).List_NO).toBe(doc.List_NO);
  });

  it('gives unique numbers to concurrent documents', async () => {
    const svc = engine.service('TestOrder');
    const docs = await Promise.all(
      Array.from({ length: 20 }, () => svc.insert({ Lines: [{ Qty: '1', Price: '1' }] }, SYSTEM_CONTEXT)),
    );
    const numbers = docs.map((d) => String(d.List_NO));
    expect(new Set(numbers).size).toBe(20);
    // and without gaps: the stored numbers are the returned ones, twenty in a row
    const seq = numbers.map((n) => Number(n.slice(-4))).sort((a, b) => a - b);
    expect(seq.at(-1)! - seq[0]).toBe(19);
    const { rows } = await sql<{ list_no: string }>`SELECT list_no FROM ${sql.table(svc.def.table)}
      WHERE id IN (${sql.join(docs.map((d) => d.ID))}) ORDER BY list_no`.execute(engine.db);
    expect(rows.map((r) => r.list_no)).toEqual([...numbers].sort());
  });

  it('gives the number of a save that fails back to the series', async () => {
    const svc = engine.service('TestOrder');
    const one = { Lines: [{ Qty: '1', Price: '1' }] };
    const a = String((await svc.insert(one, SYSTEM_CONTEXT)).List_NO);
    failAfterSave = true;
    await expect(svc.insert(one, SYSTEM_CONTEXT)).rejects.toThrow();
    failAfterSave = false;
    const b = String((await svc.insert(one, SYSTEM_CONTEXT)).List_NO);
    expect(Number(b.slice(-4))).toBe(Number(a.slice(-4)) + 1);
  });

  it('starts counting again in a new period, and follows the period set on the series', async () => {
    const svc = engine.service('TestOrder');
    const one = { Lines: [{ Qty: '1', Price: '1' }] };
    const month = new Date().toISOString().slice(0, 7).replace('-', '');
    const { rows } = await sql<{ current_period: string; current_value: number }>`SELECT current_period,
      current_value FROM numbering_series WHERE series_code = 'TestOrder'`.execute(engine.db);
    // monthly numbers, last given in January 2000: this month starts again at 1
    await sql`UPDATE numbering_series SET period = 2, current_period = '200001', current_value = 41
      WHERE series_code = 'TestOrder'`.execute(engine.db);
    expect((await svc.insert(one, SYSTEM_CONTEXT)).List_NO).toBe(`TO${month}0001`);
    expect((await svc.insert(one, SYSTEM_CONTEXT)).List_NO).toBe(`TO${month}0002`);
    await sql`UPDATE numbering_series SET period = 3, current_period = ${rows[0].current_period},
      current_value = ${rows[0].current_value} WHERE series_code = 'TestOrder'`.execute(engine.db);
  });

  it('replaces lines on update and voids instead of deleting', async () => {
    const svc = engine.service('TestOrder');
    const doc = await svc.insert({ Lines: [{ Qty: '1', Price: '1' }] }, SYSTEM_CONTEXT);
    const id = doc.ID as number;
    const upd = await svc.modify(
      { ID: id, Version: 1, Lines: [{ Qty: '4', Price: '2.5', Seq: 1 }] },
      SYSTEM_CONTEXT,
    );
    expect(upd.Lines).toHaveLength(1);
    expect(upd.Lines).toMatchObject([{ Qty: '4', Price: '2.5', Seq: 1, Part_ID: null }]);
    expect(upd.Total).toBe('10');
    await expect(svc.modify({ ID: id, Version: 2, Lines: [] }, SYSTEM_CONTEXT)).rejects.toThrow(AppError);
    await svc.remove(id, SYSTEM_CONTEXT);
    const voided = await svc.mustGet(id);
    expect(voided.State).toBe(0);
    // a void document is neither listed by default nor editable
    const listed = await svc.list(svc.parseQuery({ ID: String(id) }, SYSTEM_CONTEXT));
    expect(listed.rows).toEqual([]);
    await expect(svc.modify({ ID: id, Version: 3 }, SYSTEM_CONTEXT)).rejects.toMatchObject({
      key: 'doc_not_draft',
    });
    await expect(svc.remove(id, SYSTEM_CONTEXT)).rejects.toMatchObject({ key: 'doc_not_draft' });
  });

  it('names what each line links to, and nothing for a line that links to nothing', async () => {
    const part = await engine.service('Node').insert({ Name: 'Bolt M6' }, SYSTEM_CONTEXT);
    const doc = await engine.service('TestOrder').insert(
      {
        Lines: [
          { Qty: '1', Price: '1', Part_ID: part.ID },
          { Qty: '2', Price: '1' },
        ],
      },
      SYSTEM_CONTEXT,
    );
    const read = await engine.service('TestOrder').mustGet(doc.ID as number);
    expect(read.Lines).toMatchObject([
      { Part_ID: part.ID, Part_Name: 'Bolt M6' },
      { Part_ID: null, Part_Name: null },
    ]);
  });

  it('refuses a link to a record that does not exist, naming the field', async () => {
    const svc = engine.service('TestOrder');
    const e = await svc.insert({ Node_ID: 999999, Lines: [] }, SYSTEM_CONTEXT).catch((x) => x);
    expect(e).toBeInstanceOf(AppError);
    const e2 = await svc
      .insert({ Node_ID: 999999, Lines: [{ Qty: '1', Price: '1' }] }, SYSTEM_CONTEXT)
      .catch((x) => x);
    expect(e2).toMatchObject({ key: 'ref_missing' });
    expect((e2 as AppError).text('en')).toContain('Node');
    // the record and its lines go in one statement: a line's bad link is still named as the line's
    const count = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_order`.execute(database.db)).rows[0].n;
    const before = await count();
    const e3 = await svc
      .insert({ Lines: [{ Qty: '1', Price: '1', Part_ID: 999999 }] }, SYSTEM_CONTEXT)
      .catch((x) => x);
    expect(e3).toMatchObject({ key: 'ref_missing', field: 'Lines.Part_ID' });
    expect((e3 as AppError).text('en')).toContain('Part');
    expect(await count()).toBe(before);
  });

  it('rolls back everything, log included, when a hook refuses', async () => {
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM operation_log`.execute(
      database.db,
    );
    await expect(engine.service('TestOrder').insert({ Lines: [] }, SYSTEM_CONTEXT)).rejects.toThrow();
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM operation_log`.execute(database.db);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('master data trees and references', () => {
  it('refuses a parent that is the record itself or below it', async () => {
    const svc = engine.service('Node');
    const a = await svc.insert({ Name: 'a' }, SYSTEM_CONTEXT);
    const b = await svc.insert({ Name: 'b', Parent_ID: a.ID }, SYSTEM_CONTEXT);
    const c = await svc.insert({ Name: 'c', Parent_ID: b.ID }, SYSTEM_CONTEXT);
    await expect(svc.modify({ ID: a.ID, Version: 1, Parent_ID: c.ID }, SYSTEM_CONTEXT)).rejects.toMatchObject(
      { key: 'tree_cycle' },
    );
    await expect(svc.modify({ ID: a.ID, Version: 1, Parent_ID: a.ID }, SYSTEM_CONTEXT)).rejects.toMatchObject(
      { key: 'tree_cycle' },
    );
    // referenced by a child node and by a document: not deletable, and the message names who uses it
    await engine
      .service('TestOrder')
      .insert({ Node_ID: c.ID, Lines: [{ Qty: '1', Price: '1' }] }, SYSTEM_CONTEXT);
    const e = await svc.remove(a.ID as number, SYSTEM_CONTEXT).catch((x) => x);
    expect(e).toMatchObject({ key: 'referenced' });
    expect((e as AppError).text('zh')).toBe('该记录已被「Node」引用，不能删除');
    const e2 = await svc.remove(c.ID as number, SYSTEM_CONTEXT).catch((x) => x);
    expect((e2 as AppError).text('zh')).toBe('该记录已被「测试单」引用，不能删除');
  });
});

describe('list keyword over references, and scopes', () => {
  it('a reference in the search matches the referenced record’s own search fields', async () => {
    const nodes = engine.service('Node');
    const orders = engine.service('TestOrder');
    const line = [{ Qty: '1', Price: '1' }];
    const alpha = await nodes.insert({ Name: 'Alpha_Kw' }, SYSTEM_CONTEXT);
    const beta = await nodes.insert({ Name: 'Beta_Kw' }, SYSTEM_CONTEXT);
    const a = await orders.insert({ Node_ID: alpha.ID, Lines: line }, SYSTEM_CONTEXT);
    const b = await orders.insert({ Node_ID: beta.ID, Lines: line }, SYSTEM_CONTEXT);
    const none = await orders.insert({ Lines: line }, SYSTEM_CONTEXT);
    const ids = async (query: Record<string, string>) =>
      (await orders.list(orders.parseQuery({ PageSize: '500', ...query }, SYSTEM_CONTEXT))).rows.map(
        (r) => r.ID,
      );
    expect(await ids({ KeyWord: 'alpha_kw' })).toEqual([a.ID]);
    expect(await ids({ KeyWord: '_kw' })).toEqual([b.ID, a.ID]);
    expect(await ids({ KeyWord: String(a.List_NO) })).toEqual([a.ID]);
    expect(await ids({ KeyWord: 'Gamma_Kw' })).toEqual([]);
    expect(await ids({ KeyWord: 'a%' })).toEqual([]);
    // a scope and its negation
    const withNode = await ids({ Has_Node: 'true' });
    expect(withNode).toEqual(expect.arrayContaining([a.ID, b.ID]));
    expect(withNode).not.toContain(none.ID);
    expect(await ids({ Has_Node: 'false' })).toContain(none.ID);
    expect(await ids({ Has_Node: 'false', KeyWord: '_kw' })).toEqual([]);
  });

  it('refuses a declared scope its hooks give no SQL for', () => {
    const bare = defineEntity({
      name: 'Bare',
      label: l('Bare'),
      kind: 'master',
      fields: { Name: text(l('Name')) },
      display: 'Name',
      scopes: { Odd: l('Odd') },
    });
    expect(
      () =>
        new Engine(
          [
            { manifest: engineModule },
            {
              manifest: defineModule({
                code: 'b',
                label: l('b'),
                order: 1,
                entities: [bare, ...standIns],
                menu: [],
              }),
            },
          ],
          database.db,
        ),
    ).toThrow(/scope Odd has no SQL/);
  });
});
