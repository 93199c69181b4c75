import { AppError, companyTimeZone, type HookContext } from '@mes/engine-server';
import { compareDecimal, isDecimal, isZeroDecimal, negDecimal, normalizeDecimal } from '@mes/model';
import { sql } from 'kysely';
import { ENTRY_TYPE, ENTRY_TYPES, FIN_DOC_TYPES, SIDE } from './ledger.entity';
import { balanceKey, baseAmount, type Running, runBalances } from './logic/running';
import { dueDate } from './logic/terms';
import './messages.server';

/** One entry as another module posts it (trade-common.md: the finance contract). */
export interface PartnerEntryInput {
  /** 1 receivable (a customer), 2 payable (a supplier) */
  Side: 1 | 2;
  /** Customer_ID on side 1, Supplier_ID on side 2 */
  Partner_ID: number;
  Posting_Date: string;
  /** By default: an invoice or opening balance falls due by the partner's payment terms, an entry
   * that settles a document when that document does, anything else on its posting date. */
  Due_Date?: string | null;
  /** ENTRY_TYPES: the spec's detail types 1–10 */
  Entry_Type: number;
  /** FIN_DOC_TYPES: 1 purchase invoice, 2 sales invoice, 3 payment, 4 receipt, ... */
  Doc_Type: number;
  Doc_ID: number;
  Doc_NO: string;
  Currency_ID: number;
  Exchange_Rate: string;
  /** + increases what the partner owes us (side 1) or we owe the partner (side 2) */
  Amount: string;
  /** The invoice (or prepayment) this entry settles: a payment's allocation, a credit note. */
  Against?: { Doc_Type: number; Doc_ID: number; Doc_NO?: string | null } | null;
  /** Base-currency amount when it is not Amount × Exchange_Rate (an exchange difference). */
  Base_Amount?: string | null;
  Remark?: string | null;
}

