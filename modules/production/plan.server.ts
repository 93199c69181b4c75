import {
  defineHooks,
  type Engine,
  type HookContext,
  ok,
  parseId,
  parseWith,
  type Row,
  requestContext,
  withTx,
} from '@mes/engine-server';
import { compareDecimal, STATE } from '@mes/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { loadDefaultBoms } from './bomData.server';
import { BomCycleError } from './logic/bom';
import { type MrpLine, planRequirements } from './logic/mrp';
import { materialReceive, producePlan, workDoc, workOrder } from './plan.entity';
import { refuse } from './refuse.server';
import { onHand, postPicking, reversePicking } from './stock.server';
import { materialInfo } from './whereUsed.server';

export const producePlanHooks = defineHooks(producePlan, {
  validate(_ctx, data) {
    const items = data.Items as { Qty: string; Material_ID: number }[] | undefined;
    if (items === undefined) return;
    if (!items.length)
      throw refuse(producePlan.lines.Items.label, '至少需要一行', 'needs at least one line').at('Items');
    for (const [i, it] of items.entries())
      if (compareDecimal(String(it.Qty), '0') <= 0)
        throw refuse(
          producePlan.lines.Items.fields.Qty.label,
          `第 ${i + 1} 行必须大于 0`,
          `row ${i + 1} must be greater than 0`,
        ).at('Items');
  },
});

const pickStates = [1, 2, 3];
export const materialReceiveHooks = defineHooks(materialReceive, {
  async validate(ctx, data, old) {
    const orderId = data.Work_Order_ID ?? old?.Work_Order_ID;
    const { rows } = await sql<{
      s: number;
    }>`SELECT schedule_status AS s FROM work_order WHERE id = ${orderId}`.execute(ctx.tx);
    // a picking may be prepared for any open order; it posts only once the order is scheduled (onApprove)
    if (rows[0] && rows[0].s >= 4)
      throw refuse(
        materialReceive.fields.Work_Order_ID.label,
        '已完工、结算或关闭的工单不能领料',
        'material cannot be picked for a completed, settled or closed order',
        409,
      ).at('Work_Order_ID');
    const items = data.Items as unknown[] | undefined;
    if (items !== undefined && !items.length)
      throw refuse(materialReceive.lines.Items.label, '至少需要一行', 'needs at least one line').at('Items');
  },
  async onApprove(ctx, record) {
    const { rows } = await sql<{
      s: number;
    }>`SELECT schedule_status AS s FROM work_order WHERE id = ${record.Work_Order_ID}
      FOR UPDATE`.execute(ctx.tx);
    if (!rows[0] || !pickStates.includes(rows[0].s))
      throw refuse(
        materialReceive.fields.Work_Order_ID.label,
        '工单状态不允许领料',
        'the order cannot take material now',
        409,
      );
    await postPicking(ctx, record);
  },
  async beforeUnapprove(ctx, record) {
    const { rows } = await sql<{
      s: number;
    }>`SELECT schedule_status AS s FROM work_order WHERE id = ${record.Work_Order_ID}`.execute(ctx.tx);
    if (rows[0] && rows[0].s >= 4)
      throw refuse(
        materialReceive.label,
        '工单已完工，不能反审核',
        'the order is completed; it cannot be unapproved',
        409,
      );
  },
  async onUnapprove(ctx, record) {
    await reversePicking(ctx, record);
  },
});

/**
 * Open supply per material: work orders not yet received in full (purchase orders join when purchasing
 * lands). The statuses are written out, not bound: the partial index of open orders by material
 * (migration 0027) is chosen only for the same condition, and keeps the material's finished
 * orders of past years out of the lookup.
 */
export function onOrderSql(ids: number[]) {
  return sql<{ material_id: number; q: string }>`SELECT material_id, sum(qty - coalesce(received_qty, 0)) AS q
    FROM work_order WHERE schedule_status IN (0, 1, 2, 3) AND material_id IN (${sql.join(ids.length ? ids : [0])})
    GROUP BY material_id`;
}

async function onOrder(ctx: { tx: HookContext['tx'] } | { db: Engine['db'] }, ids: number[]) {
  const { rows } = await onOrderSql(ids).execute('tx' in ctx ? ctx.tx : ctx.db);
  return new Map(rows.map((r) => [Number(r.material_id), String(r.q)]));
}

