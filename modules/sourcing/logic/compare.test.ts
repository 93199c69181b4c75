import { describe, expect, it } from 'vitest';
import { compareOffers, divide, percentChange, type QuotedOffer, scoreSuppliers } from './compare';

const parts = [
  { Item_NO: 1, Part_Number: 'P-1', Part_Name: '支架', Annual_Qty: '1000', Target_Price: '10' },
  { Item_NO: 2, Part_Number: 'P-2', Part_Name: '盖板', Annual_Qty: '500', Target_Price: null },
];
const offer = (
  id: number,
  supplier: number,
  round: number,
  prices: [string | null, string | null],
  tooling = '0',
  submitted = true,
): QuotedOffer => ({
  Offer_ID: id,
  Supplier_ID: supplier,
  Round_NO: round,
  Submitted: submitted,
  Items: prices.map((p, i) => ({
    Item_NO: i + 1,
    Unit_Price: p,
    Tooling_Cost: tooling,
    Lead_Time_Days: 30,
    MOQ: null,
  })),
});

describe('division and percentages on decimal strings', () => {
  it('rounds half away from zero', () => {
    expect(divide('1', '3', 2)).toBe('0.33');
    expect(divide('2', '3', 2)).toBe('0.67');
    expect(divide('-2', '3', 2)).toBe('-0.67');
    expect(divide('10', '4', 0)).toBe('3');
    expect(divide('0.5', '0.25', 2)).toBe('2.00');
  });
  it('percent change between rounds', () => {
    expect(percentChange('10', '9.5')).toBe('-5.00');
    expect(percentChange('8', '10')).toBe('25.00');
    expect(percentChange('0', '1')).toBeNull();
  });
});

describe('comparison', () => {
  const offers = [
    offer(1, 101, 1, ['10', '20'], '5000'),
    offer(2, 102, 1, ['9.5', '22'], '6000'),
    offer(3, 103, 1, ['11', null], '0'),
    offer(4, 101, 2, ['9.2', '19'], '5000'),
    offer(5, 102, 2, ['9.2', '21'], '5500'),
    offer(6, 103, 2, ['1', '1'], '0', false),
  ];
  const c = compareOffers(parts, offers, 5);

  it('lists the rounds with submitted offers only; drafts are not shown', () => {
    expect(c.rounds).toEqual([1, 2]);
    expect(c.rows[0].cells[103]).toHaveLength(1);
  });

  it('marks the lowest price of the latest round per part, ties shared', () => {
    expect(c.rows[0].lowestPrice).toBe('9.2');
    expect(c.rows[0].lowest).toEqual([101, 102]);
    expect(c.rows[1].lowest).toEqual([101]);
  });

  it('a supplier left out of the latest round is not the lowest, however low its old price', () => {
    const left = compareOffers(
      parts,
      [offer(1, 101, 1, ['5', '5']), offer(2, 102, 1, ['9', '9']), offer(3, 102, 2, ['8', '8'])],
      5,
    );
    expect(left.rows[0].lowest).toEqual([102]);
    expect(left.rows[0].lowestPrice).toBe('8');
    expect(left.rows[0].cells[101][0].Unit_Price).toBe('5');
  });

  it('shows the trend from the previous round', () => {
    const cells = c.rows[0].cells[101];
    expect(cells.map((x) => x.Unit_Price)).toEqual(['10', '9.2']);
    expect(cells[0].Trend).toBeNull();
    expect(cells[1].Trend).toBe('-0.8');
    expect(cells[1].Trend_Pct).toBe('-8.00');
  });

  it('totals the latest offer over annual consumption, life time and tooling', () => {
    const t101 = c.totals.find((t) => t.Supplier_ID === 101)!;
    // 9.2 × 1000 + 19 × 500
    expect(t101.Annual_Amount).toBe('18700');
    expect(t101.Lifetime_Amount).toBe('93500');
    expect(t101.Tooling_Total).toBe('10000');
    expect(t101.Previous_Annual_Amount).toBe('20000');
    const t103 = c.totals.find((t) => t.Supplier_ID === 103)!;
    expect(t103.Quoted_Parts).toBe(1);
    expect(t103.Round_NO).toBe(1);
  });

  it('weighted score: the cheapest gets the full price score, weights are normalised', () => {
    const scores = scoreSuppliers(
      c.totals,
      [
        { Supplier_ID: 101, Quality_Score: '80', Delivery_Score: '90', Risk_Score: '70' },
        { Supplier_ID: 102, Quality_Score: '95', Delivery_Score: '90', Risk_Score: '90' },
      ],
      { price: '40', quality: '20', delivery: '20', risk: '20' },
      2,
    );
    const s101 = scores.find((s) => s.Supplier_ID === 101)!;
    const s102 = scores.find((s) => s.Supplier_ID === 102)!;
    // 101: 93500 + 10000 = 103500 is the lowest cost; 102: (9.2×1000 + 21×500)×5 + 11000 = 109500
    expect(s101.Price_Score).toBe('100.00');
    expect(s102.Price_Score).toBe('94.52');
    expect(s101.Total_Score).toBe('88.00');
    expect(s102.Total_Score).toBe('92.81');
    // a supplier that quoted one part of two gets half the price score it would otherwise have
    const s103 = scores.find((s) => s.Supplier_ID === 103)!;
    expect(s103.Price_Score).toBe('50.00');
    expect(s103.Total_Score).toBe('20.00');
  });

  it('no weights at all score zero rather than dividing by zero', () => {
    const s = scoreSuppliers(c.totals, [], { price: '0', quality: '0', delivery: '0', risk: '0' }, 2);
    expect(s.every((x) => x.Total_Score === '0.00')).toBe(true);
  });
});

describe('a declined, empty or zero price is never ranked (issue 25, bug 1)', () => {
  it('the 0 of an old quotation is not the lowest price and scores nothing', () => {
    const zero = offer(1, 10, 1, ['0', '5']);
    const real = offer(2, 11, 1, ['9', '6']);
    const c = compareOffers(parts, [zero, real], 1);
    expect(c.rows[0].lowest).toEqual([11]);
    expect(c.rows[0].lowestPrice).toBe('9');
    expect(c.rows[0].cells[10]).toBeUndefined();
    const t10 = c.totals.find((t) => t.Supplier_ID === 10)!;
    expect(t10.Quoted_Parts).toBe(1);
  });
  it('a declined line is left out even when a price was kept with it', () => {
    const declined = offer(1, 10, 1, ['1', '5']);
    declined.Items[0].Declined = true;
    const c = compareOffers(parts, [declined, offer(2, 11, 1, ['9', null])], 1);
    expect(c.rows[0].lowest).toEqual([11]);
    expect(c.rows[1].lowest).toEqual([10]);
    expect(c.totals.find((t) => t.Supplier_ID === 10)!.Quoted_Parts).toBe(1);
  });
});
