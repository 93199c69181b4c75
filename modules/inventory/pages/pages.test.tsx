// @vitest-environment jsdom
import { createApiClient, createAuthStorage, memoryStore } from '@mes/engine-web/api';
import { createQueryClient, EngineProvider, type ModulePageProps } from '@mes/engine-web/entity';
import { initI18n, setLanguage } from '@mes/engine-web/i18n';
import { click, installDomStubs, type Rendered, render, waitFor } from '@mes/engine-web/testing';
import { masterdataModule } from '@mes/masterdata';
import { engineModule, Registry } from '@mes/model';
import { systemModule } from '@mes/system';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { act, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inventoryModule } from '../index';
import { InventoryAgePage } from './reports';
import { OutboundPage, ScrapPage } from './slices';

const registry = new Registry([engineModule, systemModule, masterdataModule, inventoryModule]);

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(async () => {
  view?.unmount();
  view = undefined;
  localStorage.clear();
  await act(() => setLanguage('zh'));
});

/** A fake server answering by path; every request's URL is kept. */
function serve(answers: Record<string, unknown>) {
  const urls: URL[] = [];
  const fetchFn = async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://test');
    urls.push(url);
    const Data = answers[url.pathname] ?? [];
    const Paging = Array.isArray(Data) ? { TotalCount: Data.length, Page: 1, PageSize: 20 } : undefined;
    return new Response(JSON.stringify({ Code: 0, Message: '', Data, Paging }), {
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const api = createApiClient({
    fetch: fetchFn as typeof fetch,
    storage: createAuthStorage(memoryStore()),
    language: () => 'zh',
    overlayCloseDelayMs: 0,
    effects: {
      errorToast: () => {},
      replaceLocation: () => {},
      showOverlay: () => {},
      hideOverlay: () => {},
      log: () => {},
    },
  });
  const qc = createQueryClient();
  qc.setDefaultOptions({ queries: { retry: false } });
  const wrap = (ui: ReactNode) => (
    <QueryClientProvider client={qc}>
      <EngineProvider registry={registry} api={api}>
        <App>{ui}</App>
      </EngineProvider>
    </QueryClientProvider>
  );
  return { urls, wrap };
}

const meta = (zh: string): ModulePageProps['meta'] => ({ path: '/x', title: { zh, en: zh } });
const headers = (c: Element) => [...c.querySelectorAll('thead th')].map((th) => th.textContent?.trim());

describe('inventory age page', () => {
  const row = {
    Material_ID: 7,
    Material_Number: 'WK-0001',
    Material_Name: '巡检螺栓',
    Qty: '30',
    Amount: '75',
    Oldest_Date: '2026-05-01',
    Qty_1: '10',
    Amount_1: '35',
    Qty_2: null,
    Amount_2: null,
    Qty_3: null,
    Amount_3: null,
    Qty_4: '20',
    Amount_4: '40',
    Qty_5: null,
    Amount_5: null,
  };

  it('shows each material’s value; the value of each bracket is shown from the column settings', async () => {
    const { wrap } = serve({ '/StockReport/Age': [row] });
    view = await render(wrap(<InventoryAgePage meta={meta('库龄')} />));
    const c = view.container;
    const table = () => c.querySelector('[data-testid="age-table"]') as HTMLElement;
    await waitFor(() => table()?.querySelector('tr[data-row-key="7"]'));
    expect(headers(table())).toContain('金额');
    expect(headers(table())).not.toContain('0–30天金额');
    const cells = () => [...table().querySelectorAll('tr[data-row-key="7"] td')].map((td) => td.textContent);
    expect(cells()).toContain('75.00');

    await click(c.querySelector('[data-testid="report-columns"]'));
    const option = await waitFor(() => document.querySelector('[data-testid="report-column-Amount_1"]'));
    await click(option);
    await click(document.querySelector('[data-testid="report-column-Amount_4"]'));
    await waitFor(() => headers(table()).includes('0–30天金额'));
    expect(headers(table())).toContain('91–180天金额');
    expect(cells()).toEqual(expect.arrayContaining(['35.00', '40.00']));
    // the 合计 row adds the brackets' values too
    const total = [...table().querySelectorAll('.ant-table-summary td')].map((td) => td.textContent);
    expect(total).toEqual(expect.arrayContaining(['75.00', '35.00', '40.00']));
    // the choice is kept for the next visit, and the labels follow the language
    view.unmount();
    view = await render(wrap(<InventoryAgePage meta={meta('库龄')} />));
    await waitFor(() =>
      headers(view?.container.querySelector('[data-testid="age-table"]') as Element).includes('0–30天金额'),
    );
    await act(() => setLanguage('en'));
    await waitFor(() =>
      headers(view?.container.querySelector('[data-testid="age-table"]') as Element).includes(
        '0–30 days value',
      ),
    );
  });
});

describe('pages over a slice of an entity', () => {
  it('the scrap page adds a scrap document: the type is set to 报废 and cannot be changed', async () => {
    const { urls, wrap } = serve({});
    view = await render(wrap(<ScrapPage meta={meta('报废')} />));
    const c = view.container;
    await waitFor(() => urls.some((u) => u.pathname === '/StockDoc'));
    expect(urls.find((u) => u.pathname === '/StockDoc')?.searchParams.get('Doc_Type')).toBe('5');
    await click(await waitFor(() => c.querySelector('[data-testid="entity-add"]')));
    const type = await waitFor(() => document.querySelector('[data-testid="field-Doc_Type"] .ant-select'));
    expect(type.textContent).toContain('报废');
    expect(type.className).toContain('ant-select-disabled');
    // the other fields stay open
    const date = document.querySelector('[data-testid="field-Doc_Date"] .ant-picker');
    expect(date?.className).not.toContain('ant-picker-disabled');
  });

  it('the outbound list asks for the movements that stand', async () => {
    const { urls, wrap } = serve({});
    view = await render(wrap(<OutboundPage meta={meta('出库清单')} />));
    await waitFor(() => urls.some((u) => u.pathname === '/StockLedger'));
    const q = urls.find((u) => u.pathname === '/StockLedger')?.searchParams;
    expect([q?.get('Direction'), q?.get('Is_Transfer'), q?.get('Unreversed')]).toEqual([
      '-1',
      'false',
      'true',
    ]);
  });
});
