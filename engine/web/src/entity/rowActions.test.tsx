// @vitest-environment jsdom

import { defineEntity, text } from '@mes/model';
import { Table } from 'antd';
import type { TFunction } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { click, installDomStubs, type Rendered, render } from '../test/dom';
import { widget } from '../test/fixtures';
import type { Row } from './format';
import { actionsColumn, type RowActionsOptions } from './rowActions';

let t: TFunction;
beforeAll(() => {
  installDomStubs();
  t = initI18n('zh').t;
});
let view: Rendered | undefined;
afterEach(() => view?.unmount());

const rows: Row[] = [{ ID: 1, Code: 'W-1' }];

async function table(o: Partial<RowActionsOptions>, data: Row[] = rows) {
  const opened: [number, boolean][] = [];
  const column = actionsColumn({
    def: widget,
    t,
    canEdit: true,
    mayDelete: true,
    readOnlyEntity: false,
    onOpen: (id, readOnly) => opened.push([id, readOnly]),
    onDelete: () => {},
    ...o,
  });
  view = await render(<Table<Row> rowKey="ID" columns={[column]} dataSource={data} pagination={false} />);
  return { c: view.container, opened };
}

describe('the row actions column', () => {
  it('offers edit and delete to a user who may, and opens the row for editing', async () => {
    const { c, opened } = await table({});
    expect(c.querySelector('[data-testid="entity-delete-1"]')).not.toBeNull();
    await click(c.querySelector('[data-testid="entity-edit-1"]'));
    expect(opened).toEqual([[1, false]]);
  });

  it('only views a row the user may neither edit nor delete, with the page’s own buttons after', async () => {
    const { c, opened } = await table({
      canEdit: false,
      mayDelete: false,
      readOnlyEntity: true,
      extra: (r) => <span data-testid="own">{String(r.Code)}</span>,
    });
    expect(c.querySelector('[data-testid="entity-edit-1"]')).toBeNull();
    expect(c.querySelector('[data-testid="own"]')?.textContent).toBe('W-1');
    await click(c.querySelector('[data-testid="entity-view-1"]'));
    expect(opened).toEqual([[1, true]]);
  });
});

describe('delete follows the state rule the server checks (issue 25 bug 12)', () => {
  /** a document without the approval feature (a SOW released by its own action) */
  const released = defineEntity({
    name: 'Released',
    label: { zh: '发布单', en: 'Release' },
    kind: 'document',
    fields: { Code: text({ zh: '编号', en: 'Code' }) },
    display: 'Code',
  });
  /** master data whose low ids are reserved (system parameters) */
  const parameter = defineEntity({
    name: 'Param',
    label: { zh: '参数', en: 'Parameter' },
    kind: 'master',
    fields: { Code: text({ zh: '编号', en: 'Code' }) },
    display: 'Code',
    allows: { delete: (r) => Number(r.ID) >= 1000 },
  });

  it('offers delete on a draft document only, approval feature or not', async () => {
    const { c } = await table({ def: released }, [
      { ID: 1, Code: 'R-1', State: 1 },
      { ID: 2, Code: 'R-2', State: 3 },
    ]);
    expect(c.querySelector('[data-testid="entity-delete-1"]')).not.toBeNull();
    expect(c.querySelector('[data-testid="entity-delete-2"]')).toBeNull();
    expect(c.querySelector('[data-testid="entity-edit-2"]')).not.toBeNull();
  });

  it('hides delete where the entity’s declared rule refuses it', async () => {
    const { c } = await table({ def: parameter }, [
      { ID: 7, Code: 'P-7' },
      { ID: 1001, Code: 'P-1001' },
    ]);
    expect(c.querySelector('[data-testid="entity-delete-7"]')).toBeNull();
    expect(c.querySelector('[data-testid="entity-delete-1001"]')).not.toBeNull();
  });
});
