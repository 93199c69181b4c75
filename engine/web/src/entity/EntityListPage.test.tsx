// @vitest-environment jsdom

import { decimal, defineEntity, ref, text } from '@mes/model';
import { message, notification } from 'antd';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../i18n';
import { click, installDomStubs, pressEnter, type Rendered, render, type, waitFor } from '../test/dom';
import { category, fakeServer, ok, Providers, widget } from '../test/fixtures';
import { EntityListPage } from './EntityListPage';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});

const rows = [
  {
    ID: 1,
    Code: 'W-1',
    Kind: 2,
    Price: '1234567.50',
    Active: true,
    Made_On: '2024-05-06',
    Category_ID: 9,
    Category_Name: '螺丝',
    Version: 1,
  },
  {
    ID: 2,
    Code: 'W-2',
    Kind: 1,
    Price: null,
    Active: false,
    Made_On: null,
    Category_ID: null,
    Category_Name: null,
    Version: 3,
  },
];

let view: Rendered | undefined;
afterEach(() => view?.unmount());
// toasts live in roots of their own; let React finish them before jsdom goes away
afterAll(async function flushAntd() {
  message.destroy();
  notification.destroy();
  await new Promise((r) => setTimeout(r, 200));
});

function headerTexts(c: HTMLElement) {
  return [...c.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
}
function cellsOf(c: HTMLElement, id: number) {
  // the selection box and the serial number come before the data columns
  return [
    ...c.querySelectorAll(`tr[data-row-key="${id}"] td:not(.ant-table-selection-column):not(.list-serial)`),
  ];
}

describe('EntityListPage', () => {
  it('shows declared columns with labels, enum labels, ref display values and formatted values', async () => {
    const srv = fakeServer((c) =>
      c.url.pathname === '/Widget' ? ok(rows, { TotalCount: 2, Page: 1, PageSize: 20 }) : undefined,
    );
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={widget} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => c.querySelector('tr[data-row-key="1"]'));
    expect(headerTexts(c)).toEqual(['编码', '类型', '单价', '启用', '生产日期', '分类', '操作']);
    const texts = cellsOf(c, 1).map((td) => td.textContent);
    expect(texts.slice(0, 6)).toEqual(['W-1', '外购', '1,234,567.50', '是', '2024-05-06', '螺丝']);
    expect((cellsOf(c, 1)[2] as HTMLElement).style.textAlign).toBe('right');
    expect(cellsOf(c, 1)[3].querySelector('.ant-tag')).not.toBeNull();
    expect(
      cellsOf(c, 2)
        .map((td) => td.textContent)
        .slice(0, 6),
    ).toEqual(['W-2', '自制', '', '否', '', '']);
    expect(c.querySelector('[data-testid="entity-add"]')).not.toBeNull();
    expect(c.querySelector('[data-testid="entity-edit-1"]')).not.toBeNull();
    expect(c.querySelector('[data-testid="entity-delete-1"]')).not.toBeNull();

    const q = srv.calls[0].url.searchParams;
    expect(srv.calls[0].method).toBe('GET');
    expect([q.get('Page'), q.get('PageSize'), q.has('KeyWord'), q.has('Sort')]).toEqual([
      '1',
      '20',
      false,
      false,
    ]);
  });

  it('sends KeyWord from the search box and Sort from a header click', async () => {
    const srv = fakeServer((c) =>
      c.url.pathname === '/Widget' ? ok(rows, { TotalCount: 2, Page: 1, PageSize: 20 }) : undefined,
    );
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={widget} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => c.querySelector('tr[data-row-key="1"]'));
    const box =
      c.querySelector('[data-testid="entity-search"] input') ??
      c.querySelector('input[data-testid="entity-search"]');
    await type(box, ' W-1 ');
    await pressEnter(box);
    await waitFor(() => srv.calls.some((x) => x.url.searchParams.get('KeyWord') === 'W-1'));

    const priceHeader = [...c.querySelectorAll('thead th')].find((th) => th.textContent?.includes('单价'));
    await click(priceHeader ?? null);
    await waitFor(() => srv.calls.some((x) => x.url.searchParams.get('Sort') === 'Price'));
    // only def.list.sort fields are sortable
    const kindHeader = [...c.querySelectorAll('thead th')].find((th) => th.textContent?.includes('类型'));
    expect(kindHeader?.className).not.toContain('column-has-sorters');
  });

  it('says how many records match, or that more match than were counted', async () => {
    let capped = false;
    const srv = fakeServer(() =>
      ok(rows, {
        TotalCount: capped ? 10000 : 2,
        Page: 1,
        PageSize: 20,
        ...(capped ? { Capped: true } : {}),
      }),
    );
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={widget} />
      </Providers>,
    );
    const total = () => view?.container.querySelector('.ant-pagination-total-text')?.textContent;
    await waitFor(() => total() === '共 2 条');
    view.unmount();
    capped = true;
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={widget} />
      </Providers>,
    );
    await waitFor(() => total() === '超过 10000 条');
    // the pager reaches as far as the count went
    expect(view.container.querySelector('.ant-pagination-item-500')).not.toBeNull();
  });

  it('follows the language', async () => {
    const srv = fakeServer(() => ok(rows, { TotalCount: 2, Page: 1, PageSize: 20 }));
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={widget} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => c.querySelector('tr[data-row-key="1"]'));
    await act(() => setLanguage('en'));
    await waitFor(() => headerTexts(c).includes('Price'));
    expect(cellsOf(c, 1)[1].textContent).toBe('Bought');
    expect(cellsOf(c, 1)[3].textContent).toBe('Yes');
    await act(() => setLanguage('zh'));
  });

  it('guards unsaved changes in the form drawer and deletes after a confirm', async () => {
    const srv = fakeServer((c) =>
      c.method === 'DELETE' ? ok(null) : ok(rows, { TotalCount: 2, Page: 1, PageSize: 20 }),
    );
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={widget} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => c.querySelector('tr[data-row-key="1"]'));
    await click(c.querySelector('[data-testid="entity-add"]'));
    const code = await waitFor(() => document.querySelector('[data-testid="field-Code"] input'));
    await type(code, 'NEW');
    await click(document.querySelector('[data-testid="entity-form-cancel"]'));
    await click(await waitFor(() => document.querySelector('[data-testid="entity-form-discard"]')));
    await waitFor(() => !document.querySelector('.ant-drawer-open'));

    await click(c.querySelector('[data-testid="entity-delete-2"]'));
    await click(await waitFor(() => document.querySelector('[data-testid="entity-delete-confirm"]')));
    await waitFor(() => srv.calls.some((x) => x.method === 'DELETE'));
    expect(srv.calls.find((x) => x.method === 'DELETE')?.url.pathname).toBe('/Widget/2');
  });

  it('edits a record in the drawer: fresh GET, PUT with its Version, says so, stays on it, list reloads', async () => {
    const srv = fakeServer((c) => {
      if (c.method === 'GET' && c.url.pathname === '/Widget/1') return ok({ ...rows[0], Parts: [] });
      if (c.method === 'PUT') return ok({ ...rows[0], Code: 'W-1b', Version: 2, Parts: [] });
      return ok(rows, { TotalCount: 2, Page: 1, PageSize: 20 });
    });
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={widget} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => c.querySelector('tr[data-row-key="1"]'));
    await click(c.querySelector('[data-testid="entity-edit-1"]'));
    const code = await waitFor(() => document.querySelector('[data-testid="field-Code"] input'));
    await type(code, 'W-1b');
    await click(document.querySelector('[data-testid="entity-form-save"]'));
    await waitFor(() => srv.calls.some((x) => x.method === 'PUT'));
    expect(srv.calls.find((x) => x.method === 'PUT')?.body).toEqual({ ID: 1, Version: 1, Code: 'W-1b' });
    // the one toast says what was saved; the drawer stays on the saved record (issue 25)
    await waitFor(() => document.querySelector('.ant-message')?.textContent?.includes('已保存 W-1b'));
    expect(document.querySelector('.ant-drawer-open')).not.toBeNull();
    expect(document.querySelector('[data-testid="record-title"]')?.textContent).toBe('W-1b');
    const lists = () => srv.calls.filter((x) => x.method === 'GET' && x.url.pathname === '/Widget').length;
    await waitFor(() => lists() >= 2);
    expect(srv.calls.filter((x) => x.url.pathname === '/Widget/1')).toHaveLength(1);
  });

  it('shows a tree entity as a nested tree', async () => {
    const cats = [
      { Category_ID: 1, Category_Name: '根', Parent_ID: null },
      { Category_ID: 2, Category_Name: '子', Parent_ID: 1, Parent_Category_Name: '根' },
      { Category_ID: 3, Category_Name: '孙', Parent_ID: 2, Parent_Category_Name: '子' },
    ];
    const srv = fakeServer(() => ok(cats, { TotalCount: 3, Page: 1, PageSize: 500 }));
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={category} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => c.querySelector('tr[data-row-key="3"]'));
    expect(c.querySelectorAll('tr.ant-table-row-level-2').length).toBe(1);
    expect(srv.calls[0].url.searchParams.get('PageSize')).toBe('500');
  });
  it('scrolls a long page virtually: rows 50 px high, 5 rows rendered beyond the viewport', async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ ...rows[1], ID: i + 1, Code: `W-${i + 1}` }));
    const srv = fakeServer(() => ok(many, { TotalCount: 150, Page: 1, PageSize: 200 }));
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={widget} defaultPageSize={200} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => c.querySelector('tr[data-row-key="1"]'));
    const rendered = () => [...c.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
    const spacer = (edge: string) =>
      c.querySelector<HTMLElement>(`[data-testid="virtual-spacer-${edge}"]`)?.style.height ?? '';
    // a 600 px viewport holds 12 rows of 50 px; 5 more are rendered below it
    expect(rendered()).toHaveLength(17);
    expect(rendered().every((tr) => tr.style.height === '50px')).toBe(true);
    expect(spacer('top')).toBe('');
    expect(spacer('bottom')).toBe(`${(150 - 17) * 50}px`);
    const body = c.querySelector<HTMLElement>('.ant-table-body');
    await act(async () => {
      if (body) body.scrollTop = 1000;
      body?.dispatchEvent(new Event('scroll'));
    });
    // row 21 is at the top of the viewport: rows 16..37 are rendered (5 above, 12 shown, 5 below)
    await waitFor(() => rendered()[0]?.dataset.rowKey === '16');
    expect(rendered().map((tr) => tr.dataset.rowKey)).toEqual(
      Array.from({ length: 22 }, (_, i) => String(i + 16)),
    );
    expect(spacer('top')).toBe(`${15 * 50}px`);
    expect(spacer('bottom')).toBe(`${(150 - 37) * 50}px`);
    // the serial number counts from the page's first row, not the window's
    expect(rendered()[0].querySelector('.list-serial')?.textContent).toBe('16');
  });

  it('sums a quantity only over rows of one material, money whatever the rows', async () => {
    const movement = defineEntity({
      name: 'Movement',
      label: { zh: '台账', en: 'Ledger' },
      kind: 'log',
      fields: {
        Doc_NO: text({ zh: '单号', en: 'No.' }, { max: 20 }),
        Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name'),
        Qty: decimal({ zh: '数量', en: 'Quantity' }, { precision: 18, scale: 4 }),
        Amount: decimal({ zh: '金额', en: 'Amount' }, { precision: 18, scale: 2 }),
      },
      display: 'Doc_NO',
    });
    const line = (ID: number, Material_ID: number, Qty: string) => ({
      ID,
      Doc_NO: `M-${ID}`,
      Material_ID,
      Material_Name: `物料${Material_ID}`,
      Qty,
      Amount: '10',
    });
    let page = [line(1, 7, '5'), line(2, 8, '3')];
    const srv = fakeServer(() => ok(page, { TotalCount: page.length, Page: 1, PageSize: 20 }));
    const sum = (k: string) => view?.container.querySelector(`[data-testid="sum-${k}"]`)?.textContent ?? null;
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={movement} />
      </Providers>,
    );
    // 5 kg and 3 pcs are not 8 of anything: the quantity's cell stays blank
    await waitFor(() => sum('Amount'));
    expect(sum('Amount')).toBe('20.00');
    expect(sum('Qty')).toBeNull();
    view.unmount();
    page = [line(1, 7, '5'), line(2, 7, '3')];
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={movement} />
      </Providers>,
    );
    await waitFor(() => sum('Qty'));
    expect(sum('Qty')).toBe('8');
  });
});

