// @vitest-environment jsdom

import { decimal, defineEntity, int, STATE, text } from '@mes/model';
import { message, notification } from 'antd';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EntityForm } from '../entity/EntityForm';
import { EntityFormDrawer } from '../entity/EntityFormDrawer';
import { EntityListPage } from '../entity/EntityListPage';
import { initI18n } from '../i18n';
import { click, installDomStubs, type Rendered, render, type, waitFor } from '../test/dom';
import { type FakeCall, fakeServer, ok, Providers } from '../test/fixtures';
import type { ColumnSetting, CustomField } from './api';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(() => view?.unmount());
afterAll(async function flushAntd() {
  message.destroy();
  notification.destroy();
  await new Promise((r) => setTimeout(r, 200));
});

/** A document with every platform feature, as a module would declare it. */
const doc = defineEntity({
  name: 'Doc',
  label: { zh: '单据', en: 'Document' },
  kind: 'document',
  fields: {
    Doc_NO: text({ zh: '单号', en: 'No.' }, { max: 20, required: true }),
    Amount: decimal({ zh: '金额', en: 'Amount' }, { precision: 14, scale: 2 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 50 }),
  },
  display: 'Doc_NO',
  list: { columns: ['Doc_NO', 'Amount'] },
  features: { tags: true, customFields: true, attachments: true, print: true, approval: true },
});

const setting = (name: string, ser: number, p: Partial<ColumnSetting> = {}): ColumnSetting => ({
  Column_Name: name,
  Describe: name,
  Is_Visible: true,
  Is_Fixed: false,
  Allow_Hide: true,
  Ser_NO: ser,
  Width: null,
  Text_Position: 'left',
  ...p,
});
const custom = (n: number, p: Partial<CustomField>): CustomField => ({
  ID: n,
  Menu_ID: 7,
  Table_Name: 'Doc',
  Column_Name: `Extension_Field${n}`,
  Describe: `F${n}`,
  Data_Type: 'string',
  Is_Column: false,
  Extend_Type: 1,
  Width: 1,
  Mandatory: false,
  Sort: `${n}-1`,
  enumOptionList: [],
  ...p,
});

