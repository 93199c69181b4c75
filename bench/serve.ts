/**
 * Serves the app on an already generated bench database, for profiling by hand:
 *   node --cpu-prof --import tsx bench/serve.ts   (BENCH_TARGET, BENCH_PORT default 8099, BENCH_SERVE_SECONDS)
 * Writes the admin token and ledger list paths to $TMPDIR/bench-serve.json and stops after the time.
 * `kill -USR2` starts the CPU profiler, and a second one writes $TMPDIR/serve.cpuprofile.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { listenAndSignIn, openBackend } from './lib/backend';
import { settings } from './lib/config';
import { ledgerPaths, stockPairs } from './lib/phases';

const cfg = settings();
const kind = process.env.BENCH_TARGET === 'pglite' ? 'pglite' : 'postgres';
const b = await openBackend(kind, kind === 'pglite' ? cfg.pgliteDir : cfg.databaseUrl);
const port = Number(process.env.BENCH_PORT ?? 8099);
// unlike the other benches, a fixed port: this server is driven by hand from outside the process
const { token } = await listenAndSignIn(b, port);
const out = join(tmpdir(), 'bench-serve.json');
writeFileSync(
  out,
  JSON.stringify({
    port,
    token,
    paths: await ledgerPaths(b, cfg.seed, 200),
    stock: await stockPairs(b),
  }),
);
console.log(`serving on ${port}; ${out}`);
// SIGUSR2 starts the CPU profiler and the next one writes $TMPDIR/serve.cpuprofile: a profile of
// only the part of a load that matters (bench/post.ts with BENCH_MARK prints when it starts)
let profiling: Session | null = null;
process.on('SIGUSR2', () => {
  if (!profiling) {
    profiling = new Session();
    profiling.connect();
    profiling.post('Profiler.enable', () => profiling?.post('Profiler.start'));
    return;
  }
  const session = profiling;
  profiling = null;
  session.post('Profiler.stop', (err, r) => {
    if (!err) writeFileSync(join(tmpdir(), 'serve.cpuprofile'), JSON.stringify(r.profile));
    session.disconnect();
    console.log(err ? `profile failed: ${err.message}` : 'profile written');
  });
});
// SIGTERM prints how long the event loop was held up meanwhile (GC, long tasks): a posting's latency
// tail is either this process's or the database's
const held = monitorEventLoopDelay({ resolution: 5 });
held.enable();
// BENCH_HEAP_EVERY=s prints the heap's spaces every s seconds: which of them a load fills between
// full collections (new objects promoted to the old space, or large ones)
const every = Number(process.env.BENCH_HEAP_EVERY ?? 0);
if (every > 0)
  setInterval(() => {
    const spaces = getHeapSpaceStatistics()
      .filter((sp) => sp.space_used_size > 1048576)
      .map((sp) => `${sp.space_name.replace('_space', '')} ${Math.round(sp.space_used_size / 1048576)}`);
    console.log(`heap MB: ${spaces.join(', ')}`);
  }, every * 1000).unref();
process.on('SIGTERM', () => {
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  console.log(
    `event loop delay ms: p50 ${ms(held.percentile(50))} p99 ${ms(held.percentile(99))} max ${ms(held.max)}`,
  );
  const mb = (n: number) => Math.round(n / 1048576);
  const before = process.memoryUsage().heapUsed;
  // with --expose-gc, what is live after a full collection (the rest was garbage not yet collected)
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  console.log(
    `heap MB: ${mb(before)} before a full collection; used ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, rss ${mb(m.rss)}`,
  );
  process.exit(0);
});
setTimeout(
  async () => {
    await b.running.close();
    process.exit(0);
  },
  Number(process.env.BENCH_SERVE_SECONDS ?? 40) * 1000,
);
