// @vitest-environment jsdom

import { message, notification } from 'antd';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { click, installDomStubs, type Rendered, render, waitFor } from '../test/dom';
import { fakeServer, ok, Providers, widget } from '../test/fixtures';
import { EntityListPage } from './EntityListPage';
import { filterFields } from './FilterBar';

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

describe('the list filter bar', () => {
  it('derives its controls from the declaration: options, yes/no, date ranges and references', () => {
    expect(filterFields(widget).map((x) => [x.name, x.f.kind])).toEqual([
      ['Kind', 'enum'],
      ['Active', 'bool'],
      ['Made_On', 'date'],
      ['Category_ID', 'ref'],
    ]);
  });

  it('asks the server for the chosen option from page 1, and applies a saved filter', async () => {
    const srv = fakeServer((x) => {
      if (x.url.pathname === '/UserListView')
        return ok([{ ID: 7, View_Name: '外购本年', Filters: { Kind: 2, Made_On__gte: '2026-01-01' } }]);
      if (x.url.pathname === '/Widget') return ok([], { TotalCount: 0, Page: 1, PageSize: 20 });
      return undefined;
    });
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={widget} />
      </Providers>,
    );
    const c = view.container;
    await click(await waitFor(() => c.querySelector('[data-testid="entity-filter"]')));
    await waitFor(() => c.querySelector('[data-testid="filter-bar"]'));
    const open = async (testId: string) =>
      act(async () => {
        c.querySelector(`[data-testid="${testId}"]`)?.dispatchEvent(
          new MouseEvent('mousedown', { bubbles: true }),
        );
      });
    await open('filter-Kind');
    await click(
      await waitFor(() =>
        [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
          (o) => o.textContent === '外购',
        ),
      ),
    );
    const widgetCalls = () => srv.calls.filter((x) => x.url.pathname === '/Widget');
    const last = () => widgetCalls()[widgetCalls().length - 1].url.searchParams;
    await waitFor(() => last().get('Kind') === '2');
    expect(last().get('Page')).toBe('1');

    await open('filter-views');
    await click(
      await waitFor(() =>
        [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) =>
          o.textContent?.includes('外购本年'),
        ),
      ),
    );
    await waitFor(() => last().get('Made_On__gte') === '2026-01-01');
    expect(last().get('Kind')).toBe('2');

    await click(c.querySelector('[data-testid="filter-clear"]'));
    await waitFor(() => !last().has('Kind') && !last().has('Made_On__gte'));
  });
});
