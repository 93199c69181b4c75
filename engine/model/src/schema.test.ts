import { describe, expect, it } from 'vitest';
import { defineEntity } from './entity';
import { bool, date, decimal, enumOf, int, LEVELS, levelOf, options, ref, text } from './fields';
import { createSchema, listQuerySchema, updateSchema } from './schema';

const item = defineEntity({
  name: 'Item',
  label: { zh: '物品', en: 'Item' },
  kind: 'document',
  fields: {
    List_NO: text({ zh: '单号', en: 'No.' }, { max: 30, readOnly: true }),
    Item_Name: text({ zh: '名称', en: 'Name' }, { max: 10, required: true }),
    Qty: decimal({ zh: '数量', en: 'Qty' }, { precision: 10, scale: 2 }),
    Count: int({ zh: '件数', en: 'Count' }, { min: 0 }),
    Ok: bool({ zh: '合格', en: 'OK' }),
    Due: date({ zh: '日期', en: 'Date' }),
    Kind: enumOf({ zh: '类型', en: 'Kind' }, options([1, '甲', 'A'], [2, '乙', 'B'])),
    Owner_ID: ref({ zh: '负责人', en: 'Owner' }, 'Item', 'Item_Name'),
  },
  lines: {
    Rows: {
      label: { zh: '明细', en: 'Rows' },
      fields: { Note: text({ zh: '备注', en: 'Note' }, { required: true }) },
    },
  },
  display: 'Item_Name',
  features: {
    tags: true,
    customFields: true,
    numbering: { field: 'List_NO', prefix: 'IT', period: 'day', digits: 4 },
  },
});

