import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Choice {
  /** typed into the select first, to search (reference selects load options by keyword) */
  typed?: string;
  /** the option whose title is exactly this, or a reference's code followed by this name */
  title?: string;
  /** else the first option containing this text (else the first option) */
  text?: string;
}

const shown = async (select: Locator): Promise<string> => {
  const value = select.locator('.ant-select-content-has-value');
  return (await value.count()) ? (await value.first().innerText()).trim() : '';
};

/**
 * Chooses an option of the antd select inside `scope`, and returns once the select shows it and its
 * dropdown has closed. On a loaded CI two things went wrong with a plain click: a save clicked
 * before the choice was committed went out without it, and a reference select's search answer
 * re-rendered the list under the click, which then chose nothing. So the click is repeated until
 * the select shows the wanted label.
 */
export async function choose(page: Page, scope: string | Locator, choice: Choice): Promise<void> {
  const root = typeof scope === 'string' ? page.locator(scope) : scope;
  const select = root.locator('.ant-select').first();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  const option = choice.title
    ? // a reference option reads "code name" (issue 25: references as code and name)
      options.and(page.locator(`[title="${choice.title}"], [title$=" ${choice.title}"]`)).first()
    : (choice.text ? options.filter({ hasText: choice.text }) : options).first();
  const want = choice.title ?? choice.text ?? '';
  // a line cell's picker is a plain box until it is clicked (LazyPicker): the click opens the select
  const lazy = root.locator('[data-lazy-picker]').first();
  if (await lazy.count()) {
    await lazy.click();
    await select.waitFor();
  } else await select.click();
  if (choice.typed !== undefined) await select.locator('input').first().fill(choice.typed);
  for (let attempt = 1; ; attempt++) {
    if (!(await dropdown.count())) {
      await select.click();
      if (choice.typed !== undefined) await select.locator('input').first().fill(choice.typed);
    }
    await option.click();
    const done = await expect
      .poll(
        async () => {
          const label = await shown(select);
          return label !== '' && label.includes(want);
        },
        { timeout: 5000 },
      )
      .toBe(true)
      .then(
        () => true,
        () => false,
      );
    if (done) break;
    if (attempt === 3)
      throw new Error(`the select did not take "${want}" (it shows "${await shown(select)}")`);
  }
  // a dropdown left open would cover what the test clicks next; Escape only as a last resort, as in
  // a dialog it may close the dialog too
  const closed = () =>
    expect
      .poll(() => dropdown.count(), { timeout: 5000 })
      .toBe(0)
      .then(
        () => true,
        () => false,
      );
  if (!(await closed())) {
    await page.keyboard.press('Escape');
    await expect.poll(() => dropdown.count()).toBe(0);
  }
}
