import type { Texts } from './zh';

/** The Projects pages' texts in English. */
export const en: Texts = {
  items: { intro: 'One code per item; codes are stored in upper case.' },
};
