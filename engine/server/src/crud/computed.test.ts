import { decimal, defineEntity, defineModule, engineModule, text } from '@mes/model';
import { both, pricedLines } from '@mes/model/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_CONTEXT } from '../context';
import type { Database } from '../db';
import { Engine } from '../engine';
import { AppError } from '../errors';
import { defineHooks } from '../hooks';
import { applyRegistrySchema, openTestDatabase } from '../testing';

const l = both;

/** Line amount = quantity × price and totals over the lines, declared, with no hook computing them. */
const bill = defineEntity({
  name: 'CBill',
  label: l('Bill'),
  kind: 'document',
  fields: {
    Remark: text(l('Remark')),
    Total_Qty: decimal(l('Total qty'), { readOnly: true, compute: { sum: ['Lines', 'Qty'] } }),
    Total_Amount: decimal(l('Total'), { scale: 2, readOnly: true, compute: { sum: ['Lines', 'Amount'] } }),
  },
  lines: pricedLines(),
  display: 'Remark',
});

/** A record whose own fields multiply (a BOM node's amount), updated a field at a time. */
const item = defineEntity({
  name: 'CItem',
  label: l('Item'),
  kind: 'master',
  fields: {
    Name: text(l('Name'), { required: true }),
    Qty: decimal(l('Qty')),
    Price: decimal(l('Price')),
    Amount: decimal(l('Amount'), { readOnly: true, compute: { product: ['Qty', 'Price'] } }),
  },
  display: 'Name',
});

const standIns = ['Factory', 'Department', 'Job'].map((name) =>
  defineEntity({ name, label: l(name), kind: 'master', fields: { N: text(l('n')) }, display: 'N' }),
);

const seen: unknown[] = [];
const billHooks = defineHooks(bill, {
  beforeSave(_c, data) {
    seen.push(data.Total_Amount);
  },
});

let database: Database;
let engine: Engine;
beforeAll(async () => {
  database = await openTestDatabase();
  engine = new Engine(
    [
      { manifest: engineModule },
      {
        manifest: defineModule({
          code: 'c',
          label: l('c'),
          order: 1,
          entities: [bill, item, ...standIns],
          menu: [],
        }),
        hooks: [billHooks],
      },
    ],
    database.db,
  );
  await applyRegistrySchema(database, engine.registry);
});
afterAll(async () => {
  await database?.close();
});

describe('declared computations on save', () => {
  it('stores line amounts and totals before the hook sees the record, and again when lines change', async () => {
    const svc = engine.service('CBill');
    seen.length = 0;
    const doc = await svc.insert(
      {
        Lines: [
          { Qty: '3', Unit_Price: '2.105' },
          { Qty: '1.5', Unit_Price: null },
        ],
      },
      SYSTEM_CONTEXT,
    );
    expect(seen).toEqual(['6.32']);
    expect((doc.Lines as { Amount: unknown }[]).map((x) => x.Amount)).toEqual(['6.32', null]);
    expect([doc.Total_Qty, doc.Total_Amount]).toEqual(['4.5', '6.32']);
    // a client cannot set them
    await expect(
      svc.insert({ Total_Amount: '1', Lines: [{ Qty: '1', Unit_Price: '1' }] }, SYSTEM_CONTEXT),
    ).rejects.toThrow();

    const remark = await svc.modify({ ID: doc.ID, Version: 1, Remark: 'x' }, SYSTEM_CONTEXT);
    expect(remark.Total_Amount).toBe('6.32');
    const upd = await svc.modify(
      { ID: doc.ID, Version: 2, Lines: [{ Qty: '10', Unit_Price: '0.333' }] },
      SYSTEM_CONTEXT,
    );
    expect((upd.Lines as { Amount: unknown }[])[0].Amount).toBe('3.33');
    expect([upd.Total_Qty, upd.Total_Amount]).toEqual(['10', '3.33']);
  });

  it('multiplies the stored factor by the one an update changes', async () => {
    const svc = engine.service('CItem');
    const it = await svc.insert({ Name: 'a', Qty: '2', Price: '1.5' }, SYSTEM_CONTEXT);
    expect(it.Amount).toBe('3');
    const upd = await svc.modify({ ID: it.ID, Version: 1, Price: '4' }, SYSTEM_CONTEXT);
    expect(upd.Amount).toBe('8');
    const cleared = await svc.modify({ ID: it.ID, Version: 2, Qty: null }, SYSTEM_CONTEXT);
    expect(cleared.Amount).toBeNull();
  });

  it('refuses a result too large for its column as the input, and stores nothing', async () => {
    const svc = engine.service('CItem');
    const big = '99999999999999';
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e,
      );
    // each factor fits numeric(18,4); their product does not (PostgreSQL's 22003 was a 500)
    const e = await refused(svc.insert({ Name: 'big', Qty: big, Price: big }, SYSTEM_CONTEXT));
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    expect((e as AppError).text('zh')).toBe('Amount(Amount)：最多 14 位整数、4 位小数');
    const it = await svc.insert({ Name: 'ok', Qty: '2', Price: '3' }, SYSTEM_CONTEXT);
    const upd = await refused(svc.modify({ ID: it.ID, Version: 1, Price: big, Qty: big }, SYSTEM_CONTEXT));
    expect((upd as AppError).status).toBe(400);
    expect((await svc.get(it.ID as number))?.Version).toBe(1);
    // a sum over lines too: each line fits numeric(18,2), their total does not
    const bills = engine.service('CBill');
    const line = { Qty: '99999999999999', Unit_Price: '99' };
    const sum = await refused(
      bills.insert({ Lines: Array.from({ length: 12 }, () => line) }, SYSTEM_CONTEXT),
    );
    expect((sum as AppError).status).toBe(400);
    expect(
      (await bills.list({ Page: 1, PageSize: 1, Sort: { field: 'ID', desc: false }, filters: [] })).paging
        .TotalCount,
    ).toBe(1);
  });
});
