// @vitest-environment jsdom

import { message, notification } from 'antd';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { click, installDomStubs, type Rendered, render, type, waitFor } from '../test/dom';
import { fakeServer, ok, Providers, widget } from '../test/fixtures';
import { EntityFormDrawer } from './EntityFormDrawer';
import type { Row } from './format';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  message.destroy();
});
afterAll(async () => {
  notification.destroy();
  await new Promise((r) => setTimeout(r, 200));
});

const widgets: Record<number, Row> = {
  1: {
    ID: 1,
    Code: 'W-1',
    Kind: 2,
    Price: '12.50',
    Version: 1,
    Parts: [{ ID: 11, Part_Name: '轴', Part_Qty: 2 }],
  },
  2: { ID: 2, Code: 'W-2', Kind: 1, Price: null, Version: 3, Parts: [] },
};

/** A server of widgets: reads them, and answers a POST with id 5 and a PUT with the next Version. */
function widgetServer() {
  return fakeServer((c) => {
    const m = /^\/Widget\/(\d+)$/.exec(c.url.pathname);
    if (c.method === 'GET' && m) return ok(widgets[Number(m[1])] ?? { ...(c.body as Row), ID: 5 });
    if (c.method === 'POST' && c.url.pathname === '/Widget') {
      widgets[5] = { ...(c.body as Row), ID: 5, Version: 1, Parts: (c.body as Row).Parts ?? [] };
      return ok(widgets[5]);
    }
    if (c.method === 'PUT') return ok({ ...widgets[1], ...(c.body as Row), Version: 2 });
    return undefined;
  });
}
const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
const toastText = () => document.querySelector('.ant-message')?.textContent ?? '';
const codeInput = () => waitFor(() => document.querySelector('[data-testid="field-Code"] input'));

describe('the form drawer behaves as an ERP document does (issue 25)', () => {
  it('stays open on a new record once saved, named by it, and says what it did', async () => {
    const srv = widgetServer();
    view = await render(
      <Providers api={srv.api}>
        <EntityFormDrawer def={widget} open id={null} onClose={() => {}} />
      </Providers>,
    );
    await type(await codeInput(), 'W-5');
    // Kind is required: pick the first option
    await act(async () => {
      document
        .querySelector('[data-testid="field-Kind"] .ant-select')
        ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await click(await waitFor(() => document.querySelector('.ant-select-item-option')));
    await click(byTestId('entity-form-save'));
    await waitFor(() => toastText().includes('已新增 W-5'));
    // the drawer now shows the saved record, by its name, as one being edited
    await waitFor(() => byTestId('record-title')?.textContent === 'W-5');
    expect(document.querySelector('.ant-drawer-title')?.textContent).toContain('编辑');
    expect(srv.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('saves with Ctrl+S', async () => {
    const srv = widgetServer();
    view = await render(
      <Providers api={srv.api}>
        <EntityFormDrawer def={widget} open id={1} onClose={() => {}} />
      </Providers>,
    );
    await type(await codeInput(), 'W-1b');
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true }));
    });
    const put = await waitFor(() => srv.calls.find((c) => c.method === 'PUT'));
    expect(put.body).toEqual({ ID: 1, Version: 1, Code: 'W-1b' });
    await waitFor(() => toastText().includes('已保存 W-1b'));
  });

  it('duplicates a record into a new one with its values and lines, saved by POST', async () => {
    const srv = widgetServer();
    view = await render(
      <Providers api={srv.api}>
        <EntityFormDrawer def={widget} open id={1} onClose={() => {}} />
      </Providers>,
    );
    await codeInput();
    await click(await waitFor(() => byTestId('entity-form-duplicate')));
    await waitFor(() => toastText().includes('已复制 W-1'));
    await waitFor(() => document.querySelector('.ant-drawer-title')?.textContent?.startsWith('新增'));
    expect(((await codeInput()) as HTMLInputElement).value).toBe('W-1');
    await type(await codeInput(), 'W-1c');
    await click(byTestId('entity-form-save'));
    const post = await waitFor(() => srv.calls.find((c) => c.method === 'POST'));
    expect(post.body).toMatchObject({
      Code: 'W-1c',
      Kind: 2,
      Price: '12.5',
      Parts: [{ Part_Name: '轴', Part_Qty: 2 }],
    });
    expect(post.body).not.toHaveProperty('ID');
  });

  it('walks the list it was opened from, asking first when there are unsaved changes', async () => {
    const srv = widgetServer();
    view = await render(
      <Providers api={srv.api}>
        <EntityFormDrawer def={widget} open id={1} siblings={[1, 2]} onClose={() => {}} />
      </Providers>,
    );
    await waitFor(() => byTestId('record-title')?.textContent === 'W-1');
    expect((byTestId('entity-form-previous') as HTMLButtonElement).disabled).toBe(true);
    await click(byTestId('entity-form-next'));
    await waitFor(() => byTestId('record-title')?.textContent === 'W-2');
    expect((byTestId('entity-form-next') as HTMLButtonElement).disabled).toBe(true);
    // changed, then 上一条: the guard asks, and discarding goes on
    await type(await codeInput(), 'W-2x');
    await click(byTestId('entity-form-previous'));
    await click(await waitFor(() => byTestId('entity-form-discard')));
    await waitFor(() => byTestId('record-title')?.textContent === 'W-1');
    expect(srv.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
