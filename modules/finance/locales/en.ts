import type { Texts } from './zh';

/** The Finance pages' texts in English. */
export const en: Texts = {
  side: { receivable: 'Receivable', payable: 'Payable' },
  report: {
    partner: 'Partner',
    partnerCode: 'Code',
    currency: 'Currency',
    balance: 'Balance',
    baseBalance: 'Base balance',
    asOf: 'As of',
    date: 'Date',
    docNo: 'Document no.',
    entryType: 'Entry type',
    settles: 'Settles',
    dueDate: 'Due date',
    increase: 'Increase',
    decrease: 'Decrease',
    print: 'Print',
    export: 'Export to Excel',
    pickPartner: 'Choose a customer or supplier',
  },
};
