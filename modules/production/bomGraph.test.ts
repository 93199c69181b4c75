import type { TestServer } from '@mes/app-server/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphRevision, readGraph } from './bomGraph.server';
import { type Api, startProductionServer } from './test/helpers.server';

let t: TestServer;
let a: Api;
beforeAll(async () => {
  ({ t, a } = await startProductionServer());
});
afterAll(async () => t?.close());

type Exploded = { Leaves: { Material_ID: number; Material_Name: string; Qty: string }[] };

/** The graphs kept in memory between explosions must never answer with data that has changed. */
describe('BOM graph in memory', () => {
  let product: number;
  let part: number;
  let leaf: number;
  let bomId: number;
  let partBom: number;
  let leafNode: number;
  const leaves = async () =>
    Object.fromEntries(
      (await a.must<Exploded>('GET', `/Bom/${bomId}/Explode?Qty=1`)).Leaves.map((l) => [
        l.Material_ID,
        `${l.Material_Name} ${l.Qty}`,
      ]),
    );

  beforeAll(async () => {
    product = await a.material('product', 3, '0');
    part = await a.material('part', 2, '0');
    leaf = await a.material('leaf', 1, '2');
    bomId = await a.bom(product);
    await a.node(bomId, null, part, '2');
    partBom = await a.bom(part);
    leafNode = await a.node(partBom, null, leaf, '3');
  });

  it('is read once and kept while nothing it holds changes', async () => {
    const first = await readGraph(t.engine.db, bomId);
    expect(await readGraph(t.engine.db, bomId)).toBe(first);
    expect(await leaves()).toEqual({ [leaf]: 'leaf 6' });
  });

  it('is read again after a node of a sub-BOM changes', async () => {
    const before = await readGraph(t.engine.db, bomId);
    const node = await a.must<{ Version: number }>('GET', `/BomNode/${leafNode}`);
    await a.must('PUT', '/BomNode', { ID: leafNode, Version: node.Version, Qty: '5' });
    expect(await readGraph(t.engine.db, bomId)).not.toBe(before);
    expect(await leaves()).toEqual({ [leaf]: 'leaf 10' });
  });

  it('is read again after a material it names is renamed', async () => {
    const m = await a.must<{ Version: number }>('GET', `/Material/${leaf}`);
    await a.must('PUT', '/Material', { Material_ID: leaf, Version: m.Version, Material_Name: 'renamed' });
    expect(await leaves()).toEqual({ [leaf]: 'renamed 10' });
  });

  it('is read again after another default version takes over', async () => {
    const v2 = await a.must<{ Bom_ID: number }>('POST', '/Bom/NewVersion', { Bom_ID: partBom });
    const copied = await a.must<{ Nodes: { ID: number; Version: number }[] }>(
      'GET',
      `/Bom/${v2.Bom_ID}/Tree`,
    );
    const n = copied.Nodes[0];
    await a.must('PUT', '/BomNode', { ID: n.ID, Version: n.Version, Qty: '7' });
    // not the default yet: the product still uses version 1
    expect(await leaves()).toEqual({ [leaf]: 'renamed 10' });
    await a.must('POST', '/Bom/SetDefault', { Bom_ID: v2.Bom_ID });
    expect(await leaves()).toEqual({ [leaf]: 'renamed 14' });
  });

  it('is kept when a writer rolls back, and one transaction moves the revision once', async () => {
    const rev = () => graphRevision(t.engine.db);
    const start = await rev();
    await t.engine.db
      .transaction()
      .execute(async (tx) => {
        await sql`UPDATE bom_node SET qty = 99 WHERE bom_id = ${bomId}`.execute(tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await rev()).toBe(start);
    await t.engine.db.transaction().execute(async (tx) => {
      await sql`UPDATE bom_node SET remark = 'a' WHERE bom_id IN (${bomId}, ${partBom})`.execute(tx);
      await sql`UPDATE bom SET remark = 'b' WHERE id = ${bomId}`.execute(tx);
    });
    expect(BigInt(await rev())).toBe(BigInt(start) + 1n);
  });
});
