import { tmpdir } from 'node:os';
import { join } from 'node:path';

const num = (name: string, fallback: number) => {
  const v = process.env[name];
  const n = v === undefined || v === '' ? fallback : Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, got "${v}"`);
  return n;
};

/** Everything the bench can be told through the environment, with its defaults. */
export function settings() {
  const rows = num('BENCH_ROWS', 1_000_000);
  return {
    seed: num('BENCH_SEED', 20261122),
    rows,
    /** PGlite may be given fewer rows (BENCH_PGLITE_ROWS); the default is the same as PostgreSQL's. */
    pgliteRows: num('BENCH_PGLITE_ROWS', rows),
    databaseUrl:
      process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/bench_iv',
    pgliteDir: process.env.BENCH_PGLITE_DIR ?? join(tmpdir(), 'mes-bench-pglite'),
    targets: (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((s) => s.trim()),
    /** Seconds each load phase runs. */
    seconds: num('BENCH_SECONDS', 20),
    /**
     * Seconds the paced posting phase runs: longer than the others, as its p95 is read over a
     * sustained load, not hostage to one ten seconds with a full collection or a checkpoint's start
     */
    pacedSeconds: num('BENCH_PACED_SECONDS', 60),
    /** Seconds of unpaced approvals before the paced phase's timed part (its own warm-up). */
    warmupSeconds: num('BENCH_WARMUP_SECONDS', 5),
    ledgerRate: num('BENCH_LEDGER_RATE', 500),
    writers: num('BENCH_WRITERS', 20),
    /** Postings per second offered in the paced phase (the target). */
    postingRate: num('BENCH_POSTING_RATE', 300),
    linesPerPosting: num('BENCH_LINES', 20),
    generate: {
      seed: num('BENCH_SEED', 20261122),
      materials: num('BENCH_MATERIALS', 2000),
      warehouses: 3,
      locationsPerWarehouse: 20,
    },
  };
}

export type Settings = ReturnType<typeof settings>;
