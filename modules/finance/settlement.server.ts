import {
  AppError,
  combineErrors,
  defineHooks,
  type Engine,
  type HookContext,
  ok,
  parseWith,
  type Row,
  requestContext,
} from '@mes/engine-server';
import {
  addDecimal,
  compareDecimal,
  type EntityDef,
  isZeroDecimal,
  negDecimal,
  normalizeDecimal,
  subDecimal,
} from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ENTRY_TYPE } from './ledger.entity';
import { type PartnerEntryInput, postPartnerEntries, reversePartnerEntries } from './ledger.server';
import './messages.server';
import { openItems } from './openItems.server';
import { AP_TYPE, finPayment, finReceipt, PAYMENT, RECEIPT, type SettlementShape } from './settlement.entity';

interface Allocation {
  Against_Doc_Type: number;
  Against_Doc_ID: number;
  Against_Doc_NO?: string | null;
  Due_Date?: string | null;
  Open_Amount?: string | null;
  Amount: string;
}

const linesOf = (data: Row, old: Row | null) => (data.Allocations ?? old?.Allocations ?? []) as Allocation[];
const pick = (data: Row, old: Row | null, k: string) => (k in data ? data[k] : old?.[k]);

/**
 * The allocations against what is open now: each names an open document of the partner in the
 * currency, once, for no more than is open; all together no more than the document's amount. Every
 * fault at once. Answers the open items found (their number and due date fill the lines).
 */
async function checkAllocations(
  ctx: HookContext,
  s: SettlementShape,
  partner: number,
  currency: number,
  amount: string,
  apType: number,
  lines: Allocation[],
) {
  if (compareDecimal(amount, '0') <= 0) throw new AppError('fin.amount_positive').at('Amount');
  if (lines.length && apType !== AP_TYPE.TRADE) throw new AppError('fin.lines_only_trade').at('Allocations');
  const open = await openItems(
    ctx.tx,
    s.side,
    partner,
    currency,
    lines.map((l) => ({ Doc_Type: Number(l.Against_Doc_Type), Doc_ID: Number(l.Against_Doc_ID) })),
  );
  const byDoc = new Map(open.map((o) => [`${o.Against_Doc_Type}:${o.Against_Doc_ID}`, o]));
  const errors: AppError[] = [];
  const seen = new Set<string>();
  let allocated = '0';
  lines.forEach((l, i) => {
    const line = i + 1;
    const key = `${l.Against_Doc_Type}:${l.Against_Doc_ID}`;
    const doc = l.Against_Doc_NO ?? l.Against_Doc_ID;
    allocated = addDecimal(allocated, l.Amount);
    if (compareDecimal(l.Amount, '0') <= 0) errors.push(new AppError('fin.line_amount_positive', { line }));
    if (seen.has(key)) errors.push(new AppError('fin.line_twice', { line, doc }));
    seen.add(key);
    const o = byDoc.get(key);
    if (!o) errors.push(new AppError('fin.not_open', { line, doc }));
    else if (compareDecimal(l.Amount, o.Open_Amount) > 0)
      errors.push(
        new AppError('fin.over_open', { line, doc: o.Against_Doc_NO, amount: l.Amount, open: o.Open_Amount }),
      );
  });
  if (compareDecimal(allocated, amount) > 0)
    errors.push(new AppError('fin.over_allocated', { allocated: normalizeDecimal(allocated), amount }));
  if (errors.length) throw combineErrors(errors).at('Allocations');
  return byDoc;
}

/** The currency's rate when the document leaves it empty (a base-currency document: 1). */
async function currencyRate(ctx: HookContext, currency: number): Promise<string> {
  const { rows } = await sql<{
    rate: string | null;
    base: boolean;
  }>`SELECT exchange_rate::text AS rate, is_base AS base
    FROM currency WHERE id = ${currency}`.execute(ctx.tx);
  const r = rows[0];
  if (r?.base) return '1';
  if (!r?.rate || isZeroDecimal(r.rate)) throw new AppError('fin.no_rate').at('Exchange_Rate');
  return normalizeDecimal(r.rate);
}

/** What an approved document posts: each allocation settles its invoice, the rest by the AP type. */
export function settlementEntries(s: SettlementShape, record: Row): PartnerEntryInput[] {
  const base = {
    Side: s.side,
    Partner_ID: Number(record[s.partner]),
    Posting_Date: String(record.Doc_Date),
    Doc_Type: s.docType,
    Doc_ID: Number(record.Doc_ID),
    Doc_NO: String(record.Doc_NO),
    Currency_ID: Number(record.Currency_ID),
    Exchange_Rate: String(record.Exchange_Rate),
    Remark: (record.Remark as string | null) ?? null,
  };
  const lines = (record.Allocations ?? []) as Allocation[];
  const out: PartnerEntryInput[] = lines.map((l) => ({
    ...base,
    Entry_Type: ENTRY_TYPE.PAYMENT,
    Amount: negDecimal(String(l.Amount)),
    Against: {
      Doc_Type: Number(l.Against_Doc_Type),
      Doc_ID: Number(l.Against_Doc_ID),
      Doc_NO: l.Against_Doc_NO,
    },
  }));
  const rest = lines.reduce((a, l) => subDecimal(a, String(l.Amount)), String(record.Amount));
  const apType = Number(record.AP_Type);
  const [type, sign] =
    apType === AP_TYPE.REFUND
      ? [ENTRY_TYPE.REFUND, 1]
      : apType === AP_TYPE.OTHER
        ? [ENTRY_TYPE.ADJUSTMENT, -1]
        : [ENTRY_TYPE.PREPAYMENT, -1];
  if (!isZeroDecimal(rest))
    out.push({ ...base, Entry_Type: type, Amount: sign < 0 ? negDecimal(rest) : rest });
  return out;
}

