import { describe, expect, it } from 'vitest';
import { ref, refShown, shownName } from './fields';

describe('a reference as people read it', () => {
  const f = ref({ zh: '库位', en: 'Location' }, 'Location', 'Location_Name');

  it('reads "code name", with the place it belongs to first', () => {
    const row = {
      Location_ID: 3,
      Location_Name: '货架A01',
      Location_Code: 'A-01',
      Location_Within: '原料仓',
    };
    expect(refShown('Location_ID', f, row)).toBe('原料仓 / A-01 货架A01');
    expect(refShown('Location_ID', f, { ...row, Location_Within: null })).toBe('A-01 货架A01');
    expect(refShown('Location_ID', f, { Location_Name: '货架A01' })).toBe('货架A01');
  });

  it('names a record once when its code is its name, and nothing when it has no name', () => {
    expect(shownName({ code: 'KG', name: 'KG' })).toBe('KG');
    expect(shownName({ name: null, within: '原料仓' })).toBe('');
    expect(shownName({ code: 'WH01', name: '原料仓' })).toBe('WH01 原料仓');
  });
});
