import { madeFrom, pickNeeds, type ResolveBom } from './bom';
import { add, cmp, type Exact, exact, max, mul, sub, text, ZERO } from './exact';

export interface MrpDemand {
  materialId: number;
  qty: string;
}

export interface MrpSupply {
  /** Stock on hand now. */
  onHand: (materialId: number) => string | null | undefined;
  /** Open work orders and purchase orders still to arrive. */
  onOrder: (materialId: number) => string | null | undefined;
  /** Stock to keep; netting plans it back in. */
  safety?: (materialId: number) => string | null | undefined;
}

export interface MrpLine {
  materialId: number;
  /** Low-level code: 0 for the planned products, deepest use otherwise. */
  level: number;
  gross: string;
  onHand: string;
  onOrder: string;
  safety: string;
  net: string;
  /** make: suggest a work order; buy: suggest a purchase need. */
  action: 'make' | 'buy';
}

/**
 * MRP-lite. Materials are planned in low-level-code order so that each one is netted once against
 * stock and open orders with all its gross demand known: net = max(0, gross + safety − on hand −
 * on order). A made material's net quantity (not its gross) drives its components, which are exactly
 * what its work order will pick (`pickNeeds`, by the supply rule of `supplyOf`): phantom nodes are
 * exploded through and never planned, made sub-assemblies are planned as materials of their own.
 */
export function planRequirements(demands: MrpDemand[], resolve: ResolveBom, supply: MrpSupply): MrpLine[] {
  // Edges material → (component, qty per unit with scrap), for every made material reached
  const edges = new Map<number, { materialId: number; per: Exact }[]>();
  const addEdges = (materialId: number) => {
    if (edges.has(materialId)) return;
    const tree = madeFrom(materialId, resolve);
    if (!tree) return;
    const list = [...pickNeeds(tree, '1', resolve)].map(([m, q]) => ({ materialId: m, per: exact(q) }));
    edges.set(materialId, list);
    for (const c of list) addEdges(c.materialId);
  };
  for (const d of demands) addEdges(d.materialId);

  // low-level codes; a loop would never settle, so the depth is bounded by the number of materials
  const level = new Map<number, number>();
  const limit = edges.size + demands.length + 1;
  const visit = (m: number, l: number) => {
    if (l > limit) throw new Error('BOM cycle in planning');
    if ((level.get(m) ?? -1) >= l) return;
    level.set(m, l);
    for (const c of edges.get(m) ?? []) visit(c.materialId, l + 1);
  };
  for (const d of demands) visit(d.materialId, 0);

  const gross = new Map<number, Exact>();
  for (const d of demands) gross.set(d.materialId, add(gross.get(d.materialId) ?? ZERO, exact(d.qty)));
  const order = [...level.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const out: MrpLine[] = [];
  for (const [m, l] of order) {
    const g = gross.get(m) ?? ZERO;
    const onHand = exact(supply.onHand(m) ?? '0');
    const onOrder = exact(supply.onOrder(m) ?? '0');
    const safety = exact(supply.safety?.(m) ?? '0');
    const net = max(ZERO, sub(add(g, safety), add(onHand, onOrder)));
    const comps = edges.get(m);
    if (comps && cmp(net, ZERO) > 0)
      for (const c of comps) gross.set(c.materialId, add(gross.get(c.materialId) ?? ZERO, mul(net, c.per)));
    out.push({
      materialId: m,
      level: l,
      gross: text(g, 4),
      onHand: text(onHand, 4),
      onOrder: text(onOrder, 4),
      safety: text(safety, 4),
      net: text(net, 4),
      action: comps ? 'make' : 'buy',
    });
  }
  return out;
}