describe('derived create schema', () => {
  const s = createSchema(item);
  it('accepts a valid record and normalises decimals and dates', () => {
    const r = s.parse({
      Item_Name: ' Bolt ',
      Qty: '001.50',
      Due: '2026/1/5',
      Kind: 2,
      Rows: [{ Note: 'x' }],
    });
    expect(r).toMatchObject({ Item_Name: 'Bolt', Qty: '1.5', Due: '2026-01-05', Kind: 2 });
  });
  it('refuses unknown fields, read-only fields and missing required ones', () => {
    expect(s.safeParse({ Item_Name: 'a', Nope: 1 }).success).toBe(false);
    expect(s.safeParse({ Item_Name: 'a', List_NO: 'X' }).success).toBe(false);
    expect(s.safeParse({}).success).toBe(false);
    expect(s.safeParse({ Item_Name: '   ' }).success).toBe(false);
  });
  it('refuses wrong types and out-of-range values', () => {
    for (const bad of [
      { Qty: 'abc' },
      { Qty: '123456789' },
      { Qty: '1.234' },
      { Count: 1.5 },
      { Count: '3' },
      { Count: -1 },
      { Ok: 'true' },
      { Due: '2026-02-30' },
      { Kind: 3 },
      { Owner_ID: 0 },
      { Item_Name: 'x'.repeat(11) },
      { Rows: [{}] },
      { Tag_Value: '1,a' },
      { Extension_Field1: 'x'.repeat(501) },
    ])
      expect(s.safeParse({ Item_Name: 'a', ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
  it('accepts numbers for decimals but not floats that lose precision', () => {
    expect(s.parse({ Item_Name: 'a', Qty: 2.25 }).Qty).toBe('2.25');
    expect(s.safeParse({ Item_Name: 'a', Qty: 0.1 + 0.2 }).success).toBe(false);
  });
});

describe('derived update schema', () => {
  const s = updateSchema(item);
  it('needs the key and version, everything else optional', () => {
    expect(s.safeParse({ ID: 1, Version: 1 }).success).toBe(true);
    expect(s.safeParse({ ID: 1 }).success).toBe(false);
    expect(s.safeParse({ Version: 1 }).success).toBe(false);
    expect(s.safeParse({ ID: 1, Version: 1, Item_Name: '' }).success).toBe(false);
  });
});

describe('derived list query schema', () => {
  const s = listQuerySchema(item);
  it('parses paging, sort and filters from query text', () => {
    const q = s.parse({
      Page: '2',
      PageSize: '50',
      Sort: '-Qty',
      Kind: '1',
      Qty__gte: '3',
      Count__in: '1,2',
      Due__null: 'true',
    });
    expect(q.Page).toBe(2);
    expect(q.PageSize).toBe(50);
    expect(q.Sort).toEqual({ field: 'Qty', desc: true });
    expect(q.filters).toContainEqual({ field: 'Kind', op: 'eq', value: 1 });
    expect(q.filters).toContainEqual({ field: 'Qty', op: 'gte', value: '3' });
    expect(q.filters).toContainEqual({ field: 'Count', op: 'in', value: [1, 2] });
    expect(q.filters).toContainEqual({ field: 'Due', op: 'null', value: true });
  });
  it('defaults and bounds', () => {
    expect(s.parse({})).toMatchObject({ Page: 1, PageSize: 20, Sort: { field: 'ID', desc: true } });
    for (const bad of [
      { PageSize: '-1' },
      { PageSize: '501' },
      { Page: '0' },
      { Sort: 'Secret' },
      { Sort: 'Item_Name; DROP TABLE x' },
      { Count: '1 OR 1=1' },
      { Nope: '1' },
      { Kind__regex: 'x' },
    ])
      expect(s.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('filter values shared between lists', () => {
  // a second entity whose fields have the same kinds with other bounds: the shared schemas must
  // still hold each field to its own (text length, decimal places)
  const other = defineEntity({
    name: 'Other',
    label: { zh: '其他', en: 'Other' },
    kind: 'master',
    fields: {
      Item_Name: text({ zh: '名称', en: 'Name' }, { max: 40 }),
      Qty: decimal({ zh: '数量', en: 'Qty' }, { precision: 10, scale: 4 }),
      Count: int({ zh: '件数', en: 'Count' }),
    },
    display: 'Item_Name',
  });
  const mine = listQuerySchema(item);
  const theirs = listQuerySchema(other);
  it('holds each field to its own bounds', () => {
    const name = 'x'.repeat(20);
    expect(mine.safeParse({ Item_Name: name }).success).toBe(false);
    expect(theirs.safeParse({ Item_Name: name }).success).toBe(true);
    expect(mine.safeParse({ Item_Name: 'x'.repeat(10) }).success).toBe(true);
    expect(theirs.safeParse({ Item_Name: 'x'.repeat(41) }).success).toBe(false);
    expect(mine.safeParse({ Qty: '1.123' }).success).toBe(false);
    expect(theirs.parse({ Qty: '1.123' }).filters).toEqual([{ field: 'Qty', op: 'eq', value: '1.123' }]);
  });
  it('builds one schema per kind of value, not per field and list', () => {
    const shape = (s: typeof mine) =>
      (s as unknown as { def: { in: { shape: Record<string, unknown> } } }).def.in.shape;
    expect(shape(mine).Count__in).toBe(shape(theirs).Count__in);
    expect(shape(mine).Count__gte).toBe(shape(mine).Kind__gte);
    // references are bigint columns, whole numbers and options integer ones
    expect(shape(mine).Count__gte).not.toBe(shape(mine).Owner_ID__gte);
    expect(shape(mine).Qty).not.toBe(shape(theirs).Qty);
  });
});

describe('the level select', () => {
  const graded = defineEntity({
    name: 'Graded',
    label: { zh: '分级', en: 'Graded' },
    kind: 'master',
    key: 'Graded_ID',
    fields: {
      Name: text({ zh: '名称', en: 'Name' }, { max: 20 }),
      Grade: levelOf({ zh: '等级', en: 'Level' }),
    },
    display: 'Name',
  });

  it('offers 1 to 4 and refuses anything else', () => {
    expect(LEVELS.map((o) => o.value)).toEqual([1, 2, 3, 4]);
    const s = createSchema(graded);
    expect(s.safeParse({ Name: 'a', Grade: 4 }).success).toBe(true);
    expect(s.safeParse({ Name: 'a', Grade: 1 }).success).toBe(true);
    for (const bad of [0, 5, 2.5, '3'])
      expect(s.safeParse({ Name: 'a', Grade: bad }).success, String(bad)).toBe(false);
  });
});

/** Values that passed every check and then failed in PostgreSQL, a 500 (issue 24, item 7). */
describe('what a column cannot hold is refused before the statement', () => {
  const create = createSchema(item);
  const query = listQuerySchema(item);
  const key = (r: { error?: { issues: readonly object[] } }) =>
    (r.error?.issues[0] as { params?: { key?: string } } | undefined)?.params?.key;
  it('text with a NUL, in a field, a custom field, a filter or the keyword', () => {
    expect(key(create.safeParse({ Item_Name: 'a\u0000b' }))).toBe('text_nul');
    expect(key(create.safeParse({ Item_Name: 'a', Extension_Field1: '\u0000' }))).toBe('text_nul');
    for (const q of [{ Item_Name: '\u0000' }, { Item_Name__like: 'a\u0000' }, { KeyWord: '\u0000' }])
      expect(key(query.safeParse(q)), JSON.stringify(q)).toBe('text_nul');
    expect(create.safeParse({ Item_Name: 'a\u0001b' }).success).toBe(true);
  });
  it('whole numbers beyond an integer column in filters, references up to bigint', () => {
    for (const q of [{ Count: '2147483648' }, { Count__gte: '-2147483649' }, { State: '99999999999' }])
      expect(query.safeParse(q).success, JSON.stringify(q)).toBe(false);
    expect(query.safeParse({ Count: '2147483647', Kind__in: '1,2' }).success).toBe(true);
    expect(query.safeParse({ Owner_ID: '99999999999' }).success).toBe(true);
  });
  it('dates and times outside the years 1900 to 9999', () => {
    for (const Due of ['0000-01-01', '1899-12-31'])
      expect(key(create.safeParse({ Item_Name: 'a', Due })), Due).toBe('date_range');
    expect(create.safeParse({ Item_Name: 'a', Due: '99999-01-01' }).success).toBe(false);
    expect(create.safeParse({ Item_Name: 'a', Due: '1900-01-01' }).success).toBe(true);
    expect(create.safeParse({ Item_Name: 'a', Due: '9999-12-31' }).success).toBe(true);
    expect(query.safeParse({ Due__gte: '0000-01-01' }).success).toBe(false);
    expect(query.safeParse({ Created_At__gte: '0000-01-01T00:00:00Z' }).success).toBe(false);
    expect(query.safeParse({ Created_At__gte: '2024-05-01T08:00:00+08:00' }).success).toBe(true);
  });
  it('an empty yes/no (a NOT NULL column) is its default, as when left out', () => {
    expect(create.parse({ Item_Name: 'a', Ok: null }).Ok).toBe(false);
    expect(updateSchema(item).parse({ ID: 1, Version: 1, Ok: null }).Ok).toBe(false);
    expect(create.safeParse({ Item_Name: 'a', Ok: 'yes' }).success).toBe(false);
  });
  it('a version beyond its integer column', () => {
    expect(updateSchema(item).safeParse({ ID: 1, Version: 2 ** 31 }).success).toBe(false);
  });
});
