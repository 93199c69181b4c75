import { defineModule, type MenuPage } from '@mes/model';
import { partnerBalance, partnerLedger } from './ledger.entity';

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
  entities: [partnerLedger, partnerBalance],
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
      ],
    },
  ],
});

export { ENTRY_TYPE, ENTRY_TYPES, FIN_DOC, FIN_DOC_TYPES, SIDE, SIDES } from './ledger.entity';
export { partnerBalance, partnerLedger };