const rows = [
  { ID: 1, Doc_NO: 'D-1', Amount: '1234567.50', Remark: 'a', State: 1, Tag_Value: '3', Version: 1 },
  { ID: 2, Doc_NO: 'D-2', Amount: '0.75', Remark: 'b', State: 3, Tag_Value: null, Version: 1 },
];
const headerTexts = (c: HTMLElement) =>
  [...c.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
const bodyText = () => document.body.textContent ?? '';
const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;

function listServer(extra: (c: FakeCall) => ReturnType<typeof ok> | undefined = () => undefined) {
  return fakeServer((c) => {
    const p = c.url.pathname;
    if (p === '/Doc') return ok(rows, { TotalCount: 2, Page: 1, PageSize: 20 });
    if (p === '/UserColumnInfo/GetCustom')
      return ok([
        setting('Amount', 1, { Describe: '总金额', Text_Position: 'right' }),
        setting('Doc_NO', 2, { Describe: '单号' }),
        setting('Remark', 3, { Is_Visible: false }),
      ]);
    if (p === '/TagInfo/GetMenuTag') return ok([{ ID: 3, Tag_Name: '加急', Tag_Color: '#f50', DtlList: [] }]);
    if (p === '/menuextend/GetMenuExtend') return ok([]);
    return extra(c);
  });
}

describe('the list with the platform switched on', () => {
  it('follows the saved column settings, shows tags and sums the numbers', async () => {
    const srv = listServer();
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={doc} menuId={7} userId={1} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => headerTexts(c).includes('总金额'));
    expect(headerTexts(c).slice(0, 4)).toEqual(['总金额', '单号', '标签', '状态']);
    expect(headerTexts(c)).not.toContain('备注');
    const q = srv.calls.find((x) => x.url.pathname === '/UserColumnInfo/GetCustom')?.url.searchParams;
    expect([q?.get('Menu_ID'), q?.get('Table_ID'), q?.get('User_ID')]).toEqual(['7', 'Doc', '1']);
    await waitFor(() => c.querySelector('tr[data-row-key="1"] .ant-tag'));
    expect(c.querySelector('tr[data-row-key="1"]')?.textContent).toContain('加急');
    expect(c.querySelector('[data-testid="sum-Amount"]')?.textContent).toBe('1,234,568.25');
    expect(c.querySelector('[data-testid="list-summary"]')?.textContent).toContain('合计');
    // a document with approval is deleted only as a draft (spec part 2 §4)
    expect(c.querySelector('[data-testid="entity-delete-1"]')).not.toBeNull();
    expect(c.querySelector('[data-testid="entity-delete-2"]')).toBeNull();
  });

  it('without all three keys it keeps the declared columns and asks nothing', async () => {
    const srv = listServer();
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={doc} />
      </Providers>,
    );
    await waitFor(() => headerTexts(view!.container).includes('金额'));
    expect(srv.calls.some((x) => x.url.pathname === '/UserColumnInfo/GetCustom')).toBe(false);
  });

  it('logs 表格配置参数错误！ when one key is missing and keeps the declared columns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const srv = listServer();
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={doc} menuId={7} />
      </Providers>,
    );
    await waitFor(() => headerTexts(view!.container).includes('金额'));
    expect(warn).toHaveBeenCalledWith('表格配置参数错误！', 'Doc');
    expect(srv.calls.some((x) => x.url.pathname === '/UserColumnInfo/GetCustom')).toBe(false);
    warn.mockRestore();
  });

  it('moves a column in the settings dialog and saves the renumbered list', async () => {
    const srv = listServer((c) => (c.method === 'PUT' ? ok([]) : undefined));
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={doc} menuId={7} userId={1} />
      </Providers>,
    );
    await click(await waitFor(() => byTestId('columns-gear')));
    await click(await waitFor(() => byTestId('columns-up')));
    await waitFor(() => bodyText().includes('请先选择要编辑的行'));
    const row = await waitFor(() =>
      document.querySelector('[data-testid="columns-table"] tr[data-row-key="Remark"] td:nth-child(3)'),
    );
    await click(row);
    await click(byTestId('columns-down'));
    await waitFor(() => bodyText().includes('已经是最后一行了'));
    await click(byTestId('columns-up'));
    await click(byTestId('columns-save'));
    const put = await waitFor(() => srv.calls.find((x) => x.method === 'PUT'));
    expect((put.body as ColumnSetting[]).map((r) => [r.Column_Name, r.Ser_NO])).toEqual([
      ['Amount', 1],
      ['Remark', 2],
      ['Doc_NO', 3],
    ]);
    expect(put.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ Menu_ID: 7, Table_ID: 'Doc', User_ID: 1 })]),
    );
    await waitFor(() => bodyText().includes('表格配置已保存'));
  });
});

describe('list print', () => {
  it('without a chosen row warns 请先选择需要打印的行 and asks nothing of the server', async () => {
    const srv = listServer();
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={doc} menuId={7} userId={1} />
      </Providers>,
    );
    await waitFor(() => view?.container.querySelector('tr[data-row-key="1"]'));
    await click(byTestId('entity-print'));
    await waitFor(() => bodyText().includes('请先选择需要打印的行'));
    expect(srv.calls.some((x) => x.url.pathname === '/Report/Viewer')).toBe(false);
  });
});

