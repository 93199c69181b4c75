import { createHash, createHmac } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';

/**
 * Where attachment files live. Keys are server-made (`<32 hex>.<ext>`), never a client's path. The
 * folder under DATA_DIR is the default; an S3-compatible bucket is chosen by configuration.
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes as a stream, or null when it is not there. */
  get(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

export const KEY = /^[a-f0-9]{32}\.[a-z0-9]{1,8}$/;
function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`bad file key ${key}`);
  return key;
}

/** Files in a folder, spread over sub-folders named by the key's first two characters. */
export function dirStore(dir: string): FileStore {
  const fileOf = (key: string) => join(dir, checkKey(key).slice(0, 2), key);
  return {
    async put(key, data) {
      await mkdir(join(dir, checkKey(key).slice(0, 2)), { recursive: true });
      await writeFile(fileOf(key), data, { flag: 'wx' });
    },
    async get(key) {
      const file = fileOf(key);
      return existsSync(file) ? createReadStream(file) : null;
    },
    async remove(key) {
      await unlink(fileOf(key)).catch(() => undefined);
    },
  };
}

export interface S3Config {
  /** http(s)://host[:port] of the S3-compatible service; objects are addressed path-style. */
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

/** S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION; null when S3_BUCKET is not set. */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3Config | null {
  if (!env.S3_BUCKET) return null;
  const missing = ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'].filter((k) => !env[k]);
  if (missing.length) throw new Error(`S3_BUCKET is set but ${missing.join(', ')} not`);
  const endpoint = String(env.S3_ENDPOINT).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(endpoint)) throw new Error('S3_ENDPOINT must be http(s)://host[:port]');
  return {
    endpoint,
    bucket: String(env.S3_BUCKET),
    accessKey: String(env.S3_ACCESS_KEY),
    secretKey: String(env.S3_SECRET_KEY),
    region: env.S3_REGION || 'us-east-1',
  };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: encodeURIComponent leaves !'()* alone, AWS does not. */
const uriEncode = (v: string) =>
  encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The query sorted by name, each name and value encoded, a bare name given an empty value. */
export function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** AWS Signature Version 4 headers of one request (the payload is signed too). */
export function signV4(
  cfg: S3Config,
  method: string,
  url: URL,
  body: Buffer | undefined,
  now = new Date(),
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payload = sha256(body ?? '');
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-content-sha256': payload,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonical = [
    method,
    url.pathname,
    canonicalQuery(url),
    ...names.map((n) => `${n}:${headers[n]}`),
    '',
    names.join(';'),
    payload,
  ].join('\n');
  const scope = `${day}/${cfg.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key = hmac(`AWS4${cfg.secretKey}`, day);
  for (const part of [cfg.region, 's3', 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${cfg.accessKey}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

/** Files as objects of one bucket of an S3-compatible service, signed with SigV4. */
export function s3Store(cfg: S3Config): FileStore {
  const urlOf = (key: string) =>
    new URL(`${cfg.endpoint}/${encodeURIComponent(cfg.bucket)}/${encodeURIComponent(checkKey(key))}`);
  const call = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer) => {
    const url = urlOf(key);
    const res = await fetch(url, {
      method,
      headers: {
        ...signV4(cfg, method, url, body),
        ...(body ? { 'content-type': 'application/octet-stream' } : {}),
      },
      body: body ? new Uint8Array(body) : undefined,
    });
    return res;
  };
  return {
    async put(key, data) {
      const res = await call('PUT', key, data);
      if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    },
    async get(key) {
      const res = await call('GET', key);
      if (res.status === 404) return null;
      if (!res.ok || !res.body) throw new Error(`S3 GET ${key}: ${res.status}`);
      return Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
    },
    async remove(key) {
      const res = await call('DELETE', key);
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: ${res.status}`);
    },
  };
}
