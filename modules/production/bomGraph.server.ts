import type { Db } from '@mes/engine-server';
import { sql } from 'kysely';
import { loadGraph } from './bomData.server';

export type BomGraph = NonNullable<Awaited<ReturnType<typeof loadGraph>>>;

/** Graphs kept per database; a planner explodes and costs the same few products again and again. */
const KEEP = 16;

interface Cache {
  rev: string;
  graphs: Map<number, BomGraph>;
}
const caches = new WeakMap<Db, Cache>();

/** The database's BOM graph revision (migration 0014), as text: a bigint does not fit a number. */
export async function graphRevision(db: Db): Promise<string> {
  const { rows } = await sql<{
    rev: string;
  }>`SELECT rev::text AS rev FROM bom_graph_revision WHERE id = 1`.execute(db);
  return rows[0]?.rev ?? '';
}

/**
 * A BOM's graph for reading (explosion, cost roll-up), from memory while the database's BOM graph
 * revision (migration 0014) is the one it was loaded at. The revision is read before the graph,
 * so a graph is never filed under a revision newer than its data; at worst it is loaded again.
 * Writers inside a transaction load their own graph: they must see their own changes.
 */
export async function readGraph(db: Db, bomId: number): Promise<BomGraph | null> {
  const rev = await graphRevision(db);
  let cache = caches.get(db);
  if (!cache || cache.rev !== rev) {
    cache = { rev, graphs: new Map() };
    caches.set(db, cache);
  }
  const hit = cache.graphs.get(bomId);
  if (hit) {
    // most recently used last: the first key is the one to let go
    cache.graphs.delete(bomId);
    cache.graphs.set(bomId, hit);
    return hit;
  }
  const graph = await loadGraph(db, bomId);
  if (!graph || caches.get(db) !== cache) return graph;
  cache.graphs.set(bomId, graph);
  if (cache.graphs.size > KEEP) cache.graphs.delete(cache.graphs.keys().next().value as number);
  return graph;
}
