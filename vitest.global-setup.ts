import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './e2e/browser';

/**
 * Says up front whether the browser journeys run, so that a skip is never silent; with
 * MES_TEST_DEMO=template (as `npm test` sets it) also builds the demo database once for the run.
 */
export default async function setup() {
  const chromium = findChromium();
  const notice =
    '[e2e] NOTICE: Chromium not found (install Debian package "chromium" or set CHROMIUM_PATH): browser tests are SKIPPED.';
  if (chromium) console.log(`[e2e] browser tests run in ${chromium}`);
  else if (process.env.REQUIRE_BROWSER === '1')
    throw new Error(`${notice} REQUIRE_BROWSER=1 forbids skipping them.`);
  else console.warn(`\n${notice}\n`);
  const teardown: (() => Promise<void> | void)[] = [];
  if (process.env.MES_TEST_DEMO === 'template') {
    const started = Date.now();
    const { buildDemoTemplate, DEMO_TEMPLATE_ENV } = await import('./apps/server/src/testing');
    const dir = mkdtempSync(join(tmpdir(), 'mes-test-'));
    teardown.push(() => rmSync(dir, { recursive: true, force: true }));
    const built = await buildDemoTemplate(dir);
    teardown.unshift(built.remove);
    process.env[DEMO_TEMPLATE_ENV] = JSON.stringify(built.template);
    const s = Math.round((Date.now() - started) / 1000);
    console.log(`[test] demo database built once for the run in ${s} s (${built.template.kind})`);
  }
  return async () => {
    for (const t of teardown) await t();
    if (!chromium) console.warn(`\n${notice}\n`);
  };
}
