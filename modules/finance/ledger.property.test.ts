import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { type HookContext, SYSTEM_CONTEXT, withTx } from '@mes/engine-server';
import { addDecimal, compareDecimal, mulDecimal, negDecimal, normalizeDecimal, subDecimal } from '@mes/model';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENTRY_TYPE, FIN_DOC, SIDE } from './ledger.entity';
import {
  openAmountOf,
  type PartnerEntryInput,
  postPartnerEntries,
  reversePartnerEntries,
} from './ledger.server';

let t: TestServer;
let currencies: { id: number; rate: string }[];
let run = 0;
beforeAll(async () => {
  t = await startTestServer();
  currencies = [];
  for (const [code, rate] of [
    ['PBC', '1'],
    ['PUS', '7.123457'],
  ] as const) {
    const r = await t.call<{ Currency_ID: number }>('POST', '/Currency', {
      Currency_Code: code,
      Currency_Name: code,
      Exchange_Rate: rate,
      Is_Base: rate === '1',
    });
    currencies.push({ id: r.body.Data.Currency_ID, rate });
  }
});
afterAll(async () => t?.close());

const inTx = <T>(fn: (ctx: HookContext) => Promise<T>) =>
  withTx(t.engine.db, (tx) => fn({ ...SYSTEM_CONTEXT, tx, registry: t.engine.registry }));

const cents = fc
  .integer({ min: 1, max: 5_000_000 })
  .map((c) => normalizeDecimal(`${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`));
type Op =
  | { k: 'invoice'; partner: number; cur: number; amount: string }
  | { k: 'pay'; pick: number; share: number }
  | { k: 'advance'; partner: number; cur: number; amount: string }
  | { k: 'adjust'; partner: number; cur: number; amount: string; up: boolean }
  | { k: 'reverse'; pick: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ k: fc.constant('invoice' as const), partner: fc.nat(1), cur: fc.nat(1), amount: cents }),
  fc.record({ k: fc.constant('pay' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ k: fc.constant('advance' as const), partner: fc.nat(1), cur: fc.nat(1), amount: cents }),
  fc.record({
    k: fc.constant('adjust' as const),
    partner: fc.nat(1),
    cur: fc.nat(1),
    amount: cents,
    up: fc.boolean(),
  }),
  fc.record({ k: fc.constant('reverse' as const), pick: fc.nat() }),
);

/** A posted document as the model keeps it: its entries (amount, base), and whether reversed. */
interface Doc {
  type: number;
  id: number;
  partner: number;
  cur: number;
  entries: { amount: string; base: string; against?: Doc }[];
  reversed: boolean;
}

