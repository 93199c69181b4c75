// @vitest-environment jsdom
import { defineEntity, defineModule, printLayout, Registry, text } from '@mes/model';
import { Table } from 'antd';
import type { TFunction } from 'i18next';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../i18n';
import { installDomStubs, type Rendered, render, waitFor } from '../test/dom';
import { fakeServer, ok, Providers } from '../test/fixtures';
import { buildColumns } from './columns';
import { FieldControl } from './controls';

/**
 * A field naming an entity (TextField.entityOf): 打印格式 lists a layout's document type by its label
 * in the reader's language, not "WorkDoc", and offers only the printable declarations (issue 25).
 */
const workDoc = defineEntity({
  name: 'WorkDoc',
  label: { zh: '任务单', en: 'Work documents' },
  kind: 'document',
  fields: { List_NO: text({ zh: '单号', en: 'No.' }, { max: 30 }) },
  display: 'List_NO',
  features: { print: true },
});
const note = defineEntity({
  name: 'Note',
  label: { zh: '便条', en: 'Notes' },
  kind: 'master',
  fields: { Note_Text: text({ zh: '内容', en: 'Text' }, { max: 30 }) },
  display: 'Note_Text',
});
const registry = new Registry([
  defineModule({
    code: 'p',
    label: { zh: '打印', en: 'Print' },
    order: 1,
    entities: [printLayout, workDoc, note],
    menu: [],
  }),
]);
const api = fakeServer(() => ok(null)).api;
const t = ((k: string) => k) as unknown as TFunction;

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(async () => {
  view?.unmount();
  view = undefined;
  await act(() => setLanguage('zh'));
});

describe('a field naming an entity', () => {
  it('is declared on the print layout’s document type', () => {
    expect(printLayout.fields.Entity_Name).toMatchObject({ kind: 'text', entityOf: 'print' });
  });

  it('lists the entity by its label in the reader’s language', async () => {
    const table = (lang: 'zh' | 'en') => (
      <Providers api={api} registry={registry}>
        <Table
          rowKey="ID"
          columns={buildColumns(printLayout, lang, t)}
          dataSource={[{ ID: 1, Entity_Name: 'WorkDoc' }]}
          pagination={false}
        />
      </Providers>
    );
    view = await render(table('zh'));
    await waitFor(() => view?.container.textContent?.includes('任务单') || null);
    expect(view.container.textContent).not.toContain('WorkDoc');
    view.unmount();
    view = await render(table('en'));
    await waitFor(() => view?.container.textContent?.includes('Work documents') || null);
  });

  it('offers the printable entities only, by their labels', async () => {
    let chosen: string | undefined;
    view = await render(
      <Providers api={api} registry={registry}>
        <FieldControl
          field={printLayout.fields.Entity_Name}
          value=""
          onChange={(v) => (chosen = v as string)}
        />
      </Providers>,
    );
    const input = await waitFor(() => view?.container.querySelector('.ant-select input'));
    await act(async () => {
      input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    const option = await waitFor(() =>
      [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === '任务单'),
    );
    const labels = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(labels).not.toContain('便条');
    await act(async () => (option as HTMLElement).click());
    expect(chosen).toBe('WorkDoc');
  });
});
