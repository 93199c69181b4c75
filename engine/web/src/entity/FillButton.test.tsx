// @vitest-environment jsdom

import { message, notification } from 'antd';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { click, installDomStubs, type Rendered, render, type, waitFor } from '../test/dom';
import { type FakeCall, fakeServer, ok, Providers } from '../test/fixtures';
import { tallyEntity } from '../test/tally';
import { EntityForm } from './EntityForm';
import { fillApplies, fillQuery } from './FillButton';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});

let view: Rendered | undefined;
afterEach(() => view?.unmount());
afterAll(async function flushAntd() {
  message.destroy();
  notification.destroy();
  await new Promise((r) => setTimeout(r, 200));
});

const tally = tallyEntity();

/** What the server proposes: wire rows with the display names of their references, as a record's lines. */
const proposed = [
  { Gadget_ID: 31, Gadget_Name: '铝棒', Gadget_Number: 'RM-31', Qty: '10', Unit_Price: '2.5' },
  { Gadget_ID: 32, Gadget_Name: '铜管', Gadget_Number: 'RM-32', Qty: '1.25', Unit_Price: '4' },
];
const answer = (x: FakeCall) => (x.url.pathname === '/Tally/Fill' ? ok(proposed) : undefined);

const fillButton = (c: HTMLElement) => c.querySelector('[data-testid="fill-Lines"]') as HTMLElement | null;
const header = (c: HTMLElement, name: string) =>
  c.querySelector(`[data-testid="field-${name}"] input`) as HTMLInputElement;
const cell = (c: HTMLElement, row: number, col: string) =>
  c.querySelector(`[data-testid="lines-Lines-${row}-${col}"] input`) as HTMLInputElement;
const refShown = (c: HTMLElement, row: number, col: string) =>
  c
    .querySelector(`[data-testid="lines-Lines-${row}-${col}"]`)
    // a line cell's picker is a plain box until it is clicked (LazyPicker)
    ?.querySelector('[data-lazy-picker] span, .ant-select-content, .ant-select-selection-item')
    ?.textContent?.trim();
const rowCount = (c: HTMLElement) => c.querySelectorAll('[data-testid^="lines-Lines-remove-"]').length;

