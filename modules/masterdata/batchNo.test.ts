import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const series = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM numbering_series`.execute(t.engine.db)).rows[0].n;

describe('GET /BatchNO', () => {
  it('starts no series for a number no material has', async () => {
    const before = await series();
    for (const [lang, message] of [
      ['zh', '没有物料编码为「NO-SUCH-1」的物料'],
      ['en', 'No material has the number "NO-SUCH-1"'],
    ]) {
      const r = await t.call('GET', '/BatchNO?Encoding_Rules=NO-SUCH-1', undefined, {
        'accept-language': lang,
      });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({
        Code: 1,
        Message: message,
        Data: { Field: 'Encoding_Rules', Key: 'md.material_unknown' },
      });
    }
    expect(await series()).toBe(before);
  });

  it("numbers a material's batches", async () => {
    const unit = await t.call<{ Unit_ID: number }>('POST', '/Unit', { Unit_Code: 'PCS', Unit_Name: '个' });
    const m = await t.call('POST', '/Material', {
      Material_Number: 'BN-1',
      Material_Name: 'batch numbered',
      Material_Type: 1,
      Unit_ID: unit.body.Data.Unit_ID,
    });
    expect(m.body.Code, m.body.Message).toBe(0);
    const r = await t.call<{ Key_Name: string }>('GET', '/BatchNO?Encoding_Rules=BN-1');
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(r.body.Data.Key_Name).toBe(`BN-1${day}001`);
  });
});
