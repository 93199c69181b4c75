import { defineModule, engineModule, Registry } from '@mes/model';
import { describe, expect, it } from 'vitest';
import { PLANNED_MODULES } from '../catalogue';
import { systemModule } from '../index';
import { buttonsFor, menuRows } from './menus';

const registry = new Registry([engineModule, ...PLANNED_MODULES, systemModule]);

describe('menuRows', () => {
  const rows = menuRows(registry.modules, registry);
  it('builds three levels with unique codes and parents that exist', () => {
    const codes = new Set(rows.map((r) => r.code));
    expect(codes.size).toBe(rows.length);
    for (const r of rows) {
      if (r.type === 1) expect(r.parent).toBeNull();
      else expect(rows.find((p) => p.code === r.parent)?.type, r.code).toBe(r.type - 1);
    }
  });
  it('lets a built module override the catalogue by code', () => {
    const setting = rows.filter((r) => r.code === 'setting');
    expect(setting).toHaveLength(1);
    expect(rows.find((r) => r.code === 'setting.factory')).toMatchObject({
      route: '/setting/factory',
      entity: 'Factory',
    });
    expect(rows.find((r) => r.code === 'setting.barcode')?.entity).toBe('BarcodeTemplate');
    expect(rows.find((r) => r.code === 'finance.payable')?.entity).toBeNull();
  });
  it('refuses a code used at two levels', () => {
    const bad = defineModule({
      code: 'x',
      label: { zh: 'x', en: 'x' },
      order: 1,
      entities: [],
      menu: [
        {
          code: 'x.a',
          label: { zh: 'a', en: 'a' },
          pages: [{ code: 'x.a', label: { zh: 'a', en: 'a' }, path: '/x/a' }],
        },
      ],
    });
    expect(() => menuRows([bad], registry)).toThrow(/two levels/);
  });
  it('lets a group join another module and sorts it there', () => {
    const host = defineModule({ code: 'h', label: { zh: 'h', en: 'h' }, order: 7, entities: [], menu: [] });
    const guest = defineModule({
      code: 'g',
      label: { zh: 'g', en: 'g' },
      order: 2,
      entities: [],
      menu: [
        {
          code: 'h.extra',
          module: 'h',
          order: 3,
          label: { zh: 'e', en: 'e' },
          pages: [{ code: 'h.extra.p', label: { zh: 'p', en: 'p' }, path: '/h/p' }],
        },
      ],
    });
    const out = menuRows([host, guest], registry);
    expect(out.find((r) => r.code === 'h.extra')).toMatchObject({ parent: 'h', ser: 704 });
    expect(out.find((r) => r.code === 'h.extra.p')).toMatchObject({ parent: 'h.extra', ser: 70401 });
  });
  it('offers buttons by entity kind', () => {
    expect(buttonsFor(registry.get('Factory'))).toEqual([
      'add',
      'edit',
      'delete',
      'export',
      'import',
      'print',
      'config',
    ]);
    expect(buttonsFor(registry.get('OperationLog'))).toEqual(['export']);
    expect(buttonsFor(undefined)).toEqual([]);
  });
});
