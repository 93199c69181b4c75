import { addDecimal, compareDecimal, subDecimal } from '@mes/model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Movement, type Plan, planPosting, Shortage, UsedLater } from './posting';
import { type Original, planReversal } from './reversal';
import {
  type Balance,
  balanceKey,
  fifoOrder,
  type Layer,
  layerKey,
  type MaterialInfo,
  type Pool,
  type StockState,
} from './state';

const MATERIALS: MaterialInfo[] = [
  { id: 1, name: 'avg', valuation: 1, fallbackCost: '1' },
  { id: 2, name: 'fifo', valuation: 2, fallbackCost: '0' },
];

/** What the database holds, kept the way writePlan writes it: ids given out, negative ids replaced. */
class Store {
  ledger: (Original & { docId: number })[] = [];
  layers = new Map<number, Layer>();
  uses: { ledgerId: number; layerId: number; qty: string }[] = [];
  balances = new Map<string, Balance>();
  pools = new Map<number, Pool>();
  private id = 0;

  /**
   * With `needs` (what each material takes out at each location, by layerKey), as a posting loads
   * it: of the open layers there only the oldest (by date, then id) that cover the need, the stock
   * in the others summed in layerRest.
   */
  state(needs?: Map<string, string>): StockState {
    const layers = new Map<string, Layer[]>();
    const layerRest = new Map<string, string>();
    const before = new Map<string, string>();
    for (const l of [...this.layers.values()].sort(fifoOrder)) {
      const key = layerKey(l.materialId, l.locationId);
      if (needs) {
        if (compareDecimal(l.qtyLeft, '0') === 0) continue;
        const cum = before.get(key) ?? '0';
        before.set(key, addDecimal(cum, l.qtyLeft));
        if (compareDecimal(cum, needs.get(key) ?? '0') >= 0) {
          layerRest.set(key, addDecimal(layerRest.get(key) ?? '0', l.qtyLeft));
          continue;
        }
      }
      const list = layers.get(key) ?? [];
      list.push(structuredClone(l));
      layers.set(key, list);
    }
    return {
      materials: new Map(MATERIALS.map((m) => [m.id, m])),
      pools: structuredClone(this.pools),
      balances: structuredClone(this.balances),
      layers,
      ...(needs ? { layerRest } : {}),
    };
  }

  commit(plan: Plan, docId: number) {
    const ids = plan.ledger.map(() => ++this.id);
    plan.ledger.forEach((r, i) => {
      this.ledger.push({ ...r, id: ids[i], docId, layers: [], uses: [] });
    });
    const layerIds = new Map<number, number>();
    for (const l of plan.newLayers) {
      const id = ++this.id;
      layerIds.set(l.id, id);
      this.layers.set(id, { ...l, id, ledgerRef: ids[l.ledgerRef] });
    }
    for (const l of plan.changedLayers) if (l.id > 0) this.layers.set(l.id, { ...l });
    for (const u of plan.uses)
      this.uses.push({
        ledgerId: ids[u.ledgerIndex],
        layerId: u.layerId > 0 ? u.layerId : (layerIds.get(u.layerId) as number),
        qty: u.qty,
      });
    for (const b of plan.balances)
      this.balances.set(balanceKey(b.materialId, b.locationId, b.batchNo), { ...b });
    for (const [id, p] of plan.pools) this.pools.set(id, { ...p });
  }

  originals(state: StockState, docId: number): Original[] {
    const reversed = new Set(this.ledger.map((r) => r.reversalOf));
    return this.ledger
      .filter((r) => r.docId === docId && r.reversalOf === null && !reversed.has(r.id))
      .map((r) => ({
        ...r,
        layers: (state.layers.get(layerKey(r.materialId, r.locationId)) ?? []).filter(
          (l) => l.ledgerRef === r.id,
        ),
        uses: this.uses.filter((u) => u.ledgerId === r.id).map((u) => ({ layerId: u.layerId, qty: u.qty })),
      }));
  }
}

