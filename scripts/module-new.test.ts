import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createModule, SERVER_REGISTRY, WEB_REGISTRY } from './module-new';

const ROOT = resolve(import.meta.dirname, '..');
// a copy of the two registries beside the real packages: the repository itself is never written
const tmp = mkdtempSync(join(tmpdir(), 'module-new-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it('writes a module of the one shape, registered in the server and the web, that type-checks', () => {
  for (const f of [SERVER_REGISTRY, WEB_REGISTRY]) {
    mkdirSync(dirname(join(tmp, f)), { recursive: true });
    cpSync(join(ROOT, f), join(tmp, f));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(tmp, 'node_modules'));
  const files = createModule('gentest', tmp, { code: 'GT', zh: '生成测试', en: 'Generated', link: false });
  for (const f of [
    'index.ts',
    'index.server.ts',
    'web.ts',
    'item.entity.ts',
    'item.server.ts',
    'item.test.ts',
    'pages/ItemsPage.tsx',
    'logic/code.ts',
    'locales/zh.ts',
    'locales/en.ts',
    'README.md',
  ]) {
    expect(files).toContain(`modules/gentest/${f}`);
    expect(existsSync(join(tmp, 'modules/gentest', f)), f).toBe(true);
  }
  const server = readFileSync(join(tmp, SERVER_REGISTRY), 'utf8');
  expect(server).toContain("import { gentestServer } from '@mes/gentest/server';");
  expect(server).toMatch(/\n {2}gentestServer,\n\];/);
  const web = readFileSync(join(tmp, WEB_REGISTRY), 'utf8');
  expect(web).toMatch(/\n {2}gentestModule,\n\];/);
  expect(web).toMatch(/\n {2}\.\.\.gentestPages,\n\};/);
  expect(() => createModule('gentest', tmp, { link: false })).toThrow(/exists already/);
  expect(() => createModule('Bad-Name', tmp, { link: false })).toThrow(/lower-case/);

  // the package resolves by its name as npm's workspace link would make it
  const pkg = (p: string) => [`./modules/gentest/${p}`];
  writeFileSync(
    join(tmp, 'tsconfig.json'),
    JSON.stringify({
      extends: join(ROOT, 'tsconfig.json'),
      compilerOptions: {
        paths: {
          '@mes/gentest': pkg('index.ts'),
          '@mes/gentest/server': pkg('index.server.ts'),
          '@mes/gentest/web': pkg('web.ts'),
        },
      },
      include: ['modules', 'apps'],
    }),
  );
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  expect(() =>
    execFileSync(process.execPath, [tsc, '-p', join(tmp, 'tsconfig.json')], { stdio: 'pipe' }),
  ).not.toThrow();
}, 180_000);
