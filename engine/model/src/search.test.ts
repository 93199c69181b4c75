import { describe, expect, it } from 'vitest';
import { defineEntity, textSearchFields } from './entity';
import { int, ref, text } from './fields';
import { defineModule, Registry } from './module';
import { listQuerySchema } from './schema';

const l = (s: string) => ({ zh: s, en: s });
const part = defineEntity({
  name: 'Part',
  label: l('Part'),
  kind: 'master',
  fields: { Part_No: text(l('No.')), Part_Name: text(l('Name')), Weight: int(l('Weight')) },
  display: 'Part_Name',
});
const move = defineEntity({
  name: 'Move',
  label: l('Move'),
  kind: 'log',
  fields: { Doc_NO: text(l('Doc')), Part_ID: ref(l('Part'), 'Part', 'Part_Name') },
  display: 'Doc_NO',
  list: { search: ['Doc_NO', 'Part_ID'] },
  scopes: { Standing: l('Standing') },
});
const registry = (...entities: Parameters<typeof defineModule>[0]['entities']) =>
  new Registry([defineModule({ code: 't', label: l('t'), order: 1, entities, menu: [] })]);

describe('list search and scopes', () => {
  it('a reference may be searched: it matches the referenced entity’s own text search fields', () => {
    expect(move.list.search).toEqual(['Doc_NO', 'Part_ID']);
    expect(textSearchFields(part)).toEqual(['Part_No', 'Part_Name']);
    expect(() => registry(part, move)).not.toThrow();
  });

  it('refuses a search field that is neither text nor a reference, or not a field', () => {
    for (const search of [['Weight'], ['Nope']])
      expect(() => defineEntity({ ...partInput(), list: { search: search as never } })).toThrow(
        /search field/,
      );
  });

  it('refuses a searched reference to an entity that searches no text field', () => {
    const bare = defineEntity({
      name: 'Bare',
      label: l('Bare'),
      kind: 'master',
      fields: { Weight: int(l('Weight')) },
      display: 'Weight',
    });
    const pointer = defineEntity({
      name: 'Pointer',
      label: l('Pointer'),
      kind: 'master',
      fields: { Bare_ID: ref(l('Bare'), 'Bare', 'Weight') },
      display: 'Bare_ID',
      list: { search: ['Bare_ID'] },
    });
    expect(() => registry(bare, pointer)).toThrow(/searches no text field/);
  });

  it('a scope is a true/false filter of the list query; its name is its own', () => {
    const q = listQuerySchema(move);
    expect(q.parse({ Standing: 'true' }).filters).toEqual([{ field: 'Standing', op: 'eq', value: true }]);
    expect(q.parse({ Standing: 'false' }).filters).toEqual([{ field: 'Standing', op: 'eq', value: false }]);
    expect(q.safeParse({ Standing: 'yes' }).success).toBe(false);
    expect(q.safeParse({ Standing__ne: 'true' }).success).toBe(false);
    expect(() => defineEntity({ ...partInput(), scopes: { Part_No: l('x') } })).toThrow(/scope/);
    expect(() => defineEntity({ ...partInput(), scopes: { lower: l('x') } })).toThrow(/scope/);
  });
});

function partInput() {
  return {
    name: 'Part2',
    label: l('Part'),
    kind: 'master' as const,
    fields: { Part_No: text(l('No.')), Weight: int(l('Weight')) },
    display: 'Part_No' as const,
  };
}
