import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase } from '@mes/engine-server/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';

/** The envelope and error rules of DESIGN.md §4, through the real HTTP server. */
let app: FastifyInstance;
let url: string;
let close: () => Promise<void>;
let auth: Record<string, string>;
beforeAll(async () => {
  const database = await openTestDatabase();
  const dist = mkdtempSync(join(tmpdir(), 'web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app-shell</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  const running = await createApp({ database, seed: 'none', webDist: dist });
  app = running.app;
  app.get('/Boom', { config: { perm: { public: true } } }, async () => {
    throw new Error('SELECT password FROM users WHERE secret');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  close = running.close;
  const login = await fetch(`${url}/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ User_Account: 'admin', Pass_Word: 'admin123' }),
  });
  auth = { authorization: login.headers.get('authorization') ?? '' };
  const { User_ID } = (await login.json()).Data;
  // admin's initial password must be changed before anything else is served
  const changed = await fetch(`${url}/Users/ChangePwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...auth },
    body: JSON.stringify({ User_ID, OldPwd: 'admin123', Pass_Word: 'Envelope-Admin-1' }),
  });
  expect((await changed.json()).Code).toBe(0);
});
afterAll(async () => close?.());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(url + path, { headers: { accept: 'application/json', ...auth, ...headers } });
const send = (method: string, path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url + path, {
    method,
    body,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...auth, ...headers },
  });

describe('envelope', () => {
  it('wraps success with Code 0, Message and Data, lists with Paging', async () => {
    const r = await get('/Factory');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      Code: 0,
      Message: '操作成功',
      Data: [],
      Paging: { TotalCount: 0, Page: 1, PageSize: 20 },
    });
  });

  it('speaks the language of Accept-Language', async () => {
    const zh = await (await get('/Nowhere')).json();
    const en = await (await get('/Nowhere', { 'accept-language': 'en-GB,en;q=0.8' })).json();
    expect(zh).toEqual({ Code: 1, Message: '接口不存在：GET /Nowhere', Data: null });
    expect(en.Message).toBe('No such endpoint: GET /Nowhere');
  });

  it('never lets a stack trace or SQL text out', async () => {
    const r = await get('/Boom');
    expect(r.status).toBe(500);
    const body = await r.json();
    expect(body).toEqual({ Code: 500, Message: '服务器内部错误，请稍后再试', Data: null });
  });

  it('refuses bad JSON, empty bodies, wrong media types and oversized bodies with Code 1', async () => {
    const bad = await send('POST', '/Factory', '{"Factory_Code": ');
    expect(bad.status).toBe(400);
    expect((await bad.json()).Message).toBe('请求内容不是有效的 JSON');
    const empty = await send('POST', '/Factory', '');
    expect((await empty.json()).Code).toBe(1);
    const xml = await fetch(`${url}/Factory`, {
      method: 'POST',
      body: '<a/>',
      headers: { 'content-type': 'application/xml', ...auth },
    });
    expect(xml.status).toBe(415);
    expect((await xml.json()).Code).toBe(1);
    const big = await send(
      'POST',
      '/Factory',
      JSON.stringify({ Factory_Name: 'x'.repeat(3 * 1024 * 1024) }),
      {
        'accept-language': 'en',
      },
    );
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      Code: 1,
      Message: 'The request is too large (limit 2 MB)',
      Data: null,
    });
    // a JSON array or scalar is not an object
    const arr = await send('POST', '/Factory', '[1,2]');
    expect((await arr.json()).Code).toBe(1);
  });

  it('names the field in validation errors', async () => {
    const r = await send('POST', '/Factory', JSON.stringify({ Factory_Code: 'A', Factory_Name: 7 }));
    expect(await r.json()).toEqual({
      Code: 1,
      Message: '工厂名称(Factory_Name)：类型错误，应为文本',
      Data: { Field: 'Factory_Name', Key: 'validation' },
    });
    const l = await send(
      'POST',
      '/DataDictionary',
      JSON.stringify({ Storage_Name: 'd', Items: [{ Item_Name: '' }] }),
      {
        'accept-language': 'en',
      },
    );
    expect((await l.json()).Message).toBe('Items row 1 Name(Item_Name): is required');
  });
});

describe('web app and API on the same paths', () => {
  it('a browser navigation gets index.html even where an API route has the path', async () => {
    const nav = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const p of ['/Factory', '/setting/factory', '/dashboard', '/Factory/1'])
      expect(await (await fetch(url + p, { headers: nav })).text(), p).toContain('app-shell');
    const api = await get('/Factory');
    expect((await api.json()).Code).toBe(0);
    const asset = await fetch(`${url}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1)');
  });

  it('a bare request for the root gets the app; a directory or missing file gets the envelope', async () => {
    // curl sends no Accept header beyond */*
    const root = await fetch(`${url}/`, { headers: { accept: '*/*' } });
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('app-shell');
    for (const p of ['/assets/', '/assets', '/assets/missing.js']) {
      const r = await fetch(url + p, { headers: { accept: '*/*', 'accept-language': 'en' } });
      expect(r.status, p).toBe(404);
      const body = await r.json();
      expect(body.Code, p).toBe(1);
      expect(body.Message, p).toMatch(/^No such endpoint: GET \/assets/);
    }
    const range = await fetch(`${url}/assets/app.js`, { headers: { range: 'bytes=500-600' } });
    expect(range.status).toBe(404);
  });

  it('documents every route at /docs', async () => {
    const spec = await (await get('/docs/json')).json();
    for (const p of [
      '/Factory',
      '/Factory/{id}',
      '/Department',
      '/DataDictionary',
      '/SystemParameter',
      '/OperationLog',
    ])
      expect(spec.paths[p], p).toBeDefined();
    expect(spec.paths['/Factory'].post).toBeDefined();
    expect(spec.paths['/OperationLog'].post).toBeUndefined();
  });
});
