/**
 * Why a page loads what it loads: `npx tsx scripts/webChunks.ts [chunk-file-part ...]` prints, for
 * each chunk of the last `BUNDLE_LISTING=1 npm run build` (all, or those whose file name contains
 * one of the arguments), its brotli size on disk and its biggest packages and modules.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ChunkListing } from './bundleListing';

const DIST = resolve(import.meta.dirname, '../apps/web/dist');
const path = join(DIST, '.vite/modules.json');
if (!existsSync(path)) throw new Error(`${path} is missing: BUNDLE_LISTING=1 npm run build`);
const chunks = JSON.parse(readFileSync(path, 'utf8')) as ChunkListing[];
const wanted = process.argv.slice(2);
const kb = (n: number) => (n / 1024).toFixed(1);

/** `node_modules/antd/es/button/index.js` → `antd/button`; our own files keep their path. */
function owner(id: string): string {
  const i = id.lastIndexOf('node_modules/');
  if (i < 0) return id.replace(`${resolve(DIST, '../../..')}/`, '');
  const rest = id.slice(i + 'node_modules/'.length).split('/');
  const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  const sub = rest[0].startsWith('@') ? rest.slice(2) : rest.slice(1);
  return pkg === 'antd' ? `antd/${sub[1] ?? sub[0]}` : pkg;
}

for (const c of chunks) {
  if (wanted.length && !wanted.some((w) => c.file.includes(w))) continue;
  const file = join(DIST, c.file);
  const br = existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
  const by = new Map<string, number>();
  for (const m of c.modules) by.set(owner(m.id), (by.get(owner(m.id)) ?? 0) + m.bytes);
  const top = [...by].sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log(`\n${c.file}  br ${kb(br)} KB  (${c.modules.length} modules)`);
  for (const [k, v] of top) console.log(`  ${kb(v).padStart(7)}  ${k}`);
}
