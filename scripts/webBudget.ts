/**
 * What a route of the built web app loads before it can show anything: the entry chunk, the route's
 * chunk and every chunk they import statically, read from vite's manifest (`build.manifest`), with
 * the sizes of the .br and .gz files the build wrote beside them (scripts/precompress.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Budget {
  chunks: number;
  raw: number;
  br: number;
  gz: number;
  /** The chunks, largest (brotli) first. */
  files: { file: string; raw: number; br: number; gz: number }[];
}

/** Issue 24's budgets for JavaScript on the wire, checked by bench/web.bench.ts in Chromium. */
export const BUDGET = { signIn: 150 * 1024, signInAndDashboard: 300 * 1024 };
/**
 * The 150 KB for the sign-in page (134 KB in brotli on 2026-11-27): its form is plain React
 * (pages/LoginForm.tsx), so a change that pulls antd, the shell or the modules into it fails here.
 */
export const SIGN_IN_GUARD = BUDGET.signIn;

/** The source of the sign-in route's lazy page, as the manifest names it. */
export const LOGIN_PAGE = 'src/pages/Login.tsx';

function readManifest(dist: string): Manifest {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

const sizeOf = (path: string) =>
  existsSync(path) ? statSync(path).size : statSync(path.replace(/\.(br|gz)$/, '')).size;

/** The static closure of the entry and the given sources (manifest keys ending so). */
export function closure(dist: string, sources: string[]): Budget {
  const m = readManifest(dist);
  const keys = Object.keys(m);
  const entry = keys.find((k) => m[k].isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  const roots = [entry];
  for (const s of sources) {
    const k = keys.find((key) => key.endsWith(s));
    if (!k) throw new Error(`no chunk for ${s} in the manifest`);
    roots.push(k);
  }
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of m[k].imports ?? []) visit(i);
  };
  roots.forEach(visit);
  const files = [...seen]
    .map((k) => {
      const p = join(dist, m[k].file);
      // files under a kilobyte are not compressed: they go as they are
      return { file: m[k].file, raw: statSync(p).size, br: sizeOf(`${p}.br`), gz: sizeOf(`${p}.gz`) };
    })
    .sort((a, b) => b.br - a.br);
  const sum = (k: 'raw' | 'br' | 'gz') => files.reduce((s, f) => s + f[k], 0);
  return { chunks: files.length, raw: sum('raw'), br: sum('br'), gz: sum('gz'), files };
}

export const loginClosure = (dist: string): Budget => closure(dist, [LOGIN_PAGE]);
