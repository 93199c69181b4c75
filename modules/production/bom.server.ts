import { AppError, defineHooks, type HookContext, type Row } from '@mes/engine-server';
import { sql } from 'kysely';
import { bom, bomLock, bomNode } from './bom.entity';
import { bomStatus, loadDefaultBoms, loadTree, reindex } from './bomData.server';
import { type BomTree, findCycle, subtreeIds } from './logic/bom';
import { refuse } from './refuse.server';

export const BOM_LOCKED = 1;

export function lockedError() {
  return refuse(
    bom.label,
    '已锁定，不能修改；请先通过审批解锁',
    'is locked and cannot be changed; unlock it through approval first',
    409,
  );
}

/** Refuses any change to the nodes of a locked BOM (the row lock keeps a lock approval from racing it). */
export async function assertUnlocked(ctx: HookContext, bomId: number) {
  const s = await bomStatus(ctx.tx, bomId);
  if (!s) throw new AppError('ref_missing', { field: bomNode.fields.Bom_ID.label }).at('Bom_ID');
  if (s.status === BOM_LOCKED) throw lockedError();
  return s;
}

/** Material numbers of a chain of ids, for a message a planner can read. */
export async function materialNumbers(ctx: HookContext, ids: number[]): Promise<string> {
  const { rows } = await sql<{ id: number; material_number: string }>`SELECT id, material_number FROM material
    WHERE id IN (${sql.join(ids.length ? ids : [0])})`.execute(ctx.tx);
  const by = new Map(rows.map((r) => [Number(r.id), r.material_number]));
  return ids.map((i) => by.get(i) ?? `#${i}`).join(' > ');
}

export async function cycleError(ctx: HookContext, path: number[]) {
  const chain = await materialNumbers(ctx, path);
  return refuse(
    bom.label,
    `结构出现循环引用（${chain}），物料不能直接或间接包含自身`,
    `the structure would contain itself (${chain}); a material cannot be its own component`,
  );
}

/** Refuses a tree that would contain a loop, following the default BOMs of its materials. */
export async function assertNoCycle(ctx: HookContext, tree: BomTree) {
  const boms = await loadDefaultBoms(
    ctx.tx,
    tree.lines.map((l) => l.materialId),
  );
  // this tree stands for its product, whether or not it is the default version
  boms.set(tree.productId, tree);
  const path = findCycle(tree, (m) => boms.get(m));
  if (path) throw await cycleError(ctx, path);
}

export const bomHooks = defineHooks(bom, {
  async validate(_ctx, data, old) {
    if (!old) return;
    if (old.Status === BOM_LOCKED) throw lockedError();
    if (data.Material_ID !== undefined && data.Material_ID !== old.Material_ID)
      throw refuse(
        bom.fields.Material_ID.label,
        '不能修改，请新建BOM',
        'cannot be changed; create a new BOM instead',
      );
  },
  async beforeSave(ctx, data, old) {
    if (old) return;
    const { rows } = await sql<{
      v: number | null;
      n: number;
    }>`SELECT max(bom_version) AS v, count(*)::int AS n
      FROM bom WHERE material_id = ${data.Material_ID}`.execute(ctx.tx);
    data.BOM_Version = (rows[0].v ?? 0) + 1;
    data.Is_Default = rows[0].n === 0;
    data.Status = 0;
  },
  async beforeDelete(ctx, old) {
    if (old.Status === BOM_LOCKED) throw lockedError();
    const used = await sql`SELECT 1 FROM work_order WHERE bom_id = ${old.Bom_ID} LIMIT 1`.execute(ctx.tx);
    if (used.rows.length) throw new AppError('referenced', { entity: { zh: '工单', en: 'Work order' } });
    await deleteNodes(ctx, Number(old.Bom_ID), null);
    if (old.Is_Default)
      await sql`UPDATE bom SET is_default = TRUE WHERE id = (SELECT id FROM bom WHERE material_id = ${old.Material_ID}
        AND id <> ${old.Bom_ID} ORDER BY bom_version DESC LIMIT 1)`.execute(ctx.tx);
  },
});

/** Deletes a node's descendants (or a whole BOM's nodes), deepest first because parents are restricted. */
export async function deleteNodes(ctx: HookContext, bomId: number, nodeId: number | null, withSelf = false) {
  const tree = await loadTree(ctx.tx, bomId);
  if (!tree) return;
  const ids =
    nodeId === null
      ? tree.lines.map((l) => l.id)
      : subtreeIds(tree, nodeId).filter((id) => withSelf || id !== nodeId);
  const depth = new Map<number, number>();
  const byId = new Map(tree.lines.map((l) => [l.id, l]));
  const depthOf = (id: number): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    const p = byId.get(id)?.parentId ?? null;
    const d = p === null ? 0 : depthOf(p) + 1;
    depth.set(id, d);
    return d;
  };
  const levels = new Map<number, number[]>();
  for (const id of ids) {
    const d = depthOf(id);
    levels.set(d, [...(levels.get(d) ?? []), id]);
  }
  for (const d of [...levels.keys()].sort((a, b) => b - a))
    await sql`DELETE FROM bom_node WHERE id IN (${sql.join(levels.get(d)!)})`.execute(ctx.tx);
}

