/**
 * One request must not stall everyone (issue 24, item 6): the latency of small requests while the
 * server prints 5,000 lines and imports a 5,000-row sheet, and how a 300,000-row sheet is refused.
 *
 *   npm run bench:heavy -w @mes/bench      (or npx tsx bench/heavy.bench.ts)
 *
 * The server is the real app in this process on a fresh PGlite database (BENCH_HEAVY_PGLITE_DIR,
 * default $TMPDIR/mes-bench-heavy; wiped) or, with BENCH_HEAVY_TARGET=postgres, on PostgreSQL
 * (BENCH_HEAVY_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench_heavy; wiped). The small requests (`GET /DataDictionary`, one
 * page of one row) are sent one after another by a worker thread, which has its own event loop, so
 * a blocked server loop shows in their latency and not in the prober's. Each phase runs the heavy
 * requests BENCH_HEAVY_REPEAT times (3). Figures are printed and written to
 * bench/results/heavy.{json,md} (BENCH_HEAVY_NAME instead of heavy); nothing is asserted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { type BackendKind, listenAndSignIn, openBackend, resetDatabase } from './lib/backend';
import { percentile } from './lib/prng';

const env = process.env;
const dir = env.BENCH_HEAVY_PGLITE_DIR ?? join(tmpdir(), 'mes-bench-heavy');
const repeat = Number(env.BENCH_HEAVY_REPEAT ?? 3);
/** the results' file name (another one to keep a run of other code beside) */
const name = env.BENCH_HEAVY_NAME ?? 'heavy';
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

const kind: BackendKind = env.BENCH_HEAVY_TARGET === 'postgres' ? 'postgres' : 'pglite';
const where =
  kind === 'pglite'
    ? dir
    : (env.BENCH_HEAVY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_heavy');
await resetDatabase(kind, where);
const b = await openBackend(kind, where);
const { url, token } = await listenAndSignIn(b);
const auth = { authorization: `Bearer ${token}` };

// 10 dictionaries of 500 items (the most one holds): 5,000 lines, the most one print draws
log('creating 10 dictionaries of 500 items');
const dicts: number[] = [];
for (let d = 0; d < 10; d++) {
  const Items = Array.from({ length: 500 }, (_, i) => ({
    Item_Code: `I${i}`,
    Item_Name: `字典项 ${d}-${i} 一段稍长的名称 with some English`,
    Sort_NO: i,
  }));
  const res = await fetch(`${url}/DataDictionary`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ Storage_Name: `大字典${d}`, Items }),
  });
  const body = (await res.json()) as { Code: number; Message: string; Data: { ID: number } };
  if (body.Code !== 0) throw new Error(body.Message);
  dicts.push(body.Data.ID);
}

/** A sheet of departments, written as a stream (a 300,000-row workbook in memory is gigabytes). */
async function sheet(rows: number, prefix: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = book.addWorksheet('s');
  ws.addRow(['部门编码', '部门名称', '排序']).commit();
  for (let i = 0; i < rows; i++) ws.addRow([`${prefix}${i}`, `导入部门 ${prefix}${i}`, i % 9999]).commit();
  ws.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
log('building the sheets');
const importSheets = Array.from({ length: repeat }, (_, i) => sheet(5000, `B${i}-`));
const huge = await sheet(300_000, 'H');
log(`300,000-row sheet: ${(huge.length / 2 ** 20).toFixed(2)} MB`);

interface Heavy {
  what: string;
  status: number;
  ms: number;
  message?: string;
}
async function timed(what: string, run: () => Promise<Response>): Promise<Heavy> {
  const at = performance.now();
  const res = await run();
  const body = Buffer.from(await res.arrayBuffer());
  const ms = Math.round(performance.now() - at);
  const json = res.headers.get('content-type')?.includes('json');
  return { what, status: res.status, ms, message: json ? JSON.parse(body.toString()).Message : undefined };
}
const print = (ids: (number | string)[]) => () =>
  fetch(`${url}/Report/Viewer?Entity=DataDictionary&ID=${ids.join(',')}`, { headers: auth });
const upload = (file: Buffer) => () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'departments.xlsx');
  return fetch(`${url}/Department/Import`, { method: 'POST', body: form, headers: auth });
};

