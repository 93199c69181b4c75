import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './e2e/browser';

/**
 * Says up front whether the browser journeys run, so that a skip is never silent; with
 * MES_TEST_DEMO=template (as `npm test` sets it) also builds the databases that test files copy
 * (an empty one, the base and the demo) once for the run.
 */
// vitest runs a global setup for the root and again for each project that extends it
// (vitest.config.ts): the run's work is done by the first call, the others have nothing to do
const DONE = Symbol.for('mes.test.globalSetup');

export default async function setup() {
  const state = globalThis as { [DONE]?: true };
  if (state[DONE]) return;
  state[DONE] = true;
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
    const { buildTestTemplate, BASE_TEMPLATE_ENV, DEMO_TEMPLATE_ENV } = await import(
      './apps/server/src/testing'
    );
    const { dumpEmptyPglite, EMPTY_PGLITE_ENV } = await import('@mes/engine-server/testing');
    const dir = mkdtempSync(join(tmpdir(), 'mes-test-'));
    teardown.push(() => rmSync(dir, { recursive: true, force: true }));
    // every database a test opens starts from one of these, copied (see the README's testing part)
    if (!process.env.DATABASE_URL) process.env[EMPTY_PGLITE_ENV] = await dumpEmptyPglite(dir);
    const base = await buildTestTemplate(dir, 'none');
    teardown.unshift(base.remove);
    process.env[BASE_TEMPLATE_ENV] = JSON.stringify(base.template);
    // not on top of the base: a demo seed expects a database no start has bootstrapped yet
    const demo = await buildTestTemplate(dir, 'demo');
    teardown.unshift(demo.remove);
    process.env[DEMO_TEMPLATE_ENV] = JSON.stringify(demo.template);
    const s = Math.round((Date.now() - started) / 1000);
    console.log(
      `[test] empty, base and demo databases built once for the run in ${s} s (${demo.template.kind})`,
    );
  }
  return async () => {
    delete state[DONE];
    for (const t of teardown) await t();
    if (!chromium) console.warn(`\n${notice}\n`);
  };
}
