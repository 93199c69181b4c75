import { describe, expect, it } from 'vitest';
import { codeFieldOf, defineEntity, detailFieldOf } from './entity';
import { text } from './fields';

const base = { label: { zh: '物料', en: 'Materials' }, kind: 'master' as const };

describe('how pickers name a record', () => {
  it('finds the code: a unique text field other than the display, and a model field as detail', () => {
    const m = defineEntity({
      ...base,
      name: 'Mat',
      fields: {
        Mat_Name: text({ zh: '名称', en: 'Name' }, { unique: true }),
        Mat_Number: text({ zh: '编码', en: 'Number' }, { unique: true }),
        Mat_Model: text({ zh: '规格型号', en: 'Model' }),
      },
      display: 'Mat_Name',
    });
    expect(codeFieldOf(m)).toBe('Mat_Number');
    expect(detailFieldOf(m)).toBe('Mat_Model');
  });

  it('prefers the numbering field, and leaves out what the entity does not have', () => {
    const d = defineEntity({
      ...base,
      name: 'Doc',
      kind: 'document',
      fields: { Doc_NO: text({ zh: '单号', en: 'No.' }), Title: text({ zh: '标题', en: 'Title' }) },
      display: 'Title',
      features: { numbering: { field: 'Doc_NO', prefix: 'D', period: 'none', digits: 4 } },
    });
    expect(codeFieldOf(d)).toBe('Doc_NO');
    expect(detailFieldOf(d)).toBeUndefined();
    const plain = defineEntity({
      ...base,
      name: 'Job',
      fields: { Job_Name: text({ zh: '名称', en: 'Name' }, { unique: true }) },
      display: 'Job_Name',
    });
    expect(codeFieldOf(plain)).toBeUndefined();
  });

  it('follows the declaration, false switching a part off', () => {
    const e = defineEntity({
      ...base,
      name: 'Box',
      fields: {
        Box_Code: text({ zh: '编码', en: 'Code' }, { unique: true }),
        Box_Name: text({ zh: '名称', en: 'Name' }),
        Box_Size: text({ zh: '尺寸', en: 'Size' }),
      },
      display: 'Box_Name',
      naming: { code: false, detail: 'Box_Size' },
    });
    expect(codeFieldOf(e)).toBeUndefined();
    expect(detailFieldOf(e)).toBe('Box_Size');
    expect(() =>
      defineEntity({ ...base, name: 'X', fields: {}, display: 'X' as never, naming: { code: 'Nope' } }),
    ).toThrow(/naming field Nope/);
  });
});
