import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lineTable } from '@mes/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => t?.close());

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  writeFileSync(join(dir, 'a.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
}

async function printed(id: number, lang = 'zh'): Promise<string> {
  const res = await fetch(`${t.url}/Report/Viewer?Entity=StockDoc&ID=${id}`, {
    headers: { authorization: `Bearer ${t.token}`, 'accept-language': lang },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return pdfText(Buffer.from(await res.arrayBuffer()));
}

type Doc = { Doc_ID: number; Doc_NO: string; Lines: { Qty: string }[] };

/** A demo stock document with two lines or more, made a draft with quantities in the thousands. */
async function draftDoc(): Promise<Doc> {
  const docs = (await t.call<Doc[]>('GET', '/StockDoc?State=3&PageSize=50')).body.Data;
  let doc: Doc | undefined;
  for (const d of docs) {
    const full = (await t.call<Doc>('GET', `/StockDoc/${d.Doc_ID}`)).body.Data;
    if (full.Lines.length >= 2) {
      doc = full;
      break;
    }
  }
  expect(doc).toBeDefined();
  const def = t.engine.registry.get('StockDoc');
  // set directly: the point is how a draft prints, not how a document becomes one
  await sql`UPDATE ${sql.table(def.table)} SET state = 1 WHERE id = ${doc?.Doc_ID}`.execute(t.engine.db);
  await sql`UPDATE ${sql.table(lineTable(def, 'Lines'))} SET qty = 12345.5, amount = 1234567.89
    WHERE parent_id = ${doc?.Doc_ID}`.execute(t.engine.db);
  return doc as Doc;
}

describe('printing documents (issue 25)', () => {
  it('prints a draft marked 草稿, numbers with separators, totals and signature lines; the layout set under 打印格式 takes effect', async () => {
    const doc = await draftDoc();
    const zh = await printed(doc.Doc_ID);
    expect(zh).toContain('草稿');
    expect(zh).toContain(doc.Doc_NO);
    expect(zh).toContain('1,234,567.89');
    expect(zh).toMatch(/12,345\.5/);
    expect(zh).toContain('合计');
    // the amount of every line added up
    const lines = doc.Lines.length;
    const total = (1234567.89 * lines).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(zh).toContain(total);
    expect(zh).toContain('制单');
    expect(zh).toContain('审核');
    expect(zh).toContain('签收');
    const en = await printed(doc.Doc_ID, 'en');
    expect(en).toContain('DRAFT');
    expect(en).toContain('Prepared by');

    // an administrator's layout: title, a hidden column, no totals, own footer and signatures
    const saved = await t.call('POST', '/PrintLayout', {
      Entity_Name: '库存单据',
      Print_Title: '仓库收发单',
      Hidden_Columns: '金额,Unit price',
      Footer_Text: '第一联 存根',
      Signature_Labels: '仓管员,领料人',
      Hide_Totals: true,
    });
    expect(saved.body.Code, saved.body.Message).toBe(0);
    expect((saved.body.Data as { Entity_Name: string }).Entity_Name).toBe('StockDoc');
    const laid = await printed(doc.Doc_ID);
    expect(laid).toContain('仓库收发单');
    expect(laid).not.toContain('1,234,567.89');
    expect(laid).not.toContain('单价');
    expect(laid).not.toContain('合计');
    expect(laid).toContain('第一联 存根');
    expect(laid).toContain('仓管员');
    expect(laid).not.toContain('签收');

    const wrong = await t.call('POST', '/PrintLayout', { Entity_Name: '不存在的单据' });
    expect(wrong.body.Message).toContain('不存在的单据');
  });
});
