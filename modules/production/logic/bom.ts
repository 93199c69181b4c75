import { add, type Exact, exact, MAX_SCALE, mul, ONE, scaled, scrapFactor, text, ZERO } from './exact';

/** One node of a BOM tree: a material used `qty` times per unit of its parent node (or of the product). */
export interface BomLine {
  id: number;
  parentId: number | null;
  materialId: number;
  qty: string;
  /** Percent lost in making; the requirement is qty × (1 + rate / 100). */
  scrapRate?: string | null;
  /** Price on the line; when empty the material's own price counts. */
  price?: string | null;
  serNo?: number;
}

/** A BOM: the tree of one product in one version. */
export interface BomTree {
  bomId: number;
  productId: number;
  lines: BomLine[];
}

/** The default BOM of a material, when it is made from one (multi-level across BOMs). */
export type ResolveBom = (materialId: number) => BomTree | undefined;

/** A material that contains itself, with the chain of materials that closes the loop. */
export class BomCycleError extends Error {
  constructor(readonly path: number[]) {
    super(`BOM cycle: ${path.join(' > ')}`);
  }
}

/** Children by parent node, sorted by Ser_NO; computed once per tree. */
const childIndex = new WeakMap<BomTree, Map<number | null, BomLine[]>>();
export function childrenOf(tree: BomTree, parentId: number | null): BomLine[] {
  let idx = childIndex.get(tree);
  if (!idx) {
    idx = new Map();
    for (const l of tree.lines) {
      const k = l.parentId ?? null;
      const list = idx.get(k);
      if (list) list.push(l);
      else idx.set(k, [l]);
    }
    for (const list of idx.values()) list.sort((a, b) => (a.serNo ?? 0) - (b.serNo ?? 0) || a.id - b.id);
    childIndex.set(tree, idx);
  }
  return idx.get(parentId) ?? [];
}

/** qty × (1 + scrap %) of a line, parsed once per line: explosion and roll-up visit lines many times. */
const perUnitCache = new WeakMap<BomLine, Exact>();
function perUnit(line: BomLine): Exact {
  let v = perUnitCache.get(line);
  if (!v) {
    v = mul(exact(line.qty), scrapFactor(line.scrapRate));
    perUnitCache.set(line, v);
  }
  return v;
}

/**
 * How a BOM node is supplied — the one rule that planning (MRP, 生成任务单) and picking both follow:
 * - 'made': its material has a default BOM of its own (with lines). It gets its own work doc, and the
 *   parent's pick list takes it as one part; its own BOM says what goes into it (children hung under
 *   the node inside this tree are then only shown, not planned nor picked).
 * - 'phantom': no BOM of its own, but children under it in this tree. It is exploded through: its
 *   children are planned and picked for the parent directly, and it never gets a work doc.
 * - 'bought': neither; planned as a purchase need and picked as it is.
 */
export type Supply = 'made' | 'phantom' | 'bought';

/** The material's own BOM when it is made from one (a default BOM with lines), else undefined. */
export function madeFrom(materialId: number, resolve?: ResolveBom): BomTree | undefined {
  const sub = resolve?.(materialId);
  return sub && childrenOf(sub, null).length ? sub : undefined;
}

/** The supply of one node of `tree` (see `Supply`). */
export function supplyOf(tree: BomTree, line: BomLine, resolve?: ResolveBom): Supply {
  const own = madeFrom(line.materialId, resolve);
  if (own && own.bomId !== tree.bomId) return 'made';
  return childrenOf(tree, line.id).length ? 'phantom' : 'bought';
}

interface Expansion {
  tree: BomTree;
  lines: BomLine[];
}
/** A node's components by its supply: a made node's own BOM, a phantom's children, none when bought. */
function expand(tree: BomTree, line: BomLine, resolve?: ResolveBom): Expansion | null {
  const how = supplyOf(tree, line, resolve);
  if (how === 'phantom') return { tree, lines: childrenOf(tree, line.id) };
  if (how === 'made') {
    const sub = madeFrom(line.materialId, resolve)!;
    return { tree: sub, lines: childrenOf(sub, null) };
  }
  return null;
}

export interface ExplodedLine {
  level: number;
  materialId: number;
  parentMaterialId: number;
  /** Total quantity for the exploded quantity, scrap included. */
  qty: string;
  leaf: boolean;
}

export interface Explosion {
  /** Total requirement of each leaf material: bought ones, and made ones when stopped at them. */
  leaves: Map<number, string>;
  /** Total requirement of each material exploded through (made or phantom). */
  intermediates: Map<number, string>;
  lines: ExplodedLine[];
  nodeCount: number;
  depth: number;
}

