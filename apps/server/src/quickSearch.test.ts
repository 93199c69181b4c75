import type { QuickSearchGroup } from '@mes/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

/** GET /QuickSearch: a few hits of every entity the user may open, BOMs and SOWs included, by the user's grants. */
let t: TestServer;
const tokens: Record<string, string> = {};
let sow: { Sow_ID: number; Sow_NO: string };
let bom: { Bom_ID: number; List_NO: string; Material_Name: string };
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
  for (const account of ['lina', 'yangming']) tokens[account] = await t.login(account, 'demo1234');
  tokens.supplier1 = await t.login('supplier1', 'supplier123');
  sow = (await t.call<(typeof sow)[]>('GET', '/Sow?PageSize=1')).body.Data[0];
  bom = (await t.call<(typeof bom)[]>('GET', '/Bom?PageSize=1')).body.Data[0];
});
afterAll(async () => t?.close());

const search = (q: string, token?: string) =>
  t.call<QuickSearchGroup[]>(
    'GET',
    `/QuickSearch?q=${encodeURIComponent(q)}`,
    undefined,
    token ? { authorization: `Bearer ${token}` } : undefined,
  );
const group = (groups: QuickSearchGroup[], entity: string) => groups.find((g) => g.Entity_Name === entity);

describe('quick search', () => {
  it('finds a SOW by its number and a BOM by its number and by its product', async () => {
    const bySow = await search(sow.Sow_NO);
    expect(bySow.body.Code).toBe(0);
    expect(group(bySow.body.Data, 'Sow')).toMatchObject({
      Menu_Code: 'SRM.sow',
      Hits: [expect.objectContaining({ ID: sow.Sow_ID, Text: sow.Sow_NO })],
    });
    const byNo = await search(bom.List_NO);
    expect(group(byNo.body.Data, 'Bom')?.Hits.map((h) => h.ID)).toContain(bom.Bom_ID);
    const byProduct = await search(bom.Material_Name);
    expect(group(byProduct.body.Data, 'Bom')?.Hits.map((h) => h.ID)).toContain(bom.Bom_ID);
    // the product itself is found too, as a material
    expect(group(byProduct.body.Data, 'Material')).toBeDefined();
  });

  it('names each group in the reader language and caps its hits', async () => {
    const en = await t.call<QuickSearchGroup[]>(
      'GET',
      `/QuickSearch?q=${encodeURIComponent(sow.Sow_NO)}`,
      undefined,
      {
        'accept-language': 'en',
      },
    );
    expect(group(en.body.Data, 'Sow')?.Label).toBe('Statement of work (SOW)');
    const many = await t.call<QuickSearchGroup[]>('GET', '/QuickSearch?q=BOM&PerEntity=2');
    expect(group(many.body.Data, 'Bom')?.Hits.length).toBe(2);
    expect(group(many.body.Data, 'Bom')?.TotalCount).toBeGreaterThan(2);
  });

  it('answers only from what the user may open', async () => {
    // the buyer opens SOWs but not BOMs; the warehouse clerk neither
    const buyer = await search(sow.Sow_NO, tokens.lina);
    expect(group(buyer.body.Data, 'Sow')).toBeDefined();
    const buyerBom = await search(bom.List_NO, tokens.lina);
    expect(group(buyerBom.body.Data, 'Bom')).toBeUndefined();
    const clerk = await search(sow.Sow_NO, tokens.yangming);
    expect(clerk.body.Code).toBe(0);
    expect(group(clerk.body.Data, 'Sow')).toBeUndefined();
    // the clerk may open materials, so the product is found, but not its BOM
    const clerkProduct = await search(bom.Material_Name, tokens.yangming);
    expect(group(clerkProduct.body.Data, 'Material')).toBeDefined();
    expect(group(clerkProduct.body.Data, 'Bom')).toBeUndefined();
  });

  it('refuses supplier portal users, anonymous callers and bad input', async () => {
    expect((await search(sow.Sow_NO, tokens.supplier1)).status).toBe(403);
    const anonymous = await fetch(`${t.url}/QuickSearch?q=x`, { headers: { accept: 'application/json' } });
    expect(anonymous.status).toBe(401);
    const empty = await search('   ');
    expect(empty.status).toBe(400);
    expect(empty.body.Code).toBe(1);
    expect((await search('x'.repeat(101))).status).toBe(400);
  });
});