it('per partner and currency, the ledger balance is invoices − payments ± adjustments, to the cent, in currency and base', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
      run++;
      const partners: number[] = [];
      for (const n of [1, 2]) {
        const r = await t.call<{ Customer_ID: number }>('POST', '/Customer', {
          Customer_Code: `PP${run}-${n}`,
          Full_Name: `性质客户${run}-${n}`,
          Short_Name: `性质${run}-${n}`,
        });
        partners.push(r.body.Data.Customer_ID);
      }
      const docs: Doc[] = [];
      let next = run * 1000;
      const entry = (d: Doc, type: number, amount: string, against?: Doc): PartnerEntryInput => ({
        Side: SIDE.RECEIVABLE,
        Partner_ID: partners[d.partner],
        Posting_Date: '2026-03-01',
        Entry_Type: type,
        Doc_Type: d.type,
        Doc_ID: d.id,
        Doc_NO: `P-${d.id}`,
        Currency_ID: currencies[d.cur].id,
        Exchange_Rate: currencies[d.cur].rate,
        Amount: amount,
        Against: against ? { Doc_Type: against.type, Doc_ID: against.id } : null,
      });
      const record = (d: Doc, amount: string, against?: Doc) =>
        d.entries.push({ amount, base: mulDecimal(amount, currencies[d.cur].rate, 2), against });
      const openOf = (inv: Doc) =>
        docs
          .filter((d) => !d.reversed)
          .flatMap((d) => d.entries.filter((e) => (d === inv && !e.against) || e.against === inv))
          .reduce((a, e) => addDecimal(a, e.amount), '0');
      for (const o of ops) {
        if (o.k === 'invoice' || o.k === 'advance' || o.k === 'adjust') {
          const d: Doc = {
            type:
              o.k === 'invoice'
                ? FIN_DOC.SALES_INVOICE
                : o.k === 'advance'
                  ? FIN_DOC.RECEIPT
                  : FIN_DOC.AR_ADJUSTMENT,
            id: ++next,
            partner: o.partner,
            cur: o.cur,
            entries: [],
            reversed: false,
          };
          const amount = o.k === 'invoice' || (o.k === 'adjust' && o.up) ? o.amount : negDecimal(o.amount);
          const type =
            o.k === 'invoice'
              ? ENTRY_TYPE.INVOICE
              : o.k === 'advance'
                ? ENTRY_TYPE.PREPAYMENT
                : ENTRY_TYPE.ADJUSTMENT;
          await inTx((ctx) => postPartnerEntries(ctx, [entry(d, type, amount)]));
          record(d, amount);
          docs.push(d);
        } else if (o.k === 'pay') {
          const open = docs.filter(
            (d) => d.type === FIN_DOC.SALES_INVOICE && !d.reversed && compareDecimal(openOf(d), '0') > 0,
          );
          if (!open.length) continue;
          const inv = open[o.pick % open.length];
          const left = openOf(inv);
          // a share of what is open, at least a cent, never more
          let amount = mulDecimal(left, String(o.share / 100), 2);
          if (compareDecimal(amount, '0.01') < 0) amount = '0.01';
          const d: Doc = {
            type: FIN_DOC.RECEIPT,
            id: ++next,
            partner: inv.partner,
            cur: inv.cur,
            entries: [],
            reversed: false,
          };
          await inTx((ctx) =>
            postPartnerEntries(ctx, [entry(d, ENTRY_TYPE.PAYMENT, negDecimal(amount), inv)]),
          );
          record(d, negDecimal(amount), inv);
          docs.push(d);
          expect(await inTx((ctx) => openAmountOf(ctx, { Doc_Type: inv.type, Doc_ID: inv.id }))).toBe(
            normalizeDecimal(subDecimal(left, amount)),
          );
        } else {
          const live = docs.filter((d) => !d.reversed);
          if (!live.length) continue;
          const d = live[o.pick % live.length];
          const settled = live.some((x) => x !== d && x.entries.some((e) => e.against === d));
          const done = inTx((ctx) => reversePartnerEntries(ctx, { Doc_Type: d.type, Doc_ID: d.id }));
          if (settled) await expect(done).rejects.toMatchObject({ key: 'fin.doc_settled' });
          else {
            await done;
            d.reversed = true;
          }
        }
      }
      // the model: what stands of every document, per partner and currency
      for (const [pi, partner] of partners.entries())
        for (const [ci, cur] of currencies.entries()) {
          const mine = docs
            .filter((d) => d.partner === pi && d.cur === ci && !d.reversed)
            .flatMap((d) => d.entries);
          const amount = mine.reduce((a, e) => addDecimal(a, e.amount), '0');
          const base = mine.reduce((a, e) => addDecimal(a, e.base), '0');
          const { rows } = await sql<{
            b: string | null;
            bb: string | null;
            l: string;
            lb: string;
            last: string | null;
            lastb: string | null;
          }>`
            SELECT (SELECT balance::text FROM partner_balance WHERE side = 1 AND partner_id = ${partner} AND currency_id = ${cur.id}) AS b,
              (SELECT base_balance::text FROM partner_balance WHERE side = 1 AND partner_id = ${partner} AND currency_id = ${cur.id}) AS bb,
              (SELECT coalesce(sum(amount), 0)::text FROM partner_ledger WHERE customer_id = ${partner} AND currency_id = ${cur.id}) AS l,
              (SELECT coalesce(sum(base_amount), 0)::text FROM partner_ledger WHERE customer_id = ${partner} AND currency_id = ${cur.id}) AS lb,
              (SELECT balance::text FROM partner_ledger WHERE customer_id = ${partner} AND currency_id = ${cur.id} ORDER BY id DESC LIMIT 1) AS last,
              (SELECT base_balance::text FROM partner_ledger WHERE customer_id = ${partner} AND currency_id = ${cur.id} ORDER BY id DESC LIMIT 1) AS lastb`.execute(
            t.engine.db,
          );
          const r = rows[0];
          expect(normalizeDecimal(r.l)).toBe(normalizeDecimal(amount));
          expect(normalizeDecimal(r.lb)).toBe(normalizeDecimal(base));
          expect(normalizeDecimal(r.b ?? '0')).toBe(normalizeDecimal(amount));
          expect(normalizeDecimal(r.bb ?? '0')).toBe(normalizeDecimal(base));
          expect(normalizeDecimal(r.last ?? '0')).toBe(normalizeDecimal(amount));
          expect(normalizeDecimal(r.lastb ?? '0')).toBe(normalizeDecimal(base));
        }
      for (const d of docs.filter((x) => x.type === FIN_DOC.SALES_INVOICE))
        expect(await inTx((ctx) => openAmountOf(ctx, { Doc_Type: d.type, Doc_ID: d.id }))).toBe(
          normalizeDecimal(d.reversed ? '0' : openOf(d)),
        );
    }),
    { numRuns: 12 },
  );
}, 300_000);
