import { describe, expect, it } from 'vitest';
import type { BomLine, BomTree } from './bom';
import { pickNeeds, supplyOf } from './bom';
import { planRequirements } from './mrp';
import { routingMinutes, routingUnitCost } from './routing';

const L = (
  id: number,
  parentId: number | null,
  materialId: number,
  qty: string,
  scrapRate?: string,
): BomLine => ({
  id,
  parentId,
  materialId,
  qty,
  scrapRate,
});
// 100 pump = 1 × 200 housing (tree node with 2 × 201 casting) + 4 × 300 seal; 300 seal has its own BOM: 0.1 × 301 rubber
const pump: BomTree = {
  bomId: 1,
  productId: 100,
  lines: [L(1, null, 200, '1'), L(2, 1, 201, '2'), L(3, null, 300, '4')],
};
const seal: BomTree = { bomId: 2, productId: 300, lines: [L(4, null, 301, '0.1', '10')] };
const resolve = (m: number) => (m === 100 ? pump : m === 300 ? seal : undefined);

describe('MRP-lite net requirements', () => {
  it('nets each level against stock and open orders and drives components by the net quantity', () => {
    const stock: Record<number, string> = { 100: '5', 200: '10', 201: '3', 300: '20', 301: '1' };
    const open: Record<number, string> = { 100: '5', 301: '2' };
    const plan = planRequirements([{ materialId: 100, qty: '50' }], resolve, {
      onHand: (m) => stock[m],
      onOrder: (m) => open[m],
      safety: (m) => (m === 201 ? '4' : null),
    });
    const by = Object.fromEntries(plan.map((p) => [p.materialId, p]));
    expect(by[100]).toMatchObject({ level: 0, gross: '50', net: '40', action: 'make' });
    // 200 housing is a phantom (children in the tree, no BOM of its own): exploded through, never planned
    expect(by[200]).toBeUndefined();
    // 40 × 1 × 2 = 80 castings, + 4 safety − 3 on hand
    expect(by[201]).toMatchObject({ level: 1, gross: '80', safety: '4', net: '81', action: 'buy' });
    expect(by[300]).toMatchObject({ gross: '160', net: '140', action: 'make' });
    // 140 × 0.1 × 1.1 = 15.4, less 1 on hand and 2 on order
    expect(by[301]).toMatchObject({ level: 2, gross: '15.4', net: '12.4', action: 'buy' });
    expect(plan.map((p) => p.level)).toEqual([...plan.map((p) => p.level)].sort());
  });

  it('plans nothing below a product that stock covers', () => {
    const plan = planRequirements([{ materialId: 100, qty: '3' }], resolve, {
      onHand: (m) => (m === 100 ? '10' : '0'),
      onOrder: () => '0',
    });
    expect(plan.find((p) => p.materialId === 100)?.net).toBe('0');
    expect(plan.filter((p) => p.materialId !== 100).every((p) => p.net === '0' && p.gross === '0')).toBe(
      true,
    );
  });

  it('adds up demand for one material from several products at its lowest level', () => {
    const plan = planRequirements(
      [
        { materialId: 100, qty: '1' },
        { materialId: 300, qty: '6' },
      ],
      resolve,
      { onHand: () => '0', onOrder: () => '0' },
    );
    expect(plan.find((p) => p.materialId === 300)).toMatchObject({ level: 1, gross: '10', net: '10' });
  });
});

describe('MRP and picking follow one supply rule', () => {
  // 500 pump shaft sits in the tree with children and no BOM of its own: phantom. 300 seal has its
  // own BOM: made. 600 sits in the tree with children AND has a BOM of its own: made, by its own BOM.
  const shaftPump: BomTree = {
    bomId: 3,
    productId: 700,
    lines: [
      L(21, null, 500, '2'),
      L(22, 21, 501, '0.5', '4'),
      L(23, 21, 300, '1'),
      L(24, null, 600, '1'),
      L(25, 24, 601, '9'),
      L(26, null, 400, '3'),
    ],
  };
  const kit: BomTree = { bomId: 4, productId: 600, lines: [L(31, null, 602, '1.5')] };
  const trees: Record<number, BomTree> = { 700: shaftPump, 300: seal, 600: kit };
  const res = (m: number) => trees[m];

  it('classifies nodes: made (own BOM), phantom (children, no own BOM), bought', () => {
    const how = Object.fromEntries(shaftPump.lines.map((l) => [l.materialId, supplyOf(shaftPump, l, res)]));
    expect(how).toEqual({
      500: 'phantom',
      501: 'bought',
      300: 'made',
      600: 'made',
      601: 'bought',
      400: 'bought',
    });
  });

  it('picks phantoms exploded through and made parts as one part', () => {
    expect(Object.fromEntries(pickNeeds(shaftPump, '10', res))).toEqual({
      501: '10.4',
      300: '20',
      600: '10',
      400: '30',
    });
  });

  it('plans no work doc for a phantom, and plans the components a made material picks', () => {
    const plan = planRequirements([{ materialId: 700, qty: '10' }], res, {
      onHand: () => '0',
      onOrder: () => '0',
    });
    const by = Object.fromEntries(plan.map((p) => [p.materialId, p]));
    const made = plan.filter((p) => p.action === 'make').map((p) => p.materialId);
    expect(made.sort()).toEqual([300, 600, 700]);
    expect(by[500]).toBeUndefined();
    expect(by[601]).toBeUndefined();
    // every component of every made material: gross = what its work order for the net quantity picks
    for (const m of made) {
      const picks = pickNeeds(res(m), by[m].net, res);
      for (const [c, q] of picks) expect(Number(by[c].gross)).toBeGreaterThanOrEqual(Number(q));
    }
    expect(by[501]).toMatchObject({ gross: '10.4', action: 'buy' });
    expect(by[300]).toMatchObject({ gross: '20', action: 'make' });
    expect(by[301]).toMatchObject({ gross: '2.2', action: 'buy' });
    expect(by[602]).toMatchObject({ gross: '15', action: 'buy' });
  });
});

describe('routing', () => {
  const steps = [
    { stdMinutes: '6', setupMinutes: '30', hourRate: '60' },
    { stdMinutes: '1.5', hourRate: '40' },
  ];
  it('costs one unit from minutes and hourly rates, set-up spread over the batch', () => {
    expect(routingUnitCost(steps)).toBe('37');
    expect(routingUnitCost(steps, '10')).toBe('10');
  });
  it('adds up the minutes for a quantity', () => {
    expect(routingMinutes(steps, '10')).toBe('105');
  });
});
