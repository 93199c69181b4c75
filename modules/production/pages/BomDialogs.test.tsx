// @vitest-environment jsdom
import { fakeServer, ok, Providers } from '@mes/engine-web/fixtures';
import { initI18n } from '@mes/engine-web/i18n';
import { installDomStubs, type Rendered, render, waitFor } from '@mes/engine-web/testing';
import { inventoryModule } from '@mes/inventory';
import { masterdataModule } from '@mes/masterdata';
import { engineModule, Registry } from '@mes/model';
import { systemModule } from '@mes/system';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { factoryModule, productionModule } from '../index';
import { CostDialog, WhereUsedDialog } from './BomDialogs';
import type { BomNodeRow } from './bomTree';

const registry = new Registry([
  engineModule,
  systemModule,
  masterdataModule,
  inventoryModule,
  productionModule,
  factoryModule,
]);

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

function serve(answers: Record<string, unknown>) {
  const { api } = fakeServer(({ url }) => (url.pathname in answers ? ok(answers[url.pathname]) : ok([])));
  return (ui: ReactNode) => (
    <Providers api={api} registry={registry}>
      {ui}
    </Providers>
  );
}

const text = () => document.body.textContent ?? '';

describe('where-used dialog', () => {
  it('shows the material asked about by code and name, not its internal id; the via material too', async () => {
    const wrap = serve({
      '/Bom/WhereUsed': [
        {
          Bom_ID: 7,
          List_NO: 'BOM-7',
          BOM_Version: 1,
          Product_Number: 'FG-001',
          Product_Name: '离心泵总成',
          Level: 1,
          Via_Material_Number: 'MC-022',
          Via_Material_Name: '泵轴',
          Qty: '1',
        },
      ],
    });
    view = await render(wrap(<WhereUsedDialog initial={22} initialLabel="MC-022 泵轴" onClose={() => {}} />));
    await waitFor(() => (text().includes('FG-001') ? true : null));
    const picker = document.body.querySelector('.ant-select-content');
    expect(picker?.getAttribute('title')).toBe('MC-022 泵轴');
    expect(picker?.textContent).toBe('MC-022 泵轴');
    expect(text()).toContain('MC-022 泵轴');
  });
});

describe('BOM cost dialog', () => {
  it('shows the scrap and the quantity with scrap the amount comes from (1.2 at 5% → 1.26)', async () => {
    const wrap = serve({
      '/Bom/3/Cost': {
        Material_Cost: '12.6',
        Operation_Cost: '0',
        Unit_Cost: '12.6',
        Lines: [{ ID: 5, Material_ID: 9, Qty: '1.26', Unit_Cost: '10', Amount: '12.6' }],
      },
    });
    const node = {
      ID: 5,
      Parent_ID: null,
      Material_ID: 9,
      Material_Number: 'RM-009',
      Material_Name: '冷轧钢板',
      Node_Index: '1',
      Qty: '1.2',
      Scrap_Rate: '5',
    } as unknown as BomNodeRow;
    view = await render(wrap(<CostDialog bomId={3} nodes={[node]} onClose={() => {}} />));
    const row = await waitFor(() => document.body.querySelector('tr[data-row-key="5"]'));
    const cells = [...row.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells).toEqual(['1', 'RM-009 冷轧钢板', '1.2', '5', '1.26', '10', '12.6']);
    expect(text()).toContain('含损耗用量');
  });
});
