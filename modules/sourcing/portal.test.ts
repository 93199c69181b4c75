import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_STATUS } from './logic/status';
import { as, type Fixture, makeFixture, makeSow, quote, release } from './testing.server';

let t: TestServer;
let f: Fixture;
let sowId: number;
beforeAll(async () => {
  t = await startTestServer();
  f = await makeFixture(t, 3, 'pq');
  sowId = (await makeSow(t, f)).Sow_ID;
  await release(t, sowId);
});
afterAll(async () => t?.close());

const en = { 'accept-language': 'en' };

describe('bad quotations change nothing', () => {
  const stored = async (token: string) => {
    const list = await t.call<{ Offer_ID: number; Sow_ID: number }[]>(
      'GET',
      '/SRM/Portal/Offers',
      undefined,
      as(token),
    );
    const id = list.body.Data.find((o) => o.Sow_ID === sowId)!.Offer_ID;
    const { Server_Time, ...rest } = (
      await t.call<{ Version: number; Server_Time: string; Items: { Unit_Price: string | null }[] }>(
        'GET',
        `/SRM/Portal/Offers/${id}`,
        undefined,
        as(token),
      )
    ).body.Data;
    expect(Server_Time).toMatch(/^\d{4}-/);
    return rest;
  };

  it('a negative price names the field, in either language', async () => {
    const before = await stored(f.suppliers[0].token);
    const r = await quote(t, f.suppliers[0].token, sowId, 1, ['-1', '2', '3']);
    expect(r.status).toBe(400);
    expect(r.body.Message).toContain('不能小于 0');
    const e = await t.call(
      'POST',
      '/SRM/Portal/Quote',
      { Sow_ID: sowId, Round_NO: 1, Submit: true, Items: [{ Item_NO: 1, Tooling_Cost: '-5' }] },
      { ...as(f.suppliers[0].token), ...en },
    );
    expect(e.body.Message).toContain('must be at least 0');
    expect(await stored(f.suppliers[0].token)).toEqual(before);
  });

  it('wrong types, unknown fields, unknown items, huge strings and empty submissions are refused', async () => {
    const token = f.suppliers[0].token;
    const before = await stored(token);
    const bad = [
      { Sow_ID: sowId, Round_NO: 1, Submit: 'yes', Items: [] },
      { Sow_ID: sowId, Round_NO: 1, Submit: true, Items: [{ Item_NO: 1, Unit_Price: 'abc' }] },
      { Sow_ID: sowId, Round_NO: 1, Submit: true, Items: [{ Item_NO: 1, Unit_Price: true }] },
      { Sow_ID: sowId, Round_NO: 1, Submit: true, Items: [], Offer_Status: 4 },
      { Sow_ID: sowId, Round_NO: 1, Submit: true, Items: [{ Item_NO: 99, Unit_Price: '1' }] },
      {
        Sow_ID: sowId,
        Round_NO: 1,
        Submit: true,
        Items: [{ Item_NO: 1, Unit_Price: '1', Remark: 'x'.repeat(5000) }],
      },
      {
        Sow_ID: sowId,
        Round_NO: 1,
        Submit: true,
        Items: [
          { Item_NO: 1, Unit_Price: '1' },
          { Item_NO: 1, Unit_Price: '2' },
        ],
      },
      { Sow_ID: sowId, Round_NO: 1, Submit: true, Items: [{ Item_NO: 1, Unit_Price: null }] },
      { Sow_ID: 'x', Round_NO: 1, Submit: true, Items: [] },
    ];
    for (const body of bad) {
      const r = await t.call('POST', '/SRM/Portal/Quote', body, as(token));
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body.Code).toBe(1);
      expect(r.body.Message.length).toBeGreaterThan(0);
    }
    expect(await stored(token)).toEqual(before);
  });

  it('a zero or empty price cannot be submitted; a line may be declined (不报价) explicitly', async () => {
    const token = f.suppliers[1].token;
    const before = await stored(token);
    const zero = await quote(t, token, sowId, 1, ['0', '2', '3']);
    expect(zero.status).toBe(400);
    expect(zero.body.Message).toBe('项次 1 的单价必须大于 0');
    const empty = await t.call(
      'POST',
      '/SRM/Portal/Quote',
      { Sow_ID: sowId, Round_NO: 1, Submit: true, Items: [{ Item_NO: 1, Unit_Price: '5' }] },
      { ...as(token), ...en },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toBe(
      'Item 2, 3 has no unit price: enter a price greater than 0, or tick "No quote"',
    );
    expect(await stored(token)).toEqual(before);
    // a draft may leave prices open; the submission declines what it does not quote
    expect((await quote(t, token, sowId, 1, ['5', null, null], false)).status).toBe(200);
    const allDeclined = await t.call(
      'POST',
      '/SRM/Portal/Quote',
      {
        Sow_ID: sowId,
        Round_NO: 1,
        Submit: true,
        Items: [1, 2, 3].map((n) => ({ Item_NO: n, Declined: true })),
      },
      as(token),
    );
    expect(allDeclined.status).toBe(400);
    const ok = await t.call(
      'POST',
      '/SRM/Portal/Quote',
      {
        Sow_ID: sowId,
        Round_NO: 1,
        Submit: true,
        Items: [
          { Item_NO: 1, Unit_Price: '5' },
          { Item_NO: 2, Declined: true, Unit_Price: '7' },
          { Item_NO: 3, Declined: true },
        ],
      },
      as(token),
    );
    expect(ok.status).toBe(200);
    const after = (await stored(token)) as unknown as {
      Items: { Unit_Price: string | null; Declined: boolean }[];
    };
    expect(after.Items.map((i) => [i.Unit_Price, i.Declined])).toEqual([
      ['5', false],
      [null, true],
      [null, true],
    ]);
  });

  it("another supplier's offer id is not there; a SOW it is not invited to cannot be quoted", async () => {
    const [a, b] = f.suppliers;
    const theirs = (
      await t.call<{ Offer_ID: number; Sow_ID: number }[]>(
        'GET',
        '/SRM/Portal/Offers',
        undefined,
        as(b.token),
      )
    ).body.Data[0].Offer_ID;
    const r = await t.call('GET', `/SRM/Portal/Offers/${theirs}`, undefined, as(a.token));
    expect(r.status).toBe(404);
    expect(r.body.Data).toBeNull();
    const other = await makeSow(t, f, [b]);
    await release(t, other.Sow_ID);
    const q = await quote(t, a.token, other.Sow_ID, 1, ['1', '1', '1']);
    expect(q.status).toBe(403);
    expect(q.body.Message).toBe('您未被邀请参加该轮报价');
    const own = await t.call<{ Sow_ID: number }[]>(
      'GET',
      '/SRM/Portal/Offers?PageSize=200',
      undefined,
      as(a.token),
    );
    expect(own.body.Data.some((o) => o.Sow_ID === other.Sow_ID)).toBe(false);
  });

  it('a stale version is a conflict, not a lost update', async () => {
    const token = f.suppliers[2].token;
    const cur = await stored(token);
    expect(
      (await quote(t, token, sowId, 1, ['5', '5', '5'], false, { Version: cur.Version })).body.Code,
    ).toBe(0);
    const stale = await quote(t, token, sowId, 1, ['6', '6', '6'], false, { Version: cur.Version });
    expect(stale.status).toBe(409);
    expect((await stored(token)).Items[0].Unit_Price).toBe('5');
  });
});

