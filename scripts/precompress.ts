/**
 * Build-time compression of the web app: each compressible file of the output gets a `.br` and a
 * `.gz` beside it, so that the server sends them as they are (`@fastify/static`'s preCompressed)
 * instead of compressing every answer again or sending 2 MB uncompressed.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|ico|wasm)$/i;
// below this a compressed answer saves less than a round of header bytes
const MIN_BYTES = 1024;

export interface Compressed {
  file: string;
  raw: number;
  br: number;
  gz: number;
}

function* files(dir: string): Generator<string> {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file under dir. */
export function precompressDir(dir: string): Compressed[] {
  const done: Compressed[] = [];
  for (const file of [...files(dir)]) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    done.push({ file, raw: raw.length, br: br.length, gz: gz.length });
  }
  return done;
}

/** The vite plugin: runs once the bundle is on disk. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'mes-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const done = precompressDir(outDir);
      const sum = (k: 'raw' | 'br' | 'gz') => Math.round(done.reduce((s, c) => s + c[k], 0) / 1024);
      this.info(
        `precompressed ${done.length} files: ${sum('raw')} KB → br ${sum('br')} KB, gz ${sum('gz')} KB`,
      );
    },
  };
}