/**
 * Explodes a BOM for `qty` units of its product: every node's requirement is its parent's
 * requirement × qty × (1 + scrap %). A node's material met again on its own path is a cycle.
 */
export function explode(
  root: BomTree,
  qty: string,
  resolve?: ResolveBom,
  opts: { withLines?: boolean; stopAtMade?: boolean } = {},
): Explosion {
  // totals as bigints at MAX_SCALE: one addition per node without allocating a decimal
  const leaves = new Map<number, bigint>();
  const mids = new Map<number, bigint>();
  const lines: ExplodedLine[] = [];
  const path: number[] = [root.productId];
  const onPath = new Set(path);
  let nodeCount = 0;
  let depth = 0;
  const bump = (m: Map<number, bigint>, k: number, v: Exact) => m.set(k, (m.get(k) ?? 0n) + scaled(v));

  const walk = (tree: BomTree, nodes: BomLine[], parentQty: Exact, parentMaterial: number, level: number) => {
    if (level > depth) depth = level;
    for (const line of nodes) {
      nodeCount++;
      if (onPath.has(line.materialId)) throw new BomCycleError([...path, line.materialId]);
      const need = mul(parentQty, perUnit(line));
      const sub =
        opts.stopAtMade && supplyOf(tree, line, resolve) === 'made' ? null : expand(tree, line, resolve);
      if (opts.withLines)
        lines.push({
          level,
          materialId: line.materialId,
          parentMaterialId: parentMaterial,
          qty: text(need),
          leaf: !sub,
        });
      if (!sub) {
        bump(leaves, line.materialId, need);
        continue;
      }
      bump(mids, line.materialId, need);
      path.push(line.materialId);
      onPath.add(line.materialId);
      walk(sub.tree, sub.lines, need, line.materialId, level + 1);
      path.pop();
      onPath.delete(line.materialId);
    }
  };
  walk(root, childrenOf(root, null), exact(qty), root.productId, 1);
  const out = (m: Map<number, bigint>) => new Map([...m].map(([k, v]) => [k, text({ n: v, s: MAX_SCALE })]));
  return { leaves: out(leaves), intermediates: out(mids), lines, nodeCount, depth };
}

/**
 * What a work order of `qty` units of the tree's product picks: phantoms exploded through, made
 * sub-assemblies taken as one part each (they come from their own work orders), bought parts as
 * they are. MRP plans a made material's components from this same list.
 */
export function pickNeeds(tree: BomTree, qty: string, resolve?: ResolveBom): Map<number, string> {
  return explode(tree, qty, resolve, { stopAtMade: true }).leaves;
}

/**
 * Finds a loop in a BOM without exploding quantities: a node whose material is the product or one
 * of its ancestors (following sub-BOMs too). Returns the chain of material ids, or null.
 */
export function findCycle(root: BomTree, resolve?: ResolveBom): number[] | null {
  try {
    explode(root, '1', resolve);
    return null;
  } catch (e) {
    if (e instanceof BomCycleError) return e.path;
    throw e;
  }
}

/**
 * Would hanging `materialId` under node `parentId` of `tree` close a loop? True when the material
 * is the product, an ancestor on that branch, or (through sub-BOMs) contains any of those.
 */
export function wouldCycle(
  tree: BomTree,
  parentId: number | null,
  materialId: number,
  resolve?: ResolveBom,
): number[] | null {
  const byId = new Map(tree.lines.map((l) => [l.id, l]));
  const ancestors: number[] = [tree.productId];
  const chain: number[] = [];
  for (let p = parentId; p !== null; ) {
    const l = byId.get(p);
    if (!l) break;
    chain.unshift(l.materialId);
    p = l.parentId;
  }
  ancestors.push(...chain);
  if (ancestors.includes(materialId)) return [...ancestors, materialId];
  // the new material's own BOM must not contain any ancestor
  const sub = resolve?.(materialId);
  if (!sub) return null;
  const seen = new Set(ancestors);
  const stack: { tree: BomTree; line: BomLine; path: number[] }[] = childrenOf(sub, null).map((line) => ({
    tree: sub,
    line,
    path: [...ancestors, materialId],
  }));
  let guard = 0;
  while (stack.length) {
    const { tree: t, line, path } = stack.pop()!;
    if (++guard > 1_000_000) break;
    if (seen.has(line.materialId) || path.includes(line.materialId)) return [...path, line.materialId];
    const e = expand(t, line, resolve);
    if (e) for (const c of e.lines) stack.push({ tree: e.tree, line: c, path: [...path, line.materialId] });
  }
  return null;
}

export interface WhereUsed {
  bomId: number;
  productId: number;
  /** 1: the material sits in this BOM; 2: in a BOM of a material this BOM uses; and so on. */
  level: number;
  /** The material of the BOM line that links to the level below (the searched material at level 1). */
  viaMaterialId: number;
  qty: string;
}