/** The tree as it would be after writing `data` over node `old` (or adding it). */
function applied(tree: BomTree, data: Row, old: Row | null): BomTree {
  const id = old ? Number(old.ID) : -1;
  const line = {
    id,
    parentId: (data.Parent_ID !== undefined ? data.Parent_ID : (old?.Parent_ID ?? null)) as number | null,
    materialId: Number(data.Material_ID ?? old?.Material_ID),
    qty: String(data.Qty ?? old?.Qty ?? '1'),
    scrapRate: (data.Scrap_Rate ?? old?.Scrap_Rate ?? null) as string | null,
  };
  return { ...tree, lines: [...tree.lines.filter((l) => l.id !== id), line] };
}

export const bomNodeHooks = defineHooks(bomNode, {
  async validate(ctx, data, old) {
    const bomId = Number(old?.Bom_ID ?? data.Bom_ID);
    if (old && data.Bom_ID !== undefined && data.Bom_ID !== old.Bom_ID)
      throw refuse(bomNode.fields.Bom_ID.label, '不能修改', 'cannot be changed').at('Bom_ID');
    await assertUnlocked(ctx, bomId);
    const parent = data.Parent_ID !== undefined ? data.Parent_ID : (old?.Parent_ID ?? null);
    if (parent !== null) {
      const { rows } = await sql`SELECT 1 FROM bom_node WHERE id = ${parent} AND bom_id = ${bomId}`.execute(
        ctx.tx,
      );
      if (!rows.length)
        throw refuse(
          bomNode.fields.Parent_ID.label,
          '必须是同一BOM中的节点',
          'must be a node of the same BOM',
        ).at('Parent_ID');
    }
    if (data.Qty !== undefined && Number(data.Qty) <= 0)
      throw refuse(bomNode.fields.Qty.label, '必须大于 0', 'must be greater than 0').at('Qty');
    const tree = await loadTree(ctx.tx, bomId);
    if (tree) await assertNoCycle(ctx, applied(tree, data, old));
  },
  async beforeSave(ctx, data, old) {
    // Amount is the declaration's (compute: Qty × Price), filled before this hook
    if (!old && !data.Unit_ID) {
      const { rows } = await sql<{
        unit_id: number | null;
      }>`SELECT unit_id FROM material WHERE id = ${data.Material_ID}`.execute(ctx.tx);
      data.Unit_ID = rows[0]?.unit_id ?? null;
    }
    if (!old && (data.Ser_NO === undefined || data.Ser_NO === null)) {
      const { rows } = await sql<{
        s: number | null;
      }>`SELECT max(ser_no) AS s FROM bom_node WHERE bom_id = ${data.Bom_ID}
        AND parent_id IS NOT DISTINCT FROM ${data.Parent_ID ?? null}`.execute(ctx.tx);
      data.Ser_NO = (rows[0].s ?? 0) + 10;
    }
  },
  async afterSave(ctx, record) {
    await reindex(ctx.tx, Number(record.Bom_ID));
  },
  async beforeDelete(ctx, old) {
    await assertUnlocked(ctx, Number(old.Bom_ID));
    // the generic delete then finds nothing left pointing at the node
    await deleteNodes(ctx, Number(old.Bom_ID), Number(old.ID));
  },
});

export const bomLockHooks = defineHooks(bomLock, {
  async validate(ctx, data, old) {
    const bomId = Number(data.Bom_ID ?? old?.Bom_ID);
    const type = Number(data.Lock_Type ?? old?.Lock_Type);
    await checkLockable(ctx, bomId, type);
  },
  async onApprove(ctx, record) {
    const bomId = Number(record.Bom_ID);
    const type = Number(record.Lock_Type);
    await checkLockable(ctx, bomId, type);
    if (type === 1)
      await sql`UPDATE bom SET status = 1, lock_notes = ${record.Lock_Notes}, lock_date = current_date,
        version = version + 1, updated_at = now() WHERE id = ${bomId}`.execute(ctx.tx);
    else
      await sql`UPDATE bom SET status = 0, lock_notes = ${record.Lock_Notes}, lock_date = NULL,
        version = version + 1, updated_at = now() WHERE id = ${bomId}`.execute(ctx.tx);
  },
  async beforeUnapprove(ctx, record) {
    const { rows } = await sql`SELECT 1 FROM bom_lock WHERE bom_id = ${record.Bom_ID} AND state = 3
      AND id > ${record.Lock_ID} LIMIT 1`.execute(ctx.tx);
    if (rows.length) throw new AppError('has_dependants', {}, 409);
  },
  async onUnapprove(ctx, record) {
    // back to how the BOM was before this document applied
    const status = Number(record.Lock_Type) === 1 ? 0 : 1;
    await sql`UPDATE bom SET status = ${status}, lock_date = ${status === 1 ? sql`coalesce(lock_date, current_date)` : null},
      version = version + 1, updated_at = now() WHERE id = ${record.Bom_ID}`.execute(ctx.tx);
  },
});

async function checkLockable(ctx: HookContext, bomId: number, type: number) {
  const s = await bomStatus(ctx.tx, bomId);
  if (!s) throw new AppError('ref_missing', { field: bomLock.fields.Bom_ID.label }).at('Bom_ID');
  if (type === 1 && s.status === BOM_LOCKED) throw refuse(bom.label, '已经锁定', 'is already locked', 409);
  if (type === 2 && s.status !== BOM_LOCKED)
    throw refuse(bom.label, '未锁定，无需解锁', 'is not locked', 409);
}
