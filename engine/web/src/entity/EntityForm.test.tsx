// @vitest-environment jsdom

import { message, notification } from 'antd';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { click, installDomStubs, type Rendered, render, type, waitFor } from '../test/dom';
import { fakeServer, ok, Providers, widget } from '../test/fixtures';
import { EntityForm } from './EntityForm';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});

let view: Rendered | undefined;
afterEach(() => view?.unmount());
// toasts live in roots of their own; let React finish them before jsdom goes away
afterAll(async function flushAntd() {
  message.destroy();
  notification.destroy();
  await new Promise((r) => setTimeout(r, 200));
});

const field = (c: HTMLElement, name: string) =>
  c.querySelector(`[data-testid="field-${name}"]`) as HTMLElement;
const input = (c: HTMLElement, name: string) => field(c, name).querySelector('input, textarea');
const errorOf = (c: HTMLElement, name: string) =>
  field(c, name).querySelector('.ant-form-item-explain-error')?.textContent?.trim();
const save = (c: HTMLElement) => click(c.querySelector('[data-testid="entity-form-save"]'));

async function pickOption(c: HTMLElement, name: string, label: string) {
  const sel = field(c, name).querySelector('.ant-select') as HTMLElement;
  await act(async () => {
    sel.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const opt = await waitFor(() =>
    [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label),
  );
  await click(opt);
}

describe('EntityForm', () => {
  it('shows each zod issue under its field and sends nothing', async () => {
    const srv = fakeServer(() => ok({}));
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={widget} />
      </Providers>,
    );
    const c = view.container;
    await save(c);
    await waitFor(() => errorOf(c, 'Code'));
    expect(errorOf(c, 'Code')).toBe('必填');
    expect(errorOf(c, 'Kind')).toBe('必填');
    expect(errorOf(c, 'EMail')).toBeUndefined();

    await type(input(c, 'EMail'), 'not-an-email');
    await type(input(c, 'Price'), 'abc');
    await type(input(c, 'Code'), 'ABCDEFGHIJKL');
    await waitFor(() => errorOf(c, 'EMail') && errorOf(c, 'Price') && errorOf(c, 'Code') !== '必填');
    expect(errorOf(c, 'EMail')).toBe('邮箱格式不正确');
    expect(errorOf(c, 'Price')).toBe('请输入数字');
    expect(errorOf(c, 'Code')).toBe('最多 10 个字符');

    await type(input(c, 'Price'), '1.234');
    await waitFor(() => errorOf(c, 'Price') !== '请输入数字');
    expect(errorOf(c, 'Price')).toBe('整数最多 10 位，小数最多 2 位');

    expect(input(c, 'Serial')?.hasAttribute('disabled')).toBe(true);
    expect(srv.calls.filter((x) => x.method !== 'GET')).toEqual([]);
  });

  it('posts the create payload in wire shape', async () => {
    const srv = fakeServer((x) =>
      x.method === 'POST' ? ok({ ID: 5, ...(x.body as object), Version: 1 }) : undefined,
    );
    const onSaved = vi.fn();
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={widget} onSaved={onSaved} />
      </Providers>,
    );
    const c = view.container;
    await type(input(c, 'Code'), ' W-9 ');
    await type(input(c, 'Price'), '1,234.5');
    await pickOption(c, 'Kind', '外购');
    await save(c);
    await waitFor(() => onSaved.mock.calls.length);
    const post = srv.calls.find((x) => x.method === 'POST');
    expect(post?.url.pathname).toBe('/Widget');
    expect(post?.body).toEqual({
      Code: 'W-9',
      EMail: null,
      Kind: 2,
      Price: '1234.5',
      Qty: null,
      Active: false,
      Made_On: null,
      Category_ID: null,
      Parts: [],
    });
  });

  it('shows a line issue under its cell', async () => {
    const srv = fakeServer(() => ok({}));
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={widget} />
      </Providers>,
    );
    const c = view.container;
    await click(c.querySelector('[data-testid="lines-Parts-add"]'));
    await save(c);
    const err = await waitFor(() =>
      c.querySelector('[data-testid="lines-Parts"] .ant-form-item-explain-error'),
    );
    expect(err.textContent).toBe('必填');
    expect(srv.calls.filter((x) => x.method === 'POST')).toEqual([]);
    await type(c.querySelector('[data-testid="lines-Parts"] input'), 'bolt');
    await waitFor(() => !c.querySelector('[data-testid="lines-Parts"] .ant-form-item-explain-error'));
  });

  it('shows too many lines under the table, and a save sends nothing', async () => {
    const srv = fakeServer(() => ok({}));
    const one = { ...widget, lines: { Parts: { ...widget.lines.Parts, maxRows: 1 } } };
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={one} />
      </Providers>,
    );
    const c = view.container;
    await type(c.querySelector('[data-testid="field-Code"] input'), 'W-1');
    await click(c.querySelector('[data-testid="lines-Parts-add"]'));
    await click(c.querySelector('[data-testid="lines-Parts-add"]'));
    const inputs = c.querySelectorAll(
      '[data-testid="lines-Parts"] input[type="text"], [data-testid="lines-Parts"] input:not([type])',
    );
    for (const i of inputs) await type(i, 'bolt');
    await save(c);
    const err = await waitFor(() =>
      c.querySelector('[data-testid="lines-Parts"] .ant-form-item-explain-error'),
    );
    expect(err.textContent).toContain('1');
    expect(srv.calls.filter((x) => x.method === 'POST')).toEqual([]);
  });

  const record = {
    ID: 7,
    Version: 4,
    Code: 'W-7',
    EMail: null,
    Kind: 1,
    Price: '10.00',
    Qty: 3,
    Active: true,
    Made_On: '2024-01-02',
    Category_ID: 9,
    Category_Name: '螺丝',
    Serial: 'S-1',
    Parts: [{ ID: 70, Part_Name: 'bolt', Part_Qty: 2, Version: 1 }],
  };

  it('puts key, Version and only the changed fields', async () => {
    const srv = fakeServer((x) => (x.method === 'PUT' ? ok({ ...record, Version: 5 }) : undefined));
    const onSaved = vi.fn();
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={widget} record={record} onSaved={onSaved} />
      </Providers>,
    );
    const c = view.container;
    expect(field(c, 'Category_ID').textContent).toContain('螺丝');
    await type(input(c, 'Code'), 'W-8');
    await save(c);
    await waitFor(() => onSaved.mock.calls.length);
    expect(srv.calls.find((x) => x.method === 'PUT')?.body).toEqual({ ID: 7, Version: 4, Code: 'W-8' });
  });

  it('sends changed lines whole and shows a 409 in the form', async () => {
    const srv = fakeServer((x) =>
      x.method === 'PUT'
        ? { status: 409, body: { Code: 1, Message: '数据已被修改', Data: null } }
        : undefined,
    );
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={widget} record={record} />
      </Providers>,
    );
    const c = view.container;
    await type(c.querySelector('[data-testid="lines-Parts"] input'), 'nut');
    await save(c);
    const alert = await waitFor(() => c.querySelector('[data-testid="entity-form-error"]'));
    expect(alert.textContent).toContain('数据已被修改');
    expect(srv.toasts).toEqual(['数据已被修改']);
    expect(srv.calls.find((x) => x.method === 'PUT')?.body).toEqual({
      ID: 7,
      Version: 4,
      Parts: [{ Part_Name: 'nut', Part_Qty: 2 }],
    });
  });

  it('reports dirty state', async () => {
    const srv = fakeServer(() => undefined);
    const onDirty = vi.fn();
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={widget} record={record} onDirtyChange={onDirty} />
      </Providers>,
    );
    const c = view.container;
    await type(input(c, 'Code'), 'X');
    expect(onDirty).toHaveBeenLastCalledWith(true);
    await type(input(c, 'Code'), 'W-7');
    expect(onDirty).toHaveBeenLastCalledWith(false);
  });

  it('shows the record read again, unless the user has changed it since', async () => {
    const srv = fakeServer(() => undefined);
    const ui = (r: typeof record) => (
      <Providers api={srv.api}>
        <EntityForm def={widget} record={r} />
      </Providers>
    );
    view = await render(ui(record));
    const c = view.container;
    // approved: the server filled in what the draft did not have
    await view.rerender(ui({ ...record, Version: 5, Serial: 'S-2' }));
    expect((input(c, 'Serial') as HTMLInputElement).value).toBe('S-2');
    await type(input(c, 'Code'), 'W-8');
    await view.rerender(ui({ ...record, Version: 6, Serial: 'S-3' }));
    expect((input(c, 'Code') as HTMLInputElement).value).toBe('W-8');
  });
});
