import type { Row } from './format';

export type TreeRow = Row & { children?: TreeRow[] };

/**
 * Nests rows under their parent, keeping the server's order among siblings. A row whose parent is not in
 * the set (filtered out, or beyond the page) is shown at the top level rather than hidden.
 */
export function buildTree(rows: Row[], key: string, parent: string): TreeRow[] {
  const byId = new Map<unknown, TreeRow>();
  for (const r of rows) byId.set(r[key], { ...r });
  const roots: TreeRow[] = [];
  for (const r of rows) {
    const node = byId.get(r[key])!;
    const p = r[parent];
    const up = p === null || p === undefined || p === r[key] ? undefined : byId.get(p);
    if (up && !isAncestor(node, up, byId, key, parent)) {
      up.children ??= [];
      up.children.push(node);
    } else roots.push(node);
  }
  return roots;
}

/** A parent loop in bad data must not make rows vanish. */
function isAncestor(
  node: TreeRow,
  candidate: TreeRow,
  byId: Map<unknown, TreeRow>,
  key: string,
  parent: string,
) {
  let cur: TreeRow | undefined = candidate;
  const seen = new Set<unknown>();
  while (cur && !seen.has(cur[key])) {
    if (cur[key] === node[key]) return true;
    seen.add(cur[key]);
    cur = byId.get(cur[parent]);
  }
  return false;
}
