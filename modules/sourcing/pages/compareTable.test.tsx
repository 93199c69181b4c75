// @vitest-environment jsdom
import { fakeServer, ok, Providers } from '@mes/engine-web/fixtures';
import { initI18n, setLanguage } from '@mes/engine-web/i18n';
import { installDomStubs, type Rendered, render, waitFor } from '@mes/engine-web/testing';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compareOffers, type QuotedOffer } from '../logic/compare';
import { type ComparisonData, ComparisonTable } from './compareTable';

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

const parts = [
  { Item_NO: 1, Part_Number: 'P-1', Part_Name: '支架', Annual_Qty: '1000', Target_Price: '10' },
  { Item_NO: 2, Part_Number: 'P-2', Part_Name: '盖板', Annual_Qty: '500', Target_Price: null },
];
const item = (n: number, price: string | null, declined = false) => ({
  Item_NO: n,
  Unit_Price: price,
  Tooling_Cost: null,
  Lead_Time_Days: null,
  MOQ: null,
  Declined: declined,
});
const offers: QuotedOffer[] = [
  // supplier 10 declines part 2; supplier 11 leaves part 2 empty in a draft-era quotation
  { Offer_ID: 1, Supplier_ID: 10, Round_NO: 1, Submitted: true, Items: [item(1, '9'), item(2, null, true)] },
  { Offer_ID: 2, Supplier_ID: 11, Round_NO: 1, Submitted: true, Items: [item(1, '8')] },
];

function data(): ComparisonData {
  const c = compareOffers(parts, offers, 1);
  return {
    Sow: { Sow_ID: 1, Life_Time_Years: 1 },
    Parts: parts,
    Suppliers: [
      { Supplier_ID: 10, Short_Name: '甲' },
      { Supplier_ID: 11, Short_Name: '乙' },
    ],
    Offers: offers.map((o) => ({ Offer_ID: o.Offer_ID, Supplier_ID: o.Supplier_ID, Round_NO: o.Round_NO })),
    Rounds: c.rounds,
    Rows: c.rows,
    Totals: c.totals,
    Weights: { price: '40', quality: '30', delivery: '20', risk: '10' },
    Marks: [],
    Bid: null,
  };
}

describe('comparison table (比价分析)', () => {
  it('shows a declined part as 不报价 / No quote, apart from one not quoted', async () => {
    view = await render(
      <Providers api={fakeServer(() => ok(null)).api}>
        <ComparisonTable data={data()} />
      </Providers>,
    );
    const cell = (sid: number) =>
      view!.container.querySelector(`[data-testid="cmp-2-${sid}-1"]`)?.textContent ?? null;
    await waitFor(() => cell(10));
    expect(cell(10)).toBe('不报价');
    expect(cell(11)).toBe('未报价');
    await act(() => setLanguage('en'));
    expect(cell(10)).toBe('No quote');
    expect(cell(11)).toBe('not quoted');
  });
});
