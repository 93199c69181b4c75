/**
 * Writes a new module in the one shape of DESIGN.md §2 and wires it into the server and web
 * registries:
 *   npm run module:new -- <name> [--code QM] [--zh 质量管理] [--en Quality] [--no-migration] [--root <dir>]
 * <name> is the module's folder and package name in lower case (`quality`); --code its menu code (a
 * planned module of that code gives way to it). Then it writes the migration of its entity (npm run
 * migration:generate) unless --no-migration.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type SkeletonNames, skeleton } from './module-skeleton';

export const SERVER_REGISTRY = 'apps/server/src/modules.ts';
export const WEB_REGISTRY = 'apps/web/src/modules.ts';

const pascal = (s: string) => s[0].toUpperCase() + s.slice(1);

/** Adds `imports` after the last import, and `entry` as the last item of the list or map after `anchor`. */
function insert(source: string, file: string, imports: string, anchor: string, entry: string): string {
  const lastImport = source.lastIndexOf('\nimport ');
  const afterImports = source.indexOf(';\n', lastImport) + 2;
  const out = imports ? `${source.slice(0, afterImports)}${imports}\n${source.slice(afterImports)}` : source;
  const at = out.indexOf(anchor);
  const close = Math.min(indexOr(out, '\n];', at), indexOr(out, '\n};', at));
  if (lastImport < 0 || at < 0 || !Number.isFinite(close)) {
    throw new Error(`${file}: cannot find where to register the module (${anchor})`);
  }
  return `${out.slice(0, close)}\n  ${entry},${out.slice(close)}`;
}

const indexOr = (s: string, needle: string, from: number) => {
  const i = s.indexOf(needle, from);
  return i < 0 ? Number.POSITIVE_INFINITY : i;
};

export function createModule(
  name: string,
  root: string,
  opts: Partial<Pick<SkeletonNames, 'code' | 'zh' | 'en'>> & { link?: boolean } = {},
): string[] {
  // npm refuses capitals in a package name; the folders are lower case (masterdata)
  if (!/^[a-z][a-z0-9]{1,30}$/.test(name)) throw new Error(`"${name}": a module name is lower-case letters`);
  const code = opts.code ?? name;
  if (!/^[A-Za-z][\w]{0,19}$/.test(code)) throw new Error(`"${code}": a menu code is letters and digits`);
  const dir = join(root, 'modules', name);
  if (existsSync(dir)) throw new Error(`modules/${name} exists already`);
  const quote = (s: string) => s.replace(/[\\']/g, '');
  const files = skeleton({
    name,
    pascal: pascal(name),
    code,
    zh: quote(opts.zh ?? name),
    en: quote(opts.en ?? pascal(name)),
  });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const server = join(root, SERVER_REGISTRY);
  writeFileSync(
    server,
    insert(
      readFileSync(server, 'utf8'),
      SERVER_REGISTRY,
      `import { ${name}Server } from '@mes/${name}/server';`,
      'export const SERVER_MODULES',
      `${name}Server`,
    ),
  );
  const web = join(root, WEB_REGISTRY);
  let webSource = insert(
    readFileSync(web, 'utf8'),
    WEB_REGISTRY,
    `import { ${name}Module } from '@mes/${name}';\nimport { ${name}Pages } from '@mes/${name}/web';`,
    'export const MODULES',
    `${name}Module`,
  );
  webSource = insert(webSource, WEB_REGISTRY, '', 'export const MODULE_PAGES', `...${name}Pages`);
  writeFileSync(web, webSource);
  // what `npm install` does for a workspace: the package resolves by its name
  const link = join(root, 'node_modules', '@mes', name);
  if (opts.link !== false && existsSync(dirname(link)) && !existsSync(link)) {
    symlinkSync(`../../modules/${name}`, link);
  }
  return Object.keys(files).map((f) => `modules/${name}/${f}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (o: string) => (args.includes(o) ? args[args.indexOf(o) + 1] : undefined);
  const valued = ['--root', '--code', '--zh', '--en'];
  const name = args.find((a, i) => !a.startsWith('--') && !valued.includes(args[i - 1]));
  const root = resolve(option('--root') ?? join(import.meta.dirname, '..'));
  if (!name) {
    console.error('usage: npm run module:new -- <name> [--no-migration] [--root <dir>]');
    process.exit(2);
  }
  try {
    const opts = { code: option('--code'), zh: option('--zh'), en: option('--en') };
    for (const f of createModule(name, root, opts)) console.log(`wrote ${f}`);
    console.log(`registered in ${SERVER_REGISTRY} and ${WEB_REGISTRY}`);
    const touched = [SERVER_REGISTRY, WEB_REGISTRY, `modules/${name}`];
    execFileSync('npx', ['biome', 'check', '--write', ...touched], { cwd: root, stdio: 'inherit' });
    if (!args.includes('--no-migration')) {
      execFileSync('npx', ['tsx', 'apps/server/src/generate-migration.ts', `add_${name}`], {
        cwd: root,
        stdio: 'inherit',
      });
    }
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