/** Figures that add up and figures that do not, as the stock ledger and the material declare them. */
const movement = defineEntity({
  name: 'Movement',
  label: { zh: '台账', en: 'Ledger' },
  kind: 'log',
  fields: {
    Doc_NO: text({ zh: '单号', en: 'No.' }, { max: 20 }),
    Line_NO: int({ zh: '行号', en: 'Line' }),
    Pieces: int({ zh: '件数', en: 'Pieces' }, { total: true }),
    Qty: decimal({ zh: '数量', en: 'Quantity' }, { precision: 18, scale: 4 }),
    Amount: decimal({ zh: '金额', en: 'Amount' }, { precision: 18, scale: 2 }),
    Balance_Qty: decimal({ zh: '结存数量', en: 'Balance' }, { precision: 18, scale: 4, total: false }),
  },
  display: 'Doc_NO',
});

describe('the 合计 row', () => {
  it('sums what the declarations say adds up, money with two decimals as in the cells', async () => {
    const srv = fakeServer((c) =>
      c.url.pathname === '/Movement'
        ? ok(
            [
              {
                ID: 1,
                Doc_NO: 'M-1',
                Line_NO: 1,
                Pieces: 2,
                Qty: '120.5',
                Amount: '13266.6',
                Balance_Qty: '120.5',
              },
              {
                ID: 2,
                Doc_NO: 'M-2',
                Line_NO: 2,
                Pieces: 3,
                Qty: '-20',
                Amount: '-71',
                Balance_Qty: '100.5',
              },
            ],
            { TotalCount: 2, Page: 1, PageSize: 20 },
          )
        : undefined,
    );
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={movement} />
      </Providers>,
    );
    const c = view.container;
    const sum = (k: string) => c.querySelector(`[data-testid="sum-${k}"]`)?.textContent ?? null;
    await waitFor(() => sum('Amount'));
    expect(sum('Amount')).toBe('13,195.60');
    expect(sum('Qty')).toBe('100.5');
    expect(sum('Pieces')).toBe('5');
    expect(sum('Balance_Qty')).toBeNull();
    expect(sum('Line_NO')).toBeNull();
    const cells = [...(c.querySelector('tr[data-row-key="2"]')?.querySelectorAll('td') ?? [])].map(
      (td) => td.textContent,
    );
    expect(cells).toContain('-71.00');
    expect(cells).toContain('-20');
    expect(c.querySelector('tr[data-row-key="1"]')?.textContent).toContain('13,266.60');
  });
});

describe('the form drawer of an approved document', () => {
  const server = () =>
    fakeServer((c) => {
      const p = c.url.pathname;
      if (p === '/Doc/2') return ok({ ...rows[1], Amount: '71' });
      if (p.endsWith('/ApprovalHistory')) return ok([]);
      return undefined;
    });
  const buttonText = (id: string) => byTestId(id)?.textContent?.replace(/\s/g, '');

  it('never labels its own button as the document close, and shows money as the list does', async () => {
    view = await render(
      <Providers api={server().api}>
        <EntityFormDrawer def={doc} open id={2} onClose={() => {}} />
      </Providers>,
    );
    await waitFor(() => byTestId('approval-complete'));
    // the title names the document by its number and says its state (issue 25)
    expect(document.querySelector('.ant-drawer-title')?.textContent).toBe('查看单据D-2已审核');
    expect(buttonText('approval-complete')).toBe('关闭');
    expect(buttonText('entity-form-cancel')).toBe('返回');
    const amount = document.querySelector('[data-testid="field-Amount"] input') as HTMLInputElement;
    expect(amount.value).toBe('71.00');
  });

  it('reads well in English: "View — <label>", Close for the document and Back for the drawer', async () => {
    initI18n('en');
    try {
      view = await render(
        <Providers api={server().api}>
          <EntityFormDrawer
            def={{ ...doc, label: { zh: '库存单据', en: 'Stock documents' } }}
            open
            id={2}
            onClose={() => {}}
          />
        </Providers>,
      );
      await waitFor(() => byTestId('approval-complete'));
      expect(document.querySelector('.ant-drawer-title')?.textContent).toBe(
        'View — Stock documentsD-2Approved',
      );
      expect(buttonText('approval-complete')).toBe('Close');
      expect(buttonText('entity-form-cancel')).toBe('Back');
    } finally {
      initI18n('zh');
    }
  });
});

