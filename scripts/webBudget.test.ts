import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closure, LOGIN_PAGE, loginClosure, SIGN_IN_GUARD } from './webBudget';

// a build of its own, in a temporary folder: never a stale apps/web/dist, and the e2e tests' one untouched
const ROOT = resolve(import.meta.dirname, '..');
const out = mkdtempSync(join(tmpdir(), 'mes-web-build-'));
beforeAll(async () => {
  // vitest sets NODE_ENV=test, which vite would honour with React's development build
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    mode: 'production',
    configFile: join(ROOT, 'apps/web/vite.config.ts'),
    build: { outDir: out, emptyOutDir: true },
    logLevel: 'error',
  }).finally(() => {
    process.env.NODE_ENV = env;
  });
}, 600_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const manifest = () =>
  JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Record<string, object>;

describe('what the sign-in page loads (issue 24)', () => {
  it('is neither the shell, nor the modules, nor the dashboard: each is a chunk loaded later', () => {
    const m = manifest();
    const login = loginClosure(out);
    const later = [
      'src/layout/AppLayout.tsx',
      'src/ModulesProvider.tsx',
      'src/pages/Dashboard.tsx',
      'src/pages/EntityPages.tsx',
    ];
    for (const src of later) {
      expect(m[src], src).toMatchObject({ isDynamicEntry: true });
      const own = closure(out, [src]).files.filter((f) => !login.files.some((l) => l.file === f.file));
      // the page's own chunk is not among what the sign-in page loads
      expect(own.length, src).toBeGreaterThan(0);
      expect(login.files.map((f) => f.file)).not.toContain((m[src] as { file: string }).file);
    }
  });

  it(`stays under ${SIGN_IN_GUARD / 1024} KB of brotli JavaScript, each chunk sent precompressed`, () => {
    const login = loginClosure(out);
    expect(login.br).toBeLessThanOrEqual(SIGN_IN_GUARD);
    for (const f of login.files)
      if (f.raw >= 1024) {
        expect(existsSync(join(out, `${f.file}.br`)), f.file).toBe(true);
        expect(existsSync(join(out, `${f.file}.gz`)), f.file).toBe(true);
        expect(f.br, f.file).toBeLessThan(f.raw);
      }
    expect(login.files.length).toBeGreaterThan(1);
    expect(LOGIN_PAGE).toMatch(/Login\.tsx$/);
  });
});
