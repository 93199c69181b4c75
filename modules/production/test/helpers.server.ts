import { startTestServer, type TestServer } from '@mes/app-server/testing';

export type Api = ReturnType<typeof api>;

/** A fresh server without the demo data, signed in as admin, and the calls of `api` on it. */
export async function startProductionServer(): Promise<{ t: TestServer; a: Api }> {
  const t = await startTestServer({ seed: 'none' });
  return { t, a: api(t) };
}

/** Calls that must succeed; the failure message names the call and the server's answer. */
export function api(t: TestServer) {
  const must = async <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> => {
    const r = await t.call<T>(method, path, body);
    if (r.body.Code !== 0) throw new Error(`${method} ${path}: ${r.status} ${r.body.Message}`);
    return r.body.Data;
  };
  let seq = 0;
  const material = async (name: string, type = 1, price = '1') => {
    seq++;
    const m = await must<{ Material_ID: number }>('POST', '/Material', {
      Material_Number: `T-${name}-${seq}-${Date.now() % 100000}`,
      Material_Name: name,
      Material_Type: type,
      Material_Attribute: type === 1 ? 1 : 3,
      Historical_Price: price,
    });
    return m.Material_ID;
  };
  const bom = async (productId: number) =>
    (await must<{ Bom_ID: number }>('POST', '/Bom', { Material_ID: productId })).Bom_ID;
  const node = async (
    bomId: number,
    parent: number | null,
    materialId: number,
    qty: string,
    extra: object = {},
  ) =>
    (
      await must<{ ID: number }>('POST', '/BomNode', {
        Bom_ID: bomId,
        Parent_ID: parent,
        Material_ID: materialId,
        Qty: qty,
        ...extra,
      })
    ).ID;
  /** Approves a document of an entity with the approval feature (admin approves at every level). */
  const approve = async (entity: string, key: string, id: number) => {
    for (let i = 0; i < 5; i++) {
      const rec = await must<{ State: number }>('POST', `/${entity}/Approve`, { [key]: id });
      if (rec.State === 3) return rec;
    }
    throw new Error(`${entity} ${id} not approved`);
  };
  /** A warehouse with one location, for stock the tests receive and pick. */
  const warehouse = async (code: string, name: string) => {
    const wh = await must<{ Warehouse_ID: number }>('POST', '/Warehouse', {
      Warehouse_Code: code,
      Warehouse_Name: name,
    });
    const loc = await must<{ Location_ID: number }>('POST', '/Location', {
      Location_Code: `${code}-01`,
      Location_Name: `${name}01`,
      Warehouse_ID: wh.Warehouse_ID,
    });
    return { warehouseId: wh.Warehouse_ID, locationId: loc.Location_ID };
  };
  /** An approved receipt into one location: [material, quantity, unit price] per line. */
  const receive = async (
    at: { warehouseId: number; locationId: number },
    lines: [number, string, string][],
  ) => {
    const receipt = await must<{ Doc_ID: number }>('POST', '/StockDoc', {
      Doc_Type: 1,
      Doc_Date: '2026-11-01',
      Warehouse_ID: at.warehouseId,
      Lines: lines.map(([m, qty, price]) => ({
        Material_ID: m,
        Location_ID: at.locationId,
        Qty: qty,
        Unit_Price: price,
      })),
    });
    await approve('StockDoc', 'Doc_ID', receipt.Doc_ID);
  };
  return { must, material, bom, node, approve, warehouse, receive };
}