describe('row selection', () => {
  it('deletes the selected rows in a batch after confirmation', async () => {
    const srv = listServer((c) => (c.method === 'DELETE' ? ok(null) : undefined));
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={doc} menuId={7} userId={1} />
      </Providers>,
    );
    const c = view.container;
    for (const id of [1, 2])
      await click(await waitFor(() => c.querySelector(`tr[data-row-key="${id}"] .ant-checkbox-input`)));
    await waitFor(() => byTestId('batch-bar')?.textContent?.includes('已选 2 条'));
    // D-2 is approved: not deleted, so the batch offers no delete while it is selected (issue 25 bug 12)
    expect(byTestId('batch-delete')).toBeNull();
    await click(c.querySelector('tr[data-row-key="2"] .ant-checkbox-input'));
    await waitFor(() => byTestId('batch-bar')?.textContent?.includes('已选 1 条'));
    await click(await waitFor(() => byTestId('batch-delete')));
    await click(await waitFor(() => byTestId('batch-delete-confirm')));
    await waitFor(() => srv.calls.filter((x) => x.method === 'DELETE').length === 1);
    expect(srv.calls.filter((x) => x.method === 'DELETE').map((x) => x.url.pathname)).toEqual(['/Doc/1']);
    await waitFor(() => bodyText().includes('已删除 1 条'));
  });
});

describe('custom fields on the form', () => {
  const configs = [
    custom(1, { Describe: '数量', Data_Type: 'int', Mandatory: true, Width: 2 }),
    custom(2, { Describe: '已确认', Data_Type: 'bit' }),
    custom(3, { Describe: '颜色', Data_Type: 'enum', enumOptionList: [{ ID: 1, Enum_Name: '红' }] }),
  ];

  it('renders them at quarter widths, checks mandatory in the browser and sends their text', async () => {
    const srv = fakeServer((c) => {
      if (c.url.pathname === '/menuextend/GetMenuExtend') return ok(configs);
      if (c.url.pathname === '/TagInfo/GetMenuTag' || c.url.pathname.includes('Approval')) return ok([]);
      if (c.url.pathname === '/Attachment') return ok([]);
      if (c.method === 'PUT') return ok({ ...rows[0], ...(c.body as object) });
      return undefined;
    });
    const record = { ...rows[0], Extension_Field1: null, Extension_Field2: 'TRUE', Extension_Field3: '蓝' };
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={doc} record={record} menuId={7} />
      </Providers>,
    );
    const c = view.container;
    const f1 = await waitFor(() => c.querySelector('[data-testid="field-Extension_Field1"]') as HTMLElement);
    // half the row from a small tablet up; one column on a phone
    expect(f1.className).toContain('ant-col-sm-12');
    expect(f1.className).toContain('ant-col-xs-24');
    // only the string true is true; a value not among the options is not shown
    expect(c.querySelector('[data-testid="field-Extension_Field2"] .ant-switch-checked')).toBeNull();
    const f3 = c.querySelector('[data-testid="field-Extension_Field3"]') as HTMLElement;
    expect(f3.textContent).toContain('颜色');
    expect(f3.textContent).not.toContain('蓝');
    await click(c.querySelector('[data-testid="entity-form-save"]'));
    await waitFor(() => f1.querySelector('.ant-form-item-explain-error'));
    expect(f1.textContent).toContain('不能为空');
    expect(srv.calls.some((x) => x.method === 'PUT')).toBe(false);
    await type(f1.querySelector('input'), '12');
    await click(c.querySelector('[data-testid="field-Extension_Field2"] .ant-switch'));
    await click(c.querySelector('[data-testid="entity-form-save"]'));
    const put = await waitFor(() => srv.calls.find((x) => x.method === 'PUT'));
    expect(put.body).toMatchObject({ ID: 1, Extension_Field1: '12', Extension_Field2: 'true' });
  });
});

