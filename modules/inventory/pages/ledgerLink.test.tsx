// @vitest-environment jsdom
import { createApiClient, createAuthStorage, memoryStore } from '@mes/engine-web/api';
import { createQueryClient, EngineProvider, EntityListPage } from '@mes/engine-web/entity';
import { initI18n, setLanguage } from '@mes/engine-web/i18n';
import { click, installDomStubs, type Rendered, render, waitFor } from '@mes/engine-web/testing';
import { masterdataModule } from '@mes/masterdata';
import { engineModule, Registry } from '@mes/model';
import { systemModule } from '@mes/system';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { act, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inventoryModule } from '../index';
import { stockLedger } from '../ledger.entity';
import { stockDoc } from '../stockDoc.entity';

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

describe('the stock ledger', () => {
  it("a row's document number opens the document that posted it", async () => {
    const ledgerRow = (id: number, type: number, docId: number, no: string) => ({
      Ledger_ID: id,
      Posting_Date: '2026-11-20',
      Doc_Type: type,
      Doc_ID: docId,
      Doc_NO: no,
      Material_ID: 7,
      Material_Name: '巡检螺栓',
      Location_ID: 3,
      Location_Name: 'A-01',
      Warehouse_ID: 1,
      Warehouse_Name: '原料仓',
      Batch_NO: '',
      Direction: -1,
      Qty: '-5',
      Balance_Qty: '20',
    });
    const { urls, wrap } = serve({
      '/StockLedger': [ledgerRow(1, 2, 55, 'IV2026110055'), ledgerRow(2, 12, 9, 'RT2026110009')],
      '/StockDoc': [],
      '/StockDoc/55': {
        Doc_ID: 55,
        Doc_NO: 'IV2026110055',
        Doc_Type: 2,
        Doc_Date: '2026-11-20',
        State: 3,
        Lines: [],
      },
    });
    view = await render(
      wrap(
        <MemoryRouter initialEntries={['/IV/report/stockLedger']}>
          <Routes>
            <Route
              path="/IV/report/stockLedger"
              element={<EntityListPage def={stockLedger} title="库存台账" />}
            />
            <Route
              path="/record/inventory/inventoryDocList"
              element={<EntityListPage def={stockDoc} title="库存单据" />}
            />
          </Routes>
        </MemoryRouter>,
      ),
    );
    const c = view.container;
    const link = await waitFor(() =>
      [...c.querySelectorAll('tr[data-row-key="1"] a')].find((a) => a.textContent === 'IV2026110055'),
    );
    // a movement type without a document page of its own shows its number alone
    expect([...c.querySelectorAll('tr[data-row-key="2"] a')].map((a) => a.textContent)).not.toContain(
      'RT2026110009',
    );
    await click(link);
    await waitFor(() => urls.some((u) => u.pathname === '/StockDoc/55'));
  });
});
