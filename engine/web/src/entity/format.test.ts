import { text } from '@mes/model';
import { describe, expect, it } from 'vitest';
import { category, widget } from '../test/fixtures';
import { buildColumns, parseSort, sortParam } from './columns';
import {
  cellText,
  formatDate,
  formatDateTime,
  formatDecimal,
  fromWallClock,
  setCompanyTimeZone,
  totalText,
  toWallClock,
} from './format';
import { buildTree } from './tree';

describe('formatting', () => {
  it('adds thousands separators to decimal text without going through a float', () => {
    expect(formatDecimal('1234567.50')).toBe('1,234,567.50');
    expect(formatDecimal('-1000')).toBe('-1,000');
    expect(formatDecimal('999')).toBe('999');
    expect(formatDecimal('12345678901234567.0001')).toBe('12,345,678,901,234,567.0001');
    expect(formatDecimal(null)).toBe('');
  });

  it('shows money (scale ≤ 2) with all its decimals and trims quantities (scale > 2)', () => {
    expect(['13266.6', '454.4', '71', '550000', '-71', '235'].map((v) => formatDecimal(v, 2))).toEqual([
      '13,266.60',
      '454.40',
      '71.00',
      '550,000.00',
      '-71.00',
      '235.00',
    ]);
    expect(formatDecimal('12.5', 1)).toBe('12.5');
    expect(formatDecimal('12', 0)).toBe('12');
    expect(formatDecimal('0.005', 2)).toBe('0.01');
    expect(formatDecimal('-2.994', 2)).toBe('-2.99');
    expect(formatDecimal('-0.004', 2)).toBe('0.00');
    expect(formatDecimal('99999.995', 2)).toBe('100,000.00');
    expect(formatDecimal('120.5000', 4)).toBe('120.5');
    expect(formatDecimal('1200.0000', 4)).toBe('1,200');
    expect(formatDecimal('0.123456', 6)).toBe('0.123456');
    expect(formatDecimal('', 2)).toBe('');
    expect(formatDecimal('n/a', 2)).toBe('n/a');
  });

  it('gives list cells the rule of their declared scale', () => {
    const yn: [string, string] = ['是', '否'];
    expect(cellText('Price', widget.fields.Price, { Price: '71' }, 'zh', yn)).toBe('71.00');
    expect(cellText('Price', widget.fields.Price, { Price: '13266.6' }, 'zh', yn)).toBe('13,266.60');
  });

  it('shows dates as YYYY-MM-DD and empty-date sentinels as blank', () => {
    expect(formatDate('2024-05-06')).toBe('2024-05-06');
    expect(formatDate('0001-01-01T00:00:00')).toBe('');
    expect(formatDate('1900/1/1 0:00:00')).toBe('');
    expect(formatDateTime('1970-01-01T08:00:00')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });

  it('shows times on the company clock, whatever the browser zone (issue 25, bug 6)', () => {
    expect(formatDateTime('2026-12-04T09:00:00.000Z')).toBe('2026-12-04 17:00:00');
    expect(formatDateTime('2026-12-04T09:00:00.000Z', 'minute')).toBe('2026-12-04 17:00');
    // a picker holds the company wall time and sends the instant it means
    expect(toWallClock('2026-12-04T09:00:00.000Z')?.format('YYYY-MM-DD HH:mm')).toBe('2026-12-04 17:00');
    const picked = toWallClock('2026-12-04T09:00:00.000Z')!;
    expect(fromWallClock(picked)).toBe('2026-12-04T09:00:00.000Z');
    setCompanyTimeZone('Europe/Berlin');
    try {
      expect(formatDateTime('2026-12-04T09:00:00.000Z', 'minute')).toBe('2026-12-04 10:00');
    } finally {
      setCompanyTimeZone(undefined);
    }
    expect(formatDateTime('2026-12-04T09:00:00.000Z', 'minute')).toBe('2026-12-04 17:00');
  });

  it('renders enum labels, ref display values and bools by language', () => {
    const row = { Kind: 2, Category_ID: 3, Category_Name: '螺丝', Active: false };
    const yn: [string, string] = ['是', '否'];
    expect(cellText('Kind', widget.fields.Kind, row, 'zh', yn)).toBe('外购');
    expect(cellText('Kind', widget.fields.Kind, row, 'en', yn)).toBe('Bought');
    expect(cellText('Category_ID', widget.fields.Category_ID, row, 'zh', yn)).toBe('螺丝');
    expect(cellText('Active', widget.fields.Active, row, 'zh', yn)).toBe('否');
    expect(cellText('Parent_ID', category.fields.Parent_ID, { Parent_Category_Name: 'P' }, 'zh', yn)).toBe(
      'P',
    );
  });

  it('shows a bilingual text and a reference to a bilingual name in the reader language', () => {
    const yn: [string, string] = ['是', '否'];
    const name = text({ zh: '名称', en: 'Name' }, { max: 30, bilingual: true });
    const row = { Unit_Name: '千克', Unit_Name_En: 'kg' };
    expect(cellText('Unit_Name', name, row, 'en', yn)).toBe('kg');
    expect(cellText('Unit_Name', name, row, 'zh', yn)).toBe('千克');
    expect(cellText('Unit_Name', name, { Unit_Name: '千克' }, 'en', yn)).toBe('千克');
    const f = widget.fields.Category_ID;
    const ref = { Category_ID: 3, Category_Name: '阀门', Category_Name_En: 'Valves' };
    expect(cellText('Category_ID', f, ref, 'en', yn)).toBe('Valves');
    expect(cellText('Category_ID', f, ref, 'zh', yn)).toBe('阀门');
    expect(cellText('Category_ID', f, { ...ref, Category_Name_En: null }, 'en', yn)).toBe('阀门');
  });

  it('shows a reference by its name, and "code name" where the row carries the code', () => {
    const yn: [string, string] = ['是', '否'];
    const f = widget.fields.Category_ID;
    expect(cellText('Category_ID', f, { Category_ID: 3, Category_Name: '阀门' }, 'zh', yn)).toBe('阀门');
    expect(
      cellText('Category_ID', f, { Category_ID: 3, Category_Name: '阀门', Category_Code: 'VA' }, 'zh', yn),
    ).toBe('VA 阀门');
    expect(cellText('Category_ID', f, { Category_ID: null, Category_Name: null }, 'zh', yn)).toBe('');
  });
});

describe('columns and sort', () => {
  const t = ((k: string) => k) as never;
  it('are built from def.list.columns, sortable only on def.list.sort', () => {
    const cols = buildColumns(widget, 'zh', t, { field: 'Price', desc: true });
    expect(cols.map((c) => c.title)).toEqual(['编码', '类型', '单价', '启用', '生产日期', '分类']);
    expect(cols.map((c) => Boolean(c.sorter))).toEqual([true, false, true, false, false, false]);
    expect(cols[2].sortOrder).toBe('descend');
    expect(cols[2].align).toBe('right');
    expect(cols[5].dataIndex).toBe('Category_Name');
  });

  it('round-trips the Sort parameter', () => {
    expect(parseSort('-Price')).toEqual({ field: 'Price', desc: true });
    expect(sortParam({ field: 'Code', desc: false })).toBe('Code');
    expect(sortParam(undefined)).toBeUndefined();
  });
});

describe('buildTree', () => {
  it('nests rows under parents and keeps orphans and loops visible', () => {
    const rows = [
      { ID: 1, P: null },
      { ID: 2, P: 1 },
      { ID: 3, P: 99 },
      { ID: 4, P: 5 },
      { ID: 5, P: 4 },
    ];
    const tree = buildTree(rows, 'ID', 'P');
    expect(tree.map((r) => r.ID)).toEqual([1, 3, 4, 5]);
    expect(tree[0].children?.map((r) => r.ID)).toEqual([2]);
  });
});

describe('totalText', () => {
  it('shows the count, with a plus when more match than were counted', () => {
    expect(totalText({ TotalCount: 12, Page: 1, PageSize: 20 })).toBe('12');
    expect(totalText({ TotalCount: 10000, Page: 1, PageSize: 20, Capped: true })).toBe('10000+');
    expect(totalText(undefined)).toBe('0');
  });
});
