import { AppError, type HookContext, type Row } from '@mes/engine-server';
import { ENTRY_TYPE, FIN_DOC, SIDE } from '@mes/finance';
import { openAmountOf, postPartnerEntries, reversePartnerEntries } from '@mes/finance/server';
import { compareDecimal, normalizeDecimal } from '@mes/model';
import { sql } from 'kysely';
import './messages.server';

/** What the customer owes now, in base currency: its receivable balances in the finance ledger. */
export async function openReceivable(ctx: HookContext, customerId: number): Promise<string> {
  const { rows } = await sql<{ open: string }>`SELECT coalesce(sum(base_balance), 0)::text AS open
    FROM partner_balance WHERE side = ${SIDE.RECEIVABLE} AND partner_id = ${customerId}`.execute(ctx.tx);
  return rows[0]?.open ?? '0';
}

const invoiceRef = (record: Row) => ({ Doc_Type: FIN_DOC.SALES_INVOICE, Doc_ID: Number(record.Invoice_ID) });

/**
 * An approved invoice is a receivable of its amount with tax (finance's detail type 2 发票); due as
 * the invoice says, else by the customer's payment terms (finance decides).
 */
export async function postReceivable(ctx: HookContext, record: Row): Promise<void> {
  await postPartnerEntries(ctx, [
    {
      Side: SIDE.RECEIVABLE,
      Partner_ID: Number(record.Customer_ID),
      Posting_Date: String(record.Invoice_Date).slice(0, 10),
      Due_Date: record.Due_Date ? String(record.Due_Date).slice(0, 10) : null,
      Entry_Type: ENTRY_TYPE.INVOICE,
      ...invoiceRef(record),
      Doc_NO: String(record.Invoice_NO),
      Currency_ID: Number(record.Currency_ID),
      Exchange_Rate: String(record.Exchange_Rate ?? '1'),
      Amount: String(record.Total_With_Tax ?? '0'),
      Remark: record.Fapiao_NO ? String(record.Fapiao_NO) : null,
    },
  ]);
}

/** An invoice with receipts against it stays approved: its open amount is no longer its amount. */
export async function refusePaid(ctx: HookContext, record: Row): Promise<void> {
  const open = await openAmountOf(ctx, invoiceRef(record));
  if (compareDecimal(normalizeDecimal(open), normalizeDecimal(String(record.Total_With_Tax ?? '0'))) !== 0)
    throw new AppError('sales.invoice_paid', {}, 409);
}

export async function reverseReceivable(ctx: HookContext, record: Row): Promise<void> {
  await reversePartnerEntries(ctx, invoiceRef(record));
}
