// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../i18n';
import { installDomStubs, type Rendered, render, waitFor } from '../test/dom';
import { fakeServer, ok, Providers } from '../test/fixtures';
import { type ReportColumn, ReportTable } from './ReportTable';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(() => view?.unmount());

const columns: ReportColumn[] = [
  { key: 'Material_Number', label: { zh: '物料编码', en: 'Material number' } },
  { key: 'Unit_Name', label: { zh: '单位', en: 'Unit' } },
  { key: 'Qty', label: { zh: '数量', en: 'Quantity' }, kind: 'decimal', sum: true },
  { key: 'Amount', label: { zh: '金额', en: 'Value' }, kind: 'decimal', sum: true, scale: 2 },
  { key: 'Minutes', label: { zh: '工时', en: 'Minutes' }, kind: 'decimal', sum: true },
];

/** The 合计 row's cells, after the serial column's. */
async function totals(rows: Record<string, unknown>[], cols = columns): Promise<(string | null)[]> {
  const srv = fakeServer((c) =>
    c.url.pathname === '/R' ? ok(rows, { TotalCount: rows.length, Page: 1, PageSize: 20 }) : undefined,
  );
  view = await render(
    <Providers api={srv.api}>
      <ReportTable title="R" path="/R" rowKey="Material_ID" columns={cols} />
    </Providers>,
  );
  const cells = await waitFor(() => {
    const tds = view?.container.querySelectorAll('.ant-table-summary td');
    return tds?.length ? [...tds] : null;
  });
  return cells.slice(1).map((td) => td.textContent);
}

describe('the report 合计 row', () => {
  it('adds no kilograms to pieces: a quantity is summed only when the page has one unit', async () => {
    const mixed = [
      { Material_ID: 1, Material_Number: 'A', Unit_Name: 'kg', Qty: '5', Amount: '10', Minutes: '30' },
      { Material_ID: 2, Material_Number: 'B', Unit_Name: 'pcs', Qty: '3', Amount: '2.5', Minutes: '15' },
    ];
    expect(await totals(mixed)).toEqual(['', '', '', '12.50', '45']);
    view?.unmount();
    const same = mixed.map((r) => ({ ...r, Unit_Name: 'kg' }));
    expect(await totals(same)).toEqual(['', '', '8', '12.50', '45']);
  });

  it('takes the material for the unit when the rows carry no unit, unless the column says otherwise', async () => {
    const rows = [
      { Material_ID: 1, Material_Number: 'A', Qty: '5', Amount: '1' },
      { Material_ID: 2, Material_Number: 'B', Qty: '3', Amount: '1' },
    ];
    expect(await totals(rows)).toEqual(['', '', '', '2.00', '0']);
    view?.unmount();
    const perCount = columns.map((c) => (c.key === 'Qty' ? { ...c, quantity: false } : c));
    expect(await totals(rows, perCount)).toEqual(['', '', '8', '2.00', '0']);
  });
});

describe('a report in the reader’s language', () => {
  it('shows the English of a bilingual name to an English reader (issue 25)', async () => {
    const rows = [{ Material_ID: 1, Material_Number: 'A', Unit_Name: '千克', Unit_Name_En: 'kg', Qty: '5' }];
    const srv = fakeServer((c) =>
      c.url.pathname === '/R' ? ok(rows, { TotalCount: 1, Page: 1, PageSize: 20 }) : undefined,
    );
    const body = async () => {
      view = await render(
        <Providers api={srv.api}>
          <ReportTable title="R" path="/R" rowKey="Material_ID" columns={columns} />
        </Providers>,
      );
      return waitFor(
        () => view?.container.querySelector('.ant-table-tbody tr[data-row-key="1"]')?.textContent,
      );
    };
    expect(await body()).toContain('千克');
    view?.unmount();
    await act(() => setLanguage('en'));
    try {
      const en = await body();
      expect(en).toContain('kg');
      expect(en).not.toContain('千克');
    } finally {
      await act(() => setLanguage('zh'));
    }
  });
});
