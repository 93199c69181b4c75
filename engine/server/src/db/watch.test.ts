import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RootOperationNode,
  sql,
} from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB, Db } from './index';
import { withTx } from './tx';
import { bumpCacheGeneration, cacheGeneration, WatchedCache, writesCached } from './watch';

const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const raw = (q: { toOperationNode(): unknown }) => q.toOperationNode() as RootOperationNode;

describe('writesCached', () => {
  it('sees writes to the tables a session is resolved from, however they are written', () => {
    expect(writesCached(raw(db.updateTable('users').set({ disabled: true })))).toBe(true);
    expect(writesCached(raw(db.insertInto('users_roles').values({ parent_id: 1 })))).toBe(true);
    expect(writesCached(raw(db.deleteFrom('role_grants').where('parent_id', '=', 1)))).toBe(true);
    expect(writesCached(raw(sql`UPDATE ${sql.table('role')} SET role_name = ${'x'}`))).toBe(true);
    expect(writesCached(raw(sql`DELETE FROM role_grants WHERE parent_id = ${1}`))).toBe(true);
    expect(writesCached(raw(sql`UPDATE user_session SET revoked = true WHERE token_hash = ${'h'}`))).toBe(
      true,
    );
    expect(
      writesCached(raw(sql`WITH x AS (UPDATE "system_parameter" SET parameter_value = ${'5'}) SELECT 1`)),
    ).toBe(true);
  });

  it('leaves reads, row locks, upserts of other tables and the session touch alone', () => {
    expect(writesCached(raw(db.selectFrom('users').selectAll()))).toBe(false);
    expect(writesCached(raw(db.updateTable('stock_doc').set({ state: 2 })))).toBe(false);
    expect(
      writesCached(
        raw(
          sql`SELECT t.id FROM ${sql.table('stock_doc')} t LEFT JOIN module_menu m ON true FOR UPDATE OF t`,
        ),
      ),
    ).toBe(false);
    expect(
      writesCached(
        raw(sql`INSERT INTO numbering_series (series_code) VALUES (${'a'})
          ON CONFLICT (series_code) DO UPDATE SET current_no = 1 RETURNING (SELECT 1 FROM users)`),
      ),
    ).toBe(false);
    expect(writesCached(raw(sql`UPDATE user_session SET last_seen = now() WHERE id = ${1}`))).toBe(false);
  });
});

describe('withTx and the cache generation', () => {
  const fake = (during: () => void) =>
    ({
      transaction: () => ({ execute: async (fn: (tx: unknown) => Promise<unknown>) => fn(during()) }),
    }) as unknown as Db;

  it('moves the generation again when a transaction that wrote a cached table has ended', async () => {
    let inside = 0;
    await withTx(
      fake(() => {
        bumpCacheGeneration();
        inside = cacheGeneration();
      }),
      async () => undefined,
    );
    expect(cacheGeneration()).toBeGreaterThan(inside);
  });

  it('leaves it alone after a transaction that wrote none', async () => {
    const before = cacheGeneration();
    await withTx(
      fake(() => undefined),
      async () => undefined,
    );
    expect(cacheGeneration()).toBe(before);
  });
});

describe('WatchedCache', () => {
  afterEach(() => vi.useRealTimers());
  const owner = {};
  const counting = () => {
    let reads = 0;
    return { load: async () => ++reads, reads: () => reads };
  };

  it('serves a kept value until a cached table is written, then reads again', async () => {
    const c = new WatchedCache<number>();
    const src = counting();
    expect(await c.get(owner, 'k', src.load)).toBe(1);
    expect(await c.get(owner, 'k', src.load)).toBe(1);
    bumpCacheGeneration();
    expect(await c.get(owner, 'k', src.load)).toBe(2);
    expect(await c.get({}, 'k', src.load)).toBe(3);
  });

  it('does not keep a value read while a cached table was written', async () => {
    const c = new WatchedCache<number>();
    const src = counting();
    await c.get(owner, 'w', async () => {
      bumpCacheGeneration();
      return src.load();
    });
    expect(await c.get(owner, 'w', src.load)).toBe(2);
  });

  it('keeps only what keep accepts, for ttlMs, and at most max entries', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const c = new WatchedCache<number>({ ttlMs: 5000, max: 2 });
    const src = counting();
    await c.get(owner, 'a', src.load, () => false);
    expect(await c.get(owner, 'a', src.load)).toBe(2);
    vi.setSystemTime(1_004_999);
    expect(await c.get(owner, 'a', src.load)).toBe(2);
    vi.setSystemTime(1_005_001);
    expect(await c.get(owner, 'a', src.load)).toBe(3);
    await c.get(owner, 'b', src.load);
    await c.get(owner, 'c', src.load);
    // 'a' was the oldest of three
    expect(await c.get(owner, 'a', src.load)).toBe(6);
  });

  it('with quietOnly, keeps values only after ten seconds without writes', async () => {
    vi.useFakeTimers({ now: 2_000_000 });
    bumpCacheGeneration();
    const c = new WatchedCache<number>({ quietOnly: true });
    const src = counting();
    await c.get(owner, 'q', src.load);
    expect(await c.get(owner, 'q', src.load)).toBe(2);
    vi.setSystemTime(2_010_001);
    expect(await c.get(owner, 'q', src.load)).toBe(3);
    expect(await c.get(owner, 'q', src.load)).toBe(3);
  });
});
