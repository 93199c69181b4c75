import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_STATUS, SOW_STATUS } from './logic/status';
import { as, type Fixture, inHours, makeFixture, makeSow, quote, release } from './testing.server';

let t: TestServer;
let f: Fixture;
beforeAll(async () => {
  t = await startTestServer();
  f = await makeFixture(t);
});
afterAll(async () => t?.close());

const offersOf = async (token: string) =>
  (
    await t.call<{ Offer_ID: number; Sow_ID: number; Round_NO: number; Offer_Status: number }[]>(
      'GET',
      '/SRM/Portal/Offers',
      undefined,
      as(token),
    )
  ).body.Data;

const idOf = async (token: string) =>
  (await t.call<{ User_ID: number }>('GET', '/Base/GetLoginInfo', undefined, as(token))).body.Data.User_ID;

/** Open to-dos of a supplier that mention the SOW. */
const todos = async (token: string, sowNo: string) =>
  (
    await t.call<{ Title: string }[]>(
      'GET',
      `/SendMsg/GetSendMsgs?User_ID=${await idOf(token)}`,
      undefined,
      as(token),
    )
  ).body.Data.filter((m) => m.Title.includes(sowNo)).length;

describe('SOW rounds through the API', () => {
  it('release opens round 1: one pending offer per invited supplier and a to-do for each', async () => {
    const sow = await makeSow(t, f);
    expect(sow.Sow_NO).toMatch(/^SOW\d{4}\d{4}$/);
    const r = await release(t, sow.Sow_ID);
    expect(r.body.Code).toBe(0);
    expect(r.body.Data).toMatchObject({ Sow_Status: SOW_STATUS.QUOTING, Current_Round: 1, State: 3 });
    for (const s of f.suppliers) {
      const mine = (await offersOf(s.token)).filter((o) => o.Sow_ID === sow.Sow_ID);
      expect(mine).toEqual([expect.objectContaining({ Round_NO: 1, Offer_Status: OFFER_STATUS.PENDING })]);
      const todo = await t.call<{ Title: string }[]>('GET', '/SendMsg/GetSendMsgs', undefined, as(s.token));
      expect(todo.body.Data.some((m) => m.Title.includes(sow.Sow_NO) && m.Title.includes('第 1 轮'))).toBe(
        true,
      );
    }
    // a released SOW is no longer a draft: the generic edit refuses it
    const edit = await t.call('PUT', '/Sow', { Sow_ID: sow.Sow_ID, Version: 2, Project_Name: 'x' });
    expect(edit.status).toBe(400);
    expect((await release(t, sow.Sow_ID)).body.Message).toBe('只有草稿状态的 SOW 可以发布');
  });

  it('draft, submit, revise; the next round to a shortlist; close round; award', async () => {
    const sow = await makeSow(t, f);
    await release(t, sow.Sow_ID);
    const [a, b, c] = f.suppliers;
    const draft = await quote(t, a.token, sow.Sow_ID, 1, ['8.2', '14', null], false);
    expect(draft.body.Data).toMatchObject({ Offer_Status: OFFER_STATUS.PENDING, Editable: true });
    expect((await quote(t, a.token, sow.Sow_ID, 1, ['8.2', '14', '0.7'])).body.Data.Offer_Status).toBe(
      OFFER_STATUS.PROCESSED,
    );
    // a submitted quotation is no longer on the supplier's to-do list; the others' still are
    expect(await todos(a.token, sow.Sow_NO)).toBe(0);
    expect(await todos(b.token, sow.Sow_NO)).toBe(1);
    expect((await quote(t, b.token, sow.Sow_ID, 1, ['8.0', '15', '0.75'])).body.Code).toBe(0);
    expect((await quote(t, c.token, sow.Sow_ID, 1, ['9.0', '16', '0.9'])).body.Code).toBe(0);
    // revise before the end: still Processed, two submissions
    const rev = await quote(t, a.token, sow.Sow_ID, 1, ['8.1', '14', '0.7']);
    expect(rev.body.Data).toMatchObject({ Offer_Status: OFFER_STATUS.PROCESSED, Revision: 2 });

    // the buyer sees every submitted price; drafts of others are not counted
    expect(
      (await t.call('POST', '/Sow/NextRound', { Sow_ID: sow.Sow_ID, End_Time: inHours(24) })).body.Message,
    ).toBe('请先截止本轮报价');
    const closed = await t.call('POST', '/Sow/CloseRound', { Sow_ID: sow.Sow_ID });
    expect(closed.body.Data).toMatchObject({ Sow_Status: SOW_STATUS.ROUND_CLOSED });
    // after the round closed the supplier cannot revise any more
    const late = await quote(t, a.token, sow.Sow_ID, 1, ['7', '14', '0.7']);
    expect(late.status).toBe(409);
    expect(late.body.Message).toBe('报价已截止，不能再修改');

    const next = await t.call('POST', '/Sow/NextRound', {
      Sow_ID: sow.Sow_ID,
      End_Time: inHours(24),
      Supplier_IDs: [a.id, b.id],
    });
    expect(next.body.Data).toMatchObject({ Sow_Status: SOW_STATUS.QUOTING, Current_Round: 2 });
    // c was not shortlisted: its round-1 offer is rejected and it has no round 2 to quote
    expect((await offersOf(c.token)).find((o) => o.Sow_ID === sow.Sow_ID)?.Offer_Status).toBe(
      OFFER_STATUS.REJECTED,
    );
    const notInvited = await quote(t, c.token, sow.Sow_ID, 2, ['1', '1', '1']);
    expect(notInvited.status).toBe(403);
    expect(notInvited.body.Message).toBe('您未被邀请参加该轮报价');

    expect((await quote(t, a.token, sow.Sow_ID, 2, ['7.9', '13.5', '0.68'])).body.Code).toBe(0);
    expect((await quote(t, b.token, sow.Sow_ID, 2, ['7.8', '14.5', '0.7'])).body.Code).toBe(0);
    expect((await t.call('POST', '/Sow/CloseRound', { Sow_ID: sow.Sow_ID })).body.Code).toBe(0);

    const cmp = await t.call<{
      Rounds: number[];
      Rows: {
        Item_NO: number;
        lowest: number[];
        cells: Record<number, { Unit_Price: string; Trend: string | null }[]>;
      }[];
      Totals: { Supplier_ID: number; Annual_Amount: string; Round_NO: number }[];
      Scores: { Supplier_ID: number; Total_Score: string }[];
    }>('GET', `/Sow/${sow.Sow_ID}/Comparison`);
    expect(cmp.body.Data.Rounds).toEqual([1, 2]);
    expect(cmp.body.Data.Rows[0].lowest).toEqual([b.id]);
    expect(cmp.body.Data.Rows[0].cells[a.id].map((x) => x.Unit_Price)).toEqual(['8.1', '7.9']);
    expect(cmp.body.Data.Rows[0].cells[a.id][1].Trend).toBe('-0.2');
    // 7.9 × 12000 + 13.5 × 6000 + 0.68 × 24000
    expect(cmp.body.Data.Totals.find((x) => x.Supplier_ID === a.id)?.Annual_Amount).toBe('192120');
    expect(cmp.body.Data.Scores.map((s) => s.Supplier_ID).sort()).toEqual([a.id, b.id].sort());

    const bid = await t.call<{ Bid_ID: number; Annual_Amount: string; Awards: { Unit_Price: string }[] }>(
      'POST',
      '/BidEvaluation',
      {
        Sow_ID: sow.Sow_ID,
        Award_Mode: 1,
        Price_Weight: '40',
        Quality_Weight: '20',
        Delivery_Weight: '20',
        Risk_Weight: '20',
        Awards: [
          { Item_NO: 1, Supplier_ID: b.id },
          { Item_NO: 2, Supplier_ID: a.id },
          { Item_NO: 3, Supplier_ID: a.id },
        ],
        Scores: [
          { Supplier_ID: a.id, Quality_Score: '90', Delivery_Score: '85', Risk_Score: '80' },
          { Supplier_ID: b.id, Quality_Score: '85', Delivery_Score: '90', Risk_Score: '70' },
        ],
      },
    );
    expect(bid.body.Code).toBe(0);
    expect(bid.body.Data.Awards.map((x) => x.Unit_Price)).toEqual(['7.8', '13.5', '0.68']);
    expect(bid.body.Data.Annual_Amount).toBe('190920');
    // no next round while an award is on its way
    expect(
      (await t.call('POST', '/Sow/NextRound', { Sow_ID: sow.Sow_ID, End_Time: inHours(24) })).status,
    ).toBe(409);
    const approved = await t.call('POST', '/BidEvaluation/Approve', { Bid_ID: bid.body.Data.Bid_ID });
    expect(approved.body.Data).toMatchObject({ State: 3, Eval_Status: 2 });
    const sowAfter = await t.call<{ Sow_Status: number }>('GET', `/Sow/${sow.Sow_ID}`);
    expect(sowAfter.body.Data.Sow_Status).toBe(SOW_STATUS.AWARDED);
    const status = async (token: string, round: number) =>
      (await offersOf(token)).find((o) => o.Sow_ID === sow.Sow_ID && o.Round_NO === round)?.Offer_Status;
    expect(await status(a.token, 2)).toBe(OFFER_STATUS.PASSED);
    expect(await status(b.token, 2)).toBe(OFFER_STATUS.PASSED);
    expect(await status(c.token, 1)).toBe(OFFER_STATUS.REJECTED);
    const msgs = await t.call<{ Title: string }[]>('GET', '/SendMsg/GetSendMsgs', undefined, as(a.token));
    expect(msgs.body.Data.some((m) => m.Title.includes('恭喜中标'))).toBe(true);
    // the awarded prices are the materials' price history
    const hist = await t.call<{ Part_Number: string; Unit_Price: string }[]>(
      'GET',
      `/MaterialPriceHistory?Sow_ID=${sow.Sow_ID}`,
    );
    expect(hist.body.Data.map((h) => `${h.Part_Number}:${h.Unit_Price}`).sort()).toEqual([
      'BRK-100:7.8',
      'CVR-200:13.5',
      'PIN-300:0.68',
    ]);
    // a published award stays published
    const un = await t.call('POST', '/BidEvaluation/UnApprove', { Bid_ID: bid.body.Data.Bid_ID });
    expect(un.body.Message).toBe('定标结果已通知供应商，不能反审核');
  });

  it('close the case: open offers are rejected or closed, suppliers are told', async () => {
    const sow = await makeSow(t, f);
    await release(t, sow.Sow_ID);
    await quote(t, f.suppliers[0].token, sow.Sow_ID, 1, ['1', '2', '3']);
    const r = await t.call('POST', '/Sow/CloseCase', { Sow_ID: sow.Sow_ID, Reason: '客户项目取消' });
    expect(r.body.Data).toMatchObject({
      Sow_Status: SOW_STATUS.CLOSED,
      State: 9,
      Close_Reason: '客户项目取消',
    });
    const st = async (i: number) =>
      (await offersOf(f.suppliers[i].token)).find((o) => o.Sow_ID === sow.Sow_ID)?.Offer_Status;
    expect(await st(0)).toBe(OFFER_STATUS.REJECTED);
    expect(await st(1)).toBe(OFFER_STATUS.OVERDUE_CLOSED);
    // the invitation is no longer a to-do once the case is closed
    expect(await todos(f.suppliers[1].token, sow.Sow_NO)).toBe(0);
    expect((await t.call('POST', '/Sow/CloseCase', { Sow_ID: sow.Sow_ID, Reason: 'x' })).body.Message).toBe(
      '该 SOW 已结案',
    );
  });
});