async function pickType(c: HTMLElement, label: string) {
  const sel = c.querySelector('[data-testid="field-Doc_Type"] .ant-select') as HTMLElement;
  await act(async () => {
    sel.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const opt = await waitFor(() =>
    [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.textContent === label && !o.closest('.ant-select-dropdown-hidden'),
    ),
  );
  await click(opt);
}

const draft = (lines: Record<string, unknown>[], type = 4) => ({
  ID: 9,
  Version: 1,
  State: 1,
  Doc_Type: type,
  Store_ID: 7,
  Total_Qty: '5',
  Total_Amount: null,
  Lines: lines,
});

describe('FillButton', () => {
  it('matches the declared header values and sends the filled params only', () => {
    const fill = tally.lines.Lines.fill!;
    expect(fillApplies(fill, { Doc_Type: 4 })).toBe(true);
    expect(fillApplies(fill, { Doc_Type: '4' })).toBe(true);
    expect(fillApplies(fill, { Doc_Type: 1 })).toBe(false);
    expect(fillApplies(fill, { Doc_Type: null })).toBe(false);
    expect(fillQuery(fill, { Doc_Type: 4, Store_ID: 7 })).toEqual({ Store_ID: 7 });
    expect(fillQuery(fill, { Doc_Type: 4, Store_ID: null })).toEqual({});
  });

  it('shows only while the header is a stocktake, and not on a document past its draft', async () => {
    const srv = fakeServer(answer);
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={tally} />
      </Providers>,
    );
    const c = view.container;
    expect(fillButton(c)).toBeNull();
    await pickType(c, '盘点');
    await waitFor(() => fillButton(c));
    expect(fillButton(c)?.textContent).toContain('按库存带出');
    await pickType(c, '入库');
    await waitFor(() => !fillButton(c));
    view.unmount();

    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={tally} record={{ ...draft([]), State: 3 }} />
      </Providers>,
    );
    expect(fillButton(view.container)).toBeNull();
  });

  it('fills the rows with their names, amounts and totals, and saves them as lines', async () => {
    const srv = fakeServer((x) =>
      x.method === 'POST' ? ok({ ID: 5, ...(x.body as object), Version: 1, State: 1 }) : answer(x),
    );
    const onSaved = vi.fn();
    const onDirty = vi.fn();
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={tally} onSaved={onSaved} onDirtyChange={onDirty} />
      </Providers>,
    );
    const c = view.container;
    await pickType(c, '盘点');
    await type(header(c, 'Store_ID'), '7');
    await click(await waitFor(() => fillButton(c)));
    await waitFor(() => rowCount(c) === 2);
    const get = srv.calls.find((x) => x.url.pathname === '/Tally/Fill');
    expect(get?.url.search).toBe('?Store_ID=7');
    // names, not ids; and what is computed follows the filled quantities and prices
    expect(refShown(c, 0, 'Gadget_ID')).toBe('铝棒');
    expect(refShown(c, 1, 'Gadget_ID')).toBe('铜管');
    expect(cell(c, 0, 'Qty').value).toBe('10');
    expect(cell(c, 0, 'Amount').value).toBe('25.00');
    expect(cell(c, 1, 'Amount').value).toBe('5.00');
    expect(header(c, 'Total_Qty').value).toBe('11.25');
    expect(header(c, 'Total_Amount').value).toBe('30.00');
    expect(onDirty).toHaveBeenLastCalledWith(true);
    // a counted quantity typed over a filled one still computes
    await type(cell(c, 1, 'Qty'), '2');
    expect(header(c, 'Total_Amount').value).toBe('33.00');

    await click(c.querySelector('[data-testid="entity-form-save"]'));
    await waitFor(() => onSaved.mock.calls.length);
    // the display names stay on the screen: the server gets the lines' own fields
    expect(srv.calls.find((x) => x.method === 'POST')?.body).toMatchObject({
      Lines: [
        { Gadget_ID: 31, Qty: '10', Unit_Price: '2.5' },
        { Gadget_ID: 32, Qty: '2', Unit_Price: '4' },
      ],
    });
  });

  it('asks before replacing lines already there; cancelled, they stay', async () => {
    const srv = fakeServer(answer);
    view = await render(
      <Providers api={srv.api}>
        <EntityForm
          def={tally}
          record={draft([{ Gadget_ID: 40, Gadget_Name: '旧件', Qty: '5', Unit_Price: null, Amount: null }])}
        />
      </Providers>,
    );
    const c = view.container;
    expect(refShown(c, 0, 'Gadget_ID')).toBe('旧件');
    await click(fillButton(c));
    const dialog = await waitFor(() => document.querySelector('.ant-modal-confirm'));
    expect(dialog?.textContent).toContain('将用带出的 2 行替换现有的 1 行明细');
    const cancel = [...(dialog?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent?.replace(/\s/g, '') === '取消',
    );
    await click(cancel);
    await new Promise((r) => setTimeout(r, 50));
    expect(rowCount(c)).toBe(1);
    expect(cell(c, 0, 'Qty').value).toBe('5');

    await click(fillButton(c));
    // the cancelled dialog may still be leaving: the new one is the last
    await waitFor(() => document.querySelectorAll('[data-testid="fill-Lines-confirm"]').length);
    await click([...document.querySelectorAll('[data-testid="fill-Lines-confirm"]')].at(-1));
    await waitFor(() => rowCount(c) === 2);
    expect(refShown(c, 0, 'Gadget_ID')).toBe('铝棒');
    expect(header(c, 'Total_Qty').value).toBe('11.25');
  });

  it("shows the server's refusal as other errors are, and leaves the lines alone", async () => {
    const srv = fakeServer((x) =>
      x.url.pathname === '/Tally/Fill'
        ? { status: 400, body: { Code: 1, Message: '请先选择仓库或库位', Data: null } }
        : undefined,
    );
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={tally} record={{ ...draft([]), Store_ID: null }} />
      </Providers>,
    );
    const c = view.container;
    await click(fillButton(c));
    await waitFor(() => srv.toasts.length);
    expect(srv.toasts).toEqual(['请先选择仓库或库位']);
    expect(srv.calls.find((x) => x.url.pathname === '/Tally/Fill')?.url.search).toBe('');
    expect(rowCount(c)).toBe(0);
  });
});
