import { date, datetime, decimal, defineEntity, enumOf, int, options, ref, text } from '@mes/model';

/** Which ledger an entry belongs to: what a customer owes us, or what we owe a supplier. */
export const SIDE = { RECEIVABLE: 1, PAYABLE: 2 } as const;
export const SIDES = options([1, '应收', 'Receivable'], [2, '应付', 'Payable']);

/**
 * The spec's receivable and payable detail types 1–10 (README.md says what each means and its sign).
 * Amount is signed: + raises what the partner owes us (AR) or we owe the partner (AP).
 */
export const ENTRY_TYPE = {
  OPENING: 1,
  INVOICE: 2,
  PAYMENT: 3,
  PREPAYMENT: 4,
  PREPAYMENT_APPLIED: 5,
  CREDIT_NOTE: 6,
  ADJUSTMENT: 7,
  REFUND: 8,
  EXCHANGE_DIFFERENCE: 9,
  WRITE_OFF: 10,
} as const;
export const ENTRY_TYPES = options(
  [1, '期初余额', 'Opening balance'],
  [2, '发票', 'Invoice'],
  [3, '收付款', 'Payment'],
  [4, '预收付款', 'Prepayment'],
  [5, '预收付核销', 'Prepayment applied'],
  [6, '红字发票', 'Credit note'],
  [7, '调整', 'Adjustment'],
  [8, '退款', 'Refund'],
  [9, '汇兑损益', 'Exchange difference'],
  [10, '坏账核销', 'Write-off'],
);

/**
 * The documents that post to the ledger (Doc_Type). 1 and 2 are the purchasing and sales modules'
 * invoices; the others are finance's own documents.
 */
export const FIN_DOC = {
  PURCHASE_INVOICE: 1,
  SALES_INVOICE: 2,
  PAYMENT: 3,
  RECEIPT: 4,
  AP_ADJUSTMENT: 5,
  AR_ADJUSTMENT: 6,
  OPENING: 7,
} as const;
export const FIN_DOC_TYPES = options(
  [1, '采购发票', 'Purchase invoice'],
  [2, '销售发票', 'Sales invoice'],
  [3, '付款单', 'Payment'],
  [4, '收款单', 'Receipt'],
  [5, '应付调整单', 'Payable adjustment'],
  [6, '应收调整单', 'Receivable adjustment'],
  [7, '期初余额', 'Opening balance'],
);

const money = (zh: string, en: string, opts: { total?: boolean; hiddenInList?: boolean } = {}) =>
  decimal({ zh, en }, { precision: 18, scale: 2, required: true, ...opts });

/**
 * The receivable and payable ledger (往来台账): one immutable row per entry, written only by
 * postPartnerEntries / reversePartnerEntries (ledger.server.ts). The partner is the customer on the
 * receivable side and the supplier on the payable side. Balance and Base_Balance are the running
 * balance of the partner in the entry's currency after the entry (in that currency and in base).
 */
export const partnerLedger = defineEntity({
  name: 'PartnerLedger',
  label: { zh: '往来台账', en: 'Partner ledger' },
  kind: 'log',
  table: 'partner_ledger',
  key: 'Entry_ID',
  menu: 'finance.receivable',
  fields: {
    Side: enumOf({ zh: '往来方向', en: 'Side' }, SIDES, { required: true }),
    // indexed by the hand-written (customer_id, posting_date, id) of migration 0043: the ledger and
    // statement read a partner's rows in date order
    Customer_ID: ref({ zh: '客户', en: 'Customer' }, 'Customer', 'Short_Name', {
      indexedBy: 'ix_partner_ledger_customer',
    }),
    Supplier_ID: ref({ zh: '供应商', en: 'Supplier' }, 'Supplier', 'Short_Name', {
      indexedBy: 'ix_partner_ledger_supplier',
    }),
    Posting_Date: date({ zh: '业务日期', en: 'Posting date' }, { required: true }),
    Due_Date: date({ zh: '到期日', en: 'Due date' }),
    Entry_Type: enumOf({ zh: '明细类型', en: 'Entry type' }, ENTRY_TYPES, { required: true }),
    Doc_Type: enumOf({ zh: '单据类型', en: 'Document type' }, FIN_DOC_TYPES, { required: true }),
    Doc_ID: int({ zh: '单据ID', en: 'Document ID' }, { required: true, hiddenInList: true }),
    Doc_NO: text({ zh: '单据编号', en: 'Document no.' }, { max: 40, required: true }),
    // the invoice (or prepayment) a payment, credit note or adjustment settles: what openAmountOf adds up
    Against_Doc_Type: enumOf({ zh: '核销单据类型', en: 'Settles document type' }, FIN_DOC_TYPES, {
      hiddenInList: true,
    }),
    Against_Doc_ID: int({ zh: '核销单据ID', en: 'Settles document ID' }, { hiddenInList: true }),
    Against_Doc_NO: text({ zh: '核销单据', en: 'Settles' }, { max: 40 }),
    Currency_ID: ref({ zh: '币种', en: 'Currency' }, 'Currency', 'Currency_Name', { required: true }),
    Exchange_Rate: decimal(
      { zh: '汇率', en: 'Exchange rate' },
      { precision: 18, scale: 6, required: true, total: false, hiddenInList: true },
    ),
    Amount: money('金额', 'Amount'),
    Base_Amount: money('本位币金额', 'Base amount', { hiddenInList: true }),
    Balance: money('余额', 'Balance', { total: false }),
    Base_Balance: money('本位币余额', 'Base balance', { total: false, hiddenInList: true }),
    Remark: text({ zh: '摘要', en: 'Memo' }, { max: 200 }),
    Reversal_Of: int({ zh: '冲销行', en: 'Reverses' }, { hiddenInList: true }),
    Posted_At: datetime({ zh: '过账时间', en: 'Posted at' }, { required: true, hiddenInList: true }),
  },
  display: 'Doc_NO',
  list: {
    search: ['Doc_NO', 'Against_Doc_NO', 'Customer_ID', 'Supplier_ID', 'Remark'],
    sort: ['ID', 'Posting_Date', 'Due_Date', 'Doc_NO', 'Amount'],
    defaultSort: '-ID',
  },
});

/**
 * The balance of each partner in each currency, kept in step with the ledger in the posting's
 * transaction: the row a posting locks (FOR UPDATE), so that two postings for one partner and
 * currency write their running balances one after the other.
 */
export const partnerBalance = defineEntity({
  name: 'PartnerBalance',
  label: { zh: '往来余额', en: 'Partner balance' },
  kind: 'log',
  table: 'partner_balance',
  fillfactor: 70,
  key: 'Partner_Balance_ID',
  menu: 'finance.receivable',
  fields: {
    Side: enumOf({ zh: '往来方向', en: 'Side' }, SIDES, { required: true }),
    // the partner's id (a customer on side 1, a supplier on side 2): one key for both sides, unique
    // with side and currency in ux_partner_balance_key (migration 0043)
    Partner_ID: int({ zh: '往来单位ID', en: 'Partner ID' }, { required: true }),
    Currency_ID: ref({ zh: '币种', en: 'Currency' }, 'Currency', 'Currency_Name', { required: true }),
    Balance: money('余额', 'Balance'),
    Base_Balance: money('本位币余额', 'Base balance'),
    Last_Date: date({ zh: '最近业务日期', en: 'Last posting' }),
  },
  display: 'Partner_ID',
  list: { sort: ['Partner_ID', 'Balance'], defaultSort: 'Partner_ID' },
});
