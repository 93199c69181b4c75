import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => t?.close());

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn('[print] NOTICE: pdftotext (poppler-utils) not found: PDF text checks are skipped');
    return false;
  }
})();

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  writeFileSync(join(dir, 'a.pdf'), pdf);
  return execFileSync('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
}

async function print(query: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}/Report/Viewer?${query}`, {
    headers: { authorization: `Bearer ${t.token}`, ...headers },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

describe('GET /Report/Viewer', () => {
  it('prints a record as a PDF whose Chinese text is real text', async () => {
    const f = (await t.call<{ Factory_ID: number }[]>('GET', '/Factory?Factory_Code=F01')).body.Data[0];
    const r = await print(`Entity=Factory&ID=${f.Factory_ID}`);
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/pdf');
    expect(r.body.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPdftotext) {
      const text = pdfText(r.body);
      expect(text).toContain('工厂');
      expect(text).toContain('苏州精工一厂');
      expect(text).toContain('系统管理员');
    }
    const en = await print(`Entity=Factory&ID=${f.Factory_ID}`, { 'accept-language': 'en' });
    if (hasPdftotext) expect(pdfText(en.body)).toContain('Factory name');
  });

  it('prints a document with its lines', async () => {
    const d = (
      await t.call<{ ID: number }[]>('GET', `/DataDictionary?Storage_Name=${encodeURIComponent('付款方式')}`)
    ).body.Data[0];
    const r = await print(`Entity=DataDictionary&ID=${d.ID}`);
    expect(r.status).toBe(200);
    if (hasPdftotext) {
      const text = pdfText(r.body);
      expect(text).toContain('字典项');
      expect(text).toContain('月结60天');
    }
  });

  it('refuses an empty row, data without a template, and users without the Print right', async () => {
    const empty = await t.call('GET', '/Report/Viewer?Entity=Factory&List_NO=');
    expect(empty.body.Message).toBe('请先选择需要打印的行');
    expect((await t.call('GET', '/Report/Viewer?Entity=Job&ID=1')).body.Message).toBe('该数据没有打印模板');
    expect((await t.call('GET', '/Report/Viewer?Entity=Factory&ID=99999')).status).toBe(404);
    const lina = await t.login('lina', 'demo1234');
    expect(
      (
        await t.call('GET', '/Report/Viewer?Entity=Factory&ID=1', undefined, {
          authorization: `Bearer ${lina}`,
        })
      ).status,
    ).toBe(403);
  });
  it('prints several chosen records as one PDF, a page each, and refuses the batch if one is missing', async () => {
    const fs = (
      await t.call<{ Factory_ID: number; Factory_Name: string }[]>('GET', '/Factory?Sort=Factory_Code')
    ).body.Data;
    expect(fs.length).toBeGreaterThan(1);
    const r = await print(`Entity=Factory&ID=${fs[0].Factory_ID},${fs[1].Factory_ID}`);
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/pdf');
    if (hasPdftotext) {
      const pages = pdfText(r.body)
        .split('\f')
        .filter((p) => p.trim());
      expect(pages).toHaveLength(2);
      expect(pages[0]).toContain(fs[0].Factory_Name);
      expect(pages[1]).toContain(fs[1].Factory_Name);
      expect(pages[1]).toContain('工厂');
    }
    // the same record twice prints once; a missing one stops the whole batch
    const same = await print(`Entity=Factory&ID=${fs[0].Factory_ID}, ${fs[0].Factory_ID}`);
    if (hasPdftotext)
      expect(
        pdfText(same.body)
          .split('\f')
          .filter((p) => p.trim()),
      ).toHaveLength(1);
    expect((await print(`Entity=Factory&ID=${fs[0].Factory_ID},99999`)).status).toBe(404);
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await t.call('GET', `/Report/Viewer?Entity=Factory&ID=${many}`)).body.Message).toBe(
      '一次最多打印 100 条',
    );
    expect((await t.call('GET', '/Report/Viewer?Entity=Factory&ID=,,')).body.Message).toBe(
      '请先选择需要打印的行',
    );
  });
});
