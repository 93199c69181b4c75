/**
 * Architecture rule of DESIGN.md §2: code that runs in the browser (apps/web, engine/web,
 * engine/model, and module files other than *.server.ts) never imports server code or
 * server-only packages. Run by `npm run check`; exits non-zero on a violation.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';

const BROWSER_ROOTS = ['apps/web', 'engine/web', 'engine/model', 'modules'];
const SERVER_PACKAGES = [
  '@mes/engine-server',
  '@mes/app-server',
  'fastify',
  'pg',
  'kysely',
  'kysely-pglite-dialect',
  '@electric-sql/pglite',
  'pino',
  'argon2',
];

export interface Violation {
  file: string;
  line: number;
  spec: string;
}

function* walk(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const e of entries) {
    if (e === 'node_modules' || e === 'dist') continue;
    const p = join(dir, e);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (/\.(ts|tsx)$/.test(e)) yield p;
  }
}

/** Test files and server files may import anything; every other file here may reach the browser. */
export function isBrowserFile(rel: string): boolean {
  if (/\.(test|spec)\.tsx?$/.test(rel) || /\.server\.tsx?$/.test(rel) || rel.endsWith('vite.config.ts'))
    return false;
  return BROWSER_ROOTS.some((r) => rel.startsWith(`${r}/`));
}

export function forbidden(spec: string): boolean {
  if (/\.server(\.tsx?)?$/.test(spec) || /^@mes\/[^/]+\/server$/.test(spec)) return true;
  if (spec.startsWith('node:') || builtinModules.includes(spec)) return true;
  return SERVER_PACKAGES.some(
    (p) => spec === p || spec.startsWith(`${p}/`) || (p.endsWith('/') && spec.startsWith(p)),
  );
}

const IMPORT =
  /(?:^|\s)(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

export function findViolations(root: string): Violation[] {
  const out: Violation[] = [];
  for (const r of BROWSER_ROOTS)
    for (const file of walk(join(root, r))) {
      const rel = relative(root, file).replaceAll('\\', '/');
      if (!isBrowserFile(rel)) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2] ?? m[3];
        if (spec && forbidden(spec))
          out.push({ file: rel, line: text.slice(0, m.index + m[0].indexOf(spec)).split('\n').length, spec });
      }
    }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const v = findViolations(resolve(import.meta.dirname, '..'));
  for (const x of v) console.error(`${x.file}:${x.line}: browser code must not import '${x.spec}'`);
  if (v.length) process.exit(1);
  console.log('check-imports: browser code imports no server code');
}