describe('an enum bound to one of our lists', () => {
  it('reads its options from Bind_Url with the list filters and keeps only a stored value among them', async () => {
    const bound = custom(1, {
      Describe: '包装单位',
      Data_Type: 'enum',
      Bind_Url: '/Unit?Disabled=false',
      Bind_Text: 'Unit_Name',
      Bind_Value: 'Unit_ID',
    });
    const srv = fakeServer((c) => {
      const p = c.url.pathname;
      if (p === '/menuextend/GetMenuExtend') return ok([bound]);
      if (p === '/Unit')
        return ok([
          { Unit_ID: 1, Unit_Name: '箱' },
          { Unit_ID: 2, Unit_Name: '托' },
        ]);
      if (p === '/TagInfo/GetMenuTag' || p === '/Attachment' || p.includes('Approval')) return ok([]);
      if (c.method === 'PUT') return ok({ ...rows[0], ...(c.body as object) });
      return undefined;
    });
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={doc} record={{ ...rows[0], Extension_Field1: '托' }} menuId={7} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => srv.calls.some((x) => x.url.pathname === '/Unit'));
    const unitCall = srv.calls.find((x) => x.url.pathname === '/Unit');
    expect(unitCall?.url.searchParams.get('Disabled')).toBe('false');
    expect(unitCall?.url.searchParams.get('PageSize')).toBe('500');
    const shown = () =>
      c.querySelector('[data-testid="field-Extension_Field1"] .ant-select-content')?.getAttribute('title');
    await waitFor(() => shown() === '托');
    await act(async () => {
      c.querySelector('[data-testid="bound-Extension_Field1"]')?.dispatchEvent(
        new MouseEvent('mousedown', { bubbles: true }),
      );
    });
    const options = await waitFor(() => {
      const o = [...document.querySelectorAll('.ant-select-item-option')].map((x) => x.textContent);
      return o.length ? o : null;
    });
    expect(options).toEqual(['箱', '托']);
    await click(
      [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (o) => o.textContent === '箱',
      ),
    );
    await waitFor(() => shown() === '箱');
  });

  it('clears a stored value that is not among the loaded options', async () => {
    const srv = fakeServer((c) => {
      const p = c.url.pathname;
      if (p === '/menuextend/GetMenuExtend')
        return ok([custom(1, { Data_Type: 'enum', Bind_Url: '/Unit', Bind_Text: 'Unit_Name' })]);
      if (p === '/Unit') return ok([{ Unit_ID: 1, Unit_Name: '箱' }]);
      if (p === '/TagInfo/GetMenuTag' || p === '/Attachment' || p.includes('Approval')) return ok([]);
      return undefined;
    });
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={doc} record={{ ...rows[0], Extension_Field1: '桶' }} menuId={7} />
      </Providers>,
    );
    const c = view.container;
    await waitFor(() => c.querySelector('[data-testid="bound-Extension_Field1"]'));
    await waitFor(() => srv.calls.some((x) => x.url.pathname === '/Unit'));
    await waitFor(
      () => !c.querySelector('[data-testid="field-Extension_Field1"] .ant-select-content[title]'),
    );
  });
});

