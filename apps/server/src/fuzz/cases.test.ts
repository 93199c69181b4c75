import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing';
import { changeWatch } from './fingerprint';

/**
 * The inputs that were a 500 (issue 24, item 7), each through the real server: a 400 in the
 * user's language now, and the database as it was.
 */
let t: TestServer;
let watch: Awaited<ReturnType<typeof changeWatch>>;
beforeAll(async () => {
  t = await startTestServer();
  const f = await t.call<{ Factory_ID: number }>('POST', '/Factory', {
    Factory_Code: 'F1',
    Factory_Name: 'f',
  });
  expect(f.body.Code).toBe(0);
  watch = await changeWatch(t.engine.db);
});
afterAll(async () => t?.close());

const en = { 'accept-language': 'en' };
const anonymous = { authorization: '' };

/** Sends the request in both languages; each must be refused with a 4xx and change nothing. */
async function refused(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const zh = await t.call(method, path, body, headers);
  const english = await t.call(method, path, body, { ...headers, ...en });
  expect(zh.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
  expect(zh.status, `${method} ${path}`).toBeLessThan(500);
  expect(await watch.changed(), `${method} ${path}`).toEqual([]);
  return { status: zh.status, zh: zh.body.Message, en: english.body.Message };
}

describe('inputs that were a 500', () => {
  it('a NUL in any text, also signing in without a session', async () => {
    const login = await refused('POST', '/Login', { User_Account: 'ad\u0000min', Pass_Word: 'x' }, anonymous);
    expect(login.status).toBe(400);
    expect(login.zh).toBe('User_Account：不能包含空字符（\\0）');
    expect(login.en).toBe('User_Account: must not contain the NUL character (\\0)');
    const pwd = await refused('POST', '/Login', { User_Account: 'admin', Pass_Word: '\u0000' }, anonymous);
    expect(pwd.zh).toContain('空字符');
    // a declared field, a filter, and a hand-written route's query
    expect((await refused('POST', '/Factory', { Factory_Code: 'F\u00002', Factory_Name: 'f' })).zh).toContain(
      '工厂编码',
    );
    expect((await refused('GET', '/Factory?Factory_Name=%00')).status).toBe(400);
    expect((await refused('GET', '/Material/Search?KeyWord=a%00b')).en).toContain('NUL');
  });

  it('whole-number filters beyond their integer column', async () => {
    const r = await refused('GET', '/Factory?State=3000000000');
    expect(r.status).toBe(400);
    expect(r.zh).toContain('不能大于 2147483647');
    expect((await refused('GET', '/Factory?State__in=1,-2147483649')).status).toBe(400);
  });

  it('year 0 and other dates no column holds', async () => {
    const r = await refused('POST', '/Supplier', {
      Supplier_Code: 'S0',
      Full_Name: 's',
      Short_Name: 's',
      Expiry_Date: '0000-01-01',
    });
    expect(r.zh).toContain('年份应在 1900 到 9999 之间');
    expect(r.en).toContain('must have a year from 1900 to 9999');
    expect((await refused('GET', '/OperationLog?Created_At__gte=0000-01-01T00:00:00Z')).status).toBe(400);
    // the hand-written reports read dates as the engine does
    expect((await refused('GET', '/StockReport/Age?As_Of=0000-01-01')).status).toBe(400);
    expect((await refused('GET', '/StockReport/Age?As_Of=2024-02-30')).status).toBe(400);
    expect((await refused('GET', '/ProductionReport/Output?From=0000-01-01')).status).toBe(400);
    expect((await refused('GET', '/WorkOrder/Load?From=2024-02-30&To=2024-03-01')).status).toBe(400);
  });

  it('an empty yes/no, whose column is NOT NULL, is taken as its default', async () => {
    const r = await t.call<{ Is_Base: boolean }>('POST', '/Currency', {
      Currency_Code: 'CNY',
      Currency_Name: '人民币',
      Is_Base: null,
    });
    expect(r.status).toBe(200);
    expect(r.body.Data.Is_Base).toBe(false);
    await watch.changed();
  });

  it('a malformed cookie', async () => {
    for (const cookie of ['token=%', 'Authorization=%E0%A4%A'])
      await refused('GET', '/Bom/1/ExportTree', undefined, { ...anonymous, cookie });
  });
});
