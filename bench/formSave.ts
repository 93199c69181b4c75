/**
 * How long the generic form takes to save a long stocktake in headless Chromium: from the click on
 * 保存 to the request leaving the page, and to the answer shown. Measured, never asserted.
 *
 *   npm run build && DATA_DIR=/tmp/formdata PORT=8061 npm run serve   (another shell)
 *   npx tsx bench/formSave.ts [rows...]        (default: 146 500 5000; BASE=http://127.0.0.1:8061)
 *
 * The fill (按库存带出) is answered in the page with the demo warehouse's real count lines, repeated
 * up to the wanted number of rows, so that any number can be timed on the demo data.
 */
import { launch } from '@mes/e2e/browser';
import type { Page } from 'playwright-core';
import { signInContext } from '../e2e/session';

const BASE = process.env.BASE ?? 'http://127.0.0.1:8061';
const DOCS = '/record/inventory/inventoryDocList';
const tid = (id: string) => `[data-testid="${id}"]`;
type Line = Record<string, unknown>;

async function api<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${BASE}${path}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { Data: T }).Data;
}

/** The count lines of the demo warehouse with the most balances. */
async function demoLines(token: string): Promise<Line[]> {
  let best: Line[] = [];
  for (const w of await api<{ Warehouse_ID: number }[]>('/Warehouse?PageSize=100', token)) {
    const lines = await api<Line[]>(`/StockReport/CountLines?Warehouse_ID=${w.Warehouse_ID}`, token);
    if (lines.length > best.length) best = lines;
  }
  return best;
}

async function chooseType(page: Page, title: string) {
  await page.click(`${tid('field-Doc_Type')} .ant-select`);
  await page.click(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`);
}

async function once(page: Page, lines: Line[], n: number) {
  const rows = Array.from({ length: n }, (_, i) => lines[i % lines.length]);
  await page.route('**/StockReport/CountLines*', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ Code: 0, Message: '', Data: rows }),
    }),
  );
  await page.goto(`${BASE}${DOCS}`);
  await page.click(tid('entity-add'));
  await page.waitForSelector(tid('entity-form-StockDoc'));
  await chooseType(page, '盘点');
  const fillEnd = await profiler(page, 'fill');
  const filling = Date.now();
  await page.click(tid('fill-Lines'));
  // a long table draws only the rows in view: its last row is then reached by scrolling its box
  await page.waitForFunction(
    (last) => {
      const box = document.querySelector<HTMLElement>('[data-testid="lines-Lines-window"]');
      if (box) box.scrollTop = box.scrollHeight;
      return !!document.querySelector(`[data-testid="lines-Lines-${last}-Qty"]`);
    },
    n - 1,
    { timeout: 120_000, polling: 50 },
  );
  await page.evaluate(() => {
    const box = document.querySelector<HTMLElement>('[data-testid="lines-Lines-window"]');
    if (box) box.scrollTop = 0;
  });
  await page.waitForSelector(tid('lines-Lines-0-Qty'));
  const fillMs = Date.now() - filling;
  await fillEnd();
  await page.unroute('**/StockReport/CountLines*');

  // typing in one cell of the long table: until the page has drawn what followed (amount, totals)
  const typing = await profiler(page, 'type');
  const typed = Date.now();
  await page.fill(`${tid('lines-Lines-0-Qty')} input`, '1234');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  const typeMs = Date.now() - typed;
  await typing();

  // the fill's own toast gone first, so that the saved message is not mistaken for it
  await page.locator('.ant-message-notice').waitFor({ state: 'detached', timeout: 30_000 });
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/StockDoc$/.test(r.url()), {
    timeout: 600_000,
  });
  const saving = await profiler(page, 'save');
  const start = Date.now();
  await page.click(tid('entity-form-save'), { timeout: 900_000, noWaitAfter: true });
  await sent;
  const requestMs = Date.now() - start;
  await saving();
  const answer = page
    .locator(`.ant-message-notice:has-text("操作成功"), ${tid('entity-form-error')}`)
    .first();
  await answer.waitFor({ timeout: 600_000 });
  const shownMs = Date.now() - start;
  const outcome = (await answer.innerText()).trim().slice(0, 80);
  return { rows: n, fillMs, typeMs, requestMs, shownMs, outcome };
}

/**
 * PROFILE=save|type|fill: where the main thread spends that step, by function (self time), to stderr.
 * Returns what ends the profile (nothing when that step is not profiled).
 */
async function profiler(page: Page, step: string): Promise<() => Promise<void>> {
  if (process.env.PROFILE !== step) return async () => {};
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () =>
    Object.fromEntries(
      (await cdp.send('Performance.getMetrics')).metrics
        .filter((m) => /Duration$/.test(m.name))
        .map((m) => [m.name, m.value]),
    );
  const before = await metrics();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return async () => {
    const after = await metrics();
    console.error(selfTimes((await cdp.send('Profiler.stop')).profile));
    // the browser's own work beside the script's: style, layout
    for (const [k, v] of Object.entries(after))
      console.error(`${((v - (before[k] ?? 0)) * 1000).toFixed(0).padStart(7)} ms  ${k}`);
  };
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The 25 functions with the most self time, in ms. */
function selfTimes(profile: CpuProfile): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const ms = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id);
    const name = `${f?.functionName || '(anon)'} ${f?.url.split('/').pop()}:${f?.lineNumber}:${f?.columnNumber}`;
    ms.set(name, (ms.get(name) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return [...ms]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([n, v]) => `${v.toFixed(0).padStart(7)} ms  ${n}`)
    .join('\n');
}

async function main() {
  const counts = process.argv.slice(2).map(Number).filter(Boolean);
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const { token } = await signInContext(context, BASE, 'admin', 'admin123');
    const lines = await demoLines(token);
    console.log(`demo warehouse: ${lines.length} count lines`);
    for (const n of counts.length ? counts : [146, 500, 5000]) {
      const page = await context.newPage();
      page.on('crash', () => console.log('page crashed'));
      console.log(JSON.stringify(await once(page, lines, n)));
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

await main();
