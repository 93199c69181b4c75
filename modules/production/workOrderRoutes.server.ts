import {
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
import type { z } from 'zod';
import { readGraph } from './bomGraph.server';
import { pickNeeds } from './logic/bom';
import { minus } from './logic/exact';
import { workOrder, workReport } from './plan.entity';
import { type Action, bodies, orderAction, reportBody, reportOutput } from './workOrder.server';

/** What the order picks for its quantity (`pickNeeds`), less what approved pickings already issued. */
export async function pickList(engine: Engine, orderId: number) {
  const o = await engine.service(workOrder.name).mustGet(orderId);
  if (!o.Bom_ID) return [];
  const g = await readGraph(engine.db, Number(o.Bom_ID));
  if (!g) return [];
  // made sub-assemblies are picked as one part, phantoms exploded through: the rule MRP plans by
  const need = pickNeeds(g.tree, String(o.Qty), g.resolve);
  const { rows } = await sql<{ material_id: number; qty: string }>`SELECT i.material_id, sum(i.qty) AS qty
    FROM material_receive r JOIN material_receive_items i ON i.parent_id = r.id
    WHERE r.work_order_id = ${orderId} AND r.state = ${STATE.APPROVED} GROUP BY i.material_id`.execute(
    engine.db,
  );
  const picked = new Map(rows.map((r) => [Number(r.material_id), String(r.qty)]));
  return [...need].map(([m, need]) => {
    const done = picked.get(m) ?? '0';
    const left = minus(need, done);
    const info = g.materials.get(m);
    return {
      Material_ID: m,
      Material_Number: info?.Material_Number,
      Material_Name: info?.Material_Name,
      Unit_Name: info?.Unit_Name,
      Required_Qty: need,
      Picked_Qty: done,
      Open_Qty: compareDecimal(left, '0') > 0 ? left : '0',
    };
  });
}

/** One schedule action on a work order, its guards, and the work doc following its orders. */
/** The schedule actions, output reporting, pick list and the Gantt data of work orders. */
export function workOrderRoutes(app: FastifyInstance, engine: Engine) {
  const run = <T>(req: FastifyRequest, fn: (c: HookContext) => Promise<T>) =>
    withTx(engine.db, (tx) => fn({ ...requestContext(req), tx, registry: engine.registry }));
  const svc = engine.service(workOrder.name);
  const order = (button: 'view' | 'edit' | 'close', at: 'params' | 'body') => ({
    config: {
      perm: { entity: workOrder.name, button },
      records: [{ entity: workOrder.name, in: at, key: at === 'params' ? 'id' : 'Work_Order_ID' }],
    },
  });

  for (const action of Object.keys(bodies) as Action[])
    app.post(`/WorkOrder/${action}`, order(action === 'Close' ? 'close' : 'edit', 'body'), async (req) => {
      const ctx = requestContext(req);
      const body = parseWith(bodies[action] as z.ZodType<Row>, req.body, workOrder, ctx.lang);
      await run(req, (c) => orderAction(c, action, body));
      return ok(await svc.mustGet(Number(body.Work_Order_ID)), ctx);
    });

  // output per operation: refused beyond the order quantity, or beyond what the operation before passed on
  app.post('/WorkOrder/Report', order('edit', 'body'), async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(reportBody, req.body, workReport, ctx.lang);
    const rec = await run(req, (c) => reportOutput(c, body));
    return ok(await engine.service(workReport.name).mustGet(rec), ctx);
  });

  app.get('/WorkOrder/:id/PickList', order('view', 'params'), async (req) => {
    const ctx = requestContext(req);
    return ok(await pickList(engine, parseId((req.params as { id: string }).id)), ctx);
  });

  app.get('/WorkOrder/:id/Steps', order('view', 'params'), async (req) => {
    const ctx = requestContext(req);
    const orderId = parseId((req.params as { id: string }).id);
    const o = await svc.mustGet(orderId);
    const { rows } =
      await sql`SELECT s.ser_no AS "Step_NO", s.process_id AS "Process_ID", p.process_name AS "Process_Name",
        coalesce(sum(r.good_qty), 0) AS "Good_Qty", coalesce(sum(r.scrap_qty), 0) AS "Scrap_Qty",
        coalesce(sum(r.rework_qty), 0) AS "Rework_Qty", coalesce(sum(r.work_minutes), 0) AS "Work_Minutes"
      FROM set_process_steps s JOIN work_process p ON p.id = s.process_id
      LEFT JOIN work_report r ON r.work_order_id = ${orderId} AND r.step_no = s.ser_no
      WHERE s.parent_id = ${o.Route_ID ?? 0} GROUP BY s.ser_no, s.process_id, p.process_name ORDER BY s.ser_no`.execute(
        engine.db,
      );
    return ok(rows, ctx);
  });
}