/** Locks the partner's balance in the currency, so that two approvals settling one invoice go in turn. */
async function lockPartner(ctx: HookContext, s: SettlementShape, partner: number, currency: number) {
  await sql`SELECT 1 FROM partner_balance WHERE side = ${s.side} AND partner_id = ${partner}
    AND currency_id = ${currency} FOR UPDATE`.execute(ctx.tx);
}

function settlementHooks(s: SettlementShape, def: EntityDef) {
  return defineHooks(def, {
    async validate(ctx, data, old) {
      await checkAllocations(
        ctx,
        s,
        Number(pick(data, old, s.partner)),
        Number(pick(data, old, 'Currency_ID')),
        String(pick(data, old, 'Amount') ?? '0'),
        Number(pick(data, old, 'AP_Type') ?? AP_TYPE.TRADE),
        linesOf(data, old),
      );
    },
    async beforeSave(ctx, data, old) {
      if (!pick(data, old, 'Exchange_Rate'))
        data.Exchange_Rate = await currencyRate(ctx, Number(pick(data, old, 'Currency_ID')));
      const lines = linesOf(data, old);
      const open = await openItems(
        ctx.tx,
        s.side,
        Number(pick(data, old, s.partner)),
        Number(pick(data, old, 'Currency_ID')),
        lines.map((l) => ({ Doc_Type: Number(l.Against_Doc_Type), Doc_ID: Number(l.Against_Doc_ID) })),
      );
      const byDoc = new Map(open.map((o) => [`${o.Against_Doc_Type}:${o.Against_Doc_ID}`, o]));
      for (const l of lines) {
        const o = byDoc.get(`${l.Against_Doc_Type}:${l.Against_Doc_ID}`);
        if (o)
          Object.assign(l, {
            Against_Doc_NO: o.Against_Doc_NO,
            Due_Date: o.Due_Date,
            Open_Amount: o.Open_Amount,
          });
      }
      const allocated = lines.reduce((a, l) => addDecimal(a, String(l.Amount)), '0');
      data.Unallocated_Amount = subDecimal(String(pick(data, old, 'Amount') ?? '0'), allocated);
    },
    async onApprove(ctx, record) {
      const partner = Number(record[s.partner]);
      const currency = Number(record.Currency_ID);
      await lockPartner(ctx, s, partner, currency);
      // what was open when saved may have been paid since by another document
      await checkAllocations(
        ctx,
        s,
        partner,
        currency,
        String(record.Amount),
        Number(record.AP_Type),
        linesOf(record, null),
      );
      await postPartnerEntries(ctx, settlementEntries(s, record));
    },
    async onUnapprove(ctx, record) {
      await reversePartnerEntries(ctx, { Doc_Type: s.docType, Doc_ID: Number(record.Doc_ID) });
    },
  });
}

export const paymentHooks = settlementHooks(PAYMENT, finPayment);
export const receiptHooks = settlementHooks(RECEIPT, finReceipt);

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** `GET /FinPayment/OpenItems` and `/FinReceipt/OpenItems`: the open invoices a document's lines fill from. */
export function openItemRoutes(app: FastifyInstance, engine: Engine) {
  for (const [s, def] of [
    [PAYMENT, finPayment],
    [RECEIPT, finReceipt],
  ] as const) {
    const query = z.object({ [s.partner]: id, Currency_ID: id });
    const partnerEntity = s.partner === 'Supplier_ID' ? 'Supplier' : 'Customer';
    app.get(
      `/${s.name}/OpenItems`,
      {
        config: {
          perm: { entity: def.name, button: 'view' },
          records: [{ entity: partnerEntity, in: 'query', key: s.partner }],
        },
      },
      async (req) => {
        const ctx = requestContext(req);
        const q = parseWith(query, req.query, def, ctx.lang) as Record<string, number>;
        const items = await openItems(engine.db, s.side, q[s.partner], q.Currency_ID);
        const lines = items.map((o) => ({ ...o, Amount: o.Open_Amount }));
        return ok(lines, ctx, { Page: 1, PageSize: lines.length, TotalCount: lines.length });
      },
    );
  }
}
