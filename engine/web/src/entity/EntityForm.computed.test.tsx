// @vitest-environment jsdom

import { date, decimal, defineEntity, text } from '@mes/model';
import { message, notification } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { click, installDomStubs, type Rendered, render, type, waitFor } from '../test/dom';
import { fakeServer, ok, Providers } from '../test/fixtures';
import { EntityForm } from './EntityForm';
import { setCompanyTimeZone } from './format';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.useRealTimers();
});
afterAll(async function flushAntd() {
  message.destroy();
  notification.destroy();
  await new Promise((r) => setTimeout(r, 200));
});

const l = (zh: string, en: string) => ({ zh, en });

/** The shape of the inventory stock document: a dated header, lines of quantity × price, totals. */
const bill = defineEntity({
  name: 'Bill',
  label: l('单据', 'Bill'),
  kind: 'document',
  fields: {
    Doc_Date: date(l('业务日期', 'Date'), { required: true, default: 'today' }),
    Total_Qty: decimal(l('总数量', 'Total qty'), { readOnly: true, compute: { sum: ['Lines', 'Qty'] } }),
    Total_Amount: decimal(l('总金额', 'Total'), {
      scale: 2,
      readOnly: true,
      compute: { sum: ['Lines', 'Amount'] },
    }),
  },
  lines: {
    Lines: {
      label: l('明细', 'Lines'),
      fields: {
        Item: text(l('物品', 'Item'), { max: 20 }),
        Qty: decimal(l('数量', 'Qty'), { required: true }),
        Unit_Price: decimal(l('单价', 'Price'), { scale: 6 }),
        Amount: decimal(l('金额', 'Amount'), {
          scale: 2,
          readOnly: true,
          compute: { product: ['Qty', 'Unit_Price'] },
        }),
      },
    },
  },
  display: 'Doc_Date',
});

const header = (c: HTMLElement, name: string) =>
  c.querySelector(`[data-testid="field-${name}"] input`) as HTMLInputElement;
const cell = (c: HTMLElement, row: number, col: string) =>
  c.querySelector(`[data-testid="lines-Lines-${row}-${col}"] input`) as HTMLInputElement;
const addLine = (c: HTMLElement) => click(c.querySelector('[data-testid="lines-Lines-add"]'));

describe('EntityForm, declared computations', () => {
  it("starts a new document on the company's today, and an existing one on its own date", async () => {
    // Issue 25: "today" is read on the company clock (公司时区), not the browser's: 23:30 in
    // Shanghai is still the 31st there though in UTC it is 15:30 the same day.
    setCompanyTimeZone('Asia/Shanghai');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-31T15:30:00Z'));
    const srv = fakeServer(() => undefined);
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={bill} />
      </Providers>,
    );
    expect(header(view.container, 'Doc_Date').value).toBe('2026-03-31');
    view.unmount();
    // Half an hour past midnight in Shanghai is a new day there, whatever the browser's zone says.
    vi.setSystemTime(new Date('2026-03-31T16:30:00Z'));
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={bill} />
      </Providers>,
    );
    expect(header(view.container, 'Doc_Date').value).toBe('2026-04-01');
    view.unmount();
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={bill} record={{ ID: 1, Version: 1, State: 1, Doc_Date: '2025-12-01', Lines: [] }} />
      </Providers>,
    );
    expect(header(view.container, 'Doc_Date').value).toBe('2025-12-01');
  });

  it('computes line amounts and totals as the user types, and saves what the user typed', async () => {
    const srv = fakeServer((x) =>
      x.method === 'POST' ? ok({ ID: 5, ...(x.body as object), Version: 1, State: 1 }) : undefined,
    );
    const onSaved = vi.fn();
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={bill} onSaved={onSaved} />
      </Providers>,
    );
    const c = view.container;
    await addLine(c);
    await type(cell(c, 0, 'Qty'), '3');
    // no price yet: no amount, but the quantity counts
    expect(cell(c, 0, 'Amount').value).toBe('');
    expect(header(c, 'Total_Qty').value).toBe('3');
    await type(cell(c, 0, 'Unit_Price'), '2.105');
    expect(cell(c, 0, 'Amount').value).toBe('6.32');
    expect(header(c, 'Total_Amount').value).toBe('6.32');

    await addLine(c);
    await type(cell(c, 1, 'Qty'), '1.5');
    await type(cell(c, 1, 'Unit_Price'), '2');
    expect(cell(c, 1, 'Amount').value).toBe('3.00');
    expect(header(c, 'Total_Qty').value).toBe('4.5');
    expect(header(c, 'Total_Amount').value).toBe('9.32');
    // half typed: the line has no amount until it is a number again
    await type(cell(c, 1, 'Qty'), '1.');
    expect(cell(c, 1, 'Amount').value).toBe('');
    expect(header(c, 'Total_Amount').value).toBe('6.32');
    await type(cell(c, 1, 'Qty'), '10');
    expect(header(c, 'Total_Amount').value).toBe('26.32');

    await click(c.querySelector('[data-testid="lines-Lines-remove-0"]'));
    await waitFor(() => header(c, 'Total_Amount').value === '20.00');
    expect(header(c, 'Total_Qty').value).toBe('10');

    await click(c.querySelector('[data-testid="entity-form-save"]'));
    await waitFor(() => onSaved.mock.calls.length);
    // the server computes them again; the form never sends read-only fields
    expect(srv.calls.find((x) => x.method === 'POST')?.body).toEqual({
      Doc_Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      Lines: [{ Item: null, Qty: '10', Unit_Price: '2' }],
    });
  });

  it('does not count the computed values as changes of the user', async () => {
    const srv = fakeServer(() => undefined);
    const onDirty = vi.fn();
    const record = {
      ID: 1,
      Version: 1,
      State: 1,
      Doc_Date: '2025-12-01',
      Total_Qty: '2',
      Total_Amount: '8',
      Lines: [{ ID: 10, Item: 'a', Qty: '2', Unit_Price: '4', Amount: '8' }],
    };
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={bill} record={record} onDirtyChange={onDirty} />
      </Providers>,
    );
    const c = view.container;
    expect(header(c, 'Total_Amount').value).toBe('8.00');
    await type(cell(c, 0, 'Qty'), '3');
    expect(header(c, 'Total_Amount').value).toBe('12.00');
    expect(onDirty).toHaveBeenLastCalledWith(true);
    await type(cell(c, 0, 'Qty'), '2');
    expect(header(c, 'Total_Amount').value).toBe('8.00');
    expect(onDirty).toHaveBeenLastCalledWith(false);
  });
});
