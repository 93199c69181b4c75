import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { CompiledQuery, sql } from 'kysely';
import type { Backend } from './backend';
import { HISTORY_DAYS, HISTORY_START } from './generate';
import type { HttpJob, HttpResult, PostingJob, PostingResult } from './loadWorker';
import { type Latency, latencyOf, mulberry32 } from './prng';

/**
 * Runs one load job in a process of its own, as clients are, and returns what it measured. (In a
 * worker thread of the server's process the same ledger list load reached 463 req/s with p99 54 ms
 * where its own process reached 500 with p99 28 to 35 ms, on the same machine and database.)
 */
export function inWorker<T extends HttpResult | PostingResult>(
  job: HttpJob | PostingJob,
  /** run between a posting job's drafts and its timed part (PostingJob.pauseBeforeTimed) */
  beforeTimed?: () => Promise<void>,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./worker.mjs', import.meta.url), [], { stdio: 'inherit' });
    let result: T | undefined;
    child.on('message', (m) => {
      if ((m as { drafted?: boolean }).drafted) {
        void (beforeTimed ?? (async () => undefined))().then(
          () => child.send('go'),
          (e: unknown) => {
            child.kill();
            reject(e);
          },
        );
        return;
      }
      result = m as T;
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      result !== undefined ? resolve(result) : reject(new Error(`load process exited with ${code}`)),
    );
    child.send(job);
  });
}

/**
 * Ends the checkpoint the writes before a phase have set going (a million generated rows, the phase
 * before): a phase then starts at the beginning of a checkpoint cycle rather than wherever the setup
 * left one. Issued before the phase's drafts, not between them and the timed part: right after a
 * checkpoint every page's first change logs the whole page, which the drafts and a load that has been
 * running have mostly done. What checkpoints cost under a longer load is measured by hand over two
 * minutes (bench/README.md, "Fifteenth run").
 */
export async function checkpoint(b: Backend): Promise<void> {
  await sql`CHECKPOINT`.execute(b.raw.db);
}

/** The write-ahead log's position in bytes, to measure what a phase wrote (null where unknown). */
export async function walPosition(b: Backend): Promise<bigint | null> {
  try {
    const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.execute(b.raw.db);
    const [hi, lo] = rows[0].lsn.split('/');
    return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
  } catch {
    return null;
  }
}

/** Waits until the server has finished the requests a load phase left in flight (no statements for 300 ms). */
export async function settle(b: Backend): Promise<void> {
  for (let last = -1; last !== b.counter.count; ) {
    last = b.counter.count;
    await new Promise((r) => setTimeout(r, 300));
  }
}

export const load1 = () => Math.round(loadavg()[0] * 10) / 10;

