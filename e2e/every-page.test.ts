import type { TestServer } from '@mes/app-server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, startDemo } from './browser';
import { chromeTexts, wrongLanguage } from './helpers/chrome';
import { signInContext } from './session';

interface MenuNode {
  Menu_Code: string;
  Menu_Type: number;
  Route?: string | null;
  children?: MenuNode[];
}

const PLACEHOLDER = '[data-testid="placeholder"]';

/** In the page: the page area shows text of its own (the kept tabs are hidden) and nothing spins. */
function settled(): boolean {
  const main = document.querySelector<HTMLElement>('[data-testid="main"]');
  const spinning = [...document.querySelectorAll('.ant-spin-spinning')].some((e) => e.checkVisibility());
  return !!main && main.innerText.trim().length > 0 && !spinning;
}

/**
 * Every page of the administrator's menu, in zh then en: no page error, no failed call, no console
 * error, and no interface label left in the other language. Prints how many pages are still the
 * 功能正在开发中 placeholder.
 */
describe.skipIf(!hasBrowser)('every page of the menu', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  const pages: { code: string; path: string }[] = [];
  /** What went wrong on the page being visited. */
  let problems: string[] = [];
  let current = '';
  let inFlight = 0;

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const { userId } = await signInContext(context, t.url, 'admin', 'admin123');
    const menu = await t.call<MenuNode[]>('GET', `/ModuleMenu/GetUserMenu?User_ID=${userId}`);
    const seen = new Set<string>();
    const walk = (nodes: MenuNode[]) => {
      for (const n of nodes) {
        const path = n.Route ? `/${n.Route.replace(/^\/+/, '')}` : '';
        // EVERY_PAGE_ONLY=PD. visits the pages of one menu only (while mending them)
        const only = process.env.EVERY_PAGE_ONLY;
        if (n.Menu_Type === 3 && path && !seen.has(path) && (!only || n.Menu_Code.startsWith(only))) {
          seen.add(path);
          pages.push({ code: n.Menu_Code, path });
        }
        walk(n.children ?? []);
      }
    };
    walk(menu.body.Data);
    page = await context.newPage();
    // a production build reports an error React recovered from by number: print its cause too
    await page.addInitScript(() =>
      addEventListener('error', (e) => {
        const cause = (e.error as { cause?: Error } | undefined)?.cause;
        if (cause) console.error(`cause: ${cause.message}\n${cause.stack}`);
      }),
    );
    const origin = new URL(t.url).origin;
    page.on('pageerror', (e) => problems.push(`${current} pageerror ${e.message}`));
    page.on('console', (m) => {
      // a failed call is reported once, from its response, below
      const known = m.text().startsWith('Failed to load resource');
      if (m.type() === 'error' && !known) {
        problems.push(`${current} console ${m.text()}`);
      }
    });
    page.on('request', () => inFlight++);
    page.on('requestfinished', () => inFlight--);
    page.on('requestfailed', (r) => {
      inFlight--;
      // a navigation away cancels what the last page still loaded: not a failure of the product
      if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`${current} failed ${r.url()}`);
    });
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.origin !== origin || r.status() < 400) return;
      problems.push(`${current} ${r.status()} ${url.pathname}${url.search}`);
    });
  });
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  /**
   * Opens a page by its URL inside the running app (as the menu does, without reloading it) and waits
   * until it has drawn and asked nothing for a moment. Visited pages stay mounted in their tabs, so
   * the app is reloaded now and then to keep the page light.
   */
  async function visit(path: string, i: number): Promise<void> {
    if (i % 25 === 0) await page.goto(`${t.url}${path}`);
    else {
      await page.evaluate((p) => {
        history.pushState(null, '', p);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    }
    // settled: the page area shows something, nothing spins and no call is under way, three looks running
    let quiet = 0;
    for (let waited = 0; quiet < 3; waited += 50) {
      if (waited > 30_000) {
        problems.push(`${current} did not settle`);
        return;
      }
      quiet = inFlight === 0 && (await page.evaluate(settled)) ? quiet + 1 : 0;
      await page.waitForTimeout(50);
    }
  }

  for (const lang of ['zh', 'en'] as const) {
    it(`opens each page in ${lang} without an error and with its labels in ${lang}`, async () => {
      if (!process.env.EVERY_PAGE_ONLY) expect(pages.length).toBeGreaterThan(100);
      await page.goto(`${t.url}/dashboard`);
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      const failures: string[] = [];
      const wrong: string[] = [];
      let placeholders = 0;
      const started = Date.now();
      for (const [i, p] of pages.entries()) {
        current = p.code;
        problems = [];
        await visit(p.path, i);
        if (process.env.EVERY_PAGE_TRACE) console.log(`${lang} ${i} ${p.code} ${Date.now() - started} ms`);
        if (await page.locator(`${PLACEHOLDER}:visible`).count()) placeholders++;
        for (const text of await chromeTexts(page)) {
          if (wrongLanguage(text, lang)) wrong.push(`${p.code} ${p.path}: ${text}`);
        }
        failures.push(...problems);
      }
      console.log(
        `every page (${lang}): ${pages.length} pages in ${Math.round((Date.now() - started) / 1000)} s, ` +
          `${placeholders} still show the placeholder`,
      );
      expect(failures).toEqual([]);
      expect(wrong).toEqual([]);
    }, 600_000);
  }
});
