import { type Label, type Lang, labelOf } from '@mes/model';
import i18n from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from './en';
import { loadUsedTexts } from './moduleTexts';
import { zh } from './zh';

export { en } from './en';
export { type IssueLike, issueText } from './issues';
export {
  catalogueProblems,
  loadModuleTexts,
  type ModuleTexts,
  moduleTexts,
  type TextKey,
  type TextParams,
  useModuleText,
} from './moduleTexts';
export { type Catalogue, zh } from './zh';

export const LANG_STORAGE_KEY = 'lang';
export const ENGINE_NS = 'engine';

function storedLang(): Lang {
  try {
    return globalThis.localStorage?.getItem(LANG_STORAGE_KEY) === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}

/** Synchronous so that the first render already has its texts. Safe to call more than once. */
export function initI18n(lang: Lang = storedLang()): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { zh: { [ENGINE_NS]: zh }, en: { [ENGINE_NS]: en } },
      lng: lang,
      fallbackLng: 'zh',
      supportedLngs: ['zh', 'en'],
      ns: [ENGINE_NS],
      defaultNS: ENGINE_NS,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  } else if (i18n.language !== lang) {
    void i18n.changeLanguage(lang);
  }
  setDocumentLang(lang);
  return i18n;
}

function setDocumentLang(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export function currentLang(): Lang {
  return i18n.language?.startsWith('en') ? 'en' : 'zh';
}

export async function setLanguage(lang: Lang): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // private mode: the choice then lasts for this page only
  }
  setDocumentLang(lang);
  await loadUsedTexts(lang);
  await i18n.changeLanguage(lang);
}

/** The shell adds its own texts to the engine's namespace; modules use `moduleTexts` + `useModuleText`. */
export function addCatalogue(ns: string, catalogues: { zh: object; en: object }): void {
  i18n.addResourceBundle('zh', ns, catalogues.zh, true, true);
  i18n.addResourceBundle('en', ns, catalogues.en, true, true);
}

export function useLang(): Lang {
  const { i18n: inst } = useTranslation();
  return inst.language?.startsWith('en') ? 'en' : 'zh';
}

/** Declarations carry both languages; this picks the one on screen and re-renders on a switch. */
export function useLabel(): (label: Label) => string {
  const lang = useLang();
  return useCallback((label: Label) => labelOf(label, lang), [lang]);
}

export { i18n };
