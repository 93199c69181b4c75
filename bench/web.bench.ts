/**
 * The web bench of issue 24: the built app, served by the real server (apps/server/src/main.ts) on a
 * fresh demo PGlite data dir, opened by headless Chromium. Prints the bytes on the wire (compressed,
 * headers included) of the sign-in page and of signing in until the dashboard is interactive, and the
 * time between the click and that moment; writes results/web.{json,md}.
 *   npx tsx bench/web.bench.ts   (BENCH_WEB_BUILD=0 uses apps/web/dist as it is; BENCH_WEB_RUNS, default 3;
 *   BENCH_WEB_URL=http://127.0.0.1:8031 measures a server already running on that dist instead of starting one;
 *   BENCH_WEB_FILES=1 also prints every script of each step, largest first)
 * Exits 1 when a budget is exceeded.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from '@mes/e2e/browser';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { BUDGET, type Budget, loginClosure } from '../scripts/webBudget';
import { freePort } from './lib/net';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'apps/web/dist');
const RESULTS = join(import.meta.dirname, 'results');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const KB = 1024;

type Kind = 'js' | 'css' | 'other';
interface Bytes {
  js: number;
  css: number;
  other: number;
  requests: number;
  /** Content-Encoding of the scripts, e.g. `br: 24` */
  encodings: Record<string, number>;
  /** Each script on the wire (path without the origin, encoded bytes), largest first. */
  scripts: { url: string; bytes: number }[];
}
const empty = (): Bytes => ({ js: 0, css: 0, other: 0, requests: 0, encodings: {}, scripts: [] });

/** Counts each finished response by its encoded (wire) length, from the DevTools protocol. */
async function recorder(page: Page): Promise<{ cdp: CDPSession; take: () => Bytes }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // no cache disabling: a second visit shows what the Cache-Control headers save
  const kinds = new Map<string, { kind: Kind; encoding: string; url: string }>();
  let bytes = empty();
  cdp.on('Network.responseReceived', (e) => {
    const kind: Kind = e.type === 'Script' ? 'js' : e.type === 'Stylesheet' ? 'css' : 'other';
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const url = new URL(e.response.url).pathname;
    kinds.set(e.requestId, { kind, encoding: String(h['content-encoding'] ?? 'identity'), url });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = kinds.get(e.requestId);
    if (!r) return;
    bytes[r.kind] += e.encodedDataLength;
    bytes.requests++;
    if (r.kind !== 'js') return;
    bytes.encodings[r.encoding] = (bytes.encodings[r.encoding] ?? 0) + 1;
    bytes.scripts.push({ url: r.url, bytes: e.encodedDataLength });
  });
  return {
    cdp,
    take: () => {
      const b = bytes;
      bytes = empty();
      b.scripts.sort((x, y) => y.bytes - x.bytes);
      return b;
    },
  };
}

