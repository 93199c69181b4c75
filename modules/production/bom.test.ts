import type { TestServer } from '@mes/app-server/testing';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startProductionServer } from './test/helpers.server';

let t: TestServer;
let a: Api;
beforeAll(async () => {
  ({ t, a } = await startProductionServer());
});
afterAll(async () => t?.close());

type Node = {
  ID: number;
  Parent_ID: number | null;
  Material_ID: number;
  Node_Index: string;
  Version: number;
  Qty: string;
};

describe('BOM', () => {
  let bike: number;
  let frame: number;
  let tube: number;
  let bolt: number;
  let wheel: number;
  let spoke: number;
  let bomId: number;
  let frameNode: number;

  it('builds a three-level tree with node indexes, amounts and units from the material', async () => {
    bike = await a.material('bike', 3, '0');
    frame = await a.material('frame', 2, '0');
    tube = await a.material('tube', 1, '12.5');
    bolt = await a.material('bolt', 1, '0.5');
    wheel = await a.material('wheel', 2, '0');
    spoke = await a.material('spoke', 1, '0.2');
    bomId = await a.bom(bike);
    const head = await a.must<{ BOM_Version: number; Is_Default: boolean; List_NO: string }>(
      'GET',
      `/Bom/${bomId}`,
    );
    expect(head).toMatchObject({ BOM_Version: 1, Is_Default: true });
    expect(head.List_NO).toMatch(/^BOM\d{6}$/);
    frameNode = await a.node(bomId, null, frame, '1');
    const tubeNode = await a.node(bomId, frameNode, tube, '3', { Scrap_Rate: '10', Price: '12' });
    await a.node(bomId, tubeNode, bolt, '2');
    const wheelNode = await a.node(bomId, null, wheel, '2');
    await a.node(bomId, wheelNode, spoke, '36');
    const tree = await a.must<{ Nodes: (Node & { Amount: string; Parent_Material_Type_Name: string })[] }>(
      'GET',
      `/Bom/${bomId}/Tree`,
    );
    expect(tree.Nodes.map((n) => n.Node_Index).sort()).toEqual(['1', '1.1', '1.1.1', '2', '2.1']);
    const tubeRow = tree.Nodes.find((n) => n.ID === tubeNode)!;
    expect(Number(tubeRow.Amount)).toBe(36);
    expect(tubeRow.Parent_Material_Type_Name).toBe('半成品');
  });

  it('explodes to leaf totals with scrap, and rolls up cost', async () => {
    const x = await a.must<{ Leaves: { Material_ID: number; Qty: string }[]; Depth: number }>(
      'GET',
      `/Bom/${bomId}/Explode?Qty=10`,
    );
    const by = Object.fromEntries(x.Leaves.map((l) => [l.Material_ID, l.Qty]));
    expect(by).toEqual({ [bolt]: '66', [spoke]: '720' });
    expect(x.Depth).toBe(3);
    const c = await a.must<{ Material_Cost: string; Unit_Cost: string }>('GET', `/Bom/${bomId}/Cost`);
    // bolts 3.3 × 2 × 0.5 = 3.3; spokes 2 × 36 × 0.2 = 14.4
    expect(c.Material_Cost).toBe('17.7');
    // each line carries the scrap-inclusive quantity its amount comes from: tubes 3 × 1.1 = 3.3
    const lines = await a.must<{
      Lines: { Material_ID: number; Qty: string; Unit_Cost: string; Amount: string }[];
    }>('GET', `/Bom/${bomId}/Cost?Lines=1`);
    const tubeLine = lines.Lines.find((l) => l.Material_ID === tube)!;
    expect(tubeLine.Qty).toBe('3.3');
    expect(Number(tubeLine.Qty) * Number(tubeLine.Unit_Cost)).toBeCloseTo(Number(tubeLine.Amount), 4);
    const bad = await t.call('GET', `/Bom/${bomId}/Explode?Qty=abc`);
    expect(bad.status).toBe(400);
  });

  it('refuses a cycle, within the tree and through another BOM, with the chain of materials', async () => {
    const self = await t.call('POST', '/BomNode', {
      Bom_ID: bomId,
      Parent_ID: frameNode,
      Material_ID: bike,
      Qty: '1',
    });
    expect(self.status).toBe(400);
    expect(self.body.Message).toContain('循环');
    // the spoke's own BOM may not contain the bike
    const spokeBom = await a.bom(spoke);
    const loop = await t.call('POST', '/BomNode', {
      Bom_ID: spokeBom,
      Parent_ID: null,
      Material_ID: bike,
      Qty: '1',
    });
    expect(loop.status).toBe(400);
    expect(loop.body.Message).toMatch(/循环.*T-bike/);
    const zero = await t.call('POST', '/BomNode', {
      Bom_ID: bomId,
      Parent_ID: null,
      Material_ID: bolt,
      Qty: '0',
    });
    expect(zero.status).toBe(400);
    const otherParent = await t.call('POST', '/BomNode', {
      Bom_ID: spokeBom,
      Parent_ID: frameNode,
      Material_ID: bolt,
      Qty: '1',
    });
    expect(otherParent.status).toBe(400);
  });

  it('moves a node by drag and drop and copies a sub-tree', async () => {
    const tree = await a.must<{ Nodes: Node[] }>('GET', `/Bom/${bomId}/Tree`);
    const wheelNode = tree.Nodes.find((n) => n.Material_ID === wheel)!;
    await a.must('POST', '/BomNode/Move', { ID: wheelNode.ID, Parent_ID: null, Index: 0 });
    let after = await a.must<{ Nodes: Node[] }>('GET', `/Bom/${bomId}/Tree`);
    expect(after.Nodes.find((n) => n.ID === wheelNode.ID)?.Node_Index).toBe('1');
    // into its own sub-tree: refused
    const spokeNode = after.Nodes.find((n) => n.Material_ID === spoke)!;
    const into = await t.call('POST', '/BomNode/Move', { ID: wheelNode.ID, Parent_ID: spokeNode.ID });
    expect(into.status).toBe(400);
    const copied = await a.must<{ Copied: number }>('POST', '/BomNode/CopySubTree', {
      ID: frameNode,
      Bom_ID: bomId,
      Parent_ID: wheelNode.ID,
    });
    expect(copied.Copied).toBe(3);
    after = await a.must<{ Nodes: Node[] }>('GET', `/Bom/${bomId}/Tree`);
    expect(
      after.Nodes.filter((n) => n.Material_ID === bolt)
        .map((n) => n.Node_Index)
        .sort(),
    ).toEqual(['1.2.1.1', '2.1.1']);
    // delete the copy again (with its children)
    const copy = after.Nodes.find((n) => n.Material_ID === frame && n.Parent_ID === wheelNode.ID)!;
    await a.must('DELETE', `/BomNode/${copy.ID}`);
    after = await a.must<{ Nodes: Node[] }>('GET', `/Bom/${bomId}/Tree`);
    expect(after.Nodes).toHaveLength(5);
  });

  it('finds where a material is used across levels', async () => {
    const trolley = await a.material('trolley', 3);
    const tb = await a.bom(trolley);
    await a.node(tb, null, wheel, '4');
    const wheelBom = await a.bom(wheel);
    await a.node(wheelBom, null, spoke, '36');
    const used = await a.must<{ Bom_ID: number; Level: number; Via_Material_Name: string }[]>(
      'GET',
      `/Bom/WhereUsed?Material_ID=${spoke}`,
    );
    expect(used.map((u) => [u.Bom_ID, u.Level]).sort()).toEqual(
      [
        [bomId, 1],
        [wheelBom, 1],
        [tb, 2],
      ].sort(),
    );
    expect(used.find((u) => u.Bom_ID === tb)?.Via_Material_Name).toBe('wheel');
  });

  it('locks through approval: a locked BOM refuses edits; unlocking through approval allows them again', async () => {
    const lock = await a.must<{ Lock_ID: number }>('POST', '/BomLock', {
      Bom_ID: bomId,
      Lock_Type: 1,
      Lock_Notes: '量产冻结',
    });
    await a.approve('BomLock', 'Lock_ID', lock.Lock_ID);
    const head = await a.must<{ Status: number; Lock_Notes: string; Lock_Date: string; Version: number }>(
      'GET',
      `/Bom/${bomId}`,
    );
    expect(head).toMatchObject({ Status: 1, Lock_Notes: '量产冻结' });
    expect(head.Lock_Date).toMatch(/^\d{4}-\d{2}-\d{2}/);
    const add = await t.call('POST', '/BomNode', {
      Bom_ID: bomId,
      Parent_ID: null,
      Material_ID: bolt,
      Qty: '1',
    });
    expect(add.status).toBe(409);
    expect(add.body.Message).toContain('已锁定');
    const tree = await a.must<{ Nodes: Node[] }>('GET', `/Bom/${bomId}/Tree`);
    const n = tree.Nodes[0];
    expect((await t.call('PUT', '/BomNode', { ID: n.ID, Version: n.Version, Qty: '5' })).status).toBe(409);
    expect((await t.call('DELETE', `/BomNode/${n.ID}`)).status).toBe(409);
    expect((await t.call('POST', '/BomNode/Move', { ID: n.ID, Parent_ID: null, Index: 1 })).status).toBe(409);
    expect((await t.call('PUT', '/Bom', { Bom_ID: bomId, Version: head.Version, Remark: 'x' })).status).toBe(
      409,
    );
    expect((await t.call('DELETE', `/Bom/${bomId}`)).status).toBe(409);
    // the lock's status cannot be written through the generic route
    expect((await t.call('PUT', '/Bom', { Bom_ID: bomId, Version: head.Version, Status: 0 })).status).toBe(
      400,
    );
    // a second lock request is refused at once
    expect(
      (await t.call('POST', '/BomLock', { Bom_ID: bomId, Lock_Type: 1, Lock_Notes: 'again' })).status,
    ).toBe(409);
    const unlock = await a.must<{ Lock_ID: number }>('POST', '/BomLock', {
      Bom_ID: bomId,
      Lock_Type: 2,
      Lock_Notes: '设计变更',
    });
    await a.approve('BomLock', 'Lock_ID', unlock.Lock_ID);
    // the lock cannot be unapproved while the later unlock stands
    expect((await t.call('POST', '/BomLock/UnApprove', { Lock_ID: lock.Lock_ID })).status).toBe(409);
    expect((await a.must<{ Status: number }>('GET', `/Bom/${bomId}`)).Status).toBe(0);
    await a.node(bomId, null, bolt, '1');
  });

  it('a new version copies the previous one; one default per product; old versions stay readable', async () => {
    const v2 = await a.must<{ Bom_ID: number; BOM_Version: number; Is_Default: boolean }>(
      'POST',
      '/Bom/NewVersion',
      {
        Bom_ID: bomId,
      },
    );
    expect(v2).toMatchObject({ BOM_Version: 2, Is_Default: false });
    const [t1, t2] = await Promise.all(
      [bomId, v2.Bom_ID].map((id) => a.must<{ Nodes: Node[] }>('GET', `/Bom/${id}/Tree`)),
    );
    expect(t2.Nodes.map((n) => `${n.Node_Index}:${n.Material_ID}:${n.Qty}`).sort()).toEqual(
      t1.Nodes.map((n) => `${n.Node_Index}:${n.Material_ID}:${n.Qty}`).sort(),
    );
    await a.must('POST', '/Bom/SetDefault', { Bom_ID: v2.Bom_ID });
    const versions = await a.must<{ Bom_ID: number; Is_Default: boolean }[]>(
      'GET',
      `/Bom/Versions?Material_ID=${bike}`,
    );
    expect(versions.filter((v) => v.Is_Default).map((v) => v.Bom_ID)).toEqual([v2.Bom_ID]);
    expect(versions).toHaveLength(2);
  });

  it('exports a whole BOM to Excel and imports it back into another version', async () => {
    const res = await fetch(`${t.url}/Bom/${bomId}/ExportTree`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(res.status).toBe(200);
    const buf = Buffer.from(await res.arrayBuffer());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buf as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('层级');
    expect(sheet.rowCount).toBe(7);
    // quantities are numbers the sheet can sum, not texts
    expect(typeof sheet.getRow(2).getCell(5).value).toBe('number');
    const target = await a.bom(bike);
    const form = new FormData();
    form.append('file', new Blob([buf]), 'bom.xlsx');
    const imp = await fetch(`${t.url}/Bom/${target}/ImportTree`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}`, accept: 'application/json' },
      body: form,
    });
    const body = (await imp.json()) as { Code: number; Data: { Imported: number } };
    expect(body).toMatchObject({ Code: 0, Data: { Imported: 6 } });
    const [src, dst] = await Promise.all(
      [bomId, target].map((id) => a.must<{ Nodes: Node[] }>('GET', `/Bom/${id}/Tree`)),
    );
    expect(dst.Nodes.map((n) => `${n.Node_Index}:${n.Material_ID}`).sort()).toEqual(
      src.Nodes.map((n) => `${n.Node_Index}:${n.Material_ID}`).sort(),
    );
    // a sheet with an unknown material changes nothing
    const material = sheet.getRow(2).getCell(3).value;
    sheet.getRow(2).getCell(3).value = 'NO-SUCH-MATERIAL';
    const bad = new FormData();
    bad.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'bom.xlsx');
    const r = await fetch(`${t.url}/Bom/${target}/ImportTree`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}`, accept: 'application/json' },
      body: bad,
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { Message: string }).Message).toContain('NO-SUCH-MATERIAL');
    expect((await a.must<{ Nodes: Node[] }>('GET', `/Bom/${target}/Tree`)).Nodes).toHaveLength(6);
    // a quantity that is a formula never calculated (no value in the file) is refused, not guessed
    sheet.getRow(2).getCell(3).value = material;
    sheet.getRow(3).getCell(5).value = { formula: '1+1' } as ExcelJS.CellFormulaValue;
    const noValue = new FormData();
    noValue.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'bom.xlsx');
    const nv = await fetch(`${t.url}/Bom/${target}/ImportTree`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}`, accept: 'application/json' },
      body: noValue,
    });
    expect(nv.status).toBe(400);
    expect(((await nv.json()) as { Message: string }).Message).toBe(
      '第 3 行的公式没有计算结果：请在 Excel 中打开、重新计算并保存后再导入',
    );
    expect((await a.must<{ Nodes: Node[] }>('GET', `/Bom/${target}/Tree`)).Nodes).toHaveLength(6);
  });
});
