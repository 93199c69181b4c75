import { defineModule, type MenuPage } from '@mes/model';
import { partnerBalance, partnerLedger } from './ledger.entity';
import { finPayment, finReceipt } from './settlement.entity';

const page = (code: string, zh: string, en: string, path: string, entity?: string): MenuPage => ({
  code,
  label: { zh, en },
  path,
  entity,
});

/**
 * Finance (财务管理): the receivable and payable ledgers and the documents that settle them. Menu
 * codes and paths are those of the catalogue (modules/system/catalogue.ts), which this replaces.
 */
export const financeModule = defineModule({
  code: 'finance',
  label: { zh: '财务管理', en: 'Finance' },
  icon: 'account-book',
  order: 11,
  entities: [partnerLedger, partnerBalance, finPayment, finReceipt],
  menu: [
    {
      code: 'finance.ledger',
      label: { zh: '往来账', en: 'Receivables and payables' },
      pages: [
        page(
          'finance.receivable',
          '应收台账',
          'Receivables ledger',
          '/finance/receivable',
          partnerLedger.name,
        ),
        page('finance.payable', '应付台账', 'Payables ledger', '/finance/payable', partnerLedger.name),
        page('finance.ageing', '账龄分析', 'Ageing', '/finance/ageing'),
        page('finance.statement', '对账单', 'Statements', '/finance/statement'),
      ],
    },
    {
      code: 'finance.settle',
      label: { zh: '收付款', en: 'Payments and receipts' },
      pages: [
        page('finance.payment', '付款', 'Payments', '/finance/payment', finPayment.name),
        page('finance.receipt', '收款', 'Receipts', '/finance/receipt', finReceipt.name),
      ],
    },
  ],
});

export { ENTRY_TYPE, ENTRY_TYPES, FIN_DOC, FIN_DOC_TYPES, SIDE, SIDES } from './ledger.entity';
export { AP_TYPE, AP_TYPES } from './settlement.entity';
export { finPayment, finReceipt, partnerBalance, partnerLedger };
