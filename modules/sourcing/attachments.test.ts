import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Fixture, makeFixture, makeSow, quote, release } from './testing.server';

/** Files in the portal: drawings of the SOW to read, own quotation files to keep; nothing of others. */
let t: TestServer;
let f: Fixture;
let sowId: number;
let offers: number[];
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj << >> endobj\n%%EOF\n')]);

async function upload(table: string, code: number, token: string, name = 'quote.pdf') {
  const form = new FormData();
  for (const [k, v] of Object.entries({ BZ_Table: table, BZ_Code: String(code), Attachment_Type: '1' }))
    form.append(k, v);
  form.append('file', new Blob([new Uint8Array(PDF)]), name);
  const res = await fetch(`${t.url}/Attachment/`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as { Code: number; Data: { File_Code: string } } };
}

beforeAll(async () => {
  t = await startTestServer();
  f = await makeFixture(t, 2, 'att');
  sowId = (await makeSow(t, f)).Sow_ID;
  expect((await upload('Sow', sowId, t.token, 'drawing.pdf')).body.Code).toBe(0);
  await release(t, sowId);
  offers = [];
  for (const s of f.suppliers)
    offers.push((await quote(t, s.token, sowId, 1, ['1', '2', '3'], false)).body.Data.Offer_ID);
});
afterAll(async () => t?.close());

describe('portal attachments', () => {
  it('a supplier reads the SOW drawings and files its own quotation documents', async () => {
    const [a] = f.suppliers;
    const drawings = await t.call<{ File_Name: string }[]>(
      'GET',
      `/Attachment?BZ_Table=Sow&BZ_Code=${sowId}`,
      undefined,
      as(a.token),
    );
    expect(drawings.body.Data.map((d) => d.File_Name)).toEqual(['drawing.pdf']);
    const up = await upload('Offer', offers[0], a.token);
    expect(up.body.Code).toBe(0);
    const mine = await t.call<{ File_Name: string }[]>(
      'GET',
      `/Attachment?BZ_Table=Offer&BZ_Code=${offers[0]}`,
      undefined,
      as(a.token),
    );
    expect(mine.body.Data.map((d) => d.File_Name)).toEqual(['quote.pdf']);
    // the buyer sees it with the quotation
    const buyer = await t.call<{ File_Name: string }[]>(
      'GET',
      `/Attachment?BZ_Table=Offer&BZ_Code=${offers[0]}`,
    );
    expect(buyer.body.Data).toHaveLength(1);
    // a supplier cannot add drawings to the SOW
    expect((await upload('Sow', sowId, a.token)).status).toBe(403);
  });

  it("another supplier's files and records are out of reach", async () => {
    const [a, b] = f.suppliers;
    const up = await upload('Offer', offers[0], a.token, 'secret.pdf');
    const code = up.body.Data.File_Code;
    expect((await upload('Offer', offers[0], b.token)).status).toBe(404);
    expect(
      (await t.call('GET', `/Attachment?BZ_Table=Offer&BZ_Code=${offers[0]}`, undefined, as(b.token))).status,
    ).toBe(404);
    expect((await t.call('GET', `/Attachment/Download/${code}`, undefined, as(b.token))).status).toBe(404);
    expect((await t.call('DELETE', `/Attachment/${code}`, undefined, as(b.token))).status).toBe(404);
    // any other entity's files are forbidden to a supplier
    for (const table of ['Supplier', 'Material', 'BidEvaluation', 'Factory'])
      expect(
        (await t.call('GET', `/Attachment?BZ_Table=${table}&BZ_Code=1`, undefined, as(b.token))).status,
      ).toBe(403);
    // and the file is still there for its owner
    expect((await t.call('DELETE', `/Attachment/${code}`, undefined, as(a.token))).body.Code).toBe(0);
  });

  it('after the round closed the quotation files are read-only', async () => {
    const [a] = f.suppliers;
    await t.call('POST', '/Sow/CloseRound', { Sow_ID: sowId });
    const late = await upload('Offer', offers[0], a.token, 'late.pdf');
    expect(late.status).toBe(409);
    const list = await t.call<unknown[]>(
      'GET',
      `/Attachment?BZ_Table=Offer&BZ_Code=${offers[0]}`,
      undefined,
      as(a.token),
    );
    expect(list.body.Data).toHaveLength(1);
  });
});
