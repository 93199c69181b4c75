import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

/**
 * Seeded text users read carries zh and en: units, currencies, system parameters, dictionaries and
 * built-in roles answer their `_En` companions, and so do the records that reference them (in their
 * header and in their lines), for the web to show in the reader's language.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => t?.close());

type Row = Record<string, unknown>;
const list = async (path: string) => (await t.call<Row[]>('GET', path)).body.Data;

describe('bilingual seeded data', () => {
  it('gives units, currencies, parameters and roles an English name', async () => {
    expect(await list('/Unit?Unit_Code=KG')).toEqual([
      expect.objectContaining({ Unit_Name: '千克', Unit_Name_En: 'kg' }),
    ]);
    expect(await list('/Currency?Currency_Code=USD')).toEqual([
      expect.objectContaining({ Currency_Name: '美元', Currency_Name_En: 'US dollar' }),
    ]);
    const param = (await t.call<Row>('GET', '/SystemParameter/31')).body.Data;
    expect(param).toMatchObject({ Parameter_Name: '允许负库存', Parameter_Name_En: 'Allow negative stock' });
    expect(param.Notes_En).toBe('Y = allowed; N = not allowed');
    const roles = await list('/Role?PageSize=50');
    expect(roles).toContainEqual(
      expect.objectContaining({ Role_Name: '系统管理员', Role_Name_En: 'System administrator' }),
    );
    expect(roles).toContainEqual(
      expect.objectContaining({ Role_Name: '仓管员', Role_Name_En: 'Warehouse clerk' }),
    );
  });

  it('gives dictionaries and their items an English name, in the sign-in info too', async () => {
    const info = (await t.call<{ DataDictionary: Row[] }>('GET', '/Base/GetLoginInfo')).body.Data;
    const terms = info.DataDictionary.find((d) => d.Storage_Name === '付款方式');
    expect(terms?.Storage_Name_En).toBe('Payment terms');
    expect(terms?.Items).toContainEqual({
      Item_Code: 'T30',
      Item_Name: '月结30天',
      Item_Name_En: 'Net 30 days',
    });
  });

  it('answers the English of a referenced name in records and in their lines', async () => {
    const material = (await list('/Material?PageSize=50')).find((m) => m.Unit_Name === '千克');
    expect(material?.Unit_Name_En).toBe('kg');
    const sow = (await list('/Sow?PageSize=1'))[0];
    const full = (await t.call<Row & { Parts: Row[] }>('GET', `/Sow/${sow.Sow_ID}`)).body.Data;
    expect(full.Currency_Name_En).toBe('Chinese yuan');
    const part = full.Parts.find((p) => p.Unit_ID !== null);
    expect(part?.Unit_Name).toBeTruthy();
    expect(part?.Unit_Name_En).toBeTruthy();
    expect(part?.Unit_Name_En).not.toBe(part?.Unit_Name);
  });

  it('finds a record by its English name and keeps an English name an editor gives', async () => {
    expect((await list('/Unit?KeyWord=kg')).map((u) => u.Unit_Code)).toContain('KG');
    const r = await t.call<Row>('POST', '/Unit', { Unit_Code: 'DZ', Unit_Name: '打', Unit_Name_En: 'dozen' });
    expect(r.body.Data).toMatchObject({ Unit_Name: '打', Unit_Name_En: 'dozen' });
    const tooLong = await t.call('POST', '/Unit', {
      Unit_Code: 'DZ2',
      Unit_Name: '打',
      Unit_Name_En: 'x'.repeat(31),
    });
    expect(tooLong.status).toBe(400);
  });
});
