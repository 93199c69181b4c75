import type { TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_DOC_TYPE as T } from './stockDoc.entity';
import {
  approve,
  balance,
  createDoc,
  type DocLineInput,
  stockFixture,
  stockTestServer,
} from './testkit.server';

let t: TestServer;
beforeAll(async () => {
  ({ t } = await stockTestServer());
});
afterAll(async () => t?.close());

/** Creates and approves a document; its id and number. */
async function posted(type: number, lines: DocLineInput[]) {
  const c = await createDoc(t, type, lines);
  expect(c.body.Code, c.body.Message).toBe(0);
  expect((await approve(t, c.body.Data.Doc_ID)).body.Code).toBe(0);
  return { id: c.body.Data.Doc_ID, no: c.body.Data.Doc_NO };
}
const unapprove = (id: number, lang = 'zh') =>
  t.call('POST', '/StockDoc/UnApprove', { Doc_ID: id }, { 'accept-language': lang });

describe('UnApprove refused because a later document used the stock names that document', () => {
  it('stock taken from the location by later issues (the receipt’s own layer untouched)', async () => {
    const f = await stockFixture(t);
    // issue 25: a material reads "code name", a location "warehouse / code name" (same fixture number n)
    const m = '(AVG\\d+) 测试物料\\1';
    const loc = '测试仓(\\d+) / (A\\d+) 库位\\3';
    // an older receipt elsewhere: the issues from A take their cost from its layer, not the new one
    await posted(T.RECEIPT, [{ Material_ID: f.avg, Location_ID: f.locB, Qty: '40', Unit_Price: '1' }]);
    const receipt = await posted(T.RECEIPT, [
      { Material_ID: f.avg, Location_ID: f.locA, Qty: '50', Unit_Price: '2' },
    ]);
    const issue = await posted(T.ISSUE, [{ Material_ID: f.avg, Location_ID: f.locA, Qty: '20' }]);
    const zh = await unapprove(receipt.id);
    expect(zh.status).toBe(409);
    expect(zh.body.Message).toMatch(
      new RegExp(`^反审核失败：物料「${m}」在库位「${loc}」已被后续单据 ${issue.no} 使用，需先反审核该单据$`),
    );
    const en = await unapprove(receipt.id, 'en');
    expect(en.body.Message).toMatch(
      new RegExp(
        `^Cannot unapprove: later document ${issue.no} used "${m}" at "${loc}"; unapprove it first$`,
      ),
    );
    // a second issue: both are named, oldest first
    const issue2 = await posted(T.SCRAP, [{ Material_ID: f.avg, Location_ID: f.locA, Qty: '5' }]);
    expect((await unapprove(receipt.id)).body.Message).toContain(
      `已被后续单据 ${issue.no}、${issue2.no} 使用，需先反审核这些单据`,
    );
    expect((await unapprove(receipt.id, 'en')).body.Message).toContain(
      `later documents ${issue.no}, ${issue2.no} used`,
    );
    // nothing changed; once the later documents are unapproved, so can the receipt be
    expect(await balance(t, f.avg, f.locA)).toBe('25');
    expect((await unapprove(issue2.id)).body.Code).toBe(0);
    expect((await unapprove(receipt.id)).body.Message).toContain(`已被后续单据 ${issue.no} 使用`);
    expect((await unapprove(issue.id)).body.Code).toBe(0);
    const done = await unapprove(receipt.id);
    expect(done.body.Code, done.body.Message).toBe(0);
    expect(await balance(t, f.avg, f.locA)).toBe('0');
  });

  it('a receipt whose FIFO layer a later transfer carried on and an issue used', async () => {
    const f = await stockFixture(t);
    const receipt = await posted(T.RECEIPT, [
      { Material_ID: f.fifo, Location_ID: f.locA, Qty: '8', Unit_Price: '4' },
    ]);
    // moved on to B: a transfer carries the layer's stock to B (issue 25: layers belong to a location)
    const transfer = await posted(T.TRANSFER, [
      { Material_ID: f.fifo, Location_ID: f.locA, To_Location_ID: f.locB, Qty: '2' },
    ]);
    const issue = await posted(T.ISSUE, [{ Material_ID: f.fifo, Location_ID: f.locB, Qty: '1' }]);
    const zh = await unapprove(receipt.id);
    expect(zh.status).toBe(409);
    expect(zh.body.Message).toMatch(
      new RegExp(
        `^反审核失败：物料「(FIFO\\d+) 测试物料\\1」在库位「测试仓(\\d+) / A\\2 库位A\\2」已被后续单据 ${transfer.no} 使用`,
      ),
    );
    const en = await unapprove(receipt.id, 'en');
    expect(en.body.Message).toContain(`Cannot unapprove: later document ${transfer.no} used "FIFO`);
    // the transfer in turn names the issue that used what it carried to B
    const moved = await unapprove(transfer.id);
    expect(moved.status).toBe(409);
    expect(moved.body.Message).toMatch(
      new RegExp(`在库位「测试仓(\\d+) / B\\1 库位B\\1」已被后续单据 ${issue.no} 使用`),
    );
    // undone newest first, each goes
    for (const d of [issue, transfer, receipt]) expect((await unapprove(d.id)).body.Code).toBe(0);
    expect(await balance(t, f.fifo)).toBe('0');
  });
});
