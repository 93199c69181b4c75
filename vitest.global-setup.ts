import { findChromium } from './e2e/browser';

/** Says up front whether the browser journeys run, so that a skip is never silent. */
export default function setup() {
  const chromium = findChromium();
  if (chromium) {
    console.log(`[e2e] browser tests run in ${chromium}`);
    return;
  }
  const notice =
    '[e2e] NOTICE: Chromium not found (install Debian package "chromium" or set CHROMIUM_PATH): browser tests are SKIPPED.';
  if (process.env.REQUIRE_BROWSER === '1')
    throw new Error(`${notice} REQUIRE_BROWSER=1 forbids skipping them.`);
  console.warn(`\n${notice}\n`);
  return () => console.warn(`\n${notice}\n`);
}
