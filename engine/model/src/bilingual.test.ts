import { describe, expect, it } from 'vitest';
import { defineEntity } from './entity';
import { type FieldDef, localText, ref, refShown, text } from './fields';

const unit = defineEntity({
  name: 'Unit',
  label: { zh: '单位', en: 'Unit' },
  kind: 'master',
  fields: {
    Unit_Code: text({ zh: '编码', en: 'Code' }, { max: 20 }),
    Unit_Name: text({ zh: '名称', en: 'Name' }, { max: 30, required: true, bilingual: true }),
  },
  lines: {
    Items: {
      label: { zh: '项', en: 'Items' },
      fields: { Item_Name: text({ zh: '名称', en: 'Name' }, { max: 50, bilingual: true }) },
    },
  },
  display: 'Unit_Name',
  list: { search: ['Unit_Code', 'Unit_Name'] },
});

describe('bilingual text fields', () => {
  it('bring an optional English companion, in the entity and its lines, searched with the Chinese', () => {
    // the companion is added by defineEntity, not typed by the declaration
    const fields: Record<string, FieldDef> = unit.fields;
    expect(Object.keys(unit.fields)).toEqual(['Unit_Code', 'Unit_Name', 'Unit_Name_En']);
    expect(fields.Unit_Name_En).toMatchObject({
      kind: 'text',
      max: 30,
      hiddenInList: true,
      englishOf: 'Unit_Name',
    });
    expect((fields.Unit_Name_En as { required?: boolean }).required).toBeUndefined();
    expect(fields.Unit_Name_En.label).toEqual({ zh: '名称（英文）', en: 'Name (English)' });
    expect(Object.keys(unit.lines.Items.fields)).toEqual(['Item_Name', 'Item_Name_En']);
    expect(unit.list.search).toEqual(['Unit_Code', 'Unit_Name', 'Unit_Name_En']);
    expect(unit.list.columns).not.toContain('Unit_Name_En');
  });

  it('read in the reader language, Chinese when the English is missing', () => {
    expect(localText({ Unit_Name: '千克', Unit_Name_En: 'kg' }, 'Unit_Name', 'en')).toBe('kg');
    expect(localText({ Unit_Name: '千克', Unit_Name_En: 'kg' }, 'Unit_Name', 'zh')).toBe('千克');
    expect(localText({ Unit_Name: '千克', Unit_Name_En: '' }, 'Unit_Name', 'en')).toBe('千克');
    expect(localText({ Unit_Name: '千克', Unit_Name_En: null }, 'Unit_Name', 'en')).toBe('千克');
    const f = ref({ zh: '单位', en: 'Unit' }, 'Unit', 'Unit_Name');
    const row = { Unit_ID: 3, Unit_Name: '千克', Unit_Name_En: 'kg' };
    expect(refShown('Unit_ID', f, row, 'en')).toBe('kg');
    expect(refShown('Unit_ID', f, row, 'zh')).toBe('千克');
    expect(refShown('Unit_ID', f, row)).toBe('千克');
  });

  it('refuses a companion declared by hand as well', () => {
    expect(() =>
      defineEntity({
        name: 'Twice',
        label: { zh: '重', en: 'Twice' },
        kind: 'master',
        fields: {
          Name: text({ zh: '名', en: 'Name' }, { max: 9, bilingual: true }),
          Name_En: text({ zh: '英', en: 'En' }, { max: 9 }),
        },
        display: 'Name',
      }),
    ).toThrow(/Name_En is declared twice/);
  });
});
