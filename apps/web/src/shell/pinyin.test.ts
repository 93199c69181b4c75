import { beforeAll, describe, expect, it } from 'vitest';
import type { PageEntry } from './menu';
import { searchMenus } from './menu';
import { loadPinyin, matchesName, pinyinKeys } from './pinyin';

beforeAll(() => loadPinyin());

describe('pinyin matching', () => {
  it('derives full pinyin and initials without tones', () => {
    expect(pinyinKeys('库存管理')).toEqual({ full: 'kucunguanli', initials: 'kcgl' });
  });
  it('finds a Chinese name by full pinyin, by initials and by a part of either', () => {
    expect(matchesName('库存', 'kucun')).toBe(true);
    expect(matchesName('库存', 'kc')).toBe(true);
    expect(matchesName('库存管理', 'KC')).toBe(true);
    expect(matchesName('库存管理', 'cungl')).toBe(false);
    expect(matchesName('库存管理', 'guanli')).toBe(true);
    expect(matchesName('物料清单', 'wlqd')).toBe(true);
    expect(matchesName('库存', 'kx')).toBe(false);
  });
  it('keeps the plain contains-match for Chinese and English terms', () => {
    expect(matchesName('库存台账', '台账')).toBe(true);
    expect(matchesName('Stock ledger', 'LEDGER')).toBe(true);
    expect(matchesName('Stock ledger', 'kc')).toBe(false);
    expect(matchesName('库存', '  ')).toBe(false);
  });
});

describe('menu search with pinyin', () => {
  const entry = (code: string, zh: string, en: string): PageEntry => ({
    page: {
      Menu_ID: 1,
      Menu_Code: code,
      Menu_Name: zh,
      Menu_Name_En: en,
      Menu_Type: 3,
      Ser_NO: 1,
      Route: `/${code}`,
    },
    module: {
      Menu_ID: 2,
      Menu_Code: 'IV',
      Menu_Name: '库存管理',
      Menu_Name_En: 'Inventory',
      Menu_Type: 1,
      Ser_NO: 1,
    },
  });
  const pages = [
    entry('in', '入库单', 'Stock in'),
    entry('bal', '库存', 'Stock'),
    entry('age', '库龄分析', 'Age'),
  ];
  it('finds menus by pinyin, the name itself first so Enter opens it', () => {
    expect(searchMenus(pages, 'kucun').map((p) => p.page.Menu_Code)).toEqual(['bal']);
    expect(searchMenus(pages, 'kc').map((p) => p.page.Menu_Code)).toEqual(['bal']);
    expect(searchMenus(pages, 'rk').map((p) => p.page.Menu_Code)).toEqual(['in']);
    expect(searchMenus(pages, '库').map((p) => p.page.Menu_Code)).toEqual(['bal', 'age', 'in']);
    expect(searchMenus(pages, 'stock').map((p) => p.page.Menu_Code)).toEqual(['bal', 'in']);
  });
});
