import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Choice {
  /** typed into the select first, to search (reference selects load options by keyword) */
  typed?: string;
  /** the option whose title is exactly this */
  title?: string;
  /** else the first option containing this text (else the first option) */
  text?: string;
}

/**
 * Chooses an option of the antd select inside `scope`, then waits until the dropdown has closed and
 * the select shows a value. On a loaded CI a save clicked before that went out without the choice
 * (or, the field being required, not at all), and the journey failed far from the cause.
 */
export async function choose(page: Page, scope: string | Locator, choice: Choice): Promise<void> {
  const root = typeof scope === 'string' ? page.locator(scope) : scope;
  const select = root.locator('.ant-select').first();
  await select.click();
  if (choice.typed !== undefined) await select.locator('input').first().fill(choice.typed);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  const option = choice.title
    ? options.and(page.locator(`[title="${choice.title}"]`)).first()
    : (choice.text ? options.filter({ hasText: choice.text }) : options).first();
  await option.waitFor();
  await option.click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  // antd 6 marks a single select that shows a chosen label
  await expect.poll(() => select.locator('.ant-select-content-has-value').count()).toBe(1);
}
