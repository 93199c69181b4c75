/**
 * BOM performance (issue 7): explosion of one BOM of 10 levels and 10,000 nodes, and where-used
 * across 10,000 BOMs, through the real HTTP endpoints, on PGlite and on PostgreSQL side by side.
 *
 *   npx tsx bench/bom.bench.ts
 *
 * Environment: BENCH_TARGETS=pglite,postgres; BENCH_BOM_DATABASE_URL or DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/bench_prod; the database is wiped, so its name must start with
 * "bench"); BENCH_BOM_PGLITE_DIR (/tmp/bench-bom-pglite); BENCH_REPEAT (15); BENCH_SEED (7).
 * Figures are printed and written to bench/results/bom.{json,md}; nothing is asserted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@mes/engine-server';
import { explode } from '@mes/production/logic';
import { loadGraph } from '@mes/production/server';
import { sql } from 'kysely';
import { type BackendKind, ensureDatabase, listenAndSignIn, openBackend, resetDatabase } from './lib/backend';
import { between, mulberry32, percentile } from './lib/prng';

const env = process.env;
const targets = (env.BENCH_TARGETS ?? 'pglite,postgres').split(',') as BackendKind[];
const pgUrl = env.BENCH_BOM_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_prod';
const pgliteDir = env.BENCH_BOM_PGLITE_DIR ?? '/tmp/bench-bom-pglite';
const repeat = Number(env.BENCH_REPEAT ?? 15);
const seed = Number(env.BENCH_SEED ?? 7);
const LEVELS = 10;
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** Inserts rows in chunks; returns the new ids in insertion order. */
async function insert(
  db: Db,
  table: string,
  rows: Record<string, unknown>[],
  returning = false,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    if (returning) {
      const r = await db.insertInto(table).values(chunk).returning('id').execute();
      ids.push(...r.map((x) => Number(x.id)));
    } else await db.insertInto(table).values(chunk).execute();
  }
  return ids;
}

interface Generated {
  bigBom: number;
  bigNodes: number;
  raws: { popular: number; rare: number; mid: number };
  boms: number;
  whereNodes: number;
}

/**
 * Data: (1) one product whose BOM has 10 levels and 10,000 nodes: 100 top nodes, each the root of a
 * 100-node sub-tree whose nodes pick a random parent on the level above; materials differ by level,
 * so no path repeats a material. (2) 10,000 BOMs in three tiers: 5,000 sub-assemblies of raw
 * materials, 3,000 assemblies of sub-assemblies, 2,000 products of assemblies; where-used of a raw
 * material climbs all three.
 */
