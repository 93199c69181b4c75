// @vitest-environment jsdom
import { fakeServer, ok, Providers } from '@mes/engine-web/fixtures';
import { initI18n, setLanguage } from '@mes/engine-web/i18n';
import { installDomStubs, type Rendered, render, waitFor } from '@mes/engine-web/testing';
import { masterdataModule } from '@mes/masterdata';
import { engineModule, Registry } from '@mes/model';
import { systemModule } from '@mes/system';
import { act, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sourcingModule } from '../index';
import { PortalPage } from './PortalPage';

const registry = new Registry([engineModule, systemModule, masterdataModule, sourcingModule]);

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

/** A server answering GetLoginInfo as the given kind of user, and the portal's list; paths kept. */
function serve(uType: number) {
  const { calls, api } = fakeServer(({ url }) =>
    url.pathname === '/Base/GetLoginInfo'
      ? ok({ User_ID: 5, U_Type: uType })
      : url.pathname === '/SRM/Portal/Offers'
        ? ok([
            { Offer_ID: 1, Sow_NO: 'SOW-1', Round_NO: 1, End_Time: '2026-12-01T00:00:00Z', Editable: true },
          ])
        : ok(null),
  );
  const wrap = (ui: ReactNode) => (
    <Providers api={api} registry={registry}>
      {ui}
    </Providers>
  );
  return { paths: () => calls.map((c) => c.url.pathname), wrap };
}

const meta = { path: '/SRM/portal/quotation', title: { zh: '我的报价', en: 'My quotations' } };

describe('我的报价 (supplier portal page)', () => {
  it('tells a staff user (an administrator) what the page is for, without calling the portal API', async () => {
    const { paths, wrap } = serve(1);
    view = await render(wrap(<PortalPage meta={meta} />));
    const staff = await waitFor(() => view!.container.querySelector('[data-testid="srm-portal-staff"]'));
    expect(staff.textContent).toContain('此页面供供应商门户账号使用');
    expect(staff.textContent).toContain('您当前登录的不是供应商账号');
    await act(() => setLanguage('en'));
    expect(staff.textContent).toContain('This page is for supplier portal accounts');
    expect(paths()).toEqual(['/Base/GetLoginInfo']);
  });

  it("lists a supplier account's requests for quotation", async () => {
    const { paths, wrap } = serve(2);
    view = await render(wrap(<PortalPage meta={meta} />));
    await waitFor(() => view!.container.querySelector('[data-testid="portal-open-SOW-1-1"]'));
    expect(view.container.querySelector('[data-testid="srm-portal-staff"]')).toBeNull();
    expect(paths()).toContain('/SRM/Portal/Offers');
  });
});
