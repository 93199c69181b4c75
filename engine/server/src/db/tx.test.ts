import { describe, expect, it } from 'vitest';
import type { Db } from './index';
import { withTx } from './tx';

/** A stand-in for Kysely's transaction builder that runs the callback with a dummy transaction. */
function fakeDb(): Db {
  return {
    transaction: () => ({ execute: (fn: (tx: unknown) => Promise<unknown>) => fn({}) }),
  } as unknown as Db;
}

const fail = (code: string) => Object.assign(new Error(code), { code });

describe('withTx', () => {
  it('runs the whole transaction again on serialization failures and deadlocks', async () => {
    let calls = 0;
    const r = await withTx(fakeDb(), async () => {
      calls++;
      if (calls === 1) throw fail('40001');
      if (calls === 2) throw fail('40P01');
      return 'done';
    });
    expect(r).toBe('done');
    expect(calls).toBe(3);
  });

  it('gives up after the bounded number of attempts', async () => {
    let calls = 0;
    await expect(
      withTx(
        fakeDb(),
        async () => {
          calls++;
          throw fail('40001');
        },
        4,
      ),
    ).rejects.toMatchObject({ code: '40001' });
    expect(calls).toBe(4);
  });

  it('never retries other errors', async () => {
    let calls = 0;
    await expect(
      withTx(fakeDb(), async () => {
        calls++;
        throw fail('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
  });
});
