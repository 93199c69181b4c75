/** Every visible text of a declaration carries both languages; zh is the default. */
export type Lang = 'zh' | 'en';
export interface Label {
  zh: string;
  en: string;
}
export const LANGS: readonly Lang[] = ['zh', 'en'];

/** Picks the language from an Accept-Language header (or a stored setting); zh unless en is preferred. */
export function pickLang(header: string | undefined | null): Lang {
  if (!header) return 'zh';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

export function labelOf(label: Label, lang: Lang): string {
  return label[lang] || label.zh;
}

/** Replaces {name} placeholders; unknown names stay visible so that a missing value is noticed. */
export function fill(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
