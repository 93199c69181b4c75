// @vitest-environment jsdom

/**
 * A line table's cells: pickers drawn as plain boxes until the user comes to them (LazyPicker),
 * values bound to the form without a Form.Item per cell, messages under the cell at fault.
 */

import { date, decimal, defineEntity, enumOf, options, ref } from '@mes/model';
import { message, notification } from 'antd';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { click, installDomStubs, pressEnter, type Rendered, render, type, waitFor } from '../test/dom';
import { fakeServer, ok, Providers } from '../test/fixtures';
import { EntityForm } from './EntityForm';
import { WINDOW_LINES } from './lineWindow';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(() => view?.unmount());
afterAll(async () => {
  message.destroy();
  notification.destroy();
  await new Promise((r) => setTimeout(r, 200));
});

const l = (zh: string, en: string) => ({ zh, en });
const order = defineEntity({
  name: 'Order',
  label: l('订单', 'Order'),
  kind: 'document',
  fields: { Remark: decimal(l('备注', 'Remark')) },
  lines: {
    Lines: {
      label: l('明细', 'Lines'),
      maxRows: 5000,
      fields: {
        Gadget_ID: ref(l('器件', 'Gadget'), 'Gadget', 'Gadget_Name', { required: true }),
        Kind: enumOf(l('类型', 'Kind'), options([1, '自制', 'Made'], [2, '外购', 'Bought'])),
        Qty: decimal(l('数量', 'Qty'), { required: true }),
        Due: date(l('交期', 'Due')),
      },
    },
  },
  display: 'Remark',
});

const cell = (c: HTMLElement, row: number, col: string) =>
  c.querySelector(`[data-testid="lines-Lines-${row}-${col}"]`) as HTMLElement;
const box = (c: HTMLElement, row: number, col: string) =>
  cell(c, row, col).querySelector('[data-lazy-picker]') as HTMLElement | null;
const errorOf = (c: HTMLElement, row: number, col: string) =>
  cell(c, row, col).querySelector('.ant-form-item-explain-error')?.textContent;
const draft = (lines: Record<string, unknown>[], state = 1) => ({
  ID: 5,
  Version: 2,
  State: state,
  Remark: null,
  Lines: lines.map((x, i) => ({ ID: i + 1, ...x })),
});