/** MRP-lite for an approved or draft plan: its lines netted level by level against stock and open orders. */
export async function requirements(engine: Engine, planId: number): Promise<(MrpLine & Row)[]> {
  const plan = await engine.service(producePlan.name).mustGet(planId);
  const items = plan.Items as { Material_ID: number; Qty: string }[];
  const boms = await loadDefaultBoms(
    engine.db,
    items.map((i) => i.Material_ID),
  );
  const ids = new Set<number>(items.map((i) => i.Material_ID));
  for (const t of boms.values()) for (const l of t.lines) ids.add(l.materialId);
  const list = [...ids];
  const stock = await onHand(engine.db, list);
  const open = await onOrder({ db: engine.db }, list);
  const { rows } = await sql<{
    id: number;
    safety_stock: string | null;
  }>`SELECT id, safety_stock FROM material
    WHERE id IN (${sql.join(list.length ? list : [0])})`.execute(engine.db);
  const safety = new Map(rows.map((r) => [Number(r.id), r.safety_stock]));
  let lines: MrpLine[];
  try {
    lines = planRequirements(
      items.map((i) => ({ materialId: i.Material_ID, qty: String(i.Qty) })),
      (m) => boms.get(m),
      { onHand: (m) => stock.get(m), onOrder: (m) => open.get(m), safety: (m) => safety.get(m) },
    );
  } catch (e) {
    if (e instanceof BomCycleError || (e instanceof Error && /cycle/.test(e.message)))
      throw refuse(
        producePlan.label,
        'BOM结构出现循环引用，无法计算需求',
        'a BOM contains itself; requirements cannot be computed',
      );
    throw e;
  }
  const info = await materialInfo(engine, list);
  return lines.map((l) => ({
    ...l,
    Material_ID: l.materialId,
    ...info.get(l.materialId),
    Level: l.level,
    Gross_Qty: l.gross,
    On_Hand: l.onHand,
    On_Order: l.onOrder,
    Safety_Stock: l.safety,
    Net_Qty: l.net,
    Action: l.action,
  }));
}

export function planRoutes(app: FastifyInstance, engine: Engine) {
  const view = {
    config: {
      perm: { entity: producePlan.name, button: 'view' as const },
      records: [{ entity: producePlan.name, in: 'params' as const, key: 'id' }],
    },
  };
  app.get('/ProducePlan/:id/Requirements', view, async (req) => {
    const ctx = requestContext(req);
    return ok(await requirements(engine, parseId((req.params as { id: string }).id)), ctx);
  });

  // suggested work orders become draft work docs: one per made material with a net requirement
  app.post(
    '/ProducePlan/CreateWorkDocs',
    {
      config: {
        perm: { entity: workDoc.name, button: 'add' },
        records: [{ entity: producePlan.name, in: 'body', key: 'Plan_ID' }],
      },
    },
    async (req: FastifyRequest) => {
      const ctx = requestContext(req);
      const body = parseWith(
        z.strictObject({ Plan_ID: z.number().int().positive() }),
        req.body,
        producePlan,
        ctx.lang,
      );
      const plan = await engine.service(producePlan.name).mustGet(body.Plan_ID);
      if (plan.State !== STATE.APPROVED)
        throw refuse(
          producePlan.label,
          '审核后才能生成任务单',
          'must be approved before work docs are made from it',
          409,
        );
      const due = new Map(
        (plan.Items as { Material_ID: number; Due_Date: string }[]).map((i) => [i.Material_ID, i.Due_Date]),
      );
      const planDue = [...due.values()].sort()[0] ?? String(plan.Plan_Date);
      const docs = engine.service(workDoc.name);
      // read outside the transaction: its statements run on the database, not on the transaction
      const lines = await requirements(engine, body.Plan_ID);
      const made = await withTx(engine.db, async (tx) => {
        // a plan's work docs are made once: the plan's row lock queues a second call (a double click,
        // another user) behind the first, and it answers the docs the first made
        await sql`SELECT id FROM produce_plan WHERE id = ${body.Plan_ID} FOR UPDATE`.execute(tx);
        const { rows: existing } = await sql<{ id: number }>`SELECT id FROM work_doc
          WHERE plan_id = ${body.Plan_ID} AND state <> ${STATE.VOID} ORDER BY id`.execute(tx);
        const out: Row[] = [];
        for (const r of existing) out.push(await docs.mustGet(Number(r.id), tx));
        if (out.length) return out;
        for (const l of lines) {
          if (l.action !== 'make' || compareDecimal(l.net, '0') <= 0) continue;
          const end = due.get(l.materialId) ?? planDue;
          out.push(
            await docs.insert(
              {
                Doc_Date: String(plan.Plan_Date),
                Material_ID: l.materialId,
                Qty: l.net,
                Plan_ID: body.Plan_ID,
                Plan_Start: String(plan.Plan_Date) <= end ? String(plan.Plan_Date) : end,
                Plan_End: end,
                Order_Type: 1,
              },
              ctx,
              tx,
            ),
          );
        }
        return out;
      });
      return ok(made, ctx);
    },
  );
}

export { workOrder };
