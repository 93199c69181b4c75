import { addCatalogue, ENGINE_NS, initI18n } from '@mes/engine-web/i18n';
import type { Lang } from '@mes/model';
import { appEn } from './en';
import { appZh } from './zh';

export { appEn } from './en';
export { type AppCatalogue, appZh } from './zh';

/**
 * The shell's texts join the engine's namespace under `app`, so that one `t` reaches both
 * (`t('common.ok')`, `t('app.login.title')`).
 */
export function initAppI18n(lang?: Lang): void {
  initI18n(lang);
  addCatalogue(ENGINE_NS, { zh: { app: appZh }, en: { app: appEn } });
}
