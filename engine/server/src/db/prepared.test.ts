import { Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../testing';
import { andCommit, type Database } from './index';

/** Writes to PostgreSQL's socket while `run` runs: one per write call, however many messages each holds. */
async function writesDuring(run: () => Promise<unknown>): Promise<number> {
  const one = vi.spyOn(Socket.prototype, '_write');
  const many = vi.spyOn(Socket.prototype, '_writev');
  try {
    await run();
    return one.mock.calls.length + many.mock.calls.length;
  } finally {
    one.mockRestore();
    many.mockRestore();
  }
}

// the held-back BEGIN is the PostgreSQL driver's; PGlite runs in the process
describe.runIf(!!process.env.DATABASE_URL)('a transaction on PostgreSQL', () => {
  let database: Database;
  const count = async () =>
    Number(
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pipeline_probe`.execute(database.db)).rows[0]
        .n,
    );

  beforeAll(async () => {
    database = await openTestDatabase();
    await sql`CREATE TABLE pipeline_probe (x int UNIQUE)`.execute(database.db);
    await sql`SELECT 1`.execute(database.db); // the pool has a connection before the counting starts
  });
  afterAll(() => database.close());

  it('sends its BEGIN with its first statement, in one write', async () => {
    const writes = await writesDuring(() =>
      database.db.transaction().execute(async (tx) => {
        await sql`SELECT ${1}::int`.execute(tx);
        await sql`SELECT ${2}::int`.execute(tx);
      }),
    );
    // BEGIN with the first SELECT, the second SELECT, COMMIT; four without the held-back BEGIN
    expect(writes).toBe(3);
  });

  it('sends nothing when it runs no statement', async () => {
    expect(await writesDuring(() => database.db.transaction().execute(async () => 'nothing'))).toBe(0);
    await expect(
      database.db.transaction().execute(async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');
    expect(await count()).toBe(0);
  });

  it('is still one transaction: a failure undoes what its first statements wrote', async () => {
    await expect(
      database.db.transaction().execute(async (tx) => {
        await sql`INSERT INTO pipeline_probe VALUES (1)`.execute(tx);
        await sql`INSERT INTO pipeline_probe VALUES (2)`.execute(tx);
        await sql`INSERT INTO pipeline_probe VALUES (1)`.execute(tx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(0);
  });

  it('fails with its first statement and leaves the connection fit for the next one', async () => {
    for (let i = 0; i < 12; i++)
      await expect(
        database.db.transaction().execute((tx) => sql`SELECT 1 / ${0}::int`.execute(tx)),
      ).rejects.toMatchObject({ code: '22012' });
    await database.db.transaction().execute(async (tx) => {
      await sql`INSERT INTO pipeline_probe VALUES (3)`.execute(tx);
      // inside a transaction block: the snapshot holds a transaction id once it has written
      const { rows } = await sql<{ x: string | null }>`SELECT txid_current_if_assigned()::text AS x`.execute(
        tx,
      );
      expect(rows[0].x).not.toBeNull();
    });
    expect(await count()).toBe(1);
  });

  it('commits with a statement marked last, in the same write', async () => {
    const writes = await writesDuring(() =>
      database.db.transaction().execute(async (tx) => {
        await sql`INSERT INTO pipeline_probe VALUES (10)`.execute(tx);
        await andCommit(sql`INSERT INTO pipeline_probe VALUES (11)`).execute(tx);
      }),
    );
    // BEGIN with the first INSERT, the second INSERT with COMMIT
    expect(writes).toBe(2);
    const { rows } = await sql<{ x: number }>`SELECT x FROM pipeline_probe WHERE x >= 10 ORDER BY x`.execute(
      database.db,
    );
    expect(rows.map((r) => r.x)).toEqual([10, 11]);
  });

  it('rolls back when the statement marked last fails, and the connection serves the next', async () => {
    for (let i = 0; i < 12; i++)
      await expect(
        database.db.transaction().execute(async (tx) => {
          await sql`INSERT INTO pipeline_probe VALUES (20)`.execute(tx);
          await andCommit(sql`INSERT INTO pipeline_probe VALUES (10)`).execute(tx);
        }),
      ).rejects.toMatchObject({ code: '23505' });
    expect((await sql`SELECT 1 FROM pipeline_probe WHERE x = 20`.execute(database.db)).rows).toHaveLength(0);
    await database.db.transaction().execute(async (tx) => {
      await sql`INSERT INTO pipeline_probe VALUES (21)`.execute(tx);
    });
    expect((await sql`SELECT 1 FROM pipeline_probe WHERE x = 21`.execute(database.db)).rows).toHaveLength(1);
  });

  it('prepares a statement marked last once it repeats, as any other', async () => {
    try {
      const prepared = await database.db.connection().execute(async (c) => {
        for (const x of [40, 41, 42])
          await c.transaction().execute(async (tx) => {
            await andCommit(sql`INSERT INTO pipeline_probe VALUES (${x})`).execute(tx);
          });
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements
          WHERE statement = '/* and commit */ INSERT INTO pipeline_probe VALUES ($1)'`.execute(c);
        return rows[0].n;
      });
      expect(prepared).toBe(1);
    } finally {
      await sql`DELETE FROM pipeline_probe WHERE x IN (40, 41, 42)`.execute(database.db);
    }
  });

  it('refuses a statement after the one that committed', async () => {
    await expect(
      database.db.transaction().execute(async (tx) => {
        await andCommit(sql`INSERT INTO pipeline_probe VALUES (30)`).execute(tx);
        await sql`INSERT INTO pipeline_probe VALUES (31)`.execute(tx);
      }),
    ).rejects.toThrow(/andCommit/);
    const { rows } = await sql<{ x: number }>`SELECT x FROM pipeline_probe WHERE x >= 30`.execute(
      database.db,
    );
    expect(rows.map((r) => r.x)).toEqual([30]);
  });
});

describe('a statement marked last on PGlite', () => {
  it("is the transaction's statement like any other, committed with it", async () => {
    const database = await openTestDatabase();
    try {
      await sql`CREATE TABLE last_probe (x int)`.execute(database.db);
      await database.db.transaction().execute(async (tx) => {
        await andCommit(sql`INSERT INTO last_probe VALUES (1)`).execute(tx);
      });
      expect((await sql`SELECT x FROM last_probe`.execute(database.db)).rows).toEqual([{ x: 1 }]);
    } finally {
      await database.close();
    }
  });
});