describe('features come from the flags alone', () => {
  const plain = { ...doc, name: 'Plain', kind: 'master' as const, features: {} };
  const server = () =>
    fakeServer((c) => {
      const p = c.url.pathname;
      if (p === '/menuextend/GetMenuExtend' || p === '/TagInfo/GetMenuTag' || p === '/Attachment')
        return ok([]);
      if (p.endsWith('/ApprovalHistory')) return ok([]);
      return undefined;
    });

  it('a form with every flag has attachments, print, tags, custom fields and approval', async () => {
    const srv = server();
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={doc} record={{ ...rows[1] }} menuId={7} />
      </Providers>,
    );
    await waitFor(() => byTestId('approval-panel'));
    for (const id of [
      'attachments-open',
      'print-button',
      'form-custom-config',
      'form-set-tags',
      'approval-steps',
    ])
      expect(byTestId(id), id).not.toBeNull();
  });

  it('offers the custom-field configuration only with its own grant, not with edit', async () => {
    const srv = server();
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={doc} record={{ ...rows[1] }} menuId={7} buttons={new Set(['edit'])} />
      </Providers>,
    );
    await waitFor(() => byTestId('attachments-open'));
    expect(byTestId('form-custom-config')).toBeNull();
    view.unmount();
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={doc} record={{ ...rows[1] }} menuId={7} buttons={new Set(['edit', 'config'])} />
      </Providers>,
    );
    await waitFor(() => byTestId('form-custom-config'));
  });

  it('the same form without flags has none of them and asks nothing of the platform', async () => {
    const srv = server();
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={plain} record={{ ...rows[1] }} menuId={7} />
      </Providers>,
    );
    await waitFor(() => byTestId('entity-form-Plain'));
    for (const id of [
      'attachments-open',
      'print-button',
      'form-custom-config',
      'form-set-tags',
      'approval-panel',
    ])
      expect(byTestId(id), id).toBeNull();
    expect(srv.calls).toEqual([]);
  });

  it('a draft document with approval prints (marked 草稿 by the server), a void one does not (issue 25)', async () => {
    const srv = server();
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={doc} record={{ ...rows[0], State: STATE.DRAFT }} menuId={7} />
      </Providers>,
    );
    await waitFor(() => byTestId('approval-panel'));
    expect(byTestId('print-button')).not.toBeNull();
    view.unmount();
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={doc} record={{ ...rows[0], State: STATE.VOID }} menuId={7} />
      </Providers>,
    );
    await waitFor(() => byTestId('approval-panel'));
    expect(byTestId('print-button')).toBeNull();
  });
});

describe('the custom field dialog', () => {
  it('stops at six fields and saves the rest with Sort renumbered, deletions held until save', async () => {
    const six = [1, 2, 3, 4, 5, 6].map((n) => custom(n, {}));
    const srv = fakeServer((c) => {
      const p = c.url.pathname;
      if (p === '/menuextend/GetMenuExtend') return ok(six);
      if (p === '/MenuExtend/BatchUpdate') return ok(c.body);
      if (p === '/Doc') return ok(rows, { TotalCount: 2, Page: 1, PageSize: 20 });
      if (p === '/UserColumnInfo/GetCustom') return ok([setting('Doc_NO', 1)]);
      if (p === '/TagInfo/GetMenuTag') return ok([]);
      return undefined;
    });
    view = await render(
      <Providers api={srv.api}>
        <EntityListPage def={doc} menuId={7} userId={1} />
      </Providers>,
    );
    await click(await waitFor(() => byTestId('columns-gear')));
    await click(await waitFor(() => byTestId('columns-custom')));
    await waitFor(() => byTestId('custom-remove-Extension_Field6'));
    await click(byTestId('custom-add'));
    await waitFor(() => bodyText().includes('最多只能添加6个自定义字段'));
    await click(byTestId('custom-remove-Extension_Field2'));
    // nothing is deleted before save
    expect(srv.calls.some((x) => x.method === 'DELETE')).toBe(false);
    await click(byTestId('custom-save'));
    const put = await waitFor(() => srv.calls.find((x) => x.url.pathname === '/MenuExtend/BatchUpdate'));
    const list = put.body as CustomField[];
    expect(list.map((x) => [x.Column_Name, x.Sort, x.Extend_Type])).toEqual([
      ['Extension_Field1', '1-1', 2],
      ['Extension_Field3', '2-1', 2],
      ['Extension_Field4', '3-1', 2],
      ['Extension_Field5', '4-1', 2],
      ['Extension_Field6', '5-1', 2],
    ]);
    await waitFor(() => bodyText().includes('其他用户需重新登录'));
  });
});
