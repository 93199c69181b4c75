/**
 * Fills a bench database without running the load: `npx tsx bench/generate.ts`
 * (BENCH_TARGET=pglite|postgres, BENCH_ROWS, BENCH_SEED, BENCH_MATERIALS, DATABASE_URL, BENCH_PGLITE_DIR).
 */

import { openBackend, resetDatabase } from './lib/backend';
import { settings } from './lib/config';
import { generate } from './lib/generate';
import { fingerprint, verify } from './lib/verify';

const cfg = settings();
const kind = process.env.BENCH_TARGET === 'pglite' ? 'pglite' : 'postgres';
const where = kind === 'pglite' ? cfg.pgliteDir : cfg.databaseUrl;
await resetDatabase(kind, where);
const b = await openBackend(kind, where);
try {
  const g = await generate(b.raw.db, {
    ...cfg.generate,
    rows: kind === 'pglite' ? cfg.pgliteRows : cfg.rows,
    log: console.log,
  });
  console.log(g);
  console.log(await verify(b.raw.db));
  console.log(await fingerprint(b.raw.db));
} finally {
  await b.running.close();
}
