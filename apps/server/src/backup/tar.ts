import {
  closeSync,
  createReadStream,
  createWriteStream,
  mkdirSync,
  openSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * The archive is a plain gzipped ustar file (readable with `tar tzf`), written and read here so
 * that a backup needs neither a tar binary nor another package. Only what backups hold is
 * supported: regular files with short relative names.
 */
const BLOCK = 512;

function header(name: string, size: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`archive entry name too long: ${name}`);
  // eleven octal digits: 8 GiB per entry, far above a table's rows or an upload
  if (size >= 8 ** 11) throw new Error(`archive entry too large: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write('0000644\0', 100, 'ascii');
  h.write('0000000\0', 108, 'ascii');
  h.write('0000000\0', 116, 'ascii');
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  h.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'ascii',
  );
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes `entries` (archive name → file on disk), in this order, into a gzipped tar at `out`. */
export async function writeTarGz(out: string, entries: [name: string, file: string][]): Promise<void> {
  async function* blocks() {
    for (const [name, file] of entries) {
      const size = statSync(file).size;
      yield header(name, size);
      let seen = 0;
      for await (const chunk of createReadStream(file)) {
        seen += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      if (seen !== size) throw new Error(`${file} changed while it was archived`);
      yield padding(size);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(Readable.from(blocks()), createGzip(), createWriteStream(out, { flags: 'wx' }));
}

/**
 * Extracts a gzipped tar into `dir`, refusing any entry that is not a regular file whose name
 * `allowed` accepts (so that no entry can reach outside `dir`). Returns the names extracted.
 */
export async function extractTarGz(
  file: string,
  dir: string,
  allowed: (name: string) => boolean,
): Promise<string[]> {
  const names: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let fd: number | null = null;
  // bytes of the current entry still to write, then its padding still to skip
  let left = 0;
  let skip = 0;
  let ended = false;
  const consume = (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (!ended) {
      if (left > 0) {
        const n = Math.min(left, pending.length);
        if (!n) return;
        writeSync(fd as number, pending, 0, n);
        pending = pending.subarray(n);
        left -= n;
        if (left > 0) return;
      }
      if (fd !== null) {
        closeSync(fd);
        fd = null;
      }
      if (skip > 0) {
        const n = Math.min(skip, pending.length);
        pending = pending.subarray(n);
        skip -= n;
        if (skip > 0) return;
      }
      if (pending.length < BLOCK) return;
      const h = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (h.every((b) => b === 0)) {
        ended = true;
        return;
      }
      const text = (from: number, len: number) => h.toString('utf8', from, from + len).replace(/\0.*$/s, '');
      const name = text(0, 100);
      const size = Number.parseInt(text(124, 12).trim(), 8);
      const type = text(156, 1);
      if ((type !== '0' && type !== '') || !Number.isSafeInteger(size) || !allowed(name))
        throw new Error(`unexpected archive entry ${JSON.stringify(name)}`);
      const target = join(dir, name);
      mkdirSync(dirname(target), { recursive: true });
      fd = openSync(target, 'wx');
      names.push(name);
      left = size;
      skip = padding(size).length;
      if (size === 0) continue;
    }
  };
  try {
    await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) consume(chunk);
    });
  } finally {
    if (fd !== null) closeSync(fd);
  }
  if (!ended || left > 0) throw new Error('the archive is truncated');
  return names;
}
