import { describe, expect, it } from 'vitest';
import { defineEntity } from './entity';
import { applyComputed, bool, date, decimal, enumOf, hasServerDefault, int, options } from './fields';
import { createSchema } from './schema';
import { both, pricedLines } from './testing';

const l = both;

/** A stock document in miniature: line amount = quantity × price, header totals over the lines. */
const doc = defineEntity({
  name: 'Doc',
  label: l('Doc'),
  kind: 'document',
  fields: {
    Doc_Date: date(l('Date'), { required: true, default: 'today' }),
    Total_Qty: decimal(l('Total qty'), { readOnly: true, compute: { sum: ['Lines', 'Qty'] } }),
    Total_Amount: decimal(l('Total'), { scale: 2, readOnly: true, compute: { sum: ['Lines', 'Amount'] } }),
    Rate: decimal(l('Rate')),
    // a product may use a total computed above it
    Tax: decimal(l('Tax'), { scale: 2, readOnly: true, compute: { product: ['Total_Amount', 'Rate'] } }),
  },
  lines: pricedLines(),
  display: 'Doc_Date',
});

describe('computed fields', () => {
  it('derives line amounts, rounded half away from zero, and the totals over them', () => {
    const data: Record<string, unknown> = {
      Rate: '0.13',
      Lines: [
        { Qty: '3', Unit_Price: '2.105' },
        { Qty: '1.5', Unit_Price: null },
        { Qty: '-1', Unit_Price: '0.005' },
      ],
    };
    applyComputed(doc, data);
    expect((data.Lines as { Amount: unknown }[]).map((r) => r.Amount)).toEqual(['6.32', null, '-0.01']);
    expect(data.Total_Qty).toBe('3.5');
    expect(data.Total_Amount).toBe('6.31');
    expect(data.Tax).toBe('0.82');
  });

  it('multiplies exactly and rounds once, with many digits and whole numbers alike', () => {
    const three = defineEntity({
      name: 'Three',
      label: l('Three'),
      kind: 'master',
      fields: {
        A: decimal(l('A')),
        B: int(l('B')),
        C: decimal(l('C')),
        P: decimal(l('P'), { scale: 2, readOnly: true, compute: { product: ['A', 'B', 'C'] } }),
      },
      display: 'A',
    });
    // 1.005 × 1 × 1.005 = 1.010025 → 1.01; rounding after each step would give 1.01 × 1.005 → 1.02
    const data: Record<string, unknown> = { A: '1.005', B: 1, C: '1.005' };
    applyComputed(three, data);
    expect(data.P).toBe('1.01');
    const big: Record<string, unknown> = { A: '99999999999999.9999', B: 2, C: '1' };
    applyComputed(three, big);
    expect(big.P).toBe('200000000000000');
  });

  it('leaves what a half-typed form or an update does not touch', () => {
    const typing: Record<string, unknown> = { Lines: [{ Qty: '12.', Unit_Price: '2' }, { Qty: 'x' }] };
    applyComputed(doc, typing);
    expect((typing.Lines as { Amount: unknown }[])[0].Amount).toBeNull();
    expect(typing.Total_Qty).toBe('0');

    const old = { Total_Qty: '5', Total_Amount: '10', Rate: '0.1', Tax: '1' };
    const noLines: Record<string, unknown> = { Doc_Date: '2026-01-02' };
    applyComputed(doc, noLines, old);
    expect(noLines).toEqual({ Doc_Date: '2026-01-02' });
    // a new rate is applied to the stored total
    const rate: Record<string, unknown> = { Rate: '0.2' };
    applyComputed(doc, rate, old);
    expect(rate.Tax).toBe('2');
  });

  it('refuses a computation that is not read-only or names what is not there', () => {
    const entity = (fields: Parameters<typeof defineEntity>[0]['fields']) => () =>
      defineEntity({ name: 'Bad', label: l('Bad'), kind: 'master', fields, display: 'A' });
    expect(entity({ A: decimal(l('A')), P: decimal(l('P'), { compute: { product: ['A', 'A'] } }) })).toThrow(
      /read-only/,
    );
    expect(
      entity({
        A: decimal(l('A')),
        P: decimal(l('P'), { readOnly: true, compute: { product: ['A', 'Z'] } }),
      }),
    ).toThrow(/factor Z/);
    expect(
      entity({
        A: decimal(l('A')),
        P: decimal(l('P'), { readOnly: true, compute: { sum: ['Lines', 'A'] } }),
      }),
    ).toThrow(/Lines\.A/);
  });
});

describe('defaults', () => {
  it("a date's 'today' is the form's: the server still needs the date", () => {
    expect(hasServerDefault(doc.fields.Doc_Date)).toBe(false);
    expect(hasServerDefault(bool(l('b'), { default: true }))).toBe(true);
    expect(hasServerDefault(enumOf(l('e'), options([1, 'a', 'a']), { default: 1 }))).toBe(true);
    const r = createSchema(doc).safeParse({ Lines: [] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['Doc_Date']);
  });
});

describe('line fills', () => {
  it('refuses a fill that names what the header does not have', () => {
    const withFill = (params: string[], when: Record<string, unknown>) => () =>
      defineEntity({
        name: 'Count',
        label: l('Count'),
        kind: 'document',
        fields: { Doc_Type: int(l('Type')), Store_ID: int(l('Store')) },
        lines: { Lines: { ...pricedLines().Lines, fill: { label: l('Fill'), path: '/Fill', params, when } } },
        display: 'Doc_Type',
      });
    expect(withFill(['Store_ID'], { Doc_Type: 4 })).not.toThrow();
    expect(withFill(['Shop_ID'], { Doc_Type: 4 })).toThrow(/fill field Shop_ID/);
    expect(withFill(['Store_ID'], { Kind: 4 })).toThrow(/fill field Kind/);
  });
});
