import { describe, expect, it } from 'vitest';
import { appEn, appZh } from './index';

function flat(o: object, prefix = ''): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' ? flat(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]],
  );
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('shell catalogues', () => {
  const zh = new Map(flat(appZh));
  const en = new Map(flat(appEn));
  it('have the same keys, no empty text and the same placeholders', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    for (const [k, v] of zh) {
      expect(v, k).toMatch(/\S/);
      expect(en.get(k), k).toMatch(/\S/);
      expect(placeholders(en.get(k) ?? ''), k).toEqual(placeholders(v));
    }
  });
  it('use the glossary terms', () => {
    expect(appZh.nav.companyInfo).toBe('公司信息');
    expect(appEn.nav.companyInfo).toBe('Company information');
    expect(appZh.nav.needdo).toBe('待办事项');
    expect(appZh.topbar.lockScreen).toBe('锁屏');
    expect(appEn.tabs.addFavourite).toBe('Add to favourites');
    expect(appZh.board.overview).toBe('数据运营平台');
  });
});
