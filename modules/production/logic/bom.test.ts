import { describe, expect, it } from 'vitest';
import {
  BomCycleError,
  type BomLine,
  type BomTree,
  explode,
  findCycle,
  rollUpCost,
  subtreeIds,
  whereUsed,
  wouldCycle,
} from './bom';

// materials: 100 bike, 200 frame, 201 tube, 202 weld wire, 300 wheel, 301 rim, 302 spoke, 400 bolt
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
  serNo: id,
});
const bike: BomTree = {
  bomId: 1,
  productId: 100,
  lines: [
    L(1, null, 200, '1'),
    L(2, 1, 201, '3', '10'),
    L(3, 1, 202, '0.25'),
    L(4, null, 300, '2'),
    L(5, null, 400, '4'),
    L(6, 1, 400, '2'),
  ],
};
// the wheel has a BOM of its own
const wheel: BomTree = {
  bomId: 2,
  productId: 300,
  lines: [L(11, null, 301, '1'), L(12, null, 302, '36', '5')],
};
const resolve = (m: number) => ({ 100: bike, 300: wheel })[m as 100 | 300];

describe('BOM explosion', () => {
  it('totals leaf requirements for a quantity, scrap included, across sub-BOMs', () => {
    const x = explode(bike, '10', resolve, { withLines: true });
    expect(Object.fromEntries(x.leaves)).toEqual({
      201: '33', // 10 × 3 × 1.10
      202: '2.5',
      301: '20',
      302: '756', // 10 × 2 × 36 × 1.05
      400: '60', // 10 × 4 + 10 × 1 × 2 — one material met on two branches adds up
    });
    expect(Object.fromEntries(x.intermediates)).toEqual({ 200: '10', 300: '20' });
    expect(x.depth).toBe(2);
    expect(x.lines.find((l) => l.materialId === 302)).toMatchObject({
      level: 2,
      parentMaterialId: 300,
      leaf: true,
    });
  });

  it('without a resolver a leaf of the tree stays a leaf', () => {
    const x = explode(bike, '1');
    expect(x.leaves.get(300)).toBe('2');
    expect(x.leaves.has(302)).toBe(false);
  });

  it('keeps exact decimals over many levels (no floating point)', () => {
    const chain = (qty: string) => {
      const lines: BomLine[] = [];
      for (let i = 0; i < 10; i++) lines.push(L(i + 1, i === 0 ? null : i, 1000 + i, qty));
      return { bomId: 9, productId: 1, lines };
    };
    expect(explode(chain('0.5'), '1024').leaves.get(1009)).toBe('1');
    // 1.1^10 = 2.5937424601, rounded to six places
    expect(explode(chain('1.1'), '1').leaves.get(1009)).toBe('2.593742');
    expect(explode(chain('1.1'), '1').intermediates.size).toBe(9);
  });

  it('refuses a product that contains itself, naming the loop', () => {
    const loop: BomTree = { bomId: 3, productId: 500, lines: [L(1, null, 501, '1'), L(2, 1, 500, '1')] };
    expect(() => explode(loop, '1')).toThrow(BomCycleError);
    expect(findCycle(loop)).toEqual([500, 501, 500]);
  });

  it('finds a loop that runs through two BOMs', () => {
    const a: BomTree = { bomId: 4, productId: 600, lines: [L(1, null, 601, '1')] };
    const b: BomTree = { bomId: 5, productId: 601, lines: [L(2, null, 602, '1'), L(3, null, 600, '2')] };
    const r = (m: number) => (m === 600 ? a : m === 601 ? b : undefined);
    expect(findCycle(a, r)).toEqual([600, 601, 600]);
    expect(findCycle(bike, resolve)).toBeNull();
  });

  it('wouldCycle refuses a node equal to an ancestor or containing one through its BOM', () => {
    expect(wouldCycle(bike, 1, 100, resolve)).toEqual([100, 200, 100]);
    expect(wouldCycle(bike, 2, 200, resolve)).toEqual([100, 200, 201, 200]);
    // the wheel under the frame is fine; a BOM of the bolt containing the bike is not
    expect(wouldCycle(bike, 1, 300, resolve)).toBeNull();
    const bolt: BomTree = { bomId: 7, productId: 400, lines: [L(1, null, 100, '1')] };
    const r2 = (m: number) => (m === 400 ? bolt : resolve(m));
    expect(wouldCycle(bike, 1, 400, r2)).toEqual([100, 200, 400, 100]);
  });
});

describe('where-used', () => {
  const trolley: BomTree = { bomId: 6, productId: 700, lines: [L(1, null, 300, '4'), L(2, null, 400, '8')] };
  const fleet: BomTree = { bomId: 8, productId: 800, lines: [L(1, null, 100, '5')] };
  const all = [bike, wheel, trolley, fleet];

  it('lists the BOMs using a material directly and through the products that use it', () => {
    const spoke = whereUsed(all, 302);
    expect(spoke.map((w) => [w.bomId, w.level, w.viaMaterialId])).toEqual([
      [2, 1, 302],
      [1, 2, 300],
      [6, 2, 300],
      [8, 3, 100],
    ]);
  });

  it('finds a material at any depth of a tree and lists each BOM once', () => {
    const bolt = whereUsed(all, 400);
    expect(bolt.filter((w) => w.level === 1).map((w) => w.bomId)).toEqual([1, 6]);
    expect(new Set(bolt.map((w) => w.bomId)).size).toBe(bolt.length);
    expect(whereUsed(all, 999)).toEqual([]);
  });
});

describe('cost roll-up', () => {
  const prices: Record<number, string> = { 201: '12.5', 202: '40', 301: '30', 302: '0.2', 400: '0.5' };
  const ops: Record<number, string> = { 100: '25', 200: '8', 300: '3.5' };

  it('adds leaf prices and the operations of every made level', () => {
    const c = rollUpCost(
      bike,
      (m) => prices[m],
      (m) => ops[m],
      resolve,
    );
    // frame: 3 × 1.1 × 12.5 + 0.25 × 40 + 2 × 0.5 = 41.25 + 10 + 1 = 52.25 material, 8 ops
    // wheel: 30 + 36 × 1.05 × 0.2 = 37.56 material, 3.5 ops; × 2
    // bike: 52.25 + 75.12 + 4 × 0.5 = 129.37 material; 8 + 7 + 25 = 40 ops
    expect(c).toMatchObject({ materialCost: '129.37', operationCost: '40', unitCost: '169.37' });
    expect(c.lines.find((l) => l.nodeId === 1)).toMatchObject({ unitCost: '60.25', amount: '60.25' });
    expect(c.lines.find((l) => l.nodeId === 4)).toMatchObject({ unitCost: '41.06', amount: '82.12' });
    // only the root tree's own nodes are listed
    expect(c.lines.map((l) => l.nodeId).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a price on the line wins over the material price', () => {
    const t: BomTree = { bomId: 9, productId: 1, lines: [{ ...L(1, null, 400, '10'), price: '0.45' }] };
    expect(
      rollUpCost(
        t,
        (m) => prices[m],
        () => null,
      ).unitCost,
    ).toBe('4.5');
  });

  it('refuses a loop', () => {
    const loop: BomTree = { bomId: 3, productId: 500, lines: [L(1, null, 500, '1')] };
    expect(() =>
      rollUpCost(
        loop,
        () => '1',
        () => '0',
      ),
    ).toThrow(BomCycleError);
  });
});

it('subtreeIds lists a node and everything below it', () => {
  expect(subtreeIds(bike, 1).sort()).toEqual([1, 2, 3, 6]);
  expect(subtreeIds(bike, 5)).toEqual([5]);
});