export interface DocRef {
  Doc_Type: number;
  Doc_ID: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isId = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;
const inOptions = (opts: readonly { value: number }[], v: number) => opts.some((o) => o.value === v);

/** Refuses an entry a caller built wrongly, naming what is wrong (a programming error mostly). */
function checkEntry(e: PartnerEntryInput, i: number): void {
  const bad = (what: string) => {
    throw new AppError('fin.entry_invalid', { what: `#${i + 1} ${what}` });
  };
  if (e.Side !== SIDE.RECEIVABLE && e.Side !== SIDE.PAYABLE) bad('Side');
  if (!isId(e.Partner_ID)) bad('Partner_ID');
  if (!DAY.test(e.Posting_Date ?? '')) bad('Posting_Date');
  if (e.Due_Date && !DAY.test(e.Due_Date)) bad('Due_Date');
  if (!inOptions(ENTRY_TYPES, e.Entry_Type)) bad('Entry_Type');
  if (!inOptions(FIN_DOC_TYPES, e.Doc_Type)) bad('Doc_Type');
  if (!isId(e.Doc_ID)) bad('Doc_ID');
  if (!e.Doc_NO?.trim() || e.Doc_NO.length > 40) bad('Doc_NO');
  if (!isId(e.Currency_ID)) bad('Currency_ID');
  if (!isDecimal(e.Exchange_Rate ?? '') || compareDecimal(e.Exchange_Rate, '0') <= 0) bad('Exchange_Rate');
  if (!isDecimal(e.Amount ?? '')) bad('Amount');
  if (e.Base_Amount != null && !isDecimal(e.Base_Amount)) bad('Base_Amount');
  if (e.Against && (!inOptions(FIN_DOC_TYPES, e.Against.Doc_Type) || !isId(e.Against.Doc_ID))) bad('Against');
}

/** A posted row as written (snake case, as the table's columns). */
interface LedgerWrite {
  side: number;
  partner: number;
  posting_date: string;
  due_date: string;
  entry_type: number;
  doc_type: number;
  doc_id: number;
  doc_no: string;
  against_doc_type: number | null;
  against_doc_id: number | null;
  against_doc_no: string | null;
  currency_id: number;
  exchange_rate: string;
  amount: string;
  base_amount: string;
  remark: string | null;
  reversal_of: number | null;
}

/** The payment terms of the partners an invoice's due date follows; refuses partners that do not exist. */
async function partnerTerms(
  ctx: HookContext,
  side: number,
  ids: number[],
): Promise<Map<number, string | null>> {
  if (!ids.length) return new Map();
  const q =
    side === SIDE.RECEIVABLE
      ? sql<{
          id: number;
          terms: string | null;
        }>`SELECT id, receipt_id AS terms FROM customer WHERE id IN (${sql.join(ids)})`
      : sql<{
          id: number;
          terms: string | null;
        }>`SELECT id, payment_term AS terms FROM supplier WHERE id IN (${sql.join(ids)})`;
  const { rows } = await q.execute(ctx.tx);
  const found = new Map(rows.map((r) => [Number(r.id), r.terms]));
  for (const id of ids)
    if (!found.has(id))
      throw new AppError('fin.partner_unknown', {
        side: side === SIDE.RECEIVABLE ? { zh: '客户', en: 'customer' } : { zh: '供应商', en: 'supplier' },
        id,
      });
  return found;
}

/** The due date of each settled document: its own entries' (an invoice's), earliest first. */
async function dueDatesOf(ctx: HookContext, docs: DocRef[]): Promise<Map<string, string>> {
  if (!docs.length) return new Map();
  const { rows } = await sql<{ t: number; d: number; due: string }>`SELECT doc_type AS t, doc_id AS d,
      min(due_date)::text AS due FROM partner_ledger
    WHERE (doc_type, doc_id) IN (${sql.join(docs.map((x) => sql`(${x.Doc_Type}::int, ${x.Doc_ID}::bigint)`))})
      AND against_doc_id IS NULL GROUP BY doc_type, doc_id`.execute(ctx.tx);
  return new Map(rows.map((r) => [`${r.t}:${r.d}`, r.due]));
}

/** Fills each entry's due date and base amount, and checks its partner and currency. */
async function prepare(ctx: HookContext, entries: PartnerEntryInput[]): Promise<LedgerWrite[]> {
  entries.forEach(checkEntry);
  const ids = (side: number) => [...new Set(entries.filter((e) => e.Side === side).map((e) => e.Partner_ID))];
  const terms = new Map([
    ...[...(await partnerTerms(ctx, SIDE.RECEIVABLE, ids(SIDE.RECEIVABLE)))].map(
      ([k, v]) => [`1:${k}`, v] as const,
    ),
    ...[...(await partnerTerms(ctx, SIDE.PAYABLE, ids(SIDE.PAYABLE)))].map(
      ([k, v]) => [`2:${k}`, v] as const,
    ),
  ]);
  const currencies = [...new Set(entries.map((e) => e.Currency_ID))];
  const { rows: cur } = await sql<{ id: number }>`SELECT id FROM currency
    WHERE id IN (${sql.join(currencies)})`.execute(ctx.tx);
  const known = new Set(cur.map((r) => Number(r.id)));
  for (const c of currencies) if (!known.has(c)) throw new AppError('fin.currency_unknown', { id: c });
  const settled = await dueDatesOf(
    ctx,
    entries.flatMap((e) => (e.Against && !e.Due_Date ? [e.Against] : [])),
  );
  const own = (e: PartnerEntryInput) => {
    const byTerms = e.Entry_Type === ENTRY_TYPE.INVOICE || e.Entry_Type === ENTRY_TYPE.OPENING;
    return byTerms ? dueDate(e.Posting_Date, terms.get(`${e.Side}:${e.Partner_ID}`)) : e.Posting_Date;
  };
  // a document posted in the same call (an invoice with its settlement) is due as it is written
  for (const e of entries)
    if (!e.Against) {
      const k = `${e.Doc_Type}:${e.Doc_ID}`;
      const due = e.Due_Date || own(e);
      if (!settled.has(k) || due < (settled.get(k) as string)) settled.set(k, due);
    }
  return entries.map((e) => {
    const against = e.Against ?? null;
    const due = e.Due_Date || (against && settled.get(`${against.Doc_Type}:${against.Doc_ID}`)) || own(e);
    return {
      side: e.Side,
      partner: e.Partner_ID,
      posting_date: e.Posting_Date,
      due_date: due,
      entry_type: e.Entry_Type,
      doc_type: e.Doc_Type,
      doc_id: e.Doc_ID,
      doc_no: e.Doc_NO.trim(),
      against_doc_type: against?.Doc_Type ?? null,
      against_doc_id: against?.Doc_ID ?? null,
      against_doc_no: against?.Doc_NO ?? null,
      currency_id: e.Currency_ID,
      exchange_rate: normalizeDecimal(e.Exchange_Rate),
      amount: normalizeDecimal(e.Amount),
      base_amount: normalizeDecimal(e.Base_Amount ?? baseAmount(e.Amount, e.Exchange_Rate)),
      remark: e.Remark?.slice(0, 200) ?? null,
      reversal_of: null,
    };
  });
}

/**
 * Locks the balance rows of the partners and currencies written (making the missing ones), in key
 * order so that two postings never wait on each other crosswise, and answers their balances.
 */
async function lockBalances(ctx: HookContext, rows: LedgerWrite[]): Promise<Map<string, Running>> {
  const keys = [
    ...new Map(rows.map((r) => [balanceKey(r.side, r.partner, r.currency_id), r] as const)).values(),
  ].sort((a, b) => a.side - b.side || a.partner - b.partner || a.currency_id - b.currency_id);
  const tuples = keys.map((k) => sql`(${k.side}::int, ${k.partner}::bigint, ${k.currency_id}::bigint)`);
  await sql`INSERT INTO partner_balance (side, partner_id, currency_id, balance, base_balance, created_by)
    SELECT v.s, v.p, v.c, 0, 0, ${ctx.user?.User_ID ?? null}::bigint FROM (VALUES ${sql.join(tuples)}) AS v(s, p, c)
    ORDER BY 1, 2, 3 ON CONFLICT (side, partner_id, currency_id) DO NOTHING`.execute(ctx.tx);
  const { rows: locked } = await sql<{ s: number; p: number; c: number; b: string; bb: string }>`
    SELECT side AS s, partner_id AS p, currency_id AS c, balance::text AS b, base_balance::text AS bb
    FROM partner_balance WHERE (side, partner_id, currency_id) IN (${sql.join(tuples)})
    ORDER BY side, partner_id, currency_id FOR UPDATE`.execute(ctx.tx);
  return new Map(
    locked.map((r) => [
      balanceKey(Number(r.s), Number(r.p), Number(r.c)),
      { Balance: r.b, Base_Balance: r.bb },
    ]),
  );
}

/** Writes the rows with their running balances and moves the balances, under the balance locks. */
async function write(ctx: HookContext, rows: LedgerWrite[]): Promise<void> {
  const live = rows.filter((r) => !isZeroDecimal(r.amount) || !isZeroDecimal(r.base_amount));
  if (!live.length) return;
  const opening = await lockBalances(ctx, live);
  const { after, closing } = runBalances(
    opening,
    live.map((r) => ({
      side: r.side,
      partnerId: r.partner,
      currencyId: r.currency_id,
      amount: r.amount,
      base: r.base_amount,
    })),
  );
  const by = ctx.user?.User_ID ?? null;
  await ctx.tx
    .insertInto('partner_ledger')
    .values(
      live.map((r, i) => ({
        side: r.side,
        customer_id: r.side === SIDE.RECEIVABLE ? r.partner : null,
        supplier_id: r.side === SIDE.PAYABLE ? r.partner : null,
        posting_date: r.posting_date,
        due_date: r.due_date,
        entry_type: r.entry_type,
        doc_type: r.doc_type,
        doc_id: r.doc_id,
        doc_no: r.doc_no,
        against_doc_type: r.against_doc_type,
        against_doc_id: r.against_doc_id,
        against_doc_no: r.against_doc_no,
        currency_id: r.currency_id,
        exchange_rate: r.exchange_rate,
        amount: r.amount,
        base_amount: r.base_amount,
        balance: after[i].Balance,
        base_balance: after[i].Base_Balance,
        remark: r.remark,
        reversal_of: r.reversal_of,
        posted_at: sql`now()`,
        created_by: by,
      })),
    )
    .execute();
  const lastDate = new Map<string, string>();
  for (const r of live) {
    const k = balanceKey(r.side, r.partner, r.currency_id);
    if ((lastDate.get(k) ?? '') < r.posting_date) lastDate.set(k, r.posting_date);
  }
  const updates = [...closing].filter(([k]) => lastDate.has(k));
  await sql`UPDATE partner_balance AS b SET balance = v.b::numeric, base_balance = v.bb::numeric,
      last_date = GREATEST(b.last_date, v.d::date), updated_at = now(), version = b.version + 1
    FROM (VALUES ${sql.join(
      updates.map(([k, r]) => {
        const [s, p, c] = k.split(':').map(Number);
        return sql`(${s}::int, ${p}::bigint, ${c}::bigint, ${r.Balance}::text, ${r.Base_Balance}::text, ${lastDate.get(k)}::text)`;
      }),
    )}) AS v(s, p, c, b, bb, d)
    WHERE b.side = v.s AND b.partner_id = v.p AND b.currency_id = v.c`.execute(ctx.tx);
}

/**
 * Posts entries to the receivable/payable ledger in the caller's transaction (an approval): one
 * immutable row each, with the partner's running balance in the entry's currency, the balance rows
 * locked until the transaction ends. Entries of amount zero are left out.
 */
export async function postPartnerEntries(ctx: HookContext, entries: PartnerEntryInput[]): Promise<void> {
  if (!entries.length) return;
  await write(ctx, await prepare(ctx, entries));
}

/** Today in the company's time zone: the day a reversal is posted. */
async function companyToday(ctx: HookContext): Promise<string> {
  return new Intl.DateTimeFormat('en-CA', { timeZone: await companyTimeZone(ctx.tx) }).format(new Date());
}

/**
 * Reverses what a document posted (its unapproval): a negated row for each of its rows not yet
 * reversed, dated today, due when the original was (so ageing nets out in the same bucket).
 * Refused while another document's entries settle this one (an invoice with payments): those are
 * unapproved first. Nothing to reverse is not an error (a document approved before it posted).
 */
export async function reversePartnerEntries(ctx: HookContext, source: DocRef): Promise<void> {
  const { rows: settling } = await sql<{ no: string }>`SELECT DISTINCT doc_no AS no FROM partner_ledger l
    WHERE against_doc_type = ${source.Doc_Type} AND against_doc_id = ${source.Doc_ID}
      AND NOT (doc_type = ${source.Doc_Type} AND doc_id = ${source.Doc_ID})
    GROUP BY doc_type, doc_id, doc_no HAVING sum(amount) <> 0 OR sum(base_amount) <> 0
    LIMIT 6`.execute(ctx.tx);
  const { rows } = await sql<{
    id: number;
    side: number;
    partner: number;
    posting_date: string;
    due_date: string;
    entry_type: number;
    doc_no: string;
    against_doc_type: number | null;
    against_doc_id: number | null;
    against_doc_no: string | null;
    currency_id: number;
    exchange_rate: string;
    amount: string;
    base_amount: string;
    remark: string | null;
  }>`SELECT l.id, l.side, coalesce(l.customer_id, l.supplier_id) AS partner, l.posting_date::text,
      l.due_date::text, l.entry_type, l.doc_no, l.against_doc_type, l.against_doc_id, l.against_doc_no,
      l.currency_id, l.exchange_rate::text, l.amount::text, l.base_amount::text, l.remark
    FROM partner_ledger l
    WHERE l.doc_type = ${source.Doc_Type} AND l.doc_id = ${source.Doc_ID} AND l.reversal_of IS NULL
      AND NOT EXISTS (SELECT 1 FROM partner_ledger r WHERE r.reversal_of = l.id)
    ORDER BY l.id`.execute(ctx.tx);
  if (!rows.length) return;
  if (settling.length)
    throw new AppError(
      'fin.doc_settled',
      { doc: rows[0].doc_no, by: settling.map((r) => r.no).join('、') },
      409,
    );
  const today = await companyToday(ctx);
  await write(
    ctx,
    rows.map((r) => ({
      side: Number(r.side),
      partner: Number(r.partner),
      posting_date: today < r.posting_date ? r.posting_date : today,
      due_date: r.due_date,
      entry_type: Number(r.entry_type),
      doc_type: source.Doc_Type,
      doc_id: source.Doc_ID,
      doc_no: r.doc_no,
      against_doc_type: r.against_doc_type === null ? null : Number(r.against_doc_type),
      against_doc_id: r.against_doc_id === null ? null : Number(r.against_doc_id),
      against_doc_no: r.against_doc_no,
      currency_id: Number(r.currency_id),
      exchange_rate: r.exchange_rate,
      amount: negDecimal(r.amount),
      base_amount: negDecimal(r.base_amount),
      remark: r.remark,
      reversal_of: Number(r.id),
    })),
  );
}

/**
 * What is still open of a document, in its currency: its own entries plus every entry that settles
 * it. For an invoice, the unpaid part (equal to its amount while nothing settles it); for a payment,
 * its prepayment not yet applied (negative).
 */
export async function openAmountOf(ctx: Pick<HookContext, 'tx'>, source: DocRef): Promise<string> {
  const { rows } = await sql<{
    open: string;
  }>`SELECT coalesce(sum(amount), 0)::text AS open FROM partner_ledger
    WHERE (doc_type = ${source.Doc_Type} AND doc_id = ${source.Doc_ID} AND against_doc_id IS NULL)
       OR (against_doc_type = ${source.Doc_Type} AND against_doc_id = ${source.Doc_ID})`.execute(ctx.tx);
  return normalizeDecimal(rows[0]?.open ?? '0');
}
