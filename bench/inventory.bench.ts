/**
 * Inventory performance (issue 5): generates a year of stock history (1,000,000 ledger rows by
 * default), starts the real HTTP server in a process of its own per backend and measures the ledger list, the balance
 * reports and 20-line postings with 20 writers, on PGlite and on PostgreSQL, side by side.
 *
 *   npm run bench -w @mes/bench        (or: npx tsx bench/inventory.bench.ts)
 *
 * Environment: BENCH_TARGETS=pglite,postgres, BENCH_ROWS (1000000), BENCH_PGLITE_ROWS (= BENCH_ROWS),
 * BENCH_SECONDS per load phase (20), BENCH_SEED, BENCH_MATERIALS (2000), BENCH_LEDGER_RATE (500),
 * BENCH_WRITERS (20), BENCH_PACED_SECONDS (60), BENCH_WARMUP_SECONDS (5), BENCH_DATABASE_URL or DATABASE_URL (postgres://postgres@127.0.0.1:5432/bench_iv;
 * the database is wiped, so its name must start with "bench"; add ?host=/var/run/postgresql for the
 * Unix socket), BENCH_PGLITE_DIR, BENCH_OUT (results file name, inventory).
 * Figures are printed and written to bench/results/inventory.{json,md}; nothing is asserted.
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BackendKind, listenAndSignIn, openBackend, resetDatabase } from './lib/backend';
import { type Settings, settings } from './lib/config';
import { generate } from './lib/generate';
import type { HttpResult, PostingResult } from './lib/loadWorker';
import {
  checkpoint,
  countQueries,
  inWorker,
  ledgerCounts,
  ledgerPaths,
  load1,
  rawTiming,
  roundTrip,
  settle,
  stockPairs,
  walPosition,
} from './lib/phases';
import { type BackendRun, breakdownLines, consoleTable, markdownTable, tableRows } from './lib/report';
import { fingerprint, isClean, verify } from './lib/verify';

const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function runBackend(kind: BackendKind, cfg: Settings): Promise<BackendRun> {
  const where = kind === 'pglite' ? cfg.pgliteDir : cfg.databaseUrl;
  const rows = kind === 'pglite' ? cfg.pgliteRows : cfg.rows;
  const loadAverage: Record<string, number> = { start: load1() };
  log(`${kind}: fresh database at ${where.replace(/\/\/[^@]*@/, '//')}`);
  await resetDatabase(kind, where);
  const b = await openBackend(kind, where);
  try {
    log(`${kind}: generating ${rows.toLocaleString('en')} ledger rows`);
    const generated = await generate(b.raw.db, { ...cfg.generate, rows, log });
    const invariantsAfterGenerate = await verify(b.raw.db);
    const fp = await fingerprint(b.raw.db);
    log(
      `${kind}: invariants ${isClean(invariantsAfterGenerate) ? 'hold' : JSON.stringify(invariantsAfterGenerate)}`,
    );
    log(`${kind}: fingerprint ${JSON.stringify(fp)}`);
    loadAverage.generated = load1();

    const { url, token } = await listenAndSignIn(b);
    const paths = await ledgerPaths(b, cfg.seed);
    const S = cfg.seconds;
    const http = async (p: string[], connections: number, seconds: number, rate?: number) => {
      const r = await inWorker<HttpResult>({
        mode: 'http',
        url,
        token,
        paths: p,
        connections,
        seconds,
        rate,
      });
      await settle(b);
      return r;
    };

    log(`${kind}: ledger list, statements per request and raw SQL`);
    const ledgerQ = await countQueries(b, url, token, paths.slice(0, 50), /from "stock_ledger"/i);
    const ledgerRaw = await rawTiming(b, ledgerQ.statements, 200);
    const ledgerSingle = await http(paths, 1, Math.min(10, S));
    log(`${kind}: ledger list at ${cfg.ledgerRate} req/s for ${S} s`);
    const atRate = await http(paths, 10, S, cfg.ledgerRate);
    loadAverage.ledgerList = load1();

    const report = async (path: string, main: RegExp) => {
      log(`${kind}: ${path}`);
      const q = await countQueries(b, url, token, [path, path, path], main);
      const rawSql = await rawTiming(b, q.statements, 20);
      const api = await http([path], 1, Math.max(5, S / 2));
      return { queries: q.count, rawSql, api };
    };
    const byMaterial = await report('/StockReport/ByMaterial', /from stock_balance/i);
    const stockBalance = await report('/StockBalance', /from "stock_balance"/i);
    // the ledger page as it opens: no filter, newest first, over every row
    const ledgerOpen = await report('/StockLedger?PageSize=50', /from "stock_ledger"/i);
    loadAverage.reports = load1();

    const floor = await roundTrip(b);
    const stock = await stockPairs(b);
    // a document names as many different materials as it has lines: fewer would leave the writers
    // looking for them forever (a small BENCH_ROWS leaves few materials with that much stock)
    if (stock.length < cfg.linesPerPosting)
      throw new Error(
        `only ${stock.length} materials have stock for ${cfg.linesPerPosting}-line issues: raise BENCH_ROWS or lower BENCH_LINES`,
      );
    const postingPhase = async (drafted?: number, rate?: number, seconds = S, warmup?: number) => {
      const before = await ledgerCounts(b);
      let statementsBefore = b.counter.count;
      let walBefore: bigint | null = null;
      // each phase starts from a checkpoint, whatever the phases before it wrote; its drafts (or the
      // first seconds of an unpaced phase) take the pages' first writes after it, as a load that has
      // been running does, rather than the timed part (see checkpoint())
      await checkpoint(b);
      const startTimed = async () => {
        walBefore = await walPosition(b);
        statementsBefore = b.counter.count;
      };
      if (!drafted) await startTimed();
      const posted = await inWorker<PostingResult>(
        {
          mode: 'postings',
          url,
          token,
          writers: cfg.writers,
          lines: cfg.linesPerPosting,
          seconds,
          seed: cfg.seed + (drafted ? 1 : 0) + (rate ? 1 : 0),
          docDate: new Date().toISOString().slice(0, 10),
          stock,
          drafted,
          rate,
          pauseBeforeTimed: !!drafted,
          warmup,
        },
        startTimed,
      );
      await settle(b);
      const walAfter = await walPosition(b);
      const statements = b.counter.count - statementsBefore;
      const after = await ledgerCounts(b);
      const invariantsAfter = await verify(b.raw.db);
      const approvedDocs = after.postedDocs - before.postedDocs;
      // the warm-up's postings are in the ledger, not in the figures
      const counted = posted.postings + (posted.warmedUp?.postings ?? 0);
      const approvedLines = after.postedLines - before.postedLines;
      const added = after.ledgerRows - before.ledgerRows;
      if (Object.keys(posted.failures).length) log(`${kind}: refused ${JSON.stringify(posted.failures)}`);
      return {
        ...posted,
        writers: cfg.writers,
        // the log the timed part wrote, per posting (PostgreSQL's full-page images after the
        // checkpoint included): what the next checkpoint's distance is spent on
        walKBPerPosting:
          walBefore !== null && walAfter !== null && posted.postings
            ? Math.round(Number(walAfter - walBefore) / 102.4 / posted.postings) / 10
            : null,
        statementsPerPosting:
          Math.round((statements / Math.max(1, posted.postings + posted.failed)) * 10) / 10,
        ledgerRowsBefore: before.ledgerRows,
        ledgerRowsAfter: after.ledgerRows,
        approvedDocs,
        approvedLines,
        // every approved document is one the writers saw approved, and each of its lines is one ledger row
        noneLost:
          approvedDocs === counted &&
          approvedLines === counted * cfg.linesPerPosting &&
          added === approvedLines &&
          isClean(invariantsAfter),
        invariantsAfter,
      };
    };
    log(
      `${kind}: ${cfg.writers} writers saving and posting ${cfg.linesPerPosting}-line documents for ${S} s`,
    );
    const postings = await postingPhase();
    loadAverage.postings = load1();
    // enough drafts for about twice the cycle's rate over the phase's time, which bounds it anyway
    const drafted = Math.max(200, Math.ceil(postings.postingsPerSec * S * 2));
    log(`${kind}: ${cfg.writers} writers saving ${drafted} drafts, then posting them for at most ${S} s`);
    const approvals = await postingPhase(drafted);
    loadAverage.approvals = load1();
    // the rate the issue asks for, offered whether or not the answers keep up; drafts for it, or
    // for half again what the server reached unpaced when that is less (PGlite), and for the warm-up
    const rate = cfg.postingRate;
    const P = cfg.pacedSeconds;
    const warmup = Math.ceil(approvals.postingsPerSec * cfg.warmupSeconds);
    const pacedDrafts = Math.ceil(Math.min(rate, approvals.postingsPerSec * 1.5) * P) + 50 + warmup;
    log(
      `${kind}: ${pacedDrafts} drafts, ${warmup} of them posted to warm up, then ${rate} postings/s offered over ${cfg.writers} writers for ${P} s`,
    );
    const paced = await postingPhase(pacedDrafts, rate, P, warmup);
    loadAverage.paced = load1();
    return {
      backend: kind,
      generated,
      invariantsAfterGenerate,
      fingerprint: fp,
      ledgerList: {
        queries: ledgerQ.count,
        rawSql: ledgerRaw,
        api: ledgerSingle,
        targetRate: cfg.ledgerRate,
        atRate,
      },
      byMaterial,
      stockBalance,
      ledgerOpen,
      roundTrip: floor,
      postings,
      approvals,
      paced,
      loadAverage,
    };
  } finally {
    await b.running.close();
  }
}

/**
 * Each backend is measured in a process of its own, as a server runs alone: in one process, the
 * PostgreSQL part ran on a heap and an event loop the PGlite part had used (its paced p95 was 114 ms
 * where PostgreSQL measured alone gave 24 to 69 ms, bench/README.md "Fifteenth run").
 */
