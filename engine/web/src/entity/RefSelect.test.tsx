// @vitest-environment jsdom

import { ref } from '@mes/model';
import { Form, type FormInstance, message, notification } from 'antd';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { installDomStubs, type Rendered, render, type, waitFor } from '../test/dom';
import { category, fakeServer, gadget, ok, Providers } from '../test/fixtures';
import { POPUP_MIN_WIDTH, RefSelect, refOptionLabel } from './RefSelect';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(() => view?.unmount());
afterAll(async () => {
  message.destroy();
  notification.destroy();
  await new Promise((r) => setTimeout(r, 200));
});

describe('a picker of an entity with its own lookup', () => {
  it('searches the lookup route with the typed keyword', async () => {
    const srv = fakeServer((c) =>
      c.url.pathname === '/Gadget/Search'
        ? ok([{ Gadget_ID: 7, Gadget_Name: `阀体${c.url.searchParams.get('KeyWord')}` }])
        : undefined,
    );
    view = await render(
      <Providers api={srv.api}>
        <RefSelect field={ref({ zh: '器件', en: 'Gadget' }, 'Gadget', 'Gadget_Name')} />
      </Providers>,
    );
    const input = view.container.querySelector('input') as HTMLInputElement;
    await act(async () => {
      input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await waitFor(() => srv.calls.find((c) => c.url.pathname === '/Gadget/Search'));
    await type(input, 'A1');
    const asked = await waitFor(() =>
      srv.calls.find(
        (c) => c.url.pathname === '/Gadget/Search' && c.url.searchParams.get('KeyWord') === 'A1',
      ),
    );
    expect(asked.url.searchParams.get('PageSize')).toBe('20');
    expect(srv.calls.some((c) => c.url.pathname === '/Gadget')).toBe(false);
    await waitFor(() => document.body.textContent?.includes('阀体A1'));
  });

  it('lists each record with its number and model, and shows code and name in the closed select', async () => {
    const rows = [
      { Gadget_ID: 31, Gadget_Number: 'RM-AL-0031', Gadget_Name: '铝棒', Gadget_Model: 'Φ20' },
      { Gadget_ID: 32, Gadget_Number: 'RM-AL-0032', Gadget_Name: '铝棒', Gadget_Model: 'Φ30' },
      { Gadget_ID: 40, Gadget_Number: 'RM-AL-0040', Gadget_Name: '铝板', Gadget_Model: null },
    ];
    const srv = fakeServer((c) => (c.url.pathname === '/Gadget/Search' ? ok(rows) : undefined));
    const picked: (number | null)[] = [];
    view = await render(
      <Providers api={srv.api}>
        <RefSelect
          field={ref({ zh: '器件', en: 'Gadget' }, 'Gadget', 'Gadget_Name')}
          onChange={(v) => picked.push(v)}
        />
      </Providers>,
    );
    const input = view.container.querySelector('input') as HTMLInputElement;
    await act(async () => {
      input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await type(input, '铝');
    await waitFor(() => document.body.textContent?.includes('RM-AL-0032 铝棒 Φ30'));
    const texts = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(texts).toEqual(['RM-AL-0031 铝棒 Φ20', 'RM-AL-0032 铝棒 Φ30', 'RM-AL-0040 铝板']);
    // in a narrow line column the list is still wide enough for code, name and model
    const popup = document.querySelector('.ant-select-dropdown') as HTMLElement;
    expect(popup.style.width || popup.style.minWidth).toBe(`${POPUP_MIN_WIDTH}px`);
    await act(async () => {
      (document.querySelectorAll('.ant-select-item-option')[1] as HTMLElement).click();
    });
    expect(picked).toEqual([32]);
    // the chosen record reads as code and name, as a saved one does
    const shown = view.container.querySelector('.ant-select-content, .ant-select-selection-item');
    expect(shown?.textContent).toBe('RM-AL-0032 铝棒');
  });
});

describe('a picker narrowed by another field (RefField.filterBy)', () => {
  it("asks only for the targets matching the form's value, and follows it when it changes", async () => {
    const srv = fakeServer((c) => (c.url.pathname === '/Gadget/Search' ? ok([]) : undefined));
    const field = ref({ zh: '器件', en: 'Gadget' }, 'Gadget', 'Gadget_Name', {
      filterBy: { field: 'Gadget_Model', by: 'Model' },
    });
    let form: FormInstance | undefined;
    function Holder() {
      const [f] = Form.useForm();
      form = f;
      return (
        <Form form={f} initialValues={{ Model: 'DN50' }}>
          <RefSelect field={field} />
        </Form>
      );
    }
    view = await render(
      <Providers api={srv.api}>
        <Holder />
      </Providers>,
    );
    const input = view.container.querySelector('input') as HTMLInputElement;
    await act(async () => {
      input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    const asked = await waitFor(() => srv.calls.find((c) => c.url.pathname === '/Gadget/Search'));
    expect(asked.url.searchParams.get('Gadget_Model')).toBe('DN50');
    await act(async () => form?.setFieldValue('Model', 'DN80'));
    await waitFor(() => srv.calls.find((c) => c.url.searchParams.get('Gadget_Model') === 'DN80'));
  });

  it('clears a choice made under another value of the field it is narrowed by', async () => {
    const srv = fakeServer(() => ok([]));
    const field = ref({ zh: '器件', en: 'Gadget' }, 'Gadget', 'Gadget_Name', {
      filterBy: { field: 'Gadget_Model', by: 'Model' },
    });
    let form: FormInstance | undefined;
    function Holder() {
      const [f] = Form.useForm();
      form = f;
      return (
        <Form form={f} initialValues={{ Model: 'DN50', Gadget_ID: 7 }}>
          <Form.Item name="Gadget_ID">
            <RefSelect field={field} initialLabel="阀体" />
          </Form.Item>
        </Form>
      );
    }
    view = await render(
      <Providers api={srv.api}>
        <Holder />
      </Providers>,
    );
    await waitFor(() => view?.container.textContent?.includes('阀体'));
    expect(form?.getFieldValue('Gadget_ID')).toBe(7);
    await act(async () => form?.setFieldValue('Model', 'DN80'));
    await waitFor(() => form?.getFieldValue('Gadget_ID') === null);
  });
});

describe('a picker narrowed by the record (lookupBy, issue 25 bug 4)', () => {
  it('asks its own route with the header value it depends on: approvers holding the menu grant', async () => {
    const srv = fakeServer((c) =>
      c.url.pathname === '/ApprovalSetting/Approvers'
        ? ok([{ Gadget_ID: 5, Gadget_Name: '陈静' }])
        : ok([{ Gadget_ID: 9, Gadget_Name: '无权限的人' }]),
    );
    const field = ref({ zh: '审批人', en: 'Approver' }, 'Gadget', 'Gadget_Name', {
      lookupBy: { path: '/ApprovalSetting/Approvers', params: { Menu_ID: 'Menu_ID' } },
    });
    view = await render(
      <Providers api={srv.api}>
        <Form initialValues={{ Menu_ID: 42 }}>
          <Form.Item name="Menu_ID" hidden>
            <input />
          </Form.Item>
          <RefSelect field={field} />
        </Form>
      </Providers>,
    );
    const input = view.container.querySelector('.ant-select input') as HTMLInputElement;
    await act(async () => {
      input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    const asked = await waitFor(() => srv.calls.find((c) => c.url.pathname === '/ApprovalSetting/Approvers'));
    expect(asked.url.searchParams.get('Menu_ID')).toBe('42');
    await waitFor(() => document.body.textContent?.includes('陈静'));
    expect(document.body.textContent).not.toContain('无权限的人');
    expect(srv.calls.some((c) => c.url.pathname.startsWith('/Gadget'))).toBe(false);
  });
});

describe('refOptionLabel', () => {
  it('puts the code first and the detail last, skipping what is empty or repeated', () => {
    const r = { Gadget_ID: 1, Gadget_Number: 'G-1', Gadget_Name: '阀体', Gadget_Model: 'DN50' };
    expect(refOptionLabel(gadget, 'Gadget_Name', r)).toBe('G-1 阀体 DN50');
    expect(refOptionLabel(gadget, 'Gadget_Name', { ...r, Gadget_Model: '' })).toBe('G-1 阀体');
    expect(refOptionLabel(gadget, 'Gadget_Number', r)).toBe('G-1 DN50');
  });
  it('is the display alone for an entity without a code', () => {
    expect(refOptionLabel(category, 'Category_Name', { Category_ID: 3, Category_Name: '紧固件' })).toBe(
      '紧固件',
    );
    expect(refOptionLabel(category, 'Category_Name', { Category_ID: 3 })).toBe('3');
  });
});
