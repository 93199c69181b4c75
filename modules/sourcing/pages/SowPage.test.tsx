// @vitest-environment jsdom
import { fakeServer, ok, Providers } from '@mes/engine-web/fixtures';
import { initI18n } from '@mes/engine-web/i18n';
import { installDomStubs, type Rendered, render, waitFor } from '@mes/engine-web/testing';
import { masterdataModule } from '@mes/masterdata';
import { engineModule, Registry } from '@mes/model';
import { systemModule } from '@mes/system';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sourcingModule } from '../index';
import { SOW_STATUS } from '../logic/status';
import { bidButtons } from './BidEvaluationPage';
import { listButtons, SowPage } from './SowPage';

const registry = new Registry([engineModule, systemModule, masterdataModule, sourcingModule]);

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const sowRow = (id: number, status: number) => ({
  Sow_ID: id,
  Sow_NO: `SOW2026000${id}`,
  Project_Name: `p${id}`,
  Sow_Status: status,
  State: status === SOW_STATUS.DRAFT ? 1 : 3,
  Version: 1,
});

describe('sourcing pages offer only what the state allows (issue 25, bug 12)', () => {
  it('删除 only on a draft SOW, not on a released one', async () => {
    const { api } = fakeServer(({ url }) =>
      url.pathname === '/Sow'
        ? ok([sowRow(1, SOW_STATUS.DRAFT), sowRow(2, SOW_STATUS.QUOTING)], {
            TotalCount: 2,
            Page: 1,
            PageSize: 20,
          })
        : ok(null),
    );
    const meta = {
      path: '/SRM/sow',
      title: { zh: 'SOW', en: 'SOW' },
      buttons: ['add', 'edit', 'delete', 'export', 'close'],
    };
    view = await render(
      <MemoryRouter>
        <Providers api={api} registry={registry}>
          <SowPage meta={meta} />
        </Providers>
      </MemoryRouter>,
    );
    await waitFor(() => view!.container.querySelector('[data-testid="sow-release-1"]'));
    expect(view.container.querySelector('[data-testid="entity-delete-1"]')).not.toBeNull();
    expect(view.container.querySelector('[data-testid="sow-compare-2"]')).not.toBeNull();
    expect(view.container.querySelector('[data-testid="entity-delete-2"]')).toBeNull();
  });

  it('without the delete grant no row offers 删除; a bid evaluation never offers 反审核', () => {
    expect([...listButtons(['add', 'edit', 'delete'])]).toEqual(['add', 'edit']);
    expect(listButtons(undefined).has('delete')).toBe(false);
    const b = bidButtons(['add', 'edit', 'delete', 'approve', 'unapprove', 'reject']);
    expect(b.has('unapprove')).toBe(false);
    expect(b.has('add')).toBe(false);
    expect(b.has('approve')).toBe(true);
  });
});
