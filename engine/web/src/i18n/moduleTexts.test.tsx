// @vitest-environment jsdom
import { act, Suspense, useMemo, useState } from 'react';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { installDomStubs, render, waitFor } from '../test/dom';
import { catalogueProblems, initI18n, moduleTexts, setLanguage, useModuleText } from './index';

const zh = { hello: '你好 {{name}}', nested: { bye: '再见' } };
const loads: string[] = [];
const loaded =
  <C,>(lang: string, c: C) =>
  async () => {
    loads.push(lang);
    return c;
  };
const texts = moduleTexts<typeof zh>('moduleTextsTest', {
  zh: loaded('zh', zh),
  en: loaded('en', { hello: 'Hello {{name}}', nested: { bye: 'Bye' } }),
});

// hooks before and after, as a page has them: a replay of the page after loading must not trip on them
function Page() {
  const [n] = useState(1);
  const t = useModuleText(texts);
  const doubled = useMemo(() => n * 2, [n]);
  return (
    <p data-testid="p">
      {t('hello', { name: 'A' })} / {t('nested.bye')} {doubled}
    </p>
  );
}

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
afterAll(() => setLanguage('zh'));

it('loads only the language on screen, when a page first asks, and the other one on a switch', async () => {
  const errors = vi.spyOn(console, 'error');
  expect(loads).toEqual([]);
  const view = await render(
    <Suspense fallback="…">
      <Page />
    </Suspense>,
  );
  const text = () => view.container.querySelector('[data-testid="p"]')?.textContent;
  await waitFor(() => text() === '你好 A / 再见 2');
  expect(loads).toEqual(['zh']);
  await act(() => setLanguage('en'));
  expect(text()).toBe('Hello A / Bye 2');
  expect(loads).toEqual(['zh', 'en']);
  view.unmount();
  // React complains of a conditional use() of a page that suspended on its texts
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

it('tells what differs between two catalogues', () => {
  expect(catalogueProblems(zh, { hello: 'Hi', nested: { bye: ' ', extra: 'x' } })).toEqual([
    'hello: placeholders differ',
    'nested.bye: empty',
    'nested.extra: missing in zh',
  ]);
});