async function generate(db: Db): Promise<Generated> {
  const rand = mulberry32(seed);
  const mats = (prefix: string, n: number, type: number) =>
    Array.from({ length: n }, (_, i) => ({
      material_number: `${prefix}-${String(i).padStart(6, '0')}`,
      material_name: `${prefix} ${i}`,
      material_type: type,
      material_attribute: type === 1 ? 1 : 3,
      historical_price: (1 + (i % 50) / 10).toFixed(2),
    }));
  const levelMats: number[][] = [];
  for (let l = 1; l <= LEVELS; l++)
    levelMats.push(await insert(db, 'material', mats(`L${l}`, 200, l === LEVELS ? 1 : 2), true));
  const [big] = await insert(db, 'material', mats('BIG', 1, 3), true);
  const [bigBom] = await insert(
    db,
    'bom',
    [{ list_no: 'BENCH-BIG', material_id: big, bom_version: 1, bom_type: 1, is_default: true, status: 0 }],
    true,
  );
  // per level: 100 nodes at level 1, then 11 per sub-tree and level (100 × (1 + 9 × 11) = 10,000)
  let above: { id: number; tree: number }[] = [];
  let nodes = 0;
  for (let l = 1; l <= LEVELS; l++) {
    const rows: Record<string, unknown>[] = [];
    const owners: number[] = [];
    if (l === 1)
      for (let t = 0; t < 100; t++) {
        rows.push({ parent_id: null, tree: t });
        owners.push(t);
      }
    else
      for (let t = 0; t < 100; t++) {
        const parents = above.filter((a) => a.tree === t);
        for (let k = 0; k < 11; k++) {
          rows.push({ parent_id: parents[between(rand, 0, parents.length - 1)].id, tree: t });
          owners.push(t);
        }
      }
    const values = rows.map((r, i) => ({
      bom_id: bigBom,
      parent_id: r.parent_id,
      ser_no: (i + 1) * 10,
      material_id: levelMats[l - 1][between(rand, 0, 199)],
      qty: (1 + between(rand, 0, 20) / 10).toFixed(1),
      scrap_rate: between(rand, 0, 4).toString(),
    }));
    const ids = await insert(db, 'bom_node', values, true);
    nodes += ids.length;
    above = ids.map((id, i) => ({ id, tree: owners[i] }));
  }

  const raw = await insert(db, 'material', mats('RAW', 2000, 1), true);
  const tierSizes = [5000, 3000, 2000];
  const tiers: number[][] = [];
  let bomNo = 0;
  let whereNodes = 0;
  for (const [ti, size] of tierSizes.entries()) {
    const products = await insert(db, 'material', mats(`T${ti}`, size, ti === 2 ? 3 : 2), true);
    const bomIds = await insert(
      db,
      'bom',
      products.map((p) => ({
        list_no: `BENCH-${String(++bomNo).padStart(6, '0')}`,
        material_id: p,
        bom_version: 1,
        bom_type: 1,
        is_default: true,
        status: 0,
      })),
      true,
    );
    const rows: Record<string, unknown>[] = [];
    for (const b of bomIds) {
      // raw materials by a skewed pick (a few are in many BOMs), and parts of the tier below
      const comps = new Set<number>();
      for (let k = 0; k < 3; k++) comps.add(raw[Math.floor(rand() ** 3 * raw.length)]);
      if (ti > 0)
        for (let k = 0; k < 2; k++) comps.add(tiers[ti - 1][between(rand, 0, tiers[ti - 1].length - 1)]);
      for (const [i, m] of [...comps].entries())
        rows.push({
          bom_id: b,
          parent_id: null,
          ser_no: (i + 1) * 10,
          material_id: m,
          qty: '1',
          scrap_rate: null,
        });
    }
    await insert(db, 'bom_node', rows);
    whereNodes += rows.length;
    tiers.push(products);
  }
  await sql`ANALYZE`.execute(db);
  return {
    bigBom,
    bigNodes: nodes,
    raws: { popular: raw[0], rare: raw[raw.length - 1], mid: tiers[0][0] },
    boms: bomNo + 1,
    whereNodes,
  };
}

interface Timing {
  p50: number;
  p95: number;
  max: number;
}
const stats = (ms: number[]): Timing => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), max: s[s.length - 1] };
};

async function timeIt(n: number, fn: () => Promise<unknown>): Promise<Timing> {
  await fn(); // warm-up: plans, caches, JIT
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return stats(ms);
}