function inOwnProcess(kind: BackendKind): Promise<BackendRun> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, BENCH_ONE_TARGET: kind },
      // tsx's loader, which the child does not inherit (as lib/worker.mjs registers it)
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
      serialization: 'advanced',
    });
    let run: BackendRun | undefined;
    child.on('message', (m) => {
      run = m as BackendRun;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      run ? resolve(run) : reject(new Error(`the ${kind} bench process exited with ${code}`)),
    );
  });
}

const cfg = settings();
const one = process.env.BENCH_ONE_TARGET;
if (one === 'pglite' || one === 'postgres') {
  const run = await runBackend(one, cfg);
  // the figures go to the parent before this process ends
  await new Promise((resolve) => process.send?.(run, resolve));
  process.exit(0);
}
const runs: BackendRun[] = [];
for (const t of cfg.targets) {
  if (t !== 'pglite' && t !== 'postgres') throw new Error(`BENCH_TARGETS: unknown target "${t}"`);
  runs.push(await inOwnProcess(t));
}

const table = tableRows(runs);
console.log(`\n${consoleTable(table)}\n`);
console.log(`ledger list statements per request — ${breakdownLines(runs).join('; ')}`);

const dir = join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const meta = {
  at: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? '',
  seconds: cfg.seconds,
  pacedSeconds: cfg.pacedSeconds,
  seed: cfg.seed,
  materials: cfg.generate.materials,
  dbPoolSize: Number(process.env.DB_POOL_SIZE ?? 10),
  // a Unix socket spares the kernel's TCP work on every statement (bench/README.md)
  connection: /[?&]host=\//.test(cfg.databaseUrl) ? 'a Unix socket' : 'TCP',
};
const out = process.env.BENCH_OUT ?? 'inventory';
writeFileSync(join(dir, `${out}.json`), `${JSON.stringify({ meta, runs }, null, 2)}\n`);
writeFileSync(
  join(dir, `${out}.md`),
  `# Inventory bench — ${meta.at.slice(0, 10)}

Run: \`npm run bench -w @mes/bench\` (${meta.seconds} s per load phase, the paced postings ${meta.pacedSeconds} s after a warm-up, seed ${meta.seed}, ${meta.materials}
materials, 3 warehouses × 20 locations, PostgreSQL pool ${meta.dbPoolSize} over ${meta.connection}). Node ${meta.node}, ${meta.cpus}
× ${meta.cpu}. **The machine has 2 cores shared with other engineers' builds and tests, and the load
generator runs on the same machine (in a process of its own): every figure is
noisy, and the load average row says how busy the machine was.** Targets are the issue's, for
PostgreSQL; they are shown for comparison, not asserted.

${markdownTable(table)}

Ledger list statements per request (sent one at a time; verb and first table):
${breakdownLines(runs)
  .map((l) => `- ${l}`)
  .join('\n')}

Latencies are each response's own time as autocannon measured it (no correction for coordinated
omission: when the server cannot keep up, the reached req/s row shows it). A posting is the
approval of a 20-line stock document (the approval posts it). It is measured three times: each
writer saving a document and approving it, then the next (postings/s counts documents saved and
posted); with the drafts saved beforehand, untimed, so that the writers only post, each as soon as
it has its answer (the rate the server reaches); and with the drafts saved beforehand and
${cfg.postingRate} postings a second offered over the same writers, each posting due at its own time
whether or not the answers before it have come. The paced latency runs from when a posting was due,
so time spent waiting for a free writer counts. With writers that wait for their answers, the mean
latency is writers ÷ rate (Little's law: 20 ÷ 300/s = 67 ms), so a p95 under 50 ms can only be
read at an offered rate, as the ledger list's p99 is. "Same SQL raw" re-runs the statement the API sent for the data, one at a time through
the same driver, so API minus raw is the cost of HTTP, session and grant lookups, validation and
JSON. Full figures: \`inventory.json\`.
`,
);
log(`written ${join(dir, `${out}.json`)} and ${out}.md`);
