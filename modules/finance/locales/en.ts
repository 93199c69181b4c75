import type { Texts } from './zh';

/** The Finance pages' texts in English. */
export const en: Texts = {
  ledger: { balance: 'Balance' },
};
