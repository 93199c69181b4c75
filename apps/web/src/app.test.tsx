// @vitest-environment jsdom
import { initI18n } from '@mes/engine-web/i18n';
import { click, installDomStubs, type Rendered, render, waitFor } from '@mes/engine-web/testing';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from './App';
import { allPages, menuModules, pageOfPath } from './menu';
import { MODULES, registry } from './modules';
import { buildRoutes } from './routes';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

const requests: string[] = [];
function stubServer() {
  requests.length = 0;
  vi.stubGlobal('fetch', async (input: string | URL | Request) => {
    requests.push(String(input));
    const body = { Code: 0, Message: '', Data: [], Paging: { TotalCount: 0, Page: 1, PageSize: 20 } };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
}

async function open(path: string) {
  stubServer();
  const router = createMemoryRouter(buildRoutes(MODULES), { initialEntries: [path] });
  view = await render(
    <Providers registry={registry}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { c: view.container, router };
}

describe('menu', () => {
  it('lists modules with pages in order and finds the page of a path', () => {
    expect(menuModules(MODULES).map((m) => m.code)).toEqual(['setting']);
    const pages = allPages(MODULES);
    expect(pages.map((p) => p.page.path)).toContain('/setting/factory');
    expect(pageOfPath(pages, '/setting/factory/12')?.page.code).toBe('setting.factory');
    expect(pageOfPath(pages, '/elsewhere')).toBeUndefined();
  });
});

describe('routes', () => {
  it('redirects the root to the dashboard, which lists the modules', async () => {
    const { c, router } = await open('/');
    await waitFor(() => c.querySelector('[data-testid="dashboard"]'));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(c.querySelector('[data-testid="dashboard"]')?.textContent).toContain('工厂');
    expect(c.querySelector('[data-testid="sidebar"]')?.textContent).toContain('系统设置');
  });

  it('sends unknown paths to /404', async () => {
    const { c, router } = await open('/no/such/page');
    await waitFor(() => c.querySelector('[data-testid="not-found"]'));
    expect(router.state.location.pathname).toBe('/404');
  });

  it('serves a menu page with an entity by the generic list', async () => {
    const { c } = await open('/setting/factory');
    await waitFor(() => c.querySelector('[data-testid="entity-list-Factory"]'));
    const heads = [...c.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(heads).toContain('工厂编码');
    expect(heads).not.toContain('备注');
    await waitFor(() => requests.some((r) => r.startsWith('/Factory?')));
  });

  it('hides add and delete on the operation log', async () => {
    const { c } = await open('/setting/log');
    await waitFor(() => c.querySelector('[data-testid="entity-list-OperationLog"]'));
    expect(c.querySelector('[data-testid="entity-add"]')).toBeNull();
  });

  it('switches the language from the top bar', async () => {
    const { c } = await open('/dashboard');
    await waitFor(() => c.querySelector('[data-testid="lang-en"]'));
    await click(c.querySelector('[data-testid="lang-en"]'));
    await waitFor(() => c.querySelector('[data-testid="sidebar"]')?.textContent?.includes('Settings'));
    expect(document.documentElement.lang).toBe('en');
    await act(async () => {
      await click(c.querySelector('[data-testid="lang-zh"]'));
    });
  });
});
