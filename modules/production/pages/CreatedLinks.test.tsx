// @vitest-environment jsdom
import { EntityPagesProvider, useRecordOpener } from '@mes/engine-web/entity';
import { fakeServer, ok, Providers } from '@mes/engine-web/fixtures';
import { initI18n } from '@mes/engine-web/i18n';
import { click, installDomStubs, type Rendered, render, waitFor } from '@mes/engine-web/testing';
import { inventoryModule } from '@mes/inventory';
import { masterdataModule } from '@mes/masterdata';
import { engineModule, Registry } from '@mes/model';
import { systemModule } from '@mes/system';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { factoryModule, productionModule } from '../index';
import { CreatedList, linkedSentence } from './CreatedLinks';
import { ProducePlanPage } from './PlanPages';
import { PickDialog } from './WorkOrderDialogs';

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

/** The shell's record opener, as AppLayout provides it: only entities with a page in the menu open. */
function shell(withPages: string[]) {
  const opened: [string, number][] = [];
  const pages = {
    open: () => null,
    record: (entity: string, id: number) =>
      withPages.includes(entity) ? () => void opened.push([entity, id]) : null,
  };
  return { opened, pages };
}

function Picking({ no, id }: { no: string; id: number }) {
  const opener = useRecordOpener();
  return (
    <div>
      {linkedSentence(`已生成领料单 ${no}，审核后扣减库存`, no, opener('MaterialReceive', id), 'link')}
    </div>
  );
}

describe('links to what a step created', () => {
  it('已生成领料单 MR… : the number opens the picking in its tab', async () => {
    const { opened, pages } = shell(['MaterialReceive']);
    view = await render(
      <EntityPagesProvider value={pages}>
        <Picking no="MR2026110007" id={42} />
      </EntityPagesProvider>,
    );
    expect(view.container.textContent).toBe('已生成领料单 MR2026110007，审核后扣减库存');
    const link = view.container.querySelector('[data-testid="link"]');
    expect(link?.textContent).toBe('MR2026110007');
    await click(link);
    expect(opened).toEqual([['MaterialReceive', 42]]);
  });

  it('is plain text for a user without a page for the document', async () => {
    const { pages } = shell([]);
    view = await render(
      <EntityPagesProvider value={pages}>
        <Picking no="MR2026110007" id={42} />
      </EntityPagesProvider>,
    );
    expect(view.container.textContent).toBe('已生成领料单 MR2026110007，审核后扣减库存');
    expect(view.container.querySelector('[data-testid="link"]')).toBeNull();
  });

  it('生成任务单 lists each work doc it made as a link that opens it and closes the list', async () => {
    const opened: number[] = [];
    let closed = 0;
    view = await render(
      <CreatedList
        items={[
          { key: 1, no: 'WD2026110001', text: 'FG-001 离心泵总成 × 10', open: () => void opened.push(1) },
          { key: 2, no: 'WD2026110002', text: 'MC-009 泵轴 × 20', open: () => void opened.push(2) },
        ]}
        onOpened={() => closed++}
      />,
    );
    expect(view.container.textContent).toContain('WD2026110002 MC-009 泵轴 × 20');
    await click(view.container.querySelector('[data-testid="created-WD2026110002"]'));
    expect(opened).toEqual([2]);
    expect(closed).toBe(1);
  });
});

describe('the pick dialog', () => {
  it('says 已生成领料单 MR… with the number a link to the new picking', async () => {
    const { opened, pages } = shell(['MaterialReceive']);
    const srv = fakeServer(({ url, method }) =>
      url.pathname === '/WorkOrder/7/PickList'
        ? ok([
            {
              Material_ID: 9,
              Material_Number: 'RM-009',
              Material_Name: '冷轧钢板',
              Required_Qty: '5',
              Picked_Qty: '0',
              Open_Qty: '5',
            },
          ])
        : url.pathname === '/Location'
          ? ok([{ Location_ID: 3, Location_Code: 'WH01-A', Location_Name: 'A区' }])
          : url.pathname === '/MaterialReceive' && method === 'POST'
            ? ok({ Receive_ID: 42, List_NO: 'MR2026110007' })
            : ok([]),
    );
    view = await render(
      <Providers api={srv.api} registry={registry}>
        <EntityPagesProvider value={pages}>
          <PickDialog
            row={{ Work_Order_ID: 7, Order_NO: 'WO2026110001' }}
            onClose={() => {}}
            onDone={() => {}}
          />
        </EntityPagesProvider>
      </Providers>,
    );
    const input = (await waitFor(() => document.body.querySelector('.ant-modal input'))) as HTMLInputElement;
    await act(async () => {
      input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    const option = await waitFor(
      () => document.querySelector('.ant-select-item-option') as HTMLElement | null,
    );
    await act(async () => option.click());
    await waitFor(() =>
      document.querySelector('[data-testid="pick-create"]:not([disabled])') ? true : null,
    );
    await click(document.querySelector('[data-testid="pick-create"]'));
    const link = await waitFor(() => document.querySelector('[data-testid="picking-created-link"]'));
    expect(link.textContent).toBe('MR2026110007');
    expect(link.parentElement?.textContent).toBe('已生成领料单 MR2026110007，审核后扣减库存');
    await click(link);
    expect(opened).toEqual([['MaterialReceive', 42]]);
  });
});

describe('生成任务单 on the plan list', () => {
  it('lists the work docs it made, each opening its record', async () => {
    const { opened, pages } = shell(['WorkDoc']);
    const srv = fakeServer(({ url, method }) =>
      url.pathname === '/ProducePlan' && method === 'GET'
        ? ok([{ Plan_ID: 1, List_NO: 'PP2026110001', State: 3, Plan_Date: '2026-11-02' }], {
            TotalCount: 1,
            Page: 1,
            PageSize: 20,
          })
        : url.pathname === '/ProducePlan/CreateWorkDocs'
          ? ok([
              {
                Work_Doc_ID: 5,
                List_NO: 'WD2026110005',
                Material_Number: 'FG-001',
                Material_Name: '离心泵总成',
                Qty: '10',
              },
            ])
          : ok([]),
    );
    const meta = { title: { zh: '生产计划', en: 'Production plans' } };
    view = await render(
      <Providers api={srv.api} registry={registry}>
        <EntityPagesProvider value={pages}>
          <ProducePlanPage meta={meta} />
        </EntityPagesProvider>
      </Providers>,
    );
    await click(await waitFor(() => document.querySelector('[data-testid="requirements-PP2026110001"]')));
    await click(await waitFor(() => document.querySelector('[data-testid="create-work-docs"]')));
    const link = await waitFor(() => document.querySelector('[data-testid="created-WD2026110005"]'));
    expect(link.parentElement?.textContent).toBe('WD2026110005 FG-001 离心泵总成 × 10');
    await click(link);
    expect(opened).toEqual([['WorkDoc', 5]]);
  });
});