describe('the end time passing', () => {
  it('quotes until the end; after it the offer is Overdue Closed or stays Processed, read-only', async () => {
    const sow = await makeSow(t, f);
    const end = new Date(Date.now() + 2500).toISOString();
    expect((await release(t, sow.Sow_ID, end)).body.Code).toBe(0);
    const [a, b] = f.suppliers;
    expect((await quote(t, a.token, sow.Sow_ID, 1, ['1', '2', '3'])).body.Code).toBe(0);
    expect((await quote(t, b.token, sow.Sow_ID, 1, ['1', '2', '3'], false)).body.Code).toBe(0);
    await new Promise((r) => setTimeout(r, 2700));
    const late = await quote(t, a.token, sow.Sow_ID, 1, ['0.5', '2', '3']);
    expect(late.status).toBe(409);
    expect(late.body.Message).toBe('报价已截止，不能再修改');
    const lateEn = await t.call(
      'POST',
      '/SRM/Portal/Quote',
      { Sow_ID: sow.Sow_ID, Round_NO: 1, Submit: true, Items: [] },
      { ...as(b.token), ...en },
    );
    expect(lateEn.body.Message).toBe('The quotation round has ended; the quotation can no longer be changed');
    const list = async (token: string) =>
      (
        await t.call<{ Sow_ID: number; Offer_Status: number; Editable: boolean }[]>(
          'GET',
          '/SRM/Portal/Offers',
          undefined,
          as(token),
        )
      ).body.Data.find((o) => o.Sow_ID === sow.Sow_ID);
    expect(await list(a.token)).toMatchObject({ Offer_Status: OFFER_STATUS.PROCESSED, Editable: false });
    expect(await list(b.token)).toMatchObject({ Offer_Status: OFFER_STATUS.OVERDUE_CLOSED, Editable: false });
    // the SOW's round closed by itself, so the buyer may go on
    const s = await t.call<{ Sow_Status: number }>('GET', `/Sow/${sow.Sow_ID}`);
    expect(s.body.Data.Sow_Status).toBe(3);
    // and the generic list of offers agrees
    const offers = await t.call<{ Offer_Status: number }[]>(
      'GET',
      `/Offer?Sow_ID=${sow.Sow_ID}&Sort=Supplier_ID`,
    );
    expect(offers.body.Data.map((o) => o.Offer_Status).sort()).toEqual([2, 5, 5]);
  });

  it('an end time in the past or before the start is refused at release', async () => {
    const sow = await makeSow(t, f);
    const r = await release(t, sow.Sow_ID, new Date(Date.now() - 60_000).toISOString());
    expect(r.status).toBe(409);
    expect(r.body.Message).toBe('截止时间必须晚于开始时间和当前时间');
    const bad = await t.call('POST', '/Sow/Release', { Sow_ID: sow.Sow_ID, End_Time: 'tomorrow' });
    expect(bad.status).toBe(400);
    const s = await t.call<{ Sow_Status: number; State: number }>('GET', `/Sow/${sow.Sow_ID}`);
    expect(s.body.Data).toMatchObject({ Sow_Status: 1, State: 1 });
  });
});

