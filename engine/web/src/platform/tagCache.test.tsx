// @vitest-environment jsdom

import { defineEntity, tagInfo, text } from '@mes/model';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSaveEntity } from '../entity/queries';
import { initI18n } from '../i18n';
import { installDomStubs, type Rendered, render, waitFor } from '../test/dom';
import { fakeServer, ok, Providers } from '../test/fixtures';
import { useMenuTags } from './api';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(() => view?.unmount());

const tagged = defineEntity({
  name: 'Tagged',
  label: { zh: '带标签', en: 'Tagged' },
  kind: 'master',
  fields: { Name: text({ zh: '名称', en: 'Name' }) },
  display: 'Name',
  features: { tags: true },
});

/** Bug 11 of issue 25: a tag made on the tag page showed in an open tab only after a reload. */
describe("a page's tags", () => {
  it('are read again when a tag is saved anywhere', async () => {
    const names = ['紧急'];
    const srv = fakeServer((c) => {
      if (c.url.pathname === '/TagInfo/GetMenuTag')
        return ok(names.map((n, i) => ({ ID: i + 1, Tag_Name: n, Tag_Color: 'red', Is_Global: false })));
      if (c.url.pathname === '/TagInfo' && c.method === 'POST') {
        names.push((c.body as { Tag_Name: string }).Tag_Name);
        return ok({ TagInfo_ID: names.length, Tag_Name: names.at(-1) });
      }
      return undefined;
    });
    let save: ReturnType<typeof useSaveEntity> | undefined;
    function Page() {
      const tags = useMenuTags(tagged, 7);
      save = useSaveEntity(tagInfo);
      return <div data-testid="tags">{(tags.data ?? []).map((t) => t.Tag_Name).join(',')}</div>;
    }
    view = await render(
      <Providers api={srv.api}>
        <Page />
      </Providers>,
    );
    const shown = () => view?.container.querySelector('[data-testid="tags"]')?.textContent;
    await waitFor(() => shown() === '紧急');
    // the tag page's form saves a new tag: the open page's tags follow, without a reload
    await save?.mutateAsync({ mode: 'create', body: { Tag_Name: '返工' } });
    await waitFor(() => shown() === '紧急,返工');
    expect(srv.calls.filter((c) => c.url.pathname === '/TagInfo/GetMenuTag')).toHaveLength(2);
  });
});