/** The prober: small requests one after another from a thread of its own, until told to stop. */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  const out = [];
  while (!stop) {
    const at = performance.now();
    const res = await fetch(workerData.url + '/DataDictionary?PageSize=1', { headers: workerData.auth });
    await res.arrayBuffer();
    out.push(performance.now() - at);
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage(out);
})();
`;

interface Phase {
  phase: string;
  heavy: Heavy[];
  probes: number;
  p50: number;
  p95: number;
  max: number;
  /** how long this process's event loop was held up, worst case */
  loopMaxMs: number;
  rssMb: number;
}
async function phase(name: string, work: () => Promise<Heavy[]>): Promise<Phase> {
  log(name);
  const prober = new Worker(PROBER, { eval: true, workerData: { url, auth } });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  await new Promise((r) => setTimeout(r, 500));
  const heavy = await work();
  await new Promise((r) => setTimeout(r, 300));
  loop.disable();
  const lat = await new Promise<number[]>((ok) => {
    prober.once('message', ok);
    prober.postMessage('stop');
  });
  await prober.terminate();
  const s = [...lat].sort((x, y) => x - y);
  const r = (n: number) => Math.round(n * 10) / 10;
  const out = {
    phase: name,
    heavy,
    probes: s.length,
    p50: r(percentile(s, 50)),
    p95: r(percentile(s, 95)),
    max: r(s.at(-1) ?? Number.NaN),
    loopMaxMs: Math.round(loop.max / 1e6),
    rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
  };
  log(`  ${JSON.stringify(out)}`);
  return out;
}

const serial = async (n: number, f: (i: number) => Promise<Heavy>) => {
  const out: Heavy[] = [];
  for (let i = 0; i < n; i++) out.push(await f(i));
  return out;
};
const sheets = await Promise.all(importSheets);
const id = dicts[0];
const results: Phase[] = [
  await phase('idle', async () => {
    await new Promise((r) => setTimeout(r, 3000));
    return [];
  }),
  await phase('print 5,000 lines (10 records of 500)', () =>
    serial(repeat, () => timed('print', print(dicts))),
  ),
  await phase(`print one record as ${id},0${id},00${id},000${id}`, () =>
    serial(repeat, () => timed('print x4', print([id, `0${id}`, `00${id}`, `000${id}`]))),
  ),
  await phase('import 5,000 rows', () => serial(repeat, (i) => timed('import', upload(sheets[i])))),
  await phase('import 300,000 rows (refused)', () =>
    serial(repeat, () => timed('import 300k', upload(huge))),
  ),
  await phase('print 5,000 lines and import 300,000 rows at once', async () =>
    (
      await Promise.all([
        serial(repeat, () => timed('print', print(dicts))),
        serial(repeat, () => timed('import 300k', upload(huge))),
      ])
    ).flat(),
  ),
];
await b.running.close();

const meta = {
  at: new Date().toISOString(),
  target: kind,
  cpus: cpus().length,
  load: loadavg().map((l) => l.toFixed(1)),
  node: process.version,
  hugeSheetMb: Math.round((huge.length / 2 ** 20) * 100) / 100,
};
const res = join(import.meta.dirname, 'results');
mkdirSync(res, { recursive: true });
writeFileSync(join(res, `${name}.json`), JSON.stringify({ meta, results }, null, 2));
const heavyText = (h: Heavy[]) => {
  const by = new Map<string, Heavy[]>();
  for (const x of h) by.set(x.what, [...(by.get(x.what) ?? []), x]);
  return [...by]
    .map(
      ([w, xs]) =>
        `${w}: ${xs.map((x) => x.ms).join(' / ')} ms (${xs[0].status}${xs[0].message ? ` ${xs[0].message}` : ''})`,
    )
    .join('; ');
};
const md = [
  `# heavy bench, ${meta.at}`,
  '',
  `${meta.target}, ${meta.cpus} cores, load ${meta.load.join(' ')}, Node ${meta.node}; the 300,000-row sheet is ${meta.hugeSheetMb} MB.`,
  '',
  '| phase | small requests | p50 ms | p95 ms | max ms | loop held max ms | rss MB | heavy requests |',
  '|---|---|---|---|---|---|---|---|',
  ...results.map(
    (p) =>
      `| ${p.phase} | ${p.probes} | ${p.p50} | ${p.p95} | ${p.max} | ${p.loopMaxMs} | ${p.rssMb} | ${heavyText(p.heavy)} |`,
  ),
  '',
].join('\n');
writeFileSync(join(res, `${name}.md`), md);
console.log(`\n${md}`);
process.exit(0);
