import {
  AppError,
  type Engine,
  type HookContext,
  notFound,
  ok,
  parseId,
  parseWith,
  type RecordInput,
  requestContext,
  withTx,
  writeLog,
} from '@mes/engine-server';
import { contentDisposition } from '@mes/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { bom, bomNode } from './bom.entity';
import {
  assertNoCycle,
  assertUnlocked,
  BOM_LOCKED,
  cycleError,
  deleteNodes,
  lockedError,
} from './bom.server';
import { loadDefaultBoms, loadTree, reindex } from './bomData.server';
import { exportTree, importTree } from './bomExcel.server';
import { readGraph } from './bomGraph.server';
import { BomCycleError, explode, rollUpCost, subtreeIds } from './logic/bom';
import { operationCosts } from './routing.server';
import { whereUsedSql } from './whereUsed.server';

const idBody = z.strictObject({ Bom_ID: z.number().int().positive() });
const qtyQuery = z.object({
  /** 1: also every exploded line with its level (large for big BOMs). */
  Lines: z.enum(['0', '1']).default('0'),
  Qty: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/)
    .default('1'),
});
const linesQuery = z.object({ Lines: z.enum(['0', '1']).default('0') });
const moveBody = z.strictObject({
  ID: z.number().int().positive(),
  Parent_ID: z.number().int().positive().nullable(),
  /** Position among the new siblings, 0-based; the end when absent. */
  Index: z.number().int().min(0).max(100000).optional(),
});
const copyBody = z.strictObject({
  ID: z.number().int().positive(),
  Bom_ID: z.number().int().positive(),
  Parent_ID: z.number().int().positive().nullable(),
});

const perm = (
  button: 'view' | 'add' | 'edit' | 'export' | 'import',
  records: RecordInput[] = [],
  cookieAuth = false,
) => ({ config: { perm: { entity: bom.name, button }, records, cookieAuth } });
/** The BOM of the path, the BOM of the body, a node of the body, a material of the query. */
const bomIn: RecordInput = { entity: bom.name, in: 'params', key: 'id' };
const bomBody: RecordInput = { entity: bom.name, in: 'body', key: 'Bom_ID' };
const nodeBody: RecordInput = { entity: bomNode.name, in: 'body', key: 'ID' };
const parentBody: RecordInput = { entity: bomNode.name, in: 'body', key: 'Parent_ID' };
const materialQuery: RecordInput = { entity: 'Material', in: 'query', key: 'Material_ID' };

