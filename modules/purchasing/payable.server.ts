import { AppError, type HookContext, type Row } from '@mes/engine-server';
import { openAmountOf, postPartnerEntries, reversePartnerEntries } from '@mes/finance/server';
import { compareDecimal } from '@mes/model';
import { sql } from 'kysely';

/** Finance's document type of a purchase invoice, and its detail type 2 发票 (finance README). */
export const PURCHASE_INVOICE_DOC_TYPE = 1;
const ENTRY_INVOICE = 2;
/** Side 2: payable, a supplier. */
const PAYABLE = 2;

const source = (invoice: Row) => ({
  Doc_Type: PURCHASE_INVOICE_DOC_TYPE,
  Doc_ID: Number(invoice.Invoice_ID),
});

/** The invoice's currency and rate; an invoice that names none is in base currency at 1. */
async function currencyOf(ctx: HookContext, invoice: Row): Promise<{ id: number; rate: string }> {
  if (invoice.Currency_ID != null)
    return { id: Number(invoice.Currency_ID), rate: String(invoice.Exchange_Rate ?? '1') };
  const { rows } = await sql<{
    id: number;
  }>`SELECT id FROM currency ORDER BY is_base DESC, id LIMIT 1`.execute(ctx.tx);
  if (!rows[0]) throw new AppError('pur.no_currency').at('Currency_ID');
  return { id: Number(rows[0].id), rate: '1' };
}

/**
 * The invoice's payable in the finance ledger: approval posts its amount with tax (what we owe the
 * supplier, due by the supplier's payment terms unless the invoice names a due date), UnApprove
 * reverses it, and is refused once payments are allocated to it (the open amount is then less).
 */
export const payableHooks = {
  async post(ctx: HookContext, invoice: Row): Promise<void> {
    const c = await currencyOf(ctx, invoice);
    await postPartnerEntries(ctx, [
      {
        Side: PAYABLE,
        Partner_ID: Number(invoice.Supplier_ID),
        Posting_Date: String(invoice.Doc_Date),
        Due_Date: (invoice.Due_Date as string | null) ?? null,
        Entry_Type: ENTRY_INVOICE,
        ...source(invoice),
        Doc_NO: String(invoice.Doc_NO),
        Currency_ID: c.id,
        Exchange_Rate: c.rate,
        Amount: String(invoice.Total_Amount_With_Tax ?? '0'),
        Remark: invoice.Fapiao_NO ? String(invoice.Fapiao_NO) : null,
      },
    ]);
  },
  async reverse(ctx: HookContext, invoice: Row): Promise<void> {
    await reversePartnerEntries(ctx, source(invoice));
  },
  async refuseWhenPaid(ctx: HookContext, invoice: Row): Promise<void> {
    const open = await openAmountOf(ctx, source(invoice));
    if (compareDecimal(open, String(invoice.Total_Amount_With_Tax ?? '0')) !== 0)
      throw new AppError('pur.invoice_paid', { open }, 409);
  },
};
