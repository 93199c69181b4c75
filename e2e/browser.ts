import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestServer } from '@mes/app-server/testing';
import { type Browser, chromium, type Page } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '..');
export const SHOTS = join(ROOT, 'e2e', 'screenshots');

export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}

export const hasBrowser = !!findChromium();

export async function launch(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found');
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // the app honours reduced motion (no antd transitions): steps do not wait for animations to settle
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = (options) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A journey's stage: the built app on a test server with the demo data, and a browser. */
export interface Demo {
  t: TestServer;
  browser: Browser;
}

export async function startDemo(): Promise<Demo> {
  process.env.WEB_DIST = resolve(ROOT, 'apps/web/dist');
  const { startTestServer } = await import('@mes/app-server/testing');
  return { t: await startTestServer({ seed: 'demo' }), browser: await launch() };
}

/** Closes what startDemo opened, also when it failed half-way. */
export async function closeDemo(d: Partial<Demo>): Promise<void> {
  await d.browser?.close();
  await d.t?.close();
}
