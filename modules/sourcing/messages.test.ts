import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { PARAM } from '@mes/model';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Fixture, makeFixture, makeSow, release } from './testing.server';

let t: TestServer;
let f: Fixture;
beforeAll(async () => {
  t = await startTestServer();
  f = await makeFixture(t, 1, 'mz');
});
afterAll(async () => t?.close());

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** 2026-12-04 17:00 in Shanghai. */
const CLOSES = '2026-12-04T09:00:00.000Z';

type Msg = { ID: number; Title: string; Content: string | null };
const read = async (token: string, lang: 'zh' | 'en', query = '') =>
  (
    await t.call<Msg[]>('GET', `/SendMsg/GetSendMsgs${query}`, undefined, {
      ...as(token),
      'accept-language': lang,
    })
  ).body.Data;

async function setZone(zone: string) {
  const p = await t.call<{ Version: number }>('GET', `/SystemParameter/${PARAM.COMPANY_TIME_ZONE}`);
  return t.call('PUT', '/SystemParameter', {
    ID: PARAM.COMPANY_TIME_ZONE,
    Version: p.body.Data.Version,
    Parameter_Value: zone,
  });
}

describe('a message is stored once and read in each reader language (issue 25, bug 7)', () => {
  it('the invitation reads in Chinese for a zh reader and in English for an en reader, with the company time', async () => {
    const sow = await makeSow(t, f);
    expect((await release(t, sow.Sow_ID, CLOSES)).body.Code).toBe(0);
    const token = f.suppliers[0].token;
    const zh = (await read(token, 'zh')).find((m) => m.Title.includes(sow.Sow_NO))!;
    expect(zh.Title).toMatch(new RegExp(`^邀请报价：${sow.Sow_NO} .* 第 1 轮，截止 2026-12-04 17:00$`));
    expect(zh.Content).toBeNull();
    const en = (await read(token, 'en')).find((m) => m.ID === zh.ID)!;
    expect(en.Title).toMatch(
      new RegExp(`^Request for quotation: ${sow.Sow_NO} .* round 1, closes 2026-12-04 17:00$`),
    );
    // the title search finds it by the words of either language
    const hit = (await read(token, 'en', `?Title=${encodeURIComponent('Request for quotation')}`)).map(
      (m) => m.ID,
    );
    expect(hit).toContain(zh.ID);
    const hitZh = (await read(token, 'en', `?Title=${encodeURIComponent('邀请报价')}`)).map((m) => m.ID);
    expect(hitZh).toContain(zh.ID);
  });
});

describe('times are shown on the company clock (issue 25, bug 6)', () => {
  it('公司时区 is seeded as Asia/Shanghai, refuses unknown zones, and decides the time in messages', async () => {
    const p = await t.call<{ Parameter_Value: string }>('GET', `/SystemParameter/${PARAM.COMPANY_TIME_ZONE}`);
    expect(p.body.Data.Parameter_Value).toBe('Asia/Shanghai');
    expect((await setZone('Mars/Olympus')).status).toBe(400);
    expect((await setZone('Europe/Berlin')).body.Code).toBe(0);
    try {
      const sow = await makeSow(t, f);
      expect((await release(t, sow.Sow_ID, CLOSES)).body.Code).toBe(0);
      const msg = (await read(f.suppliers[0].token, 'zh')).find((m) => m.Title.includes(sow.Sow_NO))!;
      expect(msg.Title).toContain('截止 2026-12-04 10:00');
    } finally {
      expect((await setZone('Asia/Shanghai')).body.Code).toBe(0);
    }
  });

  it('the print (PDF) and the Excel export show the round end on the company clock', async () => {
    const sow = await makeSow(t, f);
    expect((await release(t, sow.Sow_ID, CLOSES)).body.Code).toBe(0);
    const auth = { authorization: `Bearer ${t.token}` };
    const xlsx = await fetch(`${t.url}/Sow/Export?Sow_NO=${sow.Sow_NO}`, { headers: auth });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.worksheets[0];
    const head = (sheet.getRow(1).values as unknown[]).map(String);
    const col = head.indexOf('本轮截止时间');
    expect(col).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(col).value).toBe('2026-12-04 17:00');
    const pdf = await fetch(`${t.url}/Report/Viewer?Entity=Sow&ID=${sow.Sow_ID}`, { headers: auth });
    expect(pdf.status).toBe(200);
    if (hasPdftotext) {
      const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
      writeFileSync(join(dir, 'a.pdf'), Buffer.from(await pdf.arrayBuffer()));
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('2026-12-04 17:00');
      expect(text).not.toContain('2026-12-04 09:00');
    }
  });
});