function checkInvariants(store: Store, allowNegative: boolean) {
  const sums = new Map<string, string>();
  const values = new Map<string, string>();
  for (const r of store.ledger) {
    const k = balanceKey(r.materialId, r.locationId, r.batchNo);
    sums.set(k, addDecimal(sums.get(k) ?? '0', r.qty));
    values.set(k, addDecimal(values.get(k) ?? '0', r.amount));
    // each row carries the running quantity and value of its balance
    expect(compareDecimal(r.balanceQty, sums.get(k) as string), `${k} running qty`).toBe(0);
    expect(compareDecimal(r.balanceAmount, values.get(k) as string), `${k} running value`).toBe(0);
  }
  for (const [k, b] of store.balances) {
    expect(compareDecimal(sums.get(k) ?? '0', b.qty), k).toBe(0);
    if (!allowNegative) expect(compareDecimal(b.qty, '0')).toBeGreaterThanOrEqual(0);
  }
  for (const m of MATERIALS) {
    const pool = store.pools.get(m.id) ?? { qty: '0', amount: '0', lastCost: '0' };
    let qty = '0';
    let amount = '0';
    for (const b of store.balances.values())
      if (b.materialId === m.id) {
        qty = addDecimal(qty, b.qty);
        amount = addDecimal(amount, b.amount);
      }
    expect(compareDecimal(qty, pool.qty)).toBe(0);
    expect(compareDecimal(amount, pool.amount)).toBe(0);
  }
  // a location's layers add up to its stock (none when it is short), never below zero; its value
  // is never below zero while it has stock
  const at = new Map<string, { qty: string; amount: string }>();
  for (const b of store.balances.values()) {
    const k = layerKey(b.materialId, b.locationId);
    const a = at.get(k) ?? { qty: '0', amount: '0' };
    at.set(k, { qty: addDecimal(a.qty, b.qty), amount: addDecimal(a.amount, b.amount) });
    if (!allowNegative && compareDecimal(b.qty, '0') > 0)
      expect(compareDecimal(b.amount, '0'), `${k} value`).toBeGreaterThanOrEqual(0);
  }
  const layers = new Map<string, string>();
  for (const l of store.layers.values()) {
    expect(compareDecimal(l.qtyLeft, '0')).toBeGreaterThanOrEqual(0);
    const k = layerKey(l.materialId, l.locationId);
    layers.set(k, addDecimal(layers.get(k) ?? '0', l.qtyLeft));
  }
  for (const k of new Set([...at.keys(), ...layers.keys()])) {
    const q = at.get(k)?.qty ?? '0';
    expect(compareDecimal(layers.get(k) ?? '0', compareDecimal(q, '0') > 0 ? q : '0'), `${k} layers`).toBe(0);
  }
}

const qty = fc.integer({ min: 1, max: 40 }).map(String);
const op = fc.oneof(
  fc.record({
    kind: fc.constant('in' as const),
    m: fc.constantFrom(1, 2),
    l: fc.constantFrom(1, 2),
    q: qty,
    price: fc.option(
      fc.integer({ min: 1, max: 999 }).map((c) => (c / 100).toFixed(2)),
      { nil: null },
    ),
  }),
  fc.record({
    kind: fc.constant('out' as const),
    m: fc.constantFrom(1, 2),
    l: fc.constantFrom(1, 2),
    q: qty,
  }),
  fc.record({
    kind: fc.constant('move' as const),
    m: fc.constantFrom(1, 2),
    l: fc.constantFrom(1, 2),
    q: qty,
  }),
  fc.record({ kind: fc.constant('undo' as const), pick: fc.nat() }),
);
/** Posting dates: a posting may be dated before those already posted (back-dated). */
const day = fc.constantFrom('2026-10-01', '2026-10-15', '2026-11-01');

const mv = (m: number, l: number, q: string, extra: Partial<Movement> = {}): Movement => ({
  lineNo: 1,
  materialId: m,
  locationId: l,
  warehouseId: 1,
  batchNo: '',
  bucketId: null,
  qty: q,
  ...extra,
});