const dateAt = (day: number) => {
  const d = new Date(`${HISTORY_START}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + day);
  return d.toISOString().slice(0, 10);
};

/** Ledger list requests: one material, a posting-date window of 30 to 120 days, 50 a page. */
export async function ledgerPaths(b: Backend, seed: number, n = 1000): Promise<string[]> {
  const { rows } = await sql<{
    id: number;
  }>`SELECT id FROM material WHERE material_number LIKE 'BM-%' ORDER BY id`.execute(b.raw.db);
  const rand = mulberry32(seed ^ 0x5eed);
  return Array.from({ length: n }, () => {
    const m = rows[Math.floor(rand() * rows.length)].id;
    const len = 30 + Math.floor(rand() * 91);
    const from = Math.floor(rand() * (HISTORY_DAYS - len));
    return `/StockLedger?Material_ID=${m}&Posting_Date__gte=${dateAt(from)}&Posting_Date__lte=${dateAt(from + len)}&PageSize=50`;
  });
}

/** What a statement is about, for the per-request breakdown: verb and first table. */
export function labelOf(text: string): string {
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? '?';
  const table = /\b(?:from|into|update)\s+"?(\w+)"?/i.exec(text)?.[1] ?? '?';
  return `${verb} ${table}`;
}

export interface QueryCount {
  requests: number;
  perRequest: number;
  /** Statements per request by verb and table. */
  breakdown: Record<string, number>;
}

/**
 * Sends the requests one at a time and counts the statements each one makes; returns the count
 * and the compiled statements whose text matches `main`, to be timed as raw SQL afterwards.
 */
export async function countQueries(
  b: Backend,
  base: string,
  token: string,
  paths: string[],
  main: RegExp,
): Promise<{ count: QueryCount; statements: CompiledQuery[] }> {
  const breakdown: Record<string, number> = {};
  const statements: CompiledQuery[] = [];
  let total = 0;
  for (const p of paths) {
    b.counter.capture = [];
    const before = b.counter.count;
    const res = await fetch(base + p, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { Code: number; Message: string };
    if (body.Code !== 0) throw new Error(`${p}: ${body.Message}`);
    total += b.counter.count - before;
    for (const q of b.counter.capture) {
      const compiled = b.raw.db.getExecutor().compileQuery(q.node, q.queryId);
      const label = labelOf(compiled.sql);
      breakdown[label] = (breakdown[label] ?? 0) + 1;
      if (main.test(compiled.sql)) statements.push(compiled);
    }
    b.counter.capture = null;
  }
  for (const k of Object.keys(breakdown))
    breakdown[k] = Math.round((breakdown[k] / paths.length) * 100) / 100;
  return {
    count: { requests: paths.length, perRequest: Math.round((total / paths.length) * 100) / 100, breakdown },
    statements,
  };
}

/** The same statements the API sent, run straight on the database, one at a time. */
export async function rawTiming(b: Backend, statements: CompiledQuery[], runs: number): Promise<Latency> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const q = statements[i % statements.length];
    const t = performance.now();
    await b.raw.db.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
    samples.push(performance.now() - t);
  }
  return latencyOf(samples);
}

/** Pairs with stock enough for many one-unit issues, of materials without batches. */
export async function stockPairs(b: Backend): Promise<{ m: number; l: number }[]> {
  const { rows } = await sql<{ m: number; l: number }>`SELECT b.material_id AS m, b.location_id AS l
    FROM stock_balance b JOIN material m ON m.id = b.material_id
    WHERE b.batch_no = '' AND b.qty >= 200 AND NOT m.batch_managed ORDER BY b.material_id, b.location_id`.execute(
    b.raw.db,
  );
  // one location per material: lines of a document name different materials
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.m) && seen.add(r.m));
}

export interface LedgerCounts {
  ledgerRows: number;
  postedDocs: number;
  postedLines: number;
}

/** Ledger rows, and the documents the posting phase approved (numbered IV…) with their lines. */
export async function ledgerCounts(b: Backend): Promise<LedgerCounts> {
  const { rows } = await sql<LedgerCounts>`SELECT (SELECT count(*)::int FROM stock_ledger) AS "ledgerRows",
    (SELECT count(*)::int FROM stock_doc WHERE doc_no LIKE 'IV%' AND state = 3) AS "postedDocs",
    (SELECT count(*)::int FROM stock_doc_lines l JOIN stock_doc d ON d.id = l.parent_id
      WHERE d.doc_no LIKE 'IV%' AND d.state = 3) AS "postedLines"`.execute(b.raw.db);
  return rows[0];
}

/**
 * The floor under every statement: a trivial prepared statement, one at a time, its wall time and
 * the server process's CPU per round trip (on this VM a round trip costs far more than on bare
 * metal, which bounds what fewer statements per posting can gain).
 */
export async function roundTrip(b: Backend, n = 2000): Promise<{ wallUs: number; cpuUs: number }> {
  const once = () => sql`SELECT ${1}::int AS one`.execute(b.raw.db);
  for (let i = 0; i < 200; i++) await once();
  const cpu = process.cpuUsage();
  const t = performance.now();
  for (let i = 0; i < n; i++) await once();
  const used = process.cpuUsage(cpu);
  return {
    wallUs: Math.round(((performance.now() - t) * 1000) / n),
    cpuUs: Math.round((used.user + used.system) / n),
  };
}