describe('EntityListPage scopes', () => {
  const ledger = defineEntity({
    name: 'Ledger',
    label: { zh: '台账', en: 'Ledger' },
    kind: 'log',
    fields: { Doc_NO: text({ zh: '单号', en: 'No.' }, { max: 20 }) },
    display: 'Doc_NO',
    scopes: { Unreversed: { zh: '未冲销', en: 'Not reversed' } },
  });
  const entries = [{ ID: 1, Doc_NO: 'L-1' }];
  const listServer = () => fakeServer(() => ok(entries, { TotalCount: 1, Page: 1, PageSize: 20 }));
  const box = (c: HTMLElement) => {
    const el = c.querySelector('[data-testid="entity-scope-Unreversed"]');
    return (el?.matches('input') ? el : el?.querySelector('input')) as HTMLInputElement | null;
  };
  const boxLabel = (c: HTMLElement) => box(c)?.closest('label')?.textContent;

  it('offers a box per declared scope, in the language, and none for an entity without', async () => {
    const srv = listServer();
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={ledger} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => c.querySelector('tr[data-row-key="1"]'));
    expect(box(c)?.checked).toBe(false);
    expect(box(c)?.disabled).toBe(false);
    expect(boxLabel(c)).toBe('未冲销');
    await act(() => setLanguage('en'));
    await waitFor(() => boxLabel(c) === 'Not reversed');
    await act(() => setLanguage('zh'));
    // unticked, the list is not narrowed
    expect(srv.calls[0].url.searchParams.has('Unreversed')).toBe(false);
    view.unmount();

    view = await render(
      <Providers api={fakeServer(() => ok(rows, { TotalCount: 2, Page: 1, PageSize: 20 })).api}>
        <EntityListPage def={widget} />
      </Providers>,
    );
    await waitFor(() => view?.container.querySelector('tr[data-row-key="1"]'));
    expect(view.container.querySelector('[data-testid^="entity-scope-"]')).toBeNull();
  });

  it('ticked, asks for the scope from page 1, in the list and the export; unticked, drops it', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ ID: i + 1, Doc_NO: `L-${i + 1}` }));
    const srv = fakeServer((x) => {
      const p = Number(x.url.searchParams.get('Page'));
      return ok(many.slice((p - 1) * 20, p * 20), { TotalCount: 45, Page: p, PageSize: 20 });
    });
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={ledger} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => c.querySelector('tr[data-row-key="1"]'));
    await click(c.querySelector('.ant-pagination-item-2'));
    await waitFor(() => c.querySelector('tr[data-row-key="21"]'));
    await click(box(c));
    const last = () => srv.calls[srv.calls.length - 1].url.searchParams;
    await waitFor(() => last().get('Unreversed') === 'true');
    expect(last().get('Page')).toBe('1');
    expect(box(c)?.checked).toBe(true);

    // the export asks for the same slice
    const fetched: string[] = [];
    const fetchStub = vi.fn(async (url: string) => {
      fetched.push(url);
      return { ok: false, status: 500, body: null, headers: new Headers(), json: async () => ({}) };
    });
    vi.stubGlobal('fetch', fetchStub);
    try {
      await click(c.querySelector('[data-testid="entity-export"]'));
      await waitFor(() => fetched.find((u) => u.includes('/Ledger/Export')));
      const exported = new URL(fetched.find((u) => u.includes('/Ledger/Export')) ?? '', 'http://x');
      expect(exported.searchParams.get('Unreversed')).toBe('true');
    } finally {
      vi.unstubAllGlobals();
    }

    await click(box(c));
    await waitFor(() => !last().has('Unreversed'));
  });

  it('shows a scope the page fixes as ticked and locked', async () => {
    const srv = listServer();
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={ledger} filters={{ Unreversed: 'true' }} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => c.querySelector('tr[data-row-key="1"]'));
    expect(box(c)?.checked).toBe(true);
    expect(box(c)?.disabled).toBe(true);
    expect(srv.calls[0].url.searchParams.get('Unreversed')).toBe('true');
  });
});

