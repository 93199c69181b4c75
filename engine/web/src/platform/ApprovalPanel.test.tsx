// @vitest-environment jsdom

import { decimal, defineEntity, text } from '@mes/model';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { click, installDomStubs, type Rendered, render, type, waitFor } from '../test/dom';
import { fakeServer, ok, Providers } from '../test/fixtures';
import { ApprovalPanel } from './ApprovalPanel';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(() => view?.unmount());

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

const rows = [
  { ID: 1, Doc_NO: 'D-1', Amount: '1234567.50', Remark: 'a', State: 1, Tag_Value: '3', Version: 1 },
  { ID: 2, Doc_NO: 'D-2', Amount: '0.75', Remark: 'b', State: 3, Tag_Value: null, Version: 1 },
];
const bodyText = () => document.body.textContent ?? '';
const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;

describe('the approval panel', () => {
  const history = [
    {
      ID: 1,
      Action: 'Approve',
      From_State: 1,
      To_State: 2,
      Level: 0,
      Rejected_Msg: null,
      Op_Time: '2025-01-02T03:04:05Z',
      Operator_Name: '张三',
      Next_User_Name: '李四',
    },
  ];
  const server = () =>
    fakeServer((c) => {
      const p = c.url.pathname;
      if (p === '/Doc/1/ApprovalHistory') return ok(history);
      if (p === '/ApprovalSetting/Approvers')
        return ok([
          { User_ID: 5, User_Name: '李四', Disabled: false },
          { User_ID: 6, User_Name: '王五', Disabled: true },
        ]);
      if (c.method === 'POST') return ok({ ...rows[0], State: 2 });
      return undefined;
    });

  it('needs a reason to reject and sends it; transfer offers only enabled users', async () => {
    const srv = server();
    view = await render(
      <Providers api={srv.api}>
        <ApprovalPanel def={doc} record={{ ...rows[0], State: 2, Next_User_Name: '我' }} />
      </Providers>,
    );
    await waitFor(() => byTestId('approval-history')?.textContent?.includes('李四'));
    expect(byTestId('approval-steps')?.querySelector('.ant-steps-item-process')?.textContent).toContain(
      '审批中',
    );
    await click(byTestId('approval-open'));
    const radios = await waitFor(() => [
      ...document.querySelectorAll('[data-testid="approval-choice"] input'),
    ]);
    await click(radios[2]);
    await click(byTestId('approval-submit'));
    await waitFor(() => bodyText().includes('请填写原因'));
    expect(srv.calls.some((x) => x.method === 'POST')).toBe(false);
    await type(await waitFor(() => byTestId('approval-reason')), '数量不对');
    await click(byTestId('approval-submit'));
    const post = await waitFor(() => srv.calls.find((x) => x.method === 'POST'));
    expect(post.url.pathname).toBe('/Doc/Rejected');
    expect(post.body).toEqual({ ID: 1, Rejected_Msg: '数量不对' });
    // one toast, in words, naming the document (issue 25)
    await waitFor(() => document.querySelector('.ant-message')?.textContent?.includes('已驳回 D-1'));
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(1);
  });

  it('transfers to the chosen next approver', async () => {
    const srv = server();
    view = await render(
      <Providers api={srv.api}>
        <ApprovalPanel def={doc} record={{ ...rows[0], State: 1 }} />
      </Providers>,
    );
    await click(await waitFor(() => byTestId('approval-open')));
    const radios = await waitFor(() => [
      ...document.querySelectorAll('[data-testid="approval-choice"] input'),
    ]);
    await click(radios[1]);
    const select = await waitFor(
      () => byTestId('approval-next-user')?.closest('.ant-select') ?? byTestId('approval-next-user'),
    );
    await act(async () => {
      (select as HTMLElement)
        .querySelector('.ant-select-selector, input')
        ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    const options = await waitFor(() => {
      const o = [...document.querySelectorAll('.ant-select-item-option')];
      return o.length === 2 ? o : null;
    });
    expect(options[1].className).toContain('disabled');
    await click(options[0]);
    await click(byTestId('approval-submit'));
    const post = await waitFor(() => srv.calls.find((x) => x.method === 'POST'));
    expect(post.url.pathname).toBe('/Doc/Approve');
    expect(post.body).toEqual({ ID: 1, Next_User_ID: 5 });
  });

  it('offers unapprove and close on an approved document, by the buttons held', async () => {
    const srv = server();
    view = await render(
      <Providers api={srv.api}>
        <ApprovalPanel def={doc} record={{ ...rows[0], State: 3 }} buttons={new Set(['close'])} />
      </Providers>,
    );
    await waitFor(() => byTestId('approval-complete'));
    expect(byTestId('approval-unapprove')).toBeNull();
    expect(byTestId('approval-open')).toBeNull();
  });

  it('offers the author 提交 of a multi-level draft, not 审核, and 撤回 once submitted (issue 25 bug 4)', async () => {
    let state = 1;
    const srv = fakeServer((c) => {
      const p = c.url.pathname;
      if (p === '/Doc/1/ApprovalHistory') return ok([]);
      if (p === '/Doc/1/ApprovalActions')
        return ok({ Actions: state === 1 ? ['Submit'] : ['Withdraw'], Levels: 2 });
      if (c.method === 'POST') {
        state = p === '/Doc/Submit' ? 2 : 1;
        return ok({ ...rows[0], State: state });
      }
      return undefined;
    });
    view = await render(
      <Providers api={srv.api}>
        <ApprovalPanel def={doc} record={{ ...rows[0], State: 1 }} />
      </Providers>,
    );
    await click(await waitFor(() => byTestId('approval-submit-doc')));
    expect(byTestId('approval-open')).toBeNull();
    const post = await waitFor(() => srv.calls.find((x) => x.method === 'POST'));
    expect(post.url.pathname).toBe('/Doc/Submit');
    expect(post.body).toEqual({ ID: 1 });
    view.unmount();
    view = await render(
      <Providers api={srv.api}>
        <ApprovalPanel def={doc} record={{ ...rows[0], State: 2, Version: 2 }} />
      </Providers>,
    );
    await click(await waitFor(() => byTestId('approval-withdraw')));
    await click(await waitFor(() => byTestId('approval-withdraw-confirm')));
    await waitFor(() => srv.calls.some((x) => x.url.pathname === '/Doc/Withdraw'));
    // a draft again, the server offers the submit again
    await waitFor(() => byTestId('approval-submit-doc'));
  });

  it('a refused approval toasts the server Message as it is, no status in front (issue 25 bug 5)', async () => {
    const short = '物料「巡检螺栓」在库位「A区1号货架」库存不足：需要 120，现有 100，缺少 20';
    const srv = fakeServer((c) => {
      if (c.url.pathname === '/Doc/1/ApprovalHistory') return ok([]);
      if (c.method === 'POST') return { status: 400, body: { Code: 1, Message: short, Data: null } };
      return undefined;
    });
    view = await render(
      <Providers api={srv.api}>
        <ApprovalPanel def={doc} record={{ ...rows[0], State: 1 }} />
      </Providers>,
    );
    await click(await waitFor(() => byTestId('approval-open')));
    await click(await waitFor(() => byTestId('approval-submit')));
    await waitFor(() => srv.toasts.length > 0);
    expect(srv.toasts).toEqual([short]);
    expect(byTestId('approval-submit')).not.toBeNull();
  });
});