async function run(kind: BackendKind) {
  const where = kind === 'pglite' ? pgliteDir : pgUrl;
  if (kind === 'postgres') await ensureDatabase(where);
  log(`${kind}: fresh database`);
  await resetDatabase(kind, where);
  const b = await openBackend(kind, where);
  try {
    const t0 = performance.now();
    const g = await generate(b.raw.db);
    log(
      `${kind}: generated ${g.bigNodes} nodes in the big BOM, ${g.boms} BOMs in all (${Math.round(performance.now() - t0)} ms)`,
    );
    const { url, token } = await listenAndSignIn(b);
    const get = async (path: string) => {
      const r = await fetch(url + path, {
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      });
      const body = (await r.json()) as { Code: number; Message: string; Data: unknown };
      if (body.Code !== 0) throw new Error(`${path}: ${body.Message}`);
      return body.Data;
    };
    // what any BOM or material change does to the graphs a server keeps (migration 0014)
    const invalidate = () => sql`UPDATE bom_graph_revision SET rev = rev + 1`.execute(b.raw.db);
    const x = (await get(`/Bom/${g.bigBom}/Explode?Qty=1`)) as {
      Node_Count: number;
      Depth: number;
      Leaves: unknown[];
    };
    const popular = (await get(`/Bom/WhereUsed?Material_ID=${g.raws.popular}`)) as { Level: number }[];
    const loadBefore = loadavg()[0];
    const results = {
      kind,
      check: {
        nodes: x.Node_Count,
        depth: x.Depth,
        leaves: x.Leaves.length,
        whereUsedPopular: popular.length,
        whereUsedLevels: Math.max(...popular.map((p) => p.Level)),
      },
      // the endpoint as a client sees it (load, explode, names of the leaves, JSON), its graph in memory
      explodeHttp: await timeIt(repeat, () => get(`/Bom/${g.bigBom}/Explode?Qty=1`)),
      // the first explosion after any BOM or material change: the graph is read from the database
      explodeCold: await timeIt(repeat, async () => {
        await invalidate();
        return get(`/Bom/${g.bigBom}/Explode?Qty=1`);
      }),
      // the two parts inside the server
      explodeLoad: await timeIt(repeat, () => loadGraph(b.raw.db, g.bigBom)),
      explodePure: await (async () => {
        const graph = await loadGraph(b.raw.db, g.bigBom);
        if (!graph) throw new Error('no BOM');
        return timeIt(repeat, async () => explode(graph.tree, '1', graph.resolve));
      })(),
      costHttp: await timeIt(repeat, () => get(`/Bom/${g.bigBom}/Cost`)),
      costCold: await timeIt(repeat, async () => {
        await invalidate();
        return get(`/Bom/${g.bigBom}/Cost`);
      }),
      costHttpLines: await timeIt(repeat, () => get(`/Bom/${g.bigBom}/Cost?Lines=1`)),
      whereUsedPopular: await timeIt(repeat, () => get(`/Bom/WhereUsed?Material_ID=${g.raws.popular}`)),
      whereUsedRare: await timeIt(repeat, () => get(`/Bom/WhereUsed?Material_ID=${g.raws.rare}`)),
      whereUsedMid: await timeIt(repeat, () => get(`/Bom/WhereUsed?Material_ID=${g.raws.mid}`)),
    };
    const load = [loadBefore, loadavg()[0]];
    log(
      `${kind}: ${JSON.stringify(results.check)}; load average ${load.map((l) => l.toFixed(1)).join(' → ')}`,
    );
    return { ...results, load };
  } finally {
    await b.running.app.close();
  }
}

const out: Awaited<ReturnType<typeof run>>[] = [];
for (const kind of targets) out.push(await run(kind));
const f = (t: Timing) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}`;
const rows: [string, keyof (typeof out)[number]][] = [
  ['explosion, 10 levels, 10,000 nodes: GET /Bom/{id}/Explode (graph in memory)', 'explodeHttp'],
  ['  the same, first after a BOM or material change (graph read from the database)', 'explodeCold'],
  ['  of which: load the tree, sub-BOMs and materials (one SQL statement)', 'explodeLoad'],
  ['  of which: explode in memory', 'explodePure'],
  ['cost roll-up of the same BOM: GET /Bom/{id}/Cost (graph in memory)', 'costHttp'],
  ['  the same, first after a change', 'costCold'],
  ['  the same with the cost of every node: GET /Bom/{id}/Cost?Lines=1', 'costHttpLines'],
  ['where-used across 10,000 BOMs, popular raw material', 'whereUsedPopular'],
  ['where-used, rarely used raw material', 'whereUsedRare'],
  ['where-used, a sub-assembly', 'whereUsedMid'],
];
const header = `| measure (ms, p50 / p95, ${repeat} runs) | ${out.map((o) => o.kind).join(' | ')} |`;
const lines = [
  header,
  `|---|${out.map(() => '---').join('|')}|`,
  ...rows.map(([name, k]) => `| ${name} | ${out.map((o) => f(o[k] as Timing)).join(' | ')} |`),
  '',
  `Checks: ${out.map((o) => `${o.kind} ${JSON.stringify(o.check)}`).join('; ')}`,
  '',
  `Machine: ${cpus().length} cores shared with other jobs; 1-minute load average while measuring ${out
    .map((o) => `${o.kind} ${o.load.map((l) => l.toFixed(1)).join(' → ')}`)
    .join(', ')}.`,
];
console.log(`\n${lines.join('\n')}\n`);
const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(
  join(dir, 'bom.json'),
  JSON.stringify({ at: new Date().toISOString(), repeat, seed, results: out }, null, 2),
);
writeFileSync(join(dir, 'bom.md'), `# BOM bench\n\n${new Date().toISOString()}\n\n${lines.join('\n')}\n`);
process.exit(0);