describe('a line table', () => {
  it('shows pickers as boxes with their names, and no select until one is clicked', async () => {
    const srv = fakeServer(() => undefined);
    const record = draft([
      { Gadget_ID: 7, Gadget_Name: '阀体', Kind: 2, Qty: '3' },
      { Gadget_ID: 8, Gadget_Name: '阀盖', Gadget_Code: 'VC-08', Kind: null, Qty: '1' },
    ]);
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={order} record={record} />
      </Providers>,
    );
    const c = view.container;
    expect(box(c, 0, 'Gadget_ID')?.textContent).toBe('阀体');
    // a line that carries the code shows it before the name
    expect(box(c, 1, 'Gadget_ID')?.textContent).toBe('VC-08 阀盖');
    expect(box(c, 0, 'Kind')?.textContent).toBe('外购');
    expect(box(c, 1, 'Kind')?.textContent).toBe('请选择');
    expect(c.querySelectorAll('[data-testid="lines-Lines"] .ant-select')).toHaveLength(0);
    // nothing is asked of the server for a picker nobody opened
    expect(srv.calls).toHaveLength(0);
  });

  it('clicked, a box becomes the select, open; what is picked is saved', async () => {
    const srv = fakeServer((x) =>
      x.url.pathname === '/Gadget/Search'
        ? ok([
            { Gadget_ID: 7, Gadget_Name: '阀体' },
            { Gadget_ID: 9, Gadget_Name: '阀芯' },
          ])
        : x.method === 'PUT'
          ? ok({ ...draft([]), ...(x.body as object) })
          : undefined,
    );
    const record = draft([{ Gadget_ID: 7, Gadget_Name: '阀体', Kind: 1, Qty: '3' }]);
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={order} record={record} />
      </Providers>,
    );
    const c = view.container;
    await act(async () => {
      box(c, 0, 'Gadget_ID')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    expect(box(c, 0, 'Gadget_ID')).toBeNull();
    expect(cell(c, 0, 'Gadget_ID').querySelector('.ant-select')).not.toBeNull();
    // open at once: the list is asked for without another click
    const opt = await waitFor(() =>
      [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === '阀芯'),
    );
    await click(opt);
    await click(c.querySelector('[data-testid="entity-form-save"]'));
    const put = await waitFor(() => srv.calls.find((x) => x.method === 'PUT'));
    expect((put.body as { Lines: { Gadget_ID: number; Kind: number }[] }).Lines[0]).toMatchObject({
      Gadget_ID: 9,
      Kind: 1,
    });
  });

  it('reached by Tab, a box becomes the select, focused and closed', async () => {
    const srv = fakeServer(() => undefined);
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={order} record={draft([{ Gadget_ID: 7, Gadget_Name: '阀体', Kind: 1, Qty: '3' }])} />
      </Providers>,
    );
    const c = view.container;
    await act(async () => box(c, 0, 'Kind')?.focus());
    const live = cell(c, 0, 'Kind').querySelector('input') as HTMLInputElement;
    expect(live).not.toBeNull();
    expect(document.activeElement).toBe(live);
    expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeNull();
  });

  it('a document past its draft shows its pickers as boxes that do not open', async () => {
    const srv = fakeServer(() => undefined);
    view = await render(
      <Providers api={srv.api}>
        <EntityForm
          def={order}
          record={draft([{ Gadget_ID: 7, Gadget_Name: '阀体', Kind: 1, Qty: '3' }], 3)}
        />
      </Providers>,
    );
    const c = view.container;
    const b = box(c, 0, 'Gadget_ID') as HTMLElement;
    expect(b.getAttribute('aria-disabled')).toBe('true');
    expect(b.tabIndex).toBe(-1);
    await act(async () => {
      b.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    expect(box(c, 0, 'Gadget_ID')).not.toBeNull();
    expect(cell(c, 0, 'Gadget_ID').querySelector('.ant-select')).toBeNull();
  });

  it('shows a message under the cell at fault, with the id the form scrolls to, and clears it when mended', async () => {
    const srv = fakeServer(() => undefined);
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={order} />
      </Providers>,
    );
    const c = view.container;
    await click(c.querySelector('[data-testid="lines-Lines-add"]'));
    await click(c.querySelector('[data-testid="entity-form-save"]'));
    await waitFor(() => errorOf(c, 0, 'Qty'));
    expect(errorOf(c, 0, 'Qty')).toBe('必填');
    expect(errorOf(c, 0, 'Gadget_ID')).toBe('必填');
    expect(cell(c, 0, 'Qty').id).toBe('Lines_0_Qty');
    expect(cell(c, 0, 'Qty').querySelector('.ant-input-status-error')).not.toBeNull();
    expect(box(c, 0, 'Gadget_ID')?.style.borderColor).not.toBe('');
    await type(cell(c, 0, 'Qty').querySelector('input'), '2');
    await waitFor(() => errorOf(c, 0, 'Qty') === undefined);
    expect(cell(c, 0, 'Qty').querySelector('.ant-input-status-error')).toBeNull();
    expect(srv.calls.filter((x) => x.method === 'POST')).toHaveLength(0);
  });

  it('offers the lines to and from Excel by the page’s grants; an approved document’s only to', async () => {
    const srv = fakeServer(() => undefined);
    const offered = async (buttons: string[] | undefined, state = 1) => {
      view?.unmount();
      view = await render(
        <Providers api={srv.api}>
          <EntityForm
            def={order}
            record={draft([{ Gadget_ID: 7, Gadget_Name: '阀体', Kind: 1, Qty: '3' }], state)}
            buttons={buttons && new Set(buttons)}
          />
        </Providers>,
      );
      return ['export', 'import'].filter((b) =>
        view?.container.querySelector(`[data-testid="lines-Lines-${b}"]`),
      );
    };
    expect(await offered(undefined)).toEqual(['export', 'import']);
    expect(await offered(['add', 'edit'])).toEqual([]);
    expect(await offered(['edit', 'export'])).toEqual(['export']);
    expect(await offered(['edit', 'import'])).toEqual(['import']);
    expect(await offered(['export', 'import'], 3)).toEqual(['export']);
  });

  it('shows a date as a box too; clicked, the calendar opens and the day picked is saved', async () => {
    const srv = fakeServer((x) =>
      x.method === 'PUT' ? ok({ ...draft([]), ...(x.body as object) }) : undefined,
    );
    const record = draft([{ Gadget_ID: 7, Gadget_Name: '阀体', Kind: 1, Qty: '3', Due: '2026-11-20' }]);
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={order} record={record} />
      </Providers>,
    );
    const c = view.container;
    expect(box(c, 0, 'Due')?.textContent).toBe('2026-11-20');
    expect(c.querySelectorAll('[data-testid="lines-Lines"] .ant-picker')).toHaveLength(0);
    await act(async () => {
      box(c, 0, 'Due')?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    expect(cell(c, 0, 'Due').querySelector('.ant-picker')).not.toBeNull();
    const day = await waitFor(() =>
      [...document.querySelectorAll('.ant-picker-dropdown td[title="2026-11-25"]')].find(
        (td) => !td.closest('.ant-picker-dropdown-hidden'),
      ),
    );
    await click(day.querySelector('.ant-picker-cell-inner'));
    await click(c.querySelector('[data-testid="entity-form-save"]'));
    const put = await waitFor(() => srv.calls.find((x) => x.method === 'PUT'));
    expect((put.body as { Lines: { Due: string }[] }).Lines[0].Due).toBe('2026-11-25');
  });

  /** A draft of WINDOW_LINES × 10 lines, quantity as `qty` gives it per row, in the form. */
  const longDraft = async (
    qty: (i: number) => string | null,
    other?: (i: number) => Record<string, unknown>,
  ) => {
    const srv = fakeServer(() => undefined);
    const n = WINDOW_LINES * 10;
    const rows = Array.from({ length: n }, (_, i) => ({
      Gadget_ID: 7,
      Gadget_Name: '阀体',
      Kind: 1,
      Qty: qty(i),
      ...other?.(i),
    }));
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={order} record={draft(rows)} />
      </Providers>,
    );
    return { srv, n, c: view.container };
  };

  it('past a few hundred rows draws only those in view, and the rest as the box scrolls; all are saved', async () => {
    const { srv, n, c } = await longDraft((i) => String(i + 1));
    const drawn = () => c.querySelectorAll('[data-testid="lines-Lines"] tbody tr[data-row-key]').length;
    expect(drawn()).toBeGreaterThan(10);
    expect(drawn()).toBeLessThan(60);
    expect(cell(c, 0, 'Qty')).not.toBeNull();
    expect(cell(c, n - 1, 'Qty')).toBeNull();
    // the rows not drawn stand as spacers, so that the scroll bar is true
    expect(c.querySelector('[data-testid="virtual-spacer-bottom"]')).not.toBeNull();
    const win = c.querySelector('[data-testid="lines-Lines-window"]') as HTMLElement;
    await act(async () => {
      win.scrollTop = 41 * 1500;
      win.dispatchEvent(new Event('scroll'));
      await new Promise((r) => setTimeout(r, 50));
    });
    await waitFor(() => cell(c, 1500, 'Qty'), 10_000);
    expect(cell(c, 0, 'Qty')).toBeNull();
    expect(c.querySelector('[data-testid="virtual-spacer-top"]')).not.toBeNull();
    // a row drawn again shows what it holds, and an edit in it is saved with every other row
    expect((cell(c, 1500, 'Qty').querySelector('input') as HTMLInputElement).value).toBe('1501');
    await type(cell(c, 1500, 'Qty').querySelector('input'), '7');
    await click(c.querySelector('[data-testid="entity-form-save"]'));
    const put = await waitFor(() => srv.calls.find((x) => x.method === 'PUT'), 10_000);
    const saved = (put.body as { Lines: { Qty: string }[] }).Lines;
    expect(saved).toHaveLength(n);
    expect(saved[1500].Qty).toBe('7');
    expect(saved[n - 1].Qty).toBe(String(n));
  });

  it('names the rows at fault that are out of view, and brings the first into view with its message', async () => {
    const { srv, c } = await longDraft((i) => (i === 1200 || i === 1700 ? null : '1'));
    expect(cell(c, 1200, 'Qty')).toBeNull();
    // an edit in view, so that the lines are sent: those out of view are judged with them
    await type(cell(c, 0, 'Qty').querySelector('input'), '2');
    await click(c.querySelector('[data-testid="entity-form-save"]'));
    await waitFor(() => errorOf(c, 1200, 'Qty'), 10_000);
    expect(errorOf(c, 1200, 'Qty')).toBe('必填');
    expect(c.querySelector('[data-testid="entity-form-error"]')?.textContent).toBe(
      '明细第 1201、1701 行有误，请修改后再保存',
    );
    expect(srv.calls.filter((x) => x.method === 'PUT')).toHaveLength(0);
  });

  it('keeps a cell’s fault when its row is scrolled away and back, and shows it on the other rows named', async () => {
    const { c } = await longDraft((i) => (i === 1200 || i === 1700 ? null : '1'));
    await type(cell(c, 0, 'Qty').querySelector('input'), '2');
    await click(c.querySelector('[data-testid="entity-form-save"]'));
    await waitFor(() => errorOf(c, 1200, 'Qty'), 10_000);
    const scrollTo = async (row: number) => {
      const win = c.querySelector('[data-testid="lines-Lines-window"]') as HTMLElement;
      await act(async () => {
        win.scrollTop = 41 * row;
        win.dispatchEvent(new Event('scroll'));
        await new Promise((r) => setTimeout(r, 50));
      });
      await waitFor(() => cell(c, row, 'Qty'), 10_000);
    };
    // the other row the message names: drawn, it shows its fault too
    await scrollTo(1700);
    expect(cell(c, 1200, 'Qty')).toBeNull();
    await waitFor(() => errorOf(c, 1700, 'Qty'), 10_000);
    expect(errorOf(c, 1700, 'Qty')).toBe('必填');
    // mended there, it lets its fault go
    await type(cell(c, 1700, 'Qty').querySelector('input'), '3');
    await waitFor(() => errorOf(c, 1700, 'Qty') === undefined, 10_000);
    // the first, drawn again, is still at fault; the mended one stays mended
    await scrollTo(1200);
    await waitFor(() => errorOf(c, 1200, 'Qty'), 10_000);
    expect(errorOf(c, 1200, 'Qty')).toBe('必填');
    await scrollTo(1700);
    expect(errorOf(c, 1700, 'Qty')).toBeUndefined();
  });

  it('finds a line by its code or name, shows it marked, and goes on to the next on searching again', {
    timeout: 60_000,
  }, async () => {
    const gauge = (i: number) =>
      i === 1500 || i === 300 ? { Gadget_ID: 8, Gadget_Name: '阀盖', Gadget_Code: 'VC-08' } : {};
    const { c } = await longDraft(() => '1', gauge);
    // the box as drawn now (the table draws itself again after a search)
    const find = () => c.querySelector('[data-testid="lines-Lines-find"] input') as HTMLInputElement;
    const search = async (text: string) => {
      await type(find(), text);
      await pressEnter(find());
      await act(async () => {
        await new Promise((r) => setTimeout(r, 80));
      });
    };
    const marked = () =>
      c.querySelector('[data-testid="lines-Lines"] tr[aria-current]')?.getAttribute('data-row-key');
    await search('vc-08');
    await waitFor(() => cell(c, 300, 'Gadget_ID'), 10_000);
    expect(marked()).toBe('300');
    await search('vc-08');
    await waitFor(() => cell(c, 1500, 'Gadget_ID'), 10_000);
    expect(marked()).toBe('1500');
    expect(box(c, 1500, 'Gadget_ID')?.textContent).toBe('VC-08 阀盖');
    // round to the first again
    await search('阀盖');
    await waitFor(() => marked() === '300', 10_000);
    await search('无此物料');
    expect(marked()).toBeUndefined();
    await waitFor(
      () =>
        [...document.querySelectorAll('.ant-message-notice')].some((n) =>
          n.textContent?.includes('没有找到含“无此物料”的明细'),
        ),
      10_000,
    );
  });
});
