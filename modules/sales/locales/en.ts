import type { Texts } from './zh';

/** The sales pages' texts in English. */
export const en: Texts = {
  opportunity: {
    deal: 'Deal',
    dealConfirm: 'Close as a deal and make the sales order?',
    dealDone: 'Sales order {{no}} made',
  },
};