describe('buyer-side bad input', () => {
  it('release needs invited suppliers with portal accounts and part rows; duplicates are refused', async () => {
    const noAccount = await t.call<{ Supplier_ID: number }>('POST', '/Supplier', {
      Supplier_Code: 'NOACC',
      Full_Name: '无账号供应商',
      Short_Name: '无账号',
    });
    const sow = await makeSow(t, f, [{ id: noAccount.body.Data.Supplier_ID, account: '', token: '' }]);
    const r = await release(t, sow.Sow_ID);
    expect(r.body.Message).toBe('供应商「无账号」还没有门户账号，请先在供应商档案中开通');
    const dup = await t.call('POST', '/Sow', {
      Project_Name: 'dup',
      Currency_ID: f.currency,
      Life_Time_Years: 3,
      Offer_Rounds: 2,
      Parts: [
        { Item_NO: 1, Part_Number: 'A', Part_Name: 'a', Annual_Qty: '1' },
        { Item_NO: 1, Part_Number: 'B', Part_Name: 'b', Annual_Qty: '1' },
      ],
    });
    expect(dup.body.Message).toBe('项次 1 重复');
    const empty = await t.call<{ Sow_ID: number }>('POST', '/Sow', {
      Project_Name: 'empty',
      Currency_ID: f.currency,
      Life_Time_Years: 3,
      Offer_Rounds: 2,
    });
    expect((await release(t, empty.body.Data.Sow_ID)).body.Message).toBe('请至少邀请一家供应商');
    const neg = await t.call('POST', '/Sow', {
      Project_Name: 'neg',
      Currency_ID: f.currency,
      Life_Time_Years: 3,
      Offer_Rounds: 2,
      Parts: [{ Item_NO: 1, Part_Number: 'A', Part_Name: 'a', Annual_Qty: '-5' }],
    });
    expect(neg.status).toBe(400);
  });

  it('an award must cover every part with quoted prices of the last round', async () => {
    const sow = await makeSow(t, f);
    await release(t, sow.Sow_ID);
    const [a, b] = f.suppliers;
    await quote(t, a.token, sow.Sow_ID, 1, ['1', '2', null]);
    await quote(t, b.token, sow.Sow_ID, 1, ['1.1', '2.1', '3.1']);
    const body = (awards: { Item_NO: number; Supplier_ID: number }[], mode = 1) => ({
      Sow_ID: sow.Sow_ID,
      Award_Mode: mode,
      Price_Weight: '40',
      Quality_Weight: '20',
      Delivery_Weight: '20',
      Risk_Weight: '20',
      Awards: awards,
    });
    const all = (s: number) => [1, 2, 3].map((i) => ({ Item_NO: i, Supplier_ID: s }));
    expect((await t.call('POST', '/BidEvaluation', body(all(b.id)))).body.Message).toBe('请先截止本轮报价');
    await t.call('POST', '/Sow/CloseRound', { Sow_ID: sow.Sow_ID });
    expect((await t.call('POST', '/BidEvaluation', body(all(a.id)))).body.Message).toBe(
      `供应商「${'pq1'}」在第 1 轮没有对项次 3 有效报价`,
    );
    expect((await t.call('POST', '/BidEvaluation', body(all(b.id).slice(0, 2)))).body.Message).toBe(
      '项次 3 还没有定标',
    );
    expect(
      (
        await t.call(
          'POST',
          '/BidEvaluation',
          body([...all(b.id).slice(0, 2), { Item_NO: 3, Supplier_ID: a.id }], 2),
        )
      ).body.Message,
    ).toBe('供应商「pq1」在第 1 轮没有对项次 3 有效报价');
    expect(
      (
        await t.call(
          'POST',
          '/BidEvaluation',
          body([{ Item_NO: 1, Supplier_ID: a.id }, ...all(b.id).slice(1)], 2),
        )
      ).body.Message,
    ).toBe('整包定标时所有零件必须授予同一家供应商');
    const okBid = await t.call<{ Bid_NO: string }>('POST', '/BidEvaluation', body(all(b.id), 2));
    expect(okBid.body.Code).toBe(0);
    expect((await t.call('POST', '/BidEvaluation', body(all(b.id), 2))).body.Message).toBe(
      `该 SOW 已有评标单 ${okBid.body.Data.Bid_NO}`,
    );
  });
});
