import { date, decimal, defineEntity, enumOf, int, options, ref, text } from '@mes/model';
import { FIN_DOC, FIN_DOC_TYPES, SIDE } from './ledger.entity';

/** The spec's AP types 1–4 (款项类型), on payments and receipts: README.md says how each posts. */
export const AP_TYPE = { TRADE: 1, ADVANCE: 2, REFUND: 3, OTHER: 4 } as const;
export const AP_TYPES = options(
  [1, '货款', 'Invoices'],
  [2, '预付款', 'Advance'],
  [3, '退款', 'Refund'],
  [4, '其他', 'Other'],
);

/** How the money moved (结算方式). */
export const SETTLE_METHODS = options(
  [1, '银行转账', 'Bank transfer'],
  [2, '现金', 'Cash'],
  [3, '承兑汇票', 'Bank acceptance'],
  [4, '支票', 'Cheque'],
  [5, '其他', 'Other'],
);

const money = (zh: string, en: string, o: Parameters<typeof decimal>[1] = {}) =>
  decimal({ zh, en }, { precision: 18, scale: 2, ...o });

export interface SettlementShape {
  name: string;
  table: string;
  label: { zh: string; en: string };
  menu: string;
  side: 1 | 2;
  /** the document type its entries carry (FIN_DOC) */
  docType: number;
  /** the invoice type it settles */
  invoiceType: number;
  partner: 'Customer_ID' | 'Supplier_ID';
  prefix: string;
}

/**
 * A payment (付款单, to a supplier) or a receipt (收款单, from a customer): one declaration for both,
 * the partner and the numbering their only difference. The allocation lines name the invoices it
 * pays, each up to what is still open of it; what is not allocated is an advance. Approval posts it
 * to the ledger (settlement.server.ts), UnApprove reverses it.
 */
function settlementEntity(s: SettlementShape) {
  const partner =
    s.partner === 'Supplier_ID'
      ? ref({ zh: '供应商', en: 'Supplier' }, 'Supplier', 'Short_Name', {
          required: true,
          displayAs: 'Supplier_Name',
        })
      : ref({ zh: '客户', en: 'Customer' }, 'Customer', 'Short_Name', {
          required: true,
          displayAs: 'Customer_Name',
        });
  return defineEntity({
    name: s.name,
    label: s.label,
    kind: 'document',
    table: s.table,
    key: 'Doc_ID',
    menu: s.menu,
    fields: {
      Doc_NO: text({ zh: '单据编号', en: 'Document no.' }, { max: 30, readOnly: true, unique: true }),
      Doc_Date: date({ zh: '业务日期', en: 'Date' }, { required: true, default: 'today' }),
      [s.partner]: partner,
      AP_Type: enumOf({ zh: '款项类型', en: 'Kind' }, AP_TYPES, { required: true, default: AP_TYPE.TRADE }),
      Settle_Method: enumOf({ zh: '结算方式', en: 'Method' }, SETTLE_METHODS, { default: 1 }),
      Currency_ID: ref({ zh: '币种', en: 'Currency' }, 'Currency', 'Currency_Name', { required: true }),
      Exchange_Rate: decimal(
        { zh: '汇率', en: 'Exchange rate' },
        {
          precision: 18,
          scale: 6,
          min: '0',
          total: false,
          hiddenInList: true,
          help: { zh: '留空取币种汇率', en: "Empty: the currency's rate" },
        },
      ),
      Amount: money('金额', 'Amount', { required: true, min: '0' }),
      Allocated_Amount: money('已核销', 'Allocated', {
        readOnly: true,
        compute: { sum: ['Allocations', 'Amount'] },
      }),
      Unallocated_Amount: money('未核销', 'Unallocated', { readOnly: true }),
      Bank_Account: text({ zh: '银行账号', en: 'Bank account' }, { max: 60, hiddenInList: true }),
      Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true }),
    },
    lines: {
      Allocations: {
        label: { zh: '核销明细', en: 'Allocations' },
        maxRows: 500,
        fill: {
          label: { zh: '带出未结发票', en: 'Fill open invoices' },
          path: `/${s.name}/OpenItems`,
          params: [s.partner, 'Currency_ID'],
        },
        fields: {
          Against_Doc_Type: enumOf({ zh: '单据类型', en: 'Document type' }, FIN_DOC_TYPES, {
            required: true,
            default: s.invoiceType,
          }),
          Against_Doc_ID: int({ zh: '单据ID', en: 'Document ID' }, { required: true, hiddenInList: true }),
          Against_Doc_NO: text({ zh: '发票单号', en: 'Invoice no.' }, { max: 40, required: true }),
          Due_Date: date({ zh: '到期日', en: 'Due date' }, { readOnly: true }),
          Open_Amount: money('未结金额', 'Open amount', { readOnly: true }),
          Amount: money('本次核销', 'Allocated', { required: true, min: '0' }),
        },
      },
    },
    display: 'Doc_NO',
    list: {
      columns: [
        'Doc_NO',
        'Doc_Date',
        s.partner,
        'AP_Type',
        'Currency_ID',
        'Amount',
        'Allocated_Amount',
        'Unallocated_Amount',
        'Settle_Method',
        'Remark',
      ],
      search: ['Doc_NO', s.partner, 'Remark'],
      defaultSort: '-Doc_Date',
    },
    features: {
      approval: { dateField: 'Doc_Date' },
      numbering: { field: 'Doc_NO', prefix: s.prefix, period: 'month', digits: 4 },
      print: true,
      attachments: true,
      tags: true,
      customFields: true,
    },
  });
}

export const PAYMENT: SettlementShape = {
  name: 'FinPayment',
  table: 'fin_payment',
  label: { zh: '付款单', en: 'Payments' },
  menu: 'finance.payment',
  side: SIDE.PAYABLE,
  docType: FIN_DOC.PAYMENT,
  invoiceType: FIN_DOC.PURCHASE_INVOICE,
  partner: 'Supplier_ID',
  prefix: 'FK',
};
export const RECEIPT: SettlementShape = {
  name: 'FinReceipt',
  table: 'fin_receipt',
  label: { zh: '收款单', en: 'Receipts' },
  menu: 'finance.receipt',
  side: SIDE.RECEIVABLE,
  docType: FIN_DOC.RECEIPT,
  invoiceType: FIN_DOC.SALES_INVOICE,
  partner: 'Customer_ID',
  prefix: 'SK',
};

export const finPayment = settlementEntity(PAYMENT);
export const finReceipt = settlementEntity(RECEIPT);
