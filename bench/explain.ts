/**
 * EXPLAIN ANALYZE of the statements one ledger list request sends, on an already generated bench
 * database (`npx tsx bench/generate.ts` first): `npx tsx bench/explain.ts` (BENCH_TARGET=pglite|postgres).
 */
import { openBackend } from './lib/backend';
import { settings } from './lib/config';
import { ledgerPaths } from './lib/phases';

const cfg = settings();
const kind = process.env.BENCH_TARGET === 'pglite' ? 'pglite' : 'postgres';
const b = await openBackend(kind, kind === 'pglite' ? cfg.pgliteDir : cfg.databaseUrl);
try {
  await b.running.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = b.running.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const login = await fetch(`${url}/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ User_Account: 'admin', Pass_Word: 'admin123' }),
  });
  const token = String(((await login.json()) as { Data: { token: string } }).Data.token);
  const paths = await ledgerPaths(b, cfg.seed, Number(process.env.BENCH_PATHS ?? 3));
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
