import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress';
import { startTestServer, type TestServer } from './testing';

// a built app of our own making: the headers are the server's, whatever vite wrote
const dist = mkdtempSync(join(tmpdir(), 'mes-web-'));
const ASSET = '/assets/index-Ab12Cd34.js';
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), `<!doctype html><script type="module" src="${ASSET}"></script>`);
writeFileSync(join(dist, `.${ASSET}`), script);
writeFileSync(join(dist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`);
precompressDir(dist);

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http, not fetch: fetch would decompress the body and choose its own Accept-Encoding. */
function get(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((ok, fail) => {
    request(url, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
      );
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

let t: TestServer;
beforeAll(async () => {
  process.env.WEB_DIST = dist;
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
  delete process.env.WEB_DIST;
  rmSync(dist, { recursive: true, force: true });
});

const JS = { accept: '*/*' };

describe('web delivery (issue 24)', () => {
  it('sends the brotli file to a client that takes brotli, cached a year as immutable', async () => {
    const r = await get(t.url + ASSET, { ...JS, 'accept-encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(r.body).toString()).toBe(script);
  });

  it('an immutable asset carries no validators nor range support: headers are bytes on the wire too', async () => {
    const r = await get(t.url + ASSET, { ...JS, 'accept-encoding': 'br', 'sec-fetch-dest': 'script' });
    expect(r.headers['content-type']).toBe('text/javascript');
    for (const h of ['etag', 'last-modified', 'accept-ranges', 'content-security-policy'])
      expect(r.headers[h]).toBeUndefined();
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    // what is not hashed keeps its validators: it is checked again at each use
    const icon = await get(`${t.url}/favicon.svg`, { accept: '*/*' });
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers.etag ?? icon.headers['last-modified']).toBeTruthy();
  });

  it('sends gzip to a client without brotli, and the plain file to one that takes neither', async () => {
    const gz = await get(t.url + ASSET, { ...JS, 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get(t.url + ASSET, JS);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.toString()).toBe(script);
  });

  it('never lets a cache keep index.html or a file whose name has no hash', async () => {
    const html = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, br' };
    for (const path of ['/', '/login', '/dashboard', '/Factory']) {
      const r = await get(t.url + path, html);
      expect(r.status, path).toBe(200);
      expect(r.headers['cache-control'], path).toBe('no-cache');
      expect(r.body.toString(), path).toContain(ASSET);
    }
    const index = await get(`${t.url}/index.html`, html);
    expect(index.headers['cache-control']).toBe('no-cache');
    const icon = await get(`${t.url}/favicon.svg`, { accept: 'image/*', 'accept-encoding': 'br' });
    expect(icon.headers['content-encoding']).toBe('br');
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers an asset that is not there with 404, not the app', async () => {
    const r = await get(`${t.url}/assets/missing-Zz99.js`, { ...JS, 'accept-encoding': 'br' });
    expect(r.status).toBe(404);
  });

  it('compresses an API answer for a client that takes it, and sends it plain to one that does not', async () => {
    const token = await t.login('admin', 'admin123');
    const api = { accept: 'application/json', authorization: `Bearer ${token}` };
    const br = await get(`${t.url}/ModuleMenu/GetUserMenu`, { ...api, 'accept-encoding': 'gzip, br' });
    const plain = await get(`${t.url}/ModuleMenu/GetUserMenu`, api);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4 * br.body.length);
    expect(JSON.parse(brotliDecompressSync(br.body).toString()).Data).toEqual(
      JSON.parse(plain.body.toString()).Data,
    );
    const gz = await get(`${t.url}/ModuleMenu/GetUserMenu`, { ...api, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });
});
