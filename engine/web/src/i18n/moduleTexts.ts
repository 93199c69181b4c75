import type { Lang } from '@mes/model';
import i18n from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The dotted keys of a catalogue's texts (`account.title`), so that a wrong key fails tsc. */
export type TextKey<C> = {
  [K in keyof C & string]: C[K] extends string ? K : `${K}.${TextKey<C[K]>}`;
}[keyof C & string];

export type TextParams = Record<string, unknown>;

/**
 * A module's texts (`modules/<m>/locales/zh.ts`, `en.ts`, DESIGN.md §2): its namespace and how each
 * language's catalogue loads. Loaded on first use in that language only, so that no module's texts
 * land in the sign-in page's chunk nor the other language's.
 */
export interface ModuleTexts<C extends object> {
  ns: string;
  load: Record<Lang, () => Promise<C>>;
}

const known = new Set<ModuleTexts<object>>();
const loading = new Map<string, Promise<void>>();

export function moduleTexts<C extends object>(
  ns: string,
  load: Record<Lang, () => Promise<C>>,
): ModuleTexts<C> {
  return { ns, load };
}

/** Loads (once) one module's catalogue of one language into i18next. */
export function loadModuleTexts(texts: ModuleTexts<object>, lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, texts.ns)) return Promise.resolve();
  const key = `${lang}:${texts.ns}`;
  let p = loading.get(key);
  if (!p) {
    p = texts.load[lang]().then((c) => {
      i18n.addResourceBundle(lang, texts.ns, c, true, true);
    });
    p.catch(() => loading.delete(key)); // a failed chunk load may be retried by the next render
    loading.set(key, p);
  }
  return p;
}

/** Loads the catalogues pages already used in `lang`, so that a language switch shows no fallback. */
export function loadUsedTexts(lang: Lang): Promise<void> {
  return Promise.all([...known].map((t) => loadModuleTexts(t, lang))).then(() => undefined);
}

/**
 * THE way a module's page reads its texts: `const t = useModuleText(texts); t('account.title', {name})`.
 * Suspends (the page's Suspense boundary shows) until the catalogue of the current language is loaded;
 * re-renders on a language switch. Placeholders are `{{name}}`.
 */
export function useModuleText<C extends object>(
  texts: ModuleTexts<C>,
): (key: TextKey<C>, params?: TextParams) => string {
  const { i18n: inst } = useTranslation(texts.ns);
  const lang: Lang = inst.language?.startsWith('en') ? 'en' : 'zh';
  known.add(texts);
  const t = useCallback(
    (key: TextKey<C>, params?: TextParams) => inst.getFixedT(lang, texts.ns)(key, params) as string,
    [inst, lang, texts.ns],
  );
  // thrown, not `use`d: React then renders the page afresh once loaded. With `use` it replays the page
  // with the hooks it had mounted so far, and a page's first open failed with React error #467
  if (!inst.hasResourceBundle(lang, texts.ns)) throw loadModuleTexts(texts, lang);
  return t;
}

function leaves(o: object, prefix = ''): [string, string][] {
  return Object.entries(o).flatMap(([k, v]): [string, string][] =>
    typeof v === 'object' && v !== null ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
}

const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort().join(',');

/**
 * What is wrong between a module's two catalogues (for its locales test): keys only in one, empty
 * texts, placeholders that differ. tsc already refuses a missing key; this also catches extra ones.
 */
export function catalogueProblems(zh: object, en: object): string[] {
  const z = new Map(leaves(zh));
  const e = new Map(leaves(en));
  const out: string[] = [];
  for (const [k, v] of z) {
    const other = e.get(k);
    if (other === undefined) out.push(`${k}: missing in en`);
    else if (!other.trim() || !v.trim()) out.push(`${k}: empty`);
    else if (placeholders(v) !== placeholders(other)) out.push(`${k}: placeholders differ`);
  }
  for (const k of e.keys()) if (!z.has(k)) out.push(`${k}: missing in zh`);
  return out;
}
