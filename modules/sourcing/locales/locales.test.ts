import { describe, expect, it } from 'vitest';
import { srmEn } from './en';
import { srmZh } from './zh';

const keys = (o: object, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));

describe('sourcing catalogues', () => {
  it('zh and en have the same keys, none empty, and the same placeholders', () => {
    expect(keys(srmEn).sort()).toEqual(keys(srmZh).sort());
    const at = (o: object, k: string) =>
      k.split('.').reduce<unknown>((x, p) => (x as Record<string, unknown>)[p], o);
    for (const k of keys(srmZh)) {
      const zh = String(at(srmZh, k));
      const en = String(at(srmEn, k));
      expect(zh.length, k).toBeGreaterThan(0);
      expect(en.length, k).toBeGreaterThan(0);
      expect(en.match(/\{\{\w+\}\}/g)?.sort() ?? [], k).toEqual(zh.match(/\{\{\w+\}\}/g)?.sort() ?? []);
    }
  });
});
