import type { Page } from 'playwright-core';

/**
 * The interface chrome of the page on screen: what the product itself labels (page and card titles,
 * column headers, form labels, buttons, tabs, the menu), never data values (cells, tree nodes, tags).
 */
const CHROME = [
  '.ant-card-head-title',
  '.ant-page-header-heading-title',
  '.ant-table-thead th',
  '.ant-form-item-label label',
  'button',
  '.ant-tabs-tab-btn',
  '.ant-result-title',
  '.ant-result-subtitle',
  '.ant-modal-title',
  '.ant-empty-description',
  '.ant-pagination-total-text',
  '[data-testid="sidebar"] .ant-menu-title-content',
  '[data-testid="tab"]',
  'input[placeholder]',
];

// data shown in chrome: the signed-in user's name on the account button; the language switch, whose
// choices name each language in itself (中文 / English) and are plain buttons since issue 24; a
// to-do's title, which quotes what a user wrote (an action item's text) in the language they wrote it
const DATA = '[data-testid="account-menu"], [data-testid="lang-switch"], [data-testid="todo-title"]';

/** The visible chrome texts (an input's placeholder for an input), trimmed and de-duplicated. */
export function chromeTexts(page: Page): Promise<string[]> {
  return page.evaluate(
    ([selectors, data]) => {
      const out = new Set<string>();
      for (const el of document.querySelectorAll<HTMLElement>(selectors.join(','))) {
        if (!el.checkVisibility() || el.closest(data)) continue;
        const text = (el instanceof HTMLInputElement ? el.placeholder : el.innerText).trim();
        if (text) out.add(text.replace(/\s+/g, ' '));
      }
      return [...out];
    },
    [CHROME, DATA] as const,
  );
}

const CJK = /[\u3400-\u9fff\uff01-\uff5e\u3000-\u303f]/;
// words English keeps in a Chinese interface: acronyms, product names, units
const KEPT_IN_ZH = new Set(['BOM', 'SOW', 'SKU', 'MRP', 'ID', 'Excel', 'PDF', 'Logo', 'Email', 'QR']);

/** A label of the other language: Chinese characters in English, a plain English word in Chinese. */
export function wrongLanguage(text: string, lang: 'zh' | 'en'): boolean {
  if (lang === 'en') return CJK.test(text);
  if (CJK.test(text)) return false;
  const words = text.match(/[A-Za-z]{3,}/g) ?? [];
  return words.some((w) => !KEPT_IN_ZH.has(w) && /[a-z]/.test(w));
}
