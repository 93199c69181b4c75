// @vitest-environment jsdom

import { decimal, defineEntity, defineModule, Registry, ref, text } from '@mes/model';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { installDomStubs, type Rendered, render, waitFor } from '../test/dom';
import { fakeServer, ok } from '../test/fixtures';
import { createQueryClient, EngineProvider } from './context';
import { EntityListPage } from './EntityListPage';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(() => view?.unmount());

const unit = defineEntity({
  name: 'Unit',
  label: { zh: '单位', en: 'Unit' },
  kind: 'master',
  key: 'Unit_ID',
  fields: { Unit_Name: text({ zh: '单位名称', en: 'Unit name' }) },
  display: 'Unit_Name',
});
const material = defineEntity({
  name: 'Material',
  label: { zh: '物料', en: 'Material' },
  kind: 'master',
  key: 'Material_ID',
  fields: {
    Material_Name: text({ zh: '物料名称', en: 'Material name' }),
    Unit_ID: ref({ zh: '单位', en: 'Unit' }, 'Unit', 'Unit_Name'),
  },
  display: 'Material_Name',
});
const ledger = defineEntity({
  name: 'Ledger',
  label: { zh: '台账', en: 'Ledger' },
  kind: 'log',
  fields: {
    Doc_NO: text({ zh: '单号', en: 'No.' }, { max: 20 }),
    Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name'),
    Qty: decimal({ zh: '数量', en: 'Quantity' }, { precision: 18, scale: 4 }),
  },
  display: 'Doc_NO',
});
const registry = new Registry([
  defineModule({
    code: 'u',
    label: { zh: '测试', en: 'Test' },
    order: 1,
    entities: [unit, material, ledger],
    menu: [],
  }),
]);

async function sums(unitOf: Record<number, number>) {
  const rows = [
    { ID: 1, Doc_NO: 'L-1', Material_ID: 7, Material_Name: '冷轧钢板 1.0', Qty: '5' },
    { ID: 2, Doc_NO: 'L-2', Material_ID: 8, Material_Name: '冷轧钢板 1.5', Qty: '3' },
  ];
  const srv = fakeServer((c) => {
    if (c.url.pathname === '/Ledger') return ok(rows, { TotalCount: 2, Page: 1, PageSize: 20 });
    if (c.url.pathname === '/Material')
      return ok(
        (c.url.searchParams.get('Material_ID__in') ?? '')
          .split(',')
          .map((id) => ({ Material_ID: Number(id), Unit_ID: unitOf[Number(id)] })),
        { TotalCount: 2, Page: 1, PageSize: 2 },
      );
    return undefined;
  });
  const qc = createQueryClient();
  qc.setDefaultOptions({ queries: { retry: false } });
  view = await render(
    <QueryClientProvider client={qc}>
      <EngineProvider registry={registry} api={srv.api}>
        <App>
          <EntityListPage def={ledger} />
        </App>
      </EngineProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => srv.calls.some((x) => x.url.pathname === '/Material'));
  await waitFor(() => view?.container.querySelector('[data-testid="list-summary"]'));
  // let the units' answer reach the 合计 row
  await new Promise((r) => setTimeout(r, 50));
  const q = srv.calls.find((x) => x.url.pathname === '/Material')?.url.searchParams;
  return {
    asked: q?.get('Material_ID__in'),
    qty: view.container.querySelector('[data-testid="sum-Qty"]')?.textContent ?? null,
  };
}

describe('the 合计 row of a list whose unit is its material’s', () => {
  it('adds up two materials both in kilograms, after asking their units once', async () => {
    expect(await sums({ 7: 1, 8: 1 })).toEqual({ asked: '7,8', qty: '8' });
  });

  it('leaves the quantity blank when the materials’ units differ', async () => {
    expect(await sums({ 7: 1, 8: 2 })).toEqual({ asked: '7,8', qty: null });
  });
});
