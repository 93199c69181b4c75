// @vitest-environment jsdom
import { fakeServer, ok, Providers } from '@mes/engine-web/fixtures';
import { initI18n } from '@mes/engine-web/i18n';
import { installDomStubs, type Rendered, render, waitFor } from '@mes/engine-web/testing';
import { inventoryModule } from '@mes/inventory';
import { masterdataModule } from '@mes/masterdata';
import { engineModule, Registry } from '@mes/model';
import { systemModule } from '@mes/system';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { factoryModule, productionModule } from '../index';
import { Gantt } from './Gantt';

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

const day = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');
const bar = (id: number, no: string, from: number, to: number) => ({
  Work_Order_ID: id,
  Order_NO: no,
  Schedule_Status: 1,
  Plan_Start: day(from),
  Plan_End: day(to),
  Qty: '10',
  Good_Qty: '0',
  Work_Station_ID: 1,
  Station_Name: '装配工位1',
  Material_Number: 'FG-001',
  Material_Name: '离心泵总成',
});

describe('Gantt', () => {
  it('draws each bar from its start day’s column, labelled with its own order number', async () => {
    const srv = fakeServer(({ url }) =>
      url.pathname === '/WorkOrder/Gantt'
        ? ok([bar(1, 'WO2026110041', 1, 1), bar(2, 'WO2026110042', 3, 6)])
        : ok([]),
    );
    view = await render(
      <Providers api={srv.api} registry={registry}>
        <Gantt />
      </Providers>,
    );
    const a = await waitFor(() =>
      view!.container.querySelector<HTMLElement>('[data-testid="gantt-bar-WO2026110041"]'),
    );
    const b = view.container.querySelector<HTMLElement>('[data-testid="gantt-bar-WO2026110042"]')!;
    // the chart starts 20 days ago: tomorrow is column 21, 28 px a day, whatever the time of day
    expect(a.style.left).toBe(`${21 * 28}px`);
    expect(a.style.width).toBe('28px');
    expect(b.style.left).toBe(`${23 * 28}px`);
    expect(b.style.width).toBe(`${4 * 28}px`);
    // the header's column of that day lines up: the 22nd header cell (index 21) is tomorrow
    const header = view.container.querySelector('[data-testid="gantt-days"]')!;
    expect(header.children[21].textContent).toBe(String(Number(day(1).slice(8, 10))));
    // labels tell the bars apart (not the shared "WO20" prefix)
    expect(a.textContent).not.toBe(b.textContent);
    expect(a.textContent?.endsWith('41')).toBe(true);
    expect(b.textContent).toContain('0042');
  });
});
