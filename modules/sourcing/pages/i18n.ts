import { addCatalogue } from '@mes/engine-web/i18n';
import { useTranslation } from 'react-i18next';
import { srmEn } from '../locales/en';
import { srmZh } from '../locales/zh';

export const SRM_NS = 'srm';
let added = false;

/** The page chunks add the module's catalogue when they load (after the shell started i18n). */
export function useSrmT() {
  if (!added) {
    addCatalogue(SRM_NS, { zh: srmZh, en: srmEn });
    added = true;
  }
  return useTranslation(SRM_NS).t;
}
