/**
 * EXPLAIN ANALYZE of the statements one ledger list request sends, on an already generated bench
 * database (`npx tsx bench/generate.ts` first): `npx tsx bench/explain.ts` (BENCH_TARGET=pglite|postgres).
 * BENCH_EXPLAIN=posting instead times each statement of creating and approving 20-line documents.
 */
import { listenAndSignIn, openBackend } from './lib/backend';
import { settings } from './lib/config';
import { labelOf, ledgerPaths, stockPairs } from './lib/phases';

const cfg = settings();
const kind = process.env.BENCH_TARGET === 'pglite' ? 'pglite' : 'postgres';
const b = await openBackend(kind, kind === 'pglite' ? cfg.pgliteDir : cfg.databaseUrl);
let docId = 0;
try {
  const { url, token } = await listenAndSignIn(b);
  const paths =
    process.env.BENCH_EXPLAIN === 'posting'
      ? []
      : await ledgerPaths(b, cfg.seed, Number(process.env.BENCH_PATHS ?? 3));
  if (process.env.BENCH_EXPLAIN === 'posting') {
    const stock = (await stockPairs(b)).slice(0, 200);
    const post = async (path: string, body: unknown) =>
      (await (
        await fetch(url + path, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as { Code: number; Message: string; Data: { Doc_ID: number } };
    for (let round = 0; round < 4; round++) {
      const Lines = stock
        .slice(round * 20, round * 20 + 20)
        .map((p) => ({ Material_ID: p.m, Location_ID: p.l, Qty: '1' }));
      for (const [title, run] of [
        [
          'create',
          () => post('/StockDoc', { Doc_Type: 2, Doc_Date: new Date().toISOString().slice(0, 10), Lines }),
        ],
        ['approve', () => post('/StockDoc/Approve', { Doc_ID: docId })],
      ] as const) {
        b.counter.capture = [];
        const t = performance.now();
        const r = await run();
        if (title === 'create') docId = r.Data.Doc_ID;
        const ms = performance.now() - t;
        const caught = b.counter.capture;
        b.counter.capture = null;
        console.log(`\n# ${title}: ${ms.toFixed(1)} ms, ${caught.length} statements (${r.Message})`);
        for (const q of caught) {
          const text = b.raw.db.getExecutor().compileQuery(q.node, q.queryId).sql.replace(/\s+/g, ' ');
          console.log(
            `  ${(q.ms ?? 0).toFixed(2).padStart(7)} ms  ${labelOf(text).padEnd(30)} ${text.slice(0, 90)}`,
          );
        }
      }
    }
  }
  for (const path of paths) {
    b.counter.capture = [];
    const t = performance.now();
    await (await fetch(url + path, { headers: { authorization: `Bearer ${token}` } })).json();
    console.log(`\n# ${path}: ${(performance.now() - t).toFixed(1)} ms`);
    const caught = b.counter.capture;
    b.counter.capture = null;
    for (const q of caught) {
      const c = b.raw.db.getExecutor().compileQuery(q.node, q.queryId);
      if (!/^\s*(select|with)/i.test(c.sql) || /users_roles|session/.test(c.sql)) continue;
      const plan = await b.raw.db.executeQuery({
        ...c,
        sql: `EXPLAIN (ANALYZE, BUFFERS) ${c.sql}`,
      });
      console.log(c.sql.replace(/\s+/g, ' '), c.parameters);
      for (const r of plan.rows as Record<string, string>[]) console.log(Object.values(r)[0]);
    }
  }
} finally {
  await b.running.close();
}
