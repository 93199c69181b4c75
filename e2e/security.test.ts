import { resolve } from 'node:path';
import type { TestServer } from '@mes/app-server/testing';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, launch, ROOT } from './browser';
import { newPage, tid, waitPath } from './helpers/shell';

/** Content-policy violations the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { violations: string[] };
    w.violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)),
  ];
}

/**
 * The built app under the server's security headers, on a database without demo data: the
 * sign-in page, the forced change of a reset password, and the dashboard after it.
 */
describe.skipIf(!hasBrowser)('sign-in under the content security policy', () => {
  let t: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    process.env.WEB_DIST = resolve(ROOT, 'apps/web/dist');
    const { startTestServer } = await import('@mes/app-server/testing');
    t = await startTestServer();
    browser = await launch();
  });
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  it('a reset password is changed first, then the dashboard opens; no policy violation on the way', async () => {
    const admin = await sql<{ id: number }>`SELECT id FROM role WHERE role_code = 'admin'`.execute(
      t.engine.db,
    );
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: 'newcomer',
      User_Name: '新同事',
      Roles: [{ Role_ID: admin.rows[0].id }],
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'Temp-Pass-31' });

    const { context, page } = await newPage(browser);
    const violations = await watchViolations(page);
    await page.goto(`${t.url}/login`);
    await page.waitForSelector(tid('login-account'));
    // a database without demo data gives no demo warning
    expect(await page.locator(tid('login-demo')).count()).toBe(0);
    await page.fill(tid('login-account'), 'newcomer');
    await page.fill(tid('login-password'), 'Temp-Pass-31');
    await page.click(tid('login-submit'));

    await page.waitForSelector(tid('forced-password'));
    expect(await page.locator(tid('dashboard')).count()).toBe(0);
    await page.fill(tid('password-old'), 'Temp-Pass-31');
    // a common password is refused with the server's message, and the form stays
    await page.fill(tid('password-new'), 'password123');
    await page.click(tid('forced-password-save'));
    await page.getByText('新密码过于常见，容易被猜中，请换一个').first().waitFor();
    expect(await page.locator(tid('forced-password')).count()).toBe(1);

    await page.fill(tid('password-new'), 'Newcomer-Own-7');
    await page.click(tid('forced-password-save'));
    await page.waitForSelector(tid('dashboard'));
    await waitPath(page, '/dashboard');
    // the sidebar's menu came once the change was made
    await page.waitForSelector(tid('sidebar'));
    expect(await violations()).toEqual([]);

    // the session cookies the client wrote are kept to this site
    const cookies = await context.cookies();
    const token = cookies.find((c) => c.name === 'token');
    expect(token?.sameSite).toBe('Strict');
    await context.close();
  });

  it('admin changes the initial password, and the new database still offers the first-run wizard', async () => {
    // as the bootstrap leaves a new database (the test server's own sign-in had cleared it)
    await sql`UPDATE users SET must_change_pwd = true WHERE user_account = 'admin'`.execute(t.engine.db);
    const { context, page } = await newPage(browser);
    const violations = await watchViolations(page);
    await page.goto(`${t.url}/login`);
    await page.fill(tid('login-account'), 'admin');
    await page.fill(tid('login-password'), 'admin123');
    await page.click(tid('login-submit'));
    await page.waitForSelector(tid('forced-password'));
    await page.fill(tid('password-old'), 'admin123');
    await page.fill(tid('password-new'), 'Admin-Own-2026');
    await page.click(tid('forced-password-save'));
    await page.waitForSelector(tid('dashboard-wizard'));
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('the sign-in page warns on a demo database', async () => {
    // a database is a demo one when a module seeded demo data into it (the server test uses a real seed)
    await sql`INSERT INTO seed_runs (module) VALUES ('e2e-marker')`.execute(t.engine.db);
    const { context, page } = await newPage(browser, { lang: 'en' });
    const violations = await watchViolations(page);
    await page.goto(`${t.url}/login`);
    await page.waitForSelector(tid('login-demo'));
    expect(await page.locator(tid('login-demo')).innerText()).toContain('This is a demo database');
    expect(await violations()).toEqual([]);
    await context.close();
    await sql`DELETE FROM seed_runs WHERE module = 'e2e-marker'`.execute(t.engine.db);
  });
});