describe('posting plans', () => {
  it('keep ledger, balances, pools and layers in step under any sequence of movements and reversals', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(op, day), { maxLength: 40 }), fc.boolean(), (ops, allowNegative) => {
        const store = new Store();
        let doc = 0;
        for (const [o, date] of ops) {
          const opts = { date, allowNegative };
          // postings load only the layers an issue or a transfer can take from; reversals load them all
          const state =
            o.kind === 'undo'
              ? store.state()
              : store.state(o.kind === 'in' ? new Map() : new Map([[layerKey(o.m, o.l), o.q]]));
          try {
            if (o.kind === 'undo') {
              const docs = [
                ...new Set(store.ledger.filter((r) => r.reversalOf === null).map((r) => r.docId)),
              ];
              if (!docs.length) continue;
              const d = docs[o.pick % docs.length];
              const originals = store.originals(state, d);
              if (!originals.length) continue;
              store.commit(planReversal(state, originals, opts), d);
            } else {
              doc++;
              const m =
                o.kind === 'in'
                  ? mv(o.m, o.l, o.q, { unitPrice: o.price })
                  : o.kind === 'out'
                    ? mv(o.m, o.l, subDecimal('0', o.q))
                    : mv(o.m, o.l, o.q, { toLocation: { locationId: 3 - o.l, warehouseId: 1 } });
              store.commit(planPosting(state, [m], opts), doc);
            }
          } catch (e) {
            // a refusal writes nothing: the store is untouched, as a rolled-back transaction would be
            if (!(e instanceof Shortage || e instanceof UsedLater)) throw e;
            expect(allowNegative && e instanceof Shortage).toBe(false);
          }
          checkInvariants(store, allowNegative);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('costs FIFO from the oldest layer and moving average from the pool', () => {
    const state: StockState = {
      materials: new Map(MATERIALS.map((m) => [m.id, m])),
      pools: new Map(),
      balances: new Map(),
      layers: new Map(),
    };
    const opts = { date: '2026-11-01', allowNegative: false };
    planPosting(state, [mv(2, 1, '5', { unitPrice: '1' }), mv(2, 1, '5', { unitPrice: '2' })], opts);
    const fifo = planPosting(state, [mv(2, 1, '-6')], opts);
    // 5 × 1 + 5 × 2 in, 6 out at 7: the running value is 8
    expect(fifo.ledger[0]).toMatchObject({
      amount: '-7',
      unitCost: '1.166667',
      balanceQty: '4',
      balanceAmount: '8',
    });
    planPosting(state, [mv(1, 1, '3', { unitPrice: '1' }), mv(1, 1, '1', { unitPrice: '2' })], opts);
    const avg = planPosting(state, [mv(1, 1, '-2')], opts);
    expect(avg.ledger[0]).toMatchObject({ amount: '-2.5', unitCost: '1.25' });
    // the last units take what value is left: 5 - 2.5
    expect(planPosting(state, [mv(1, 1, '-2')], opts).ledger[0].amount).toBe('-2.5');
    expect(() => planPosting(state, [mv(1, 1, '-1')], opts)).toThrow(Shortage);
  });

  it('takes FIFO layers at the issuing location, oldest date first, and never leaves it with stock but negative value', () => {
    const store = new Store();
    const post = (doc: number, date: string, m: Movement) => {
      const need = m.toLocation ? m.qty : compareDecimal(m.qty, '0') < 0 ? subDecimal('0', m.qty) : '0';
      const s = store.state(new Map([[layerKey(m.materialId, m.locationId), need]]));
      const plan = planPosting(s, [m], { date, allowNegative: false });
      store.commit(plan, doc);
      return plan;
    };
    // an earlier-dated layer at another location, at another price
    post(1, '2026-10-01', mv(2, 2, '50', { unitPrice: '12' }));
    post(2, '2026-11-01', mv(2, 1, '100', { unitPrice: '8.5' }));
    const issue = post(3, '2026-11-02', mv(2, 1, '-80'));
    expect(issue.ledger[0]).toMatchObject({ amount: '-680', balanceQty: '20', balanceAmount: '170' });
    // a receipt dated before the layers there, posted after them, goes out first
    post(4, '2026-10-15', mv(2, 1, '10', { unitPrice: '9' }));
    const next = post(5, '2026-11-03', mv(2, 1, '-15'));
    expect(next.ledger[0]).toMatchObject({ amount: '-132.5', balanceQty: '15', balanceAmount: '127.5' });
    // a transfer carries its layers, dates and costs, to the new location
    const move = post(6, '2026-11-03', mv(2, 2, '20', { toLocation: { locationId: 1, warehouseId: 1 } }));
    expect(move.ledger.map((r) => r.amount)).toEqual(['-240', '240']);
    expect(move.newLayers.map((l) => [l.locationId, l.inDate, l.unitCost])).toEqual([
      [1, '2026-10-01', '12'],
    ]);
    const last = post(7, '2026-11-04', mv(2, 1, '-25'));
    // the carried layer (2026-10-01) first: 20 × 12 + 5 × 8.5
    expect(last.ledger[0]).toMatchObject({ amount: '-282.5', balanceQty: '10', balanceAmount: '85' });
    checkInvariants(store, false);
  });

  it('refuses to reverse a receipt whose stock was used, and gives an issue back to its own layers', () => {
    const store = new Store();
    const opts = { date: '2026-11-01', allowNegative: false };
    let s = store.state();
    store.commit(planPosting(s, [mv(2, 1, '5', { unitPrice: '1' })], opts), 1);
    s = store.state();
    store.commit(planPosting(s, [mv(2, 1, '5', { unitPrice: '3' })], opts), 2);
    s = store.state();
    store.commit(planPosting(s, [mv(2, 1, '-6')], opts), 3);
    s = store.state();
    expect(() => planReversal(s, store.originals(s, 2), opts)).toThrow(UsedLater);
    s = store.state();
    store.commit(planReversal(s, store.originals(s, 3), opts), 3);
    expect([...store.layers.values()].map((l) => l.qtyLeft)).toEqual(['5', '5']);
    s = store.state();
    store.commit(planReversal(s, store.originals(s, 2), opts), 2);
    checkInvariants(store, false);
  });
});
