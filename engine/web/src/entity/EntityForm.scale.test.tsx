// @vitest-environment jsdom

/**
 * The form's work on a long line table, counted (never timed): a save judged every cell against the
 * whole record, n² rows judged for n lines (146 lines: about 50 s in Chromium). Counted here: zod
 * issues made (one bad row among n: each judging of that row makes a few) and line controls drawn.
 */

import { message, notification } from 'antd';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { initI18n } from '../i18n';
import { click, installDomStubs, type Rendered, render, type, waitFor } from '../test/dom';
import { type FakeCall, fakeServer, ok, Providers } from '../test/fixtures';
import { tallyEntity } from '../test/tally';
import { EntityForm } from './EntityForm';

const work = vi.hoisted(() => ({ controls: 0, issues: 0 }));
// every control drawn, through the one component the form draws them with
vi.mock('./controls', async (load) => {
  const real = await load<typeof import('./controls')>();
  const Counted = (props: Parameters<typeof real.FieldControl>[0]) => {
    work.controls++;
    return createElement(real.FieldControl, props);
  };
  return { ...real, FieldControl: Counted };
});

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
  z.config({
    customError: () => {
      work.issues++;
      return undefined;
    },
  });
});
let view: Rendered | undefined;
afterEach(() => view?.unmount());
afterAll(async () => {
  z.config({ customError: undefined });
  message.destroy();
  notification.destroy();
  await new Promise((r) => setTimeout(r, 200));
});

const tally = tallyEntity({ maxRows: 500 });

/** Wire rows as a fill answers them; row `bad` lacks its required quantity. */
const rows = (n: number, bad: number) =>
  Array.from({ length: n }, (_, i) => ({
    Gadget_ID: 100 + i,
    Gadget_Name: `G${i}`,
    Qty: i === bad ? '' : String(i + 1),
    Unit_Price: '2.5',
  }));
const BAD = 3;
const draft = { ID: 9, Version: 1, State: 1, Doc_Type: 4, Store_ID: 7, Lines: [] };
const input = (c: HTMLElement, row: number, col: string) =>
  c.querySelector(`[data-testid="lines-Lines-${row}-${col}"] input`) as HTMLInputElement | null;
const errorAt = (c: HTMLElement, row: number, col: string) =>
  c.querySelector(`[data-testid="lines-Lines-${row}-${col}"] .ant-form-item-explain-error`)?.textContent;

/** A stocktake of n filled lines, one bad: the work of typing in one cell, then of a save. */
async function fillTypeSave(n: number) {
  const srv = fakeServer((x: FakeCall) => (x.url.pathname === '/Tally/Fill' ? ok(rows(n, BAD)) : undefined));
  view = await render(
    <Providers api={srv.api}>
      <EntityForm def={tally} record={draft} />
    </Providers>,
  );
  const c = view.container;
  await click(c.querySelector('[data-testid="fill-Lines"]'));
  await waitFor(() => input(c, n - 1, 'Qty'), 30_000);
  work.controls = 0;
  work.issues = 0;
  await type(input(c, 10, 'Qty'), '77');
  await waitFor(() => input(c, 10, 'Amount')?.value === '192.50');
  const typing = { ...work };
  work.controls = 0;
  work.issues = 0;
  await click(c.querySelector('[data-testid="entity-form-save"]'));
  const shown = await waitFor(() => errorAt(c, BAD, 'Qty'), 30_000);
  const saving = { ...work };
  const sent = srv.calls.filter((x) => x.method === 'PUT').length;
  view.unmount();
  view = undefined;
  return { typing, saving, shown, sent };
}

describe('EntityForm, a long line table', () => {
  it('judges each cell by its own row and draws each control a bounded number of times', async () => {
    const small = await fillTypeSave(20);
    const large = await fillTypeSave(60);
    for (const r of [small, large]) {
      // the bad row's message under its cell, nothing sent
      expect(r.shown).toBe('必填');
      expect(r.sent).toBe(0);
    }
    // judging the whole record per cell made issues at the bad row once per cell of every row
    expect(large.saving.issues).toBe(small.saving.issues);
    expect(large.saving.issues).toBeLessThan(20);
    // a save draws each cell's control a few times (validating, judged), as many per row at any size
    expect(large.saving.controls / 60).toBeLessThanOrEqual(small.saving.controls / 20);
    // typing judges no other row and draws the typed cell and what follows it (amount, totals)
    expect(large.typing).toEqual(small.typing);
    expect(large.typing.issues).toBe(0);
    expect(large.typing.controls).toBeLessThan(10);
  });

  it('draws no row again when typing makes a loaded document dirty', async () => {
    const onDirty = vi.fn();
    const srv = fakeServer(() => undefined);
    // as the server answers it: amounts stored, so that typing changes only the typed row's
    const lines = rows(40, -1).map((r, i) => ({ ID: i + 1, ...r, Amount: ((i + 1) * 2.5).toFixed(2) }));
    const record = { ...draft, Lines: lines };
    view = await render(
      <Providers api={srv.api}>
        <EntityForm def={tally} record={record} onDirtyChange={onDirty} />
      </Providers>,
    );
    const c = view.container;
    work.controls = 0;
    await type(input(c, 5, 'Qty'), '9');
    expect(onDirty).toHaveBeenLastCalledWith(true);
    expect(input(c, 5, 'Amount')?.value).toBe('22.50');
    expect(work.controls).toBeLessThan(10);
  });
});
