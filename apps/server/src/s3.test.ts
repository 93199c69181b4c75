import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type S3Config, s3ConfigFromEnv, s3Store, signV4 } from '@mes/engine-server';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

/** Attachments in an S3-compatible store (s3rver checks the SigV4 signatures) chosen by S3_* settings. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj << >> endobj\n%%EOF\n')]);
let s3: S3rver;
let cfg: S3Config;
let t: TestServer;
const saved = { ...process.env };

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 's3rver-')),
    configureBuckets: [{ name: 'mes-files' }],
  });
  const at = await s3.run();
  // s3rver's own fixed credentials
  Object.assign(process.env, {
    S3_ENDPOINT: `http://127.0.0.1:${at.port}`,
    S3_BUCKET: 'mes-files',
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_REGION: 'us-east-1',
    ATTACHMENT_DIR: mkdtempSync(join(tmpdir(), 'unused-dir-')),
  });
  cfg = s3ConfigFromEnv(process.env) as S3Config;
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  for (const k of [
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_ACCESS_KEY',
    'S3_SECRET_KEY',
    'S3_REGION',
    'ATTACHMENT_DIR',
  ])
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
});

const text = async (s: NodeJS.ReadableStream | null) => {
  if (!s) return null;
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts);
};

describe('S3-compatible attachment store', () => {
  it('reads the S3_* settings, refusing a half configuration', () => {
    expect(s3ConfigFromEnv({})).toBeNull();
    expect(() => s3ConfigFromEnv({ S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY/);
    expect(() =>
      s3ConfigFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 's' }),
    ).toThrow(/http/);
    expect(cfg.region).toBe('us-east-1');
  });

  it('signs the AWS guide examples to the documented signatures', () => {
    const doc: S3Config = {
      endpoint: 'https://examplebucket.s3.amazonaws.com',
      bucket: 'examplebucket',
      accessKey: 'AKIAIOSFODNN7EXAMPLE',
      secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
    };
    const at = new Date('2013-05-24T00:00:00Z');
    const sig = (url: string) =>
      signV4(doc, 'GET', new URL(url), undefined, at).authorization.split('Signature=')[1];
    // "Example: GET Bucket Lifecycle" and "Example: Get Bucket (List Objects)"
    expect(sig('https://examplebucket.s3.amazonaws.com/?lifecycle')).toBe(
      'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    );
    expect(sig('https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2')).toBe(
      '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it('puts, gets and removes objects with signed requests; an unknown key is refused', async () => {
    const store = s3Store(cfg);
    const key = `${'ab'.repeat(16)}.pdf`;
    await store.put(key, PDF);
    expect((await text(await store.get(key)))?.equals(PDF)).toBe(true);
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    // s3rver checks the access key (it does not recompute V4 signatures: the AWS vectors above do)
    await expect(s3Store({ ...cfg, accessKey: 'NOBODY' }).put(key, PDF)).rejects.toThrow(/403/);
    await expect(store.put('../../etc/passwd', PDF)).rejects.toThrow(/bad file key/);
  });

  it('keeps an uploaded attachment in the bucket, serves it from there and deletes it there', async () => {
    const factoryId = (await t.call<{ Factory_ID: number }[]>('GET', '/Factory?Factory_Code=F01')).body
      .Data[0].Factory_ID;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      BZ_Table: 'Factory',
      BZ_Code: String(factoryId),
      Attachment_Type: '1',
    }))
      form.append(k, v);
    form.append('file', new Blob([new Uint8Array(PDF)]), '合同.pdf');
    const { body } = await t.call<{ File_Code: string; File_Path: string }>('POST', '/Attachment/', form);
    expect(body.Code).toBe(0);
    const store = s3Store(cfg);
    expect((await text(await store.get(body.Data.File_Path)))?.equals(PDF)).toBe(true);
    const down = await fetch(`${t.url}/Attachment/Download/${body.Data.File_Path}`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await t.call('DELETE', `/Attachment/${body.Data.File_Code}`)).body.Code).toBe(0);
    expect(await store.get(body.Data.File_Path)).toBeNull();
  });
});
