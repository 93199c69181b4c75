// @vitest-environment jsdom

import type { RefField } from '@mes/model';
import { message, notification } from 'antd';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { click, installDomStubs, type Rendered, render, waitFor } from '../test/dom';
import { fakeServer, ok, Providers, widget } from '../test/fixtures';
import { EntityPagesProvider } from './entityPages';
import { RefSelect } from './RefSelect';

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

const cats = [
  { Category_ID: 1, Category_Name: '根', Parent_ID: null },
  { Category_ID: 2, Category_Name: '子', Parent_ID: 1 },
];
const field = widget.fields.Category_ID as RefField;
const setButton = () => document.querySelector<HTMLButtonElement>('[data-testid="tree-select-set-Category"]');

describe('the tree-select of a tree entity', () => {
  it('offers the tree and a Set button that is disabled when the menu has no page for it', async () => {
    const srv = fakeServer((c) => (c.url.pathname === '/Category' ? ok(cats) : undefined));
    view = await render(
      <Providers api={srv.api}>
        <RefSelect field={field} value={2} initialLabel="子" />
      </Providers>,
    );
    expect(setButton()?.disabled).toBe(true);
    expect(view.container.querySelector('.ant-select-content')?.getAttribute('title')).toBe('子');
    // nothing is asked until the tree opens
    expect(srv.calls).toHaveLength(0);
    await act(async () => {
      view?.container
        .querySelector('[data-testid="tree-select-Category"]')
        ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await waitFor(() => srv.calls.some((c) => c.url.pathname === '/Category'));
    const nodes = await waitFor(() => {
      const n = [...document.querySelectorAll('.ant-select-tree-treenode')]
        .map((x) => x.textContent)
        .filter(Boolean);
      return n.length === 2 ? n : null;
    });
    expect(nodes).toEqual(['根', '子']);
    expect(document.querySelectorAll('.ant-select-tree-indent-unit').length).toBeGreaterThan(0);
  });

  it('enables Set when the user has the page, and goes there', async () => {
    const srv = fakeServer(() => ok(cats));
    const opened: string[] = [];
    view = await render(
      <Providers api={srv.api}>
        <EntityPagesProvider value={{ open: (e) => (e === 'Category' ? () => void opened.push(e) : null) }}>
          <RefSelect field={field} value={null} />
        </EntityPagesProvider>
      </Providers>,
    );
    expect(setButton()?.disabled).toBe(false);
    expect(setButton()?.textContent).toContain('设置');
    await click(setButton());
    expect(opened).toEqual(['Category']);
  });

  it('disables Set with the select in a form that cannot be edited (a document past its draft)', async () => {
    const srv = fakeServer(() => ok(cats));
    view = await render(
      <Providers api={srv.api}>
        <EntityPagesProvider value={{ open: () => () => undefined }}>
          <RefSelect field={field} value={2} initialLabel="子" disabled />
        </EntityPagesProvider>
      </Providers>,
    );
    expect(setButton()?.disabled).toBe(true);
  });
});