/**
 * Which BOMs use a material, across levels: BOMs with the material anywhere in their tree
 * (level 1), then BOMs that use the products of those (level 2), and so on. Each BOM once, at the
 * lowest level it is reached.
 */
export function whereUsed(trees: BomTree[], materialId: number, maxLevel = 50): WhereUsed[] {
  const byMaterial = new Map<number, { tree: BomTree; line: BomLine }[]>();
  for (const t of trees)
    for (const l of t.lines) {
      const list = byMaterial.get(l.materialId);
      if (list) list.push({ tree: t, line: l });
      else byMaterial.set(l.materialId, [{ tree: t, line: l }]);
    }
  const out: WhereUsed[] = [];
  const seenBom = new Set<number>();
  const seenMaterial = new Set<number>([materialId]);
  let frontier = [materialId];
  for (let level = 1; frontier.length && level <= maxLevel; level++) {
    const next: number[] = [];
    for (const m of frontier)
      for (const { tree, line } of byMaterial.get(m) ?? []) {
        if (seenBom.has(tree.bomId)) continue;
        seenBom.add(tree.bomId);
        out.push({ bomId: tree.bomId, productId: tree.productId, level, viaMaterialId: m, qty: line.qty });
        if (!seenMaterial.has(tree.productId)) {
          seenMaterial.add(tree.productId);
          next.push(tree.productId);
        }
      }
    frontier = next;
  }
  return out;
}

export interface CostLine {
  nodeId: number;
  materialId: number;
  /** qty × (1 + scrap %): how many units one unit of the parent uses, scrap included. */
  qty: string;
  /** Cost of one unit of this node's material: its price, or its components plus its operations. */
  unitCost: string;
  /** unitCost × qty (scrap included): what this node adds to one unit of its parent. */
  amount: string;
}

export interface CostRollUp {
  /** Bought materials at the leaves, per unit of product. */
  materialCost: string;
  /** Operations of the product and of every made component, per unit of product. */
  operationCost: string;
  unitCost: string;
  lines: CostLine[];
}

/**
 * Cost of one unit of the product: leaf lines at their price (the line's, else the material's),
 * made lines at their components' cost plus their own operation cost, plus the product's operations.
 */
export function rollUpCost(
  root: BomTree,
  priceOf: (materialId: number) => string | null | undefined,
  operationCostOf: (materialId: number) => string | null | undefined,
  resolve?: ResolveBom,
  opts: { withLines?: boolean } = {},
): CostRollUp {
  const lines: CostLine[] = [];
  const onPath = new Set<number>([root.productId]);
  const path = [root.productId];
  // returns [material part, operation part] of one unit of the parent
  const walk = (tree: BomTree, nodes: BomLine[], record: boolean): [Exact, Exact] => {
    let mat = ZERO;
    let ops = ZERO;
    for (const line of nodes) {
      if (onPath.has(line.materialId)) throw new BomCycleError([...path, line.materialId]);
      const per = perUnit(line);
      const sub = expand(tree, line, resolve);
      let unitMat: Exact;
      let unitOps: Exact;
      if (!sub) {
        unitMat = exact(line.price || priceOf(line.materialId) || '0');
        unitOps = ZERO;
      } else {
        path.push(line.materialId);
        onPath.add(line.materialId);
        // lines of a sub-BOM are costed but listed only for the root tree
        [unitMat, unitOps] = walk(sub.tree, sub.lines, record && sub.tree === root);
        path.pop();
        onPath.delete(line.materialId);
        unitOps = add(unitOps, exact(operationCostOf(line.materialId) || '0'));
      }
      const unit = add(unitMat, unitOps);
      if (record)
        lines.push({
          nodeId: line.id,
          materialId: line.materialId,
          qty: text(per),
          unitCost: text(unit, 4),
          amount: text(mul(unit, per), 4),
        });
      mat = add(mat, mul(unitMat, per));
      ops = add(ops, mul(unitOps, per));
    }
    return [mat, ops];
  };
  const [mat, ops0] = walk(root, childrenOf(root, null), opts.withLines ?? true);
  const ops = add(ops0, exact(operationCostOf(root.productId) || '0'));
  return {
    materialCost: text(mat, 4),
    operationCost: text(ops, 4),
    unitCost: text(add(mat, ops), 4),
    lines,
  };
}

/** Ids of a node and all nodes below it, parents before children. */
export function subtreeIds(tree: BomTree, nodeId: number): number[] {
  const out = [nodeId];
  for (let i = 0; i < out.length; i++) for (const c of childrenOf(tree, out[i])) out.push(c.id);
  return out;
}

export { ONE };
