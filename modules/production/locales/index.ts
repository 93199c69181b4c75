import { moduleTexts } from '@mes/engine-web/i18n';
import type { Texts } from './zh';

/** The production pages' texts: `useModuleText(texts)`; each language loads when first used. */
export const texts = moduleTexts<Texts>('production', {
  zh: () => import('./zh').then((m) => m.zh),
  en: () => import('./en').then((m) => m.en),
});
