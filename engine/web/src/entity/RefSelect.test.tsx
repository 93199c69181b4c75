// @vitest-environment jsdom

import { ref } from '@mes/model';
import { message, notification } from 'antd';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { installDomStubs, type Rendered, render, type, waitFor } from '../test/dom';
import { fakeServer, ok, Providers } from '../test/fixtures';
import { RefSelect } from './RefSelect';

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

describe('a picker of an entity with its own lookup', () => {
  it('searches the lookup route with the typed keyword', async () => {
    const srv = fakeServer((c) =>
      c.url.pathname === '/Gadget/Search'
        ? ok([{ Gadget_ID: 7, Gadget_Name: `阀体${c.url.searchParams.get('KeyWord')}` }])
        : undefined,
    );
    view = await render(
      <Providers api={srv.api}>
        <RefSelect field={ref({ zh: '器件', en: 'Gadget' }, 'Gadget', 'Gadget_Name')} />
      </Providers>,
    );
    const input = view.container.querySelector('input') as HTMLInputElement;
    await act(async () => {
      input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await waitFor(() => srv.calls.find((c) => c.url.pathname === '/Gadget/Search'));
    await type(input, 'A1');
    const asked = await waitFor(() =>
      srv.calls.find(
        (c) => c.url.pathname === '/Gadget/Search' && c.url.searchParams.get('KeyWord') === 'A1',
      ),
    );
    expect(asked.url.searchParams.get('PageSize')).toBe('20');
    expect(srv.calls.some((c) => c.url.pathname === '/Gadget')).toBe(false);
    await waitFor(() => document.body.textContent?.includes('阀体A1'));
  });
});