describe('voided documents (issue 25)', () => {
  const slip = defineEntity({
    name: 'Slip',
    label: { zh: '单据', en: 'Slip' },
    kind: 'document',
    fields: { Slip_NO: text({ zh: '单号', en: 'No.' }, { max: 20 }) },
    display: 'Slip_NO',
  });
  it('stay findable: 含作废 brings them into the list, with their state', async () => {
    const slips = [
      { ID: 1, Slip_NO: 'S-1', State: 1 },
      { ID: 2, Slip_NO: 'S-2', State: 0 },
    ];
    const srv = fakeServer((x) => {
      const all = x.url.searchParams.get('State__gte') === '0';
      const shown = all ? slips : slips.filter((s) => s.State !== 0);
      return ok(shown, { TotalCount: shown.length, Page: 1, PageSize: 20 });
    });
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={slip} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => c.querySelector('tr[data-row-key="1"]'));
    expect(c.querySelector('tr[data-row-key="2"]')).toBeNull();
    const el = c.querySelector('[data-testid="entity-scope-Voided"]');
    const tick = (el?.matches('input') ? el : el?.querySelector('input')) as HTMLInputElement;
    expect(tick.closest('label')?.textContent).toBe('含作废');
    await click(tick);
    const row = await waitFor(() => c.querySelector('tr[data-row-key="2"]'));
    expect(row.textContent).toContain('作废');
  });
});
