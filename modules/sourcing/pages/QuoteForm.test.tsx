// @vitest-environment jsdom
import { fakeServer, ok, Providers } from '@mes/engine-web/fixtures';
import { initI18n, setLanguage } from '@mes/engine-web/i18n';
import { installDomStubs, type Rendered, render, waitFor } from '@mes/engine-web/testing';
import { masterdataModule } from '@mes/masterdata';
import { engineModule, Registry } from '@mes/model';
import { systemModule } from '@mes/system';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sourcingModule } from '../index';
import { QuoteForm, quoteProblem } from './QuoteForm';

const registry = new Registry([engineModule, systemModule, masterdataModule, sourcingModule]);

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(async () => {
  view?.unmount();
  view = undefined;
  await act(() => setLanguage('zh'));
});

const line = (n: number, price: string | null) => ({
  Item_NO: n,
  Part_Number: `P-${n}`,
  Part_Name: `part ${n}`,
  Drawing_NO: null,
  Unit_Name: null,
  Annual_Qty: '100',
  QC: null,
  Tooling: null,
  CAV: null,
  Unit_Price: price,
  Tooling_Cost: null,
  Lead_Time_Days: null,
  MOQ: null,
  Remark: null,
  Declined: false,
});

function serve() {
  const { calls, api } = fakeServer(({ url, method }) =>
    url.pathname === '/SRM/Portal/Offers/1'
      ? ok({
          Offer_ID: 1,
          Sow_ID: 7,
          Sow_NO: 'SOW-1',
          Round_NO: 1,
          Offer_Status: 1,
          Version: 1,
          Start_Time: '2020-01-01T00:00:00Z',
          End_Time: '2099-01-01T00:00:00Z',
          Editable: true,
          Server_Time: new Date().toISOString(),
          Items: [line(1, '0'), line(2, null)],
          History: [],
        })
      : method === 'POST'
        ? ok({ Offer_ID: 1 })
        : ok(null),
  );
  return { calls, api };
}

describe('quotation form: prices are checked before sending (issue 25, bug 1)', () => {
  it('names a zero price and an empty line in the reader language; the request waits', () => {
    const items = [
      { Item_NO: 1, Unit_Price: '0' },
      { Item_NO: 2, Unit_Price: null },
    ];
    expect(quoteProblem(items, false)).toEqual({ key: 'priceNotPositive', item: 1 });
    expect(quoteProblem([{ Item_NO: 1, Unit_Price: '-1' }], false)?.key).toBe('priceNotPositive');
    expect(quoteProblem([{ Item_NO: 1, Unit_Price: '3' }, items[1]], false)).toBeNull();
    expect(quoteProblem([{ Item_NO: 1, Unit_Price: '3' }, items[1]], true)).toEqual({
      key: 'priceMissing',
      items: '2',
    });
    expect(
      quoteProblem(
        [
          { Item_NO: 1, Unit_Price: '3' },
          { ...items[1], Declined: true },
        ],
        true,
      ),
    ).toBeNull();
    expect(quoteProblem([{ ...items[1], Declined: true }], true)?.key).toBe('nothingQuoted');
  });

  it('offers 不报价 per line and refuses a zero price or an all-declined quotation before sending', async () => {
    const { calls, api } = serve();
    view = await render(
      <Providers api={api} registry={registry}>
        <QuoteForm offerId={1} onBack={() => {}} statusTag={(v) => String(v)} />
      </Providers>,
    );
    const submit = await waitFor(() =>
      view!.container.querySelector<HTMLButtonElement>('[data-testid="quote-submit"]'),
    );
    expect(view.container.textContent).toContain('不报价');
    await act(async () => submit.click());
    await waitFor(() => document.body.textContent?.includes('项次 1 的单价必须大于 0') || null);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    // decline both lines but price the first: it is sent declined, without its price
    const box = (n: number) =>
      view!.container.querySelector<HTMLInputElement>(
        `[data-testid="quote-Declined-${n}"] input, input[data-testid="quote-Declined-${n}"]`,
      )!;
    await act(async () => box(2).click());
    await act(async () => box(1).click());
    await act(async () => submit.click());
    await waitFor(() => document.body.textContent?.includes('请至少为一个零件填写单价后再提交') || null);
    await act(async () => box(1).click());
    await act(() => setLanguage('en'));
    await act(async () => submit.click());
    await waitFor(
      () => document.body.textContent?.includes('The unit price of item 1 must be greater than 0') || null,
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
