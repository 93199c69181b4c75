import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './errors';

/** An error as the PostgreSQL drivers raise it: the SQLSTATE in `code`. */
const pgError = (code: string) => Object.assign(new Error(`database says ${code}`), { code });

const app = Fastify();
beforeAll(async () => {
  installErrorHandler(app, 1024);
  app.get('/pg/:code', async (req) => {
    throw pgError((req.params as { code: string }).code);
  });
  app.get('/uri', async () => decodeURIComponent('%E0%A4%A'));
  await app.ready();
});
afterAll(() => app.close());

const get = async (url: string, lang = 'zh') => {
  const r = await app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
  return { status: r.statusCode, body: r.json() as { Code: number; Message: string; Data: unknown } };
};

describe('the last line of defence against data a check missed', () => {
  it('PostgreSQL refusing the data is a 400 in the user’s language, without the database’s text', async () => {
    // untranslatable character, numeric and datetime overflow, bad byte sequence, bad date, bad
    // text representation, index row too large
    for (const code of ['22P05', '22003', '22008', '22021', '22007', '22P02', '54000']) {
      const zh = await get(`/pg/${code}`);
      expect(zh.status, code).toBe(400);
      expect(zh.body).toEqual({
        Code: 1,
        Message: '提交的数据超出范围或格式不正确，未做任何修改',
        Data: null,
      });
      const en = await get(`/pg/${code}`, 'en');
      expect(en.body.Message).toBe('The data sent is out of range or malformed; nothing was changed');
    }
  });

  it('keeps the 500 for real faults: a missing table, a syntax error, a lost connection', async () => {
    for (const code of ['42P01', '42601', '08006', '23505', 'ECONNRESET']) {
      const r = await get(`/pg/${code}`);
      expect(r.status, code).toBe(500);
      expect(r.body.Message).not.toContain(code);
    }
  });

  it('a malformed % escape is the client’s, not a 500', async () => {
    const r = await get('/uri', 'en');
    expect(r.status).toBe(400);
    expect(r.body.Message).toContain('malformed % escape');
  });
});
