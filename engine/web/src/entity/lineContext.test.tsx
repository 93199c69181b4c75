// @vitest-environment jsdom

/**
 * A line's context (LinesDef.context): what is on hand where the line takes from, the shortage as a
 * warning before saving, and the last cost as the price of a line that has none (issue 25).
 */

import { decimal, defineEntity, enumOf, options, ref } from '@mes/model';
import { message, notification } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { installDomStubs, type Rendered, render, waitFor } from '../test/dom';
import { fakeServer, ok, Providers } from '../test/fixtures';
import { EntityForm } from './EntityForm';
import { shortfall } from './lineContext';

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
const move = defineEntity({
  name: 'Move',
  label: l('移库', 'Move'),
  kind: 'document',
  fields: { Kind: enumOf(l('类型', 'Kind'), options([1, '入', 'In'], [2, '出', 'Out'])) },
  lines: {
    Lines: {
      label: l('明细', 'Lines'),
      context: {
        label: l('现存量', 'On hand'),
        path: '/OnHand',
        params: ['Gadget_ID', 'Place_ID'],
        when: { Kind: [2] },
        qty: 'Qty',
        price: 'Price',
      },
      fields: {
        Gadget_ID: ref(l('器件', 'Gadget'), 'Gadget', 'Gadget_Name', { required: true }),
        Place_ID: ref(l('库位', 'Place'), 'Gadget', 'Gadget_Name', { displayAs: 'Place_Name' }),
        Qty: decimal(l('数量', 'Qty'), { required: true }),
        Price: decimal(l('单价', 'Price')),
      },
    },
  },
  display: 'Kind',
});

const record = (kind: number) => ({
  ID: 5,
  Version: 2,
  State: 1,
  Kind: kind,
  Lines: [
    { ID: 1, Gadget_ID: 7, Gadget_Name: '阀体', Place_ID: 3, Qty: '25', Price: null },
    { ID: 2, Gadget_ID: 8, Gadget_Name: '阀盖', Place_ID: 3, Qty: '2', Price: '9' },
  ],
});

describe('a line’s context', () => {
  it('shows the stock on hand, warns of a shortage before saving, and fills an empty price', async () => {
    const srv = fakeServer((c) =>
      c.url.pathname === '/OnHand'
        ? ok(
            c.url.searchParams.get('Gadget_ID') === '7'
              ? { Here: '20', Total: '120', Price: '8.5' }
              : { Here: '5', Total: '5', Price: '7' },
          )
        : undefined,
    );
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={move} record={record(2)} />
      </Providers>,
    );
    const c = view.container;
    const ctx = (row: number) => c.querySelector(`[data-testid="lines-Lines-${row}-context"]`);
    await waitFor(() => ctx(0)?.textContent?.includes('本库位 20，合计 120'));
    // 25 asked, 20 here: 5 short, said before saving
    expect(c.querySelector('[data-testid="lines-Lines-0-short"]')?.textContent).toBe('库存不足，缺 5');
    await waitFor(() => ctx(1)?.textContent?.includes('本库位 5'));
    expect(c.querySelector('[data-testid="lines-Lines-1-short"]')).toBeNull();
    // the empty price takes the last cost; a price typed stays
    const price = (row: number) =>
      c.querySelector(`[data-testid="lines-Lines-${row}-Price"] input`) as HTMLInputElement | null;
    await waitFor(() => price(0)?.value === '8.5');
    expect(price(1)?.value).toBe('9');
    const asked = srv.calls.filter((x) => x.url.pathname === '/OnHand').map((x) => x.url.search);
    expect(asked).toContain('?Gadget_ID=7&Place_ID=3');
  });

  it('is not shown where the header does not ask for it (a receipt)', async () => {
    const srv = fakeServer(() => ok({ Here: '1', Total: '1' }));
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={move} record={record(1)} />
      </Providers>,
    );
    await waitFor(() => view?.container.querySelector('[data-testid="lines-Lines-0-Qty"]'));
    expect(view.container.querySelector('[data-testid="lines-Lines-0-context"]')).toBeNull();
    expect(srv.calls.some((x) => x.url.pathname === '/OnHand')).toBe(false);
  });

  it('counts the shortfall in decimals', () => {
    expect(shortfall('10.5', { Here: '10.25' })).toBe('0.25');
    expect(shortfall('3', { Here: null, Total: '2' })).toBe('1');
    expect(shortfall('2', { Here: '2' })).toBeNull();
    expect(shortfall('', { Here: '0' })).toBeNull();
  });
});
