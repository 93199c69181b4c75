/**
 * Prints every statement one request sends, with its time: a ledger list, the creation of a
 * 20-line stock document and its approval (the posting). For finding where the posting path
 * spends its statements; figures of load are in inventory.bench.ts.
 *
 *   npx tsx bench/trace.ts        (BENCH_TARGETS=postgres|pglite, BENCH_ROWS default 20000)
 */
import { type BackendKind, listenAndSignIn, openBackend, resetDatabase } from './lib/backend';
import { settings } from './lib/config';
import { generate } from './lib/generate';
import { labelOf, ledgerPaths, stockPairs } from './lib/phases';

const cfg = settings();
const rows = Number(process.env.BENCH_ROWS ?? 20000);

async function trace(kind: BackendKind) {
  const where =
    kind === 'pglite' ? cfg.pgliteDir : cfg.databaseUrl.replace(/\/bench_iv(?=$|\?)/, '/bench_trace');
  await resetDatabase(kind, where);
  const b = await openBackend(kind, where);
  try {
    await generate(b.raw.db, {
      ...cfg.generate,
      materials: Number(process.env.BENCH_MATERIALS ?? 200),
      rows,
      log: () => undefined,
    });
    const { url, token } = await listenAndSignIn(b);
    const post = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(url + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { Code: number; Message: string; Data: Record<string, unknown> };
    };
    const traced = async (title: string, run: () => Promise<{ Code: number; Message: string }>) => {
      for (let warm = 0; warm < 3; warm++) await run();
      b.counter.capture = [];
      const t = performance.now();
      const r = await run();
      const ms = performance.now() - t;
      const caught = b.counter.capture;
      b.counter.capture = null;
      console.log(
        `\n## ${kind}: ${title}: ${caught.length} statements, ${ms.toFixed(1)} ms (Code ${r.Code} ${r.Message})`,
      );
      for (const q of caught) {
        const text = b.raw.db.getExecutor().compileQuery(q.node, q.queryId).sql.replace(/\s+/g, ' ');
        console.log(
          `  ${(q.ms ?? 0).toFixed(2).padStart(7)} ms ${String(q.rows ?? '').padStart(4)} rows ${String(q.chars ?? '').padStart(6)} chars  ${labelOf(text).padEnd(30)} ${text.slice(0, 90)}`,
        );
      }
    };
    const path = (await ledgerPaths(b, cfg.seed, 1))[0];
    await traced('ledger list', async () =>
      (await fetch(url + path, { headers: { authorization: `Bearer ${token}` } })).json(),
    );
    const pairs = (await stockPairs(b)).slice(0, 20);
    const lines = () => pairs.map((p) => ({ Material_ID: p.m, Location_ID: p.l, Qty: '1' }));
    const docDate = new Date().toISOString().slice(0, 10);
    let docId = 0;
    await traced('create a 20-line issue', async () => {
      const r = await post('/StockDoc', { Doc_Type: 2, Doc_Date: docDate, Lines: lines() }, token);
      docId = Number(r.Data.Doc_ID);
      return r;
    });
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        Number(
          (await post('/StockDoc', { Doc_Type: 2, Doc_Date: docDate, Lines: lines() }, token)).Data.Doc_ID,
        ),
      );
    ids.push(docId);
    await traced('approve (post) it', () => post('/StockDoc/Approve', { Doc_ID: ids.shift() }, token));
  } finally {
    await b.running.close();
  }
}

for (const kind of cfg.targets as BackendKind[]) await trace(kind);
