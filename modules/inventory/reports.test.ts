import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { addDecimal, compareDecimal } from '@mes/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_DOC_TYPE as T } from './stockDoc.entity';
import { post, stockFixture } from './testkit.server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => t?.close());

type Row = Record<string, string | number | null>;

describe('inventory reports on the demo year', () => {
  it('the demo has a year of approved stock documents and drafts to approve', async () => {
    const approved = await t.call<Row[]>('GET', '/StockDoc?State=3&PageSize=1');
    expect(approved.body.Paging?.TotalCount).toBeGreaterThan(25);
    const drafts = await t.call<Row[]>('GET', '/StockDoc?State=1&PageSize=1');
    expect(drafts.body.Paging?.TotalCount).toBeGreaterThan(0);
    const ledger = await t.call<Row[]>('GET', '/StockLedger?PageSize=1');
    expect(ledger.body.Paging?.TotalCount).toBeGreaterThan(150);
  });

  it('stock by material agrees with the balances', async () => {
    const by = await t.call<Row[]>('GET', '/StockReport/ByMaterial?PageSize=500');
    expect(by.body.Data.length).toBeGreaterThan(10);
    const first = by.body.Data[0];
    const bal = await t.call<Row[]>('GET', `/StockBalance?Material_ID=${first.Material_ID}&PageSize=500`);
    const sum = bal.body.Data.reduce((s, r) => addDecimal(s, String(r.Qty)), '0');
    expect(compareDecimal(sum, String(first.Qty))).toBe(0);
  });

  it('inventory age brackets add up to the stock and span the year', async () => {
    const age = await t.call<Row[]>('GET', '/StockReport/Age?PageSize=500');
    expect(age.body.Data.length).toBeGreaterThan(5);
    const brackets = new Set<number>();
    for (const r of age.body.Data) {
      let s = '0';
      let value = '0';
      for (let i = 1; i <= 5; i++) {
        if (r[`Qty_${i}`] !== null) brackets.add(i);
        // a bracket has a value exactly when it has a quantity, and the values add up to the row's
        expect(r[`Amount_${i}`] === null, `Amount_${i}`).toBe(r[`Qty_${i}`] === null);
        expect(compareDecimal(String(r[`Amount_${i}`] ?? '0'), '0')).toBeGreaterThanOrEqual(0);
        s = addDecimal(s, String(r[`Qty_${i}`] ?? '0'));
        value = addDecimal(value, String(r[`Amount_${i}`] ?? '0'));
      }
      expect(compareDecimal(s, String(r.Qty))).toBe(0);
      expect(compareDecimal(value, String(r.Amount)), `material ${r.Material_ID}`).toBe(0);
    }
    expect(brackets.size).toBeGreaterThanOrEqual(4);
  });

  it('inventory age values each bracket: FIFO at its layers’ cost, moving average at the average', async () => {
    const f = await stockFixture(t);
    for (const m of [f.fifo, f.avg]) {
      const line = { Material_ID: m, Location_ID: f.locA, Qty: '5' };
      await post(t, T.RECEIPT, [{ ...line, Unit_Price: '1' }], { Doc_Date: '2026-01-01' });
      await post(t, T.RECEIPT, [{ ...line, Unit_Price: '3' }], { Doc_Date: '2026-05-01' });
    }
    const r = await t.call<Row[]>('GET', '/StockReport/Age?As_Of=2026-05-20&PageSize=500');
    const of = (id: number) => {
      const row = r.body.Data.find((x) => Number(x.Material_ID) === id) as Row;
      const n = (k: string) => (row[k] === null ? null : Number(row[k]));
      return [n('Qty'), n('Amount'), ...[1, 2, 3, 4, 5].flatMap((i) => [n(`Qty_${i}`), n(`Amount_${i}`)])];
    };
    // received 139 and 19 days before: 5 at 1 in 91–180 days, 5 at 3 in 0–30 days
    expect(of(f.fifo)).toEqual([10, 20, 5, 15, null, null, null, null, 5, 5, null, null]);
    // under moving average every unit is worth the average, 2
    expect(of(f.avg)).toEqual([10, 20, 5, 10, null, null, null, null, 5, 10, null, null]);
  });

  it('ledger, balances, stock by material and inventory age agree for every material, to the cent', async () => {
    const all = async (path: string) => {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const r = await t.call<Row[]>(
          'GET',
          `${path}${path.includes('?') ? '&' : '?'}PageSize=500&Page=${page}`,
        );
        expect(r.body.Code, `${path}: ${r.body.Message}`).toBe(0);
        rows.push(...r.body.Data);
        if (rows.length >= (r.body.Paging?.TotalCount ?? 0) || !r.body.Data.length) return rows;
      }
    };
    const sums = (rows: Row[]) => {
      const m = new Map<number, { qty: string; amount: string }>();
      for (const r of rows) {
        const k = Number(r.Material_ID);
        const cur = m.get(k) ?? { qty: '0', amount: '0' };
        m.set(k, {
          qty: addDecimal(cur.qty, String(r.Qty)),
          amount: addDecimal(cur.amount, String(r.Amount)),
        });
      }
      return m;
    };
    const ledger = sums(await all('/StockLedger'));
    const balances = sums(await all('/StockBalance'));
    const byMaterial = sums(await all('/StockReport/ByMaterial'));
    const age = sums(await all('/StockReport/Age'));
    const cents = (v: string | undefined) => Math.round(Number(v ?? '0') * 100);
    let compared = 0;
    for (const [id, l] of ledger) {
      const b = balances.get(id) ?? { qty: '0', amount: '0' };
      expect(compareDecimal(l.qty, b.qty), `material ${id}: ledger and balance quantity`).toBe(0);
      expect(cents(l.amount), `material ${id}: ledger and balance value`).toBe(cents(b.amount));
      if (compareDecimal(b.qty, '0') <= 0) continue;
      const r = byMaterial.get(id);
      const a = age.get(id);
      expect(compareDecimal(r?.qty ?? '0', b.qty), `material ${id}: stock by material`).toBe(0);
      expect(cents(r?.amount), `material ${id}: stock by material value`).toBe(cents(b.amount));
      expect(compareDecimal(a?.qty ?? '0', b.qty), `material ${id}: inventory age`).toBe(0);
      expect(cents(a?.amount), `material ${id}: inventory age value`).toBe(cents(b.amount));
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('lists slow-moving stock and stock below the safety level', async () => {
    const slow = await t.call<Row[]>('GET', '/StockReport/SlowMoving?Days=60');
    expect(slow.body.Code).toBe(0);
    for (const r of slow.body.Data) expect(Number(r.Idle_Days)).toBeGreaterThan(60);
    const low = await t.call<Row[]>('GET', '/StockReport/BelowSafety?PageSize=500');
    expect(low.body.Data.length).toBeGreaterThan(0);
    for (const r of low.body.Data)
      expect(compareDecimal(String(r.Qty), String(r.Safety_Stock))).toBeLessThan(0);
  });

  it('refuses bad parameters and users without the page', async () => {
    for (const q of ['Days=0', 'Days=abc', 'PageSize=100000', 'Warehouse_ID=-1', 'As_Of=yesterday']) {
      const path = q.startsWith('As_Of') ? '/StockReport/Age' : '/StockReport/SlowMoving';
      const r = await t.call('GET', `${path}?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.Code).not.toBe(0);
    }
    const supplier = await t.login('supplier1', 'supplier123');
    for (const p of [
      '/StockReport/ByMaterial',
      '/StockReport/Age',
      '/StockLedger',
      '/StockBalance',
      '/StockDoc',
    ])
      expect((await t.call('GET', p, undefined, { authorization: `Bearer ${supplier}` })).status, p).toBe(
        403,
      );
  });
});
