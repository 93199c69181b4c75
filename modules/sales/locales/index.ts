import { moduleTexts } from '@mes/engine-web/i18n';
import type { Texts } from './zh';

/** The module's texts: `useModuleText(texts)`; each language loads when first used. */
export const texts = moduleTexts<Texts>('sales', {
  zh: () => import('./zh').then((m) => m.zh),
  en: () => import('./en').then((m) => m.en),
});