/** Endpoints of the BOM editor beyond generic CRUD: tree, versions, moves, copies, explosion, cost, where-used, Excel. */
export function bomRoutes(app: FastifyInstance, engine: Engine) {
  const hookCtx = (req: FastifyRequest, tx: HookContext['tx']): HookContext => ({
    ...requestContext(req),
    tx,
    registry: engine.registry,
  });

  app.get('/Bom/:id/Tree', perm('view', [bomIn]), async (req) => {
    const ctx = requestContext(req);
    const id = parseId((req.params as { id: string }).id);
    const head = await engine.service(bom.name).get(id);
    if (!head) throw notFound();
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT n.id AS "ID", n.bom_id AS "Bom_ID", b.list_no AS "List_NO",
        n.parent_id AS "Parent_ID", b.bom_type AS "BOM_Type", n.ser_no AS "Ser_NO", n.node_index AS "Node_Index",
        b.bom_version AS "BOM_Version", b.status AS "Status", n.material_id AS "Material_ID", m.material_number AS "Material_Number",
        m.material_name AS "Material_Name", m.material_type AS "Material_Type", m.brand AS "Brand",
        m.material_model AS "Material_Model", m.image_no AS "Image_NO", pm.material_type AS "Parent_Material_Type",
        n.qty AS "Qty", n.scrap_rate AS "Scrap_Rate", n.unit_id AS "Unit_ID", u.unit_name AS "Unit_Name", u.unit_name_en AS "Unit_Name_En",
        n.price AS "Price", n.amount AS "Amount", n.design_remark AS "Design_Remark", n.remark AS "Remark",
        n.is_qutsourcing AS "Is_Qutsourcing", b.lock_notes AS "Lock_Notes", b.lock_date AS "Lock_Date",
        n.version AS "Version"
      FROM bom_node n JOIN bom b ON b.id = n.bom_id JOIN material m ON m.id = n.material_id
      LEFT JOIN bom_node p ON p.id = n.parent_id LEFT JOIN material pm ON pm.id = coalesce(p.material_id, b.material_id)
      LEFT JOIN unit u ON u.id = n.unit_id
      WHERE n.bom_id = ${id} ORDER BY n.parent_id NULLS FIRST, n.ser_no, n.id`.execute(engine.db);
    const typeField = engine.registry.get('Material').fields.Material_Type;
    const types = typeField.kind === 'enum' ? typeField.options : [];
    const typeName = (v: unknown) => {
      const o = types.find((t) => t.value === v);
      return o ? o.label[ctx.lang] : null;
    };
    for (const r of rows) {
      r.Material_Type_Name = typeName(r.Material_Type);
      r.Parent_Material_Type_Name = typeName(r.Parent_Material_Type);
      delete r.Parent_Material_Type;
    }
    return ok({ Bom: head, Nodes: rows }, ctx);
  });

  app.get('/Bom/Versions', perm('view', [materialQuery]), async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(
      z.object({ Material_ID: z.coerce.number().int().positive() }),
      req.query,
      bom,
      ctx.lang,
    );
    const { rows } = await sql`SELECT id AS "Bom_ID", list_no AS "List_NO", bom_version AS "BOM_Version",
        is_default AS "Is_Default", status AS "Status", lock_date AS "Lock_Date", created_at AS "Created_At"
      FROM bom WHERE material_id = ${q.Material_ID} ORDER BY bom_version DESC`.execute(engine.db);
    return ok(rows, ctx);
  });

  // a new version copies the given one, nodes and all; the copy starts unlocked and not default
  app.post('/Bom/NewVersion', perm('add', [bomBody]), async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(idBody, req.body, bom, ctx.lang);
    const created = await withTx(engine.db, async (tx) => {
      const c = hookCtx(req, tx);
      const src = await engine.service(bom.name).mustGet(body.Bom_ID, tx);
      const rec = await engine
        .service(bom.name)
        .insert({ Material_ID: src.Material_ID, BOM_Type: src.BOM_Type, Remark: src.Remark }, ctx, tx);
      const tree = await loadTree(tx, body.Bom_ID);
      if (tree) await copyNodes(c, tree, null, Number(rec.Bom_ID), null);
      return engine.service(bom.name).mustGet(Number(rec.Bom_ID), tx);
    });
    return ok(created, ctx);
  });

  app.post('/Bom/SetDefault', perm('edit', [bomBody]), async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(idBody, req.body, bom, ctx.lang);
    await withTx(engine.db, async (tx) => {
      const b = await engine.service(bom.name).mustGet(body.Bom_ID, tx, true);
      await sql`UPDATE bom SET is_default = (id = ${body.Bom_ID}), version = version + 1, updated_at = now()
        WHERE material_id = ${b.Material_ID} AND (is_default OR id = ${body.Bom_ID})`.execute(tx);
      await writeLog(hookCtx(req, tx), 'edit', bom.name, body.Bom_ID, { Is_Default: true });
    });
    return ok(await engine.service(bom.name).mustGet(body.Bom_ID), ctx);
  });

  // drag and drop: a new parent and a place among its children; Ser_NO is renumbered 10, 20, ...
  app.post('/BomNode/Move', perm('edit', [nodeBody, parentBody]), async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(moveBody, req.body, bomNode, ctx.lang);
    await withTx(engine.db, async (tx) => {
      const c = hookCtx(req, tx);
      const node = await engine.service(bomNode.name).mustGet(body.ID, tx, true);
      const bomId = Number(node.Bom_ID);
      await assertUnlocked(c, bomId);
      const tree = await loadTree(tx, bomId);
      if (!tree) throw notFound();
      if (body.Parent_ID !== null) {
        if (!tree.lines.some((l) => l.id === body.Parent_ID))
          throw new AppError('ref_missing', { field: bomNode.fields.Parent_ID.label }).at('Parent_ID');
        if (subtreeIds(tree, body.ID).includes(body.Parent_ID)) throw new AppError('tree_cycle');
      }
      const moved = {
        ...tree,
        lines: tree.lines.map((l) => (l.id === body.ID ? { ...l, parentId: body.Parent_ID } : l)),
      };
      await assertNoCycle(c, moved);
      const siblings = tree.lines
        .filter((l) => l.parentId === body.Parent_ID && l.id !== body.ID)
        .sort((a, b) => (a.serNo ?? 0) - (b.serNo ?? 0) || a.id - b.id)
        .map((l) => l.id);
      siblings.splice(Math.min(body.Index ?? siblings.length, siblings.length), 0, body.ID);
      await sql`UPDATE bom_node SET parent_id = ${body.Parent_ID}, version = version + 1, updated_at = now()
        WHERE id = ${body.ID}`.execute(tx);
      for (const [i, id] of siblings.entries())
        await sql`UPDATE bom_node SET ser_no = ${(i + 1) * 10} WHERE id = ${id} AND ser_no IS DISTINCT FROM ${(i + 1) * 10}`.execute(
          tx,
        );
      await reindex(tx, bomId);
      await writeLog(c, 'edit', bomNode.name, body.ID, { Parent_ID: body.Parent_ID, Index: body.Index });
    });
    return ok(await engine.service(bomNode.name).mustGet(body.ID), ctx);
  });

  // copy a node and everything below it under a node of the same or another (unlocked) BOM
  app.post('/BomNode/CopySubTree', perm('edit', [nodeBody, bomBody, parentBody]), async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(copyBody, req.body, bomNode, ctx.lang);
    const count = await withTx(engine.db, async (tx) => {
      const c = hookCtx(req, tx);
      const node = await engine.service(bomNode.name).mustGet(body.ID, tx);
      await assertUnlocked(c, body.Bom_ID);
      const target = await loadTree(tx, body.Bom_ID);
      if (!target) throw notFound();
      if (body.Parent_ID !== null && !target.lines.some((l) => l.id === body.Parent_ID))
        throw new AppError('ref_missing', { field: bomNode.fields.Parent_ID.label }).at('Parent_ID');
      const source = await loadTree(tx, Number(node.Bom_ID));
      if (!source) throw notFound();
      const n = await copyNodes(c, source, body.ID, body.Bom_ID, body.Parent_ID);
      const after = await loadTree(tx, body.Bom_ID);
      if (after) await assertNoCycle(c, after);
      return n;
    });
    return ok({ Copied: count }, ctx);
  });

  app.get('/Bom/:id/Explode', perm('view', [bomIn]), async (req) => {
    const ctx = requestContext(req);
    const id = parseId((req.params as { id: string }).id);
    const q = parseWith(qtyQuery, req.query, bom, ctx.lang);
    const g = await readGraph(engine.db, id);
    if (!g) throw notFound();
    const x = await explained(
      () => explode(g.tree, q.Qty, g.resolve, { withLines: q.Lines === '1' }),
      engine,
      req,
    );
    const info = g.materials;
    const facts = (k: number) => {
      const m = info.get(k);
      return m
        ? {
            Material_Number: m.Material_Number,
            Material_Name: m.Material_Name,
            Unit_Name: m.Unit_Name,
            Unit_Name_En: m.Unit_Name_En,
          }
        : {};
    };
    const list = (m: Map<number, string>) =>
      [...m].map(([k, v]) => ({ Material_ID: k, ...facts(k), Qty: v }));
    return ok(
      {
        Qty: q.Qty,
        Leaves: list(x.leaves),
        Intermediates: list(x.intermediates),
        Lines: x.lines.map((l) => ({
          Level: l.level,
          Material_ID: l.materialId,
          Material_Number: info.get(l.materialId)?.Material_Number,
          Material_Name: info.get(l.materialId)?.Material_Name,
          Parent_Material_ID: l.parentMaterialId,
          Qty: l.qty,
          Is_Leaf: l.leaf,
        })),
        Node_Count: x.nodeCount,
        Depth: x.depth,
      },
      ctx,
    );
  });

  app.get('/Bom/:id/Cost', perm('view', [bomIn]), async (req) => {
    const ctx = requestContext(req);
    const id = parseId((req.params as { id: string }).id);
    const q = parseWith(linesQuery, req.query, bom, ctx.lang);
    const g = await readGraph(engine.db, id);
    if (!g) throw notFound();
    const ops = await operationCosts(engine.db);
    const c = await explained(
      () =>
        rollUpCost(
          g.tree,
          (m) => g.materials.get(m)?.price,
          (m) => ops.get(m),
          g.resolve,
          { withLines: q.Lines === '1' },
        ),
      engine,
      req,
    );
    return ok(
      {
        Material_Cost: c.materialCost,
        Operation_Cost: c.operationCost,
        Unit_Cost: c.unitCost,
        Lines: c.lines.map((l) => ({
          ID: l.nodeId,
          Material_ID: l.materialId,
          // scrap included: Qty × Unit_Cost = Amount
          Qty: l.qty,
          Unit_Cost: l.unitCost,
          Amount: l.amount,
        })),
      },
      ctx,
    );
  });

  app.get('/Bom/WhereUsed', perm('view', [materialQuery]), async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(
      z.object({
        Material_ID: z.coerce.number().int().positive(),
        Max_Level: z.coerce.number().int().min(1).max(50).default(20),
      }),
      req.query,
      bom,
      ctx.lang,
    );
    return ok(await whereUsedSql(engine, q.Material_ID, q.Max_Level), ctx);
  });

  app.get('/Bom/:id/ExportTree', perm('export', [bomIn], true), async (req, reply) => {
    const ctx = requestContext(req);
    const id = parseId((req.params as { id: string }).id);
    const { name, buffer } = await exportTree(engine, id, ctx.lang);
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', contentDisposition('attachment', name))
      .header('X-Content-Type-Options', 'nosniff')
      .send(buffer);
  });

  app.post('/Bom/:id/ImportTree', perm('import', [bomIn]), async (req) => {
    const ctx = requestContext(req);
    const id = parseId((req.params as { id: string }).id);
    const n = await importTree(engine, req, id, (tx) => hookCtx(req, tx));
    return ok({ Imported: n }, ctx);
  });
}

/** A cycle found while exploding (through data written before the checks) is a clear refusal, not a 500. */
async function explained<T>(fn: () => T, engine: Engine, req: FastifyRequest): Promise<T> {
  try {
    return fn();
  } catch (e) {
    if (e instanceof BomCycleError)
      throw await withTx(engine.db, async (tx) =>
        cycleError({ ...requestContext(req), tx, registry: engine.registry }, e.path),
      );
    throw e;
  }
}

/**
 * Copies the subtree below `fromNode` (null: the whole tree) of `source` under `toParent` of BOM
 * `toBom`, keeping order and every field; returns the number of nodes written.
 */
export async function copyNodes(
  ctx: HookContext,
  source: Awaited<ReturnType<typeof loadTree>> & object,
  fromNode: number | null,
  toBom: number,
  toParent: number | null,
): Promise<number> {
  const ids =
    fromNode === null
      ? source.lines.filter((l) => l.parentId === null).flatMap((l) => subtreeIds(source, l.id))
      : subtreeIds(source, fromNode);
  if (!ids.length) return 0;
  const { rows } = await sql<
    Record<string, unknown>
  >`SELECT * FROM bom_node WHERE id IN (${sql.join(ids)})`.execute(ctx.tx);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const newId = new Map<number, number>();
  const me = ctx.user?.User_ID ?? null;
  for (const id of ids) {
    const r = byId.get(id)!;
    const parent =
      id === fromNode || r.parent_id === null ? toParent : (newId.get(Number(r.parent_id)) ?? toParent);
    // the copied top node goes last among its new siblings
    const ser =
      id === fromNode
        ? sql`(SELECT coalesce(max(ser_no), 0) + 10 FROM bom_node WHERE bom_id = ${toBom} AND parent_id IS NOT DISTINCT FROM ${parent})`
        : sql`${r.ser_no}`;
    const ins = await sql<{
      id: number;
    }>`INSERT INTO bom_node (bom_id, parent_id, ser_no, material_id, qty, scrap_rate,
        unit_id, price, amount, design_remark, remark, is_qutsourcing, created_by, updated_by)
      VALUES (${toBom}, ${parent}, ${ser}, ${r.material_id}, ${r.qty}, ${r.scrap_rate}, ${r.unit_id}, ${r.price},
        ${r.amount}, ${r.design_remark}, ${r.remark}, ${r.is_qutsourcing}, ${me}, ${me}) RETURNING id`.execute(
      ctx.tx,
    );
    newId.set(id, Number(ins.rows[0].id));
  }
  await reindex(ctx.tx, toBom);
  return ids.length;
}

export { BOM_LOCKED, deleteNodes, loadDefaultBoms, lockedError };