/** No request for half a second: lazy chunks and the page's queries have all arrived. */
async function quiet(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    WEB_DIST: DIST,
  };
  // the bench is PGlite's: a fresh data dir, whatever the shell points at
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode})`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/Company/LoginConfig`, {
        headers: { accept: 'application/json' },
      });
      if (r.ok) return child;
    } catch {
      // not listening yet: the demo data is being written
    }
    await new Promise((ok) => setTimeout(ok, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start in 10 minutes');
}

interface Run {
  signIn: Bytes;
  dashboard: Bytes;
  /** From the click on the sign-in button to the dashboard's figures on screen and the network quiet. */
  signInToDashboardMs: number;
  /** The dashboard opened again in the same browser: what the cache headers leave on the wire. */
  repeat: Bytes;
}

async function oneRun(context: BrowserContext, url: string): Promise<Run> {
  const page = await context.newPage();
  const rec = await recorder(page);
  await page.goto(`${url}/login`);
  await page.locator('[data-testid="login-submit"]').waitFor();
  await quiet(page);
  const signIn = rec.take();

  await page.fill('[data-testid="login-account"]', 'admin');
  await page.fill('[data-testid="login-password"]', 'admin123');
  const t0 = performance.now();
  await page.click('[data-testid="login-submit"]');
  await page.locator('[data-testid="dashboard-figures"]').waitFor();
  await quiet(page);
  const signInToDashboardMs = Math.round(performance.now() - t0);
  const dashboard = rec.take();

  await page.reload();
  await page.locator('[data-testid="dashboard-figures"]').waitFor();
  await quiet(page);
  const repeat = rec.take();
  await rec.cdp.detach();
  await page.close();
  return { signIn, dashboard, signInToDashboardMs, repeat };
}

const kb = (n: number) => (n / KB).toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function report(runs: Run[], manifest: Budget) {
  const last = runs[runs.length - 1];
  const js = { signIn: last.signIn.js, both: last.signIn.js + last.dashboard.js };
  const checks = [
    { what: 'sign-in page JS', value: js.signIn, limit: BUDGET.signIn },
    { what: 'sign-in + dashboard JS', value: js.both, limit: BUDGET.signInAndDashboard },
  ];
  const row = (name: string, b: Bytes) =>
    `| ${name} | ${kb(b.js)} | ${kb(b.css)} | ${kb(b.other)} | ${b.requests} | ${Object.entries(b.encodings)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')} |`;
  const md = [
    `# Web bench (${new Date().toISOString().slice(0, 10)})`,
    '',
    'KB on the wire (encoded, headers included), Chromium with a cold cache, last of the runs.',
    '',
    '| page | JS KB | CSS KB | other KB | requests | script encodings |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    row('sign-in (/login)', last.signIn),
    row('sign in → dashboard', last.dashboard),
    row('dashboard again (cached)', last.repeat),
    '',
    `Sign-in click → dashboard interactive: ${runs.map((r) => r.signInToDashboardMs).join(', ')} ms (median ${median(
      runs.map((r) => r.signInToDashboardMs),
    )} ms).`,
    '',
    `From the build's manifest (entry + sign-in route, static imports): ${manifest.chunks} chunks, ` +
      `${kb(manifest.raw)} KB raw, ${kb(manifest.br)} KB brotli, ${kb(manifest.gz)} KB gzip.`,
    '',
    '| budget | KB | limit KB | |',
    '| --- | ---: | ---: | --- |',
    ...checks.map(
      (c) => `| ${c.what} | ${kb(c.value)} | ${kb(c.limit)} | ${c.value <= c.limit ? 'ok' : 'OVER'} |`,
    ),
    '',
  ].join('\n');
  return { md, checks, json: { runs, manifest, budget: BUDGET } };
}

/** Which chunks each step loaded: where the bytes go (the chunk names are rolldown's). */
function printScripts(run: Run) {
  for (const [step, b] of [
    ['sign-in', run.signIn],
    ['sign in → dashboard', run.dashboard],
  ] as const) {
    console.log(`\n${step}: ${b.scripts.length} scripts, ${kb(b.js)} KB`);
    for (const f of b.scripts) console.log(`${kb(f.bytes).padStart(7)}  ${f.url}`);
  }
}

async function main() {
  if (process.env.BENCH_WEB_BUILD !== '0' || !existsSync(join(DIST, 'index.html'))) {
    const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('npm run build failed');
  }
  const manifest = loginClosure(DIST);
  const given = process.env.BENCH_WEB_URL;
  const dataDir = given ? '' : mkdtempSync(join(tmpdir(), 'mes-web-bench-'));
  const port = given ? 0 : await freePort();
  if (!given) console.log(`starting the server on ${port} (fresh demo data in ${dataDir})…`);
  const server = given ? undefined : await startServer(port, dataDir);
  const url = given ?? `http://127.0.0.1:${port}`;
  const browser = await launch();
  try {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      // a new context is a cold cache and no cookies
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      runs.push(await oneRun(context, url));
      await context.close();
      console.log(`run ${i + 1}: ${runs[i].signInToDashboardMs} ms`);
    }
    const { md, checks, json } = report(runs, manifest);
    if (process.env.BENCH_WEB_FILES === '1') printScripts(runs[runs.length - 1]);
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, 'web.json'), `${JSON.stringify(json, null, 2)}\n`);
    writeFileSync(join(RESULTS, 'web.md'), md);
    console.log(`\n${md}`);
    if (checks.some((c) => c.value > c.limit)) process.exitCode = 1;
  } finally {
    await browser.close();
    if (server) {
      server.kill('SIGTERM');
      await new Promise((ok) => server.once('exit', ok));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

await main();
