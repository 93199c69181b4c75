import { AppError, defineHooks, type HookContext, notFound, type Row, writeLog } from '@mes/engine-server';
import { addDecimal, compareDecimal, dateString, STATE } from '@mes/model';
import { sql } from 'kysely';
import { z } from 'zod';
import { levelOnStation } from './capacity.server';
import { receiveGoods } from './completion.server';
import { nextScheduleStatus, type WorkOrderEvent } from './logic/states';
import { workOrder, workReport } from './plan.entity';
import { refuse } from './refuse.server';
import { checkProductRefs, defaultsFor, syncDocStatus } from './workDoc.server';

const qty = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/);
// a date the database holds, as the engine reads one
const date = dateString();
const id = z.number().int().positive();

export const bodies = {
  Schedule: z.strictObject({
    Work_Order_ID: id,
    Work_Station_ID: id.optional(),
    Plan_Start: date.optional(),
    Plan_End: date.optional(),
  }),
  Unschedule: z.strictObject({ Work_Order_ID: id }),
  Start: z.strictObject({ Work_Order_ID: id }),
  Pause: z.strictObject({ Work_Order_ID: id }),
  Resume: z.strictObject({ Work_Order_ID: id }),
  Complete: z.strictObject({
    Work_Order_ID: id,
    /** Quantity received into stock; the good quantity reported at the last operation by default. */
    Qty: qty.optional(),
    Location_ID: id.optional(),
    Posting_Date: date.optional(),
  }),
  /** A partial receipt of finished goods; the order stays in production. */
  Receive: z.strictObject({
    Work_Order_ID: id,
    Qty: qty,
    Location_ID: id.optional(),
    Posting_Date: date.optional(),
  }),
  Settle: z.strictObject({ Work_Order_ID: id }),
  Close: z.strictObject({ Work_Order_ID: id, Close_Reason: z.string().trim().min(1).max(500) }),
} as const;
export type Action = keyof typeof bodies;
const EVENT: Record<Exclude<Action, 'Receive'>, WorkOrderEvent> = {
  Schedule: 'schedule',
  Unschedule: 'unschedule',
  Start: 'start',
  Pause: 'pause',
  Resume: 'resume',
  Complete: 'complete',
  Settle: 'settle',
  Close: 'close',
};

export const reportBody = z.strictObject({
  Work_Order_ID: id,
  Step_NO: z.number().int().min(1).max(9999),
  Good_Qty: qty,
  Scrap_Qty: qty.default('0'),
  Rework_Qty: qty.default('0'),
  Work_Minutes: z
    .string()
    .regex(/^\d{1,8}(\.\d{1,2})?$/)
    .default('0'),
  Shift_ID: id.optional(),
  Employee_ID: id.optional(),
  Work_Station_ID: id.optional(),
  Report_Date: date.optional(),
  Remark: z.string().max(200).optional(),
});

const statusLabel = (s: number) =>
  workOrder.fields.Schedule_Status.options.find((o) => o.value === s)?.label ?? {
    zh: String(s),
    en: String(s),
  };

export function badScheduleStatus(from: number) {
  const l = statusLabel(from);
  return new AppError(
    'validation',
    {
      field: workOrder.label,
      reason: { zh: `当前状态「${l.zh}」不能执行此操作`, en: `this is not possible in status "${l.en}"` },
    },
    409,
  );
}

const today = () => new Date().toISOString().slice(0, 10);

async function lockOrder(c: HookContext, orderId: number): Promise<Row> {
  const { rows } =
    await sql<Row>`SELECT id, work_doc_id, schedule_status, qty, good_qty, received_qty, material_id,
      bom_id, route_id, work_station_id, location_id, order_no, plan_start::text AS plan_start,
      plan_end::text AS plan_end FROM work_order WHERE id = ${orderId} FOR UPDATE`.execute(c.tx);
  if (!rows[0]) throw notFound();
  return rows[0];
}

async function setStatus(c: HookContext, o: Row, event: WorkOrderEvent, set: Row = {}) {
  const to = nextScheduleStatus(Number(o.schedule_status), event);
  if (to === null) throw badScheduleStatus(Number(o.schedule_status));
  await sql`UPDATE work_order SET schedule_status = ${to},
      work_station_id = ${set.Work_Station_ID !== undefined ? set.Work_Station_ID : sql`work_station_id`},
      plan_start = ${set.Plan_Start !== undefined ? set.Plan_Start : sql`plan_start`},
      plan_end = ${set.Plan_End !== undefined ? set.Plan_End : sql`plan_end`},
      actual_start = ${event === 'start' ? sql`coalesce(actual_start, now())` : sql`actual_start`},
      actual_end = ${event === 'complete' ? sql`now()` : sql`actual_end`},
      received_qty = ${set.Received_Qty !== undefined ? set.Received_Qty : sql`received_qty`},
      close_reason = ${set.Close_Reason !== undefined ? set.Close_Reason : sql`close_reason`},
      version = version + 1, updated_at = now(), updated_by = ${c.user?.User_ID ?? null}
    WHERE id = ${o.id}`.execute(c.tx);
  await writeLog(c, event === 'close' ? 'close' : 'edit', workOrder.name, Number(o.id), {
    Schedule_Status: to,
    event,
    ...set,
  });
  return to;
}

/** Closes one work order (also used by case close, which syncs the doc itself). */
export async function closeOrder(c: HookContext, orderId: number, reason: string) {
  const o = await lockOrder(c, orderId);
  await setStatus(c, o, 'close', { Close_Reason: reason });
}

export const workOrderHooks = defineHooks(workOrder, {
  async validate(ctx, data, old) {
    await checkProductRefs(ctx, workOrder.label, data, old, workOrder.fields);
    if (!old) return;
    const status = Number(old.Schedule_Status);
    // once material is picked the order's substance is fixed; planning fields stay editable until it ends
    const fixed = ['Material_ID', 'Qty', 'Bom_ID', 'Route_ID', 'Order_Type', 'Work_Doc_ID'];
    if (status !== 0 && fixed.some((f) => data[f] !== undefined && String(data[f]) !== String(old[f])))
      throw refuse(
        workOrder.label,
        '已排程的工单不能修改产品、数量、BOM或工艺',
        'once scheduled, product, quantity, BOM and routing cannot change',
        409,
      );
    if (status >= 4) throw badScheduleStatus(status);
  },
  async beforeSave(ctx, data, old) {
    if (old) return;
    data.Schedule_Status = 0;
    data.Good_Qty = '0';
    data.Scrap_Qty = '0';
    data.Rework_Qty = '0';
    data.Received_Qty = '0';
    const d = await defaultsFor(ctx, Number(data.Material_ID));
    if (!data.Bom_ID) data.Bom_ID = d.bomId;
    if (!data.Route_ID) data.Route_ID = d.routeId;
  },
  async beforeDelete(ctx, old) {
    if (Number(old.Schedule_Status) !== 0) throw badScheduleStatus(Number(old.Schedule_Status));
    const { rows } =
      await sql`SELECT 1 FROM material_receive WHERE work_order_id = ${old.Work_Order_ID} AND state <> 0 LIMIT 1`.execute(
        ctx.tx,
      );
    if (rows.length) throw new AppError('referenced', { entity: { zh: '领料单', en: 'Material picking' } });
  },
});

export async function orderAction(c: HookContext, action: Action, body: Row) {
  const o = await lockOrder(c, Number(body.Work_Order_ID));
  await act(c, o, action, body);
  await syncDocStatus(c, o.work_doc_id === null ? null : Number(o.work_doc_id));
}

async function act(c: HookContext, o: Row, action: Action, body: Row) {
  if (action === 'Receive') {
    // a partial completion: only while in production, and the order keeps its status
    if (Number(o.schedule_status) !== 2) throw badScheduleStatus(Number(o.schedule_status));
    const total = await receiveGoods(c, o, body, false);
    await sql`UPDATE work_order SET received_qty = ${total}, version = version + 1, updated_at = now(),
      updated_by = ${c.user?.User_ID ?? null} WHERE id = ${o.id}`.execute(c.tx);
    await writeLog(c, 'edit', workOrder.name, Number(o.id), { Received_Qty: total, event: 'receive' });
    return;
  }
  const event = EVENT[action];
  if (nextScheduleStatus(Number(o.schedule_status), event) === null)
    throw badScheduleStatus(Number(o.schedule_status));
  switch (action) {
    case 'Schedule': {
      const station = body.Work_Station_ID ?? o.work_station_id;
      if (!station)
        throw refuse(workOrder.fields.Work_Station_ID.label, '排程需要选择工位', 'is needed to schedule').at(
          'Work_Station_ID',
        );
      const { rows } = await sql`SELECT 1 FROM work_station WHERE id = ${station} AND NOT disabled`.execute(
        c.tx,
      );
      if (!rows.length)
        throw new AppError('ref_missing', { field: workOrder.fields.Work_Station_ID.label }).at(
          'Work_Station_ID',
        );
      if (body.Plan_Start && body.Plan_End && String(body.Plan_End) < String(body.Plan_Start))
        throw refuse(
          workOrder.fields.Plan_End.label,
          '不能早于计划开工',
          'cannot be before the planned start',
        ).at('Plan_End');
      // levelled by the station's capacity: without a requested end, the capacity sets it
      const start = String(body.Plan_Start ?? o.plan_start ?? today()).slice(0, 10);
      const levelled = await levelOnStation(
        c,
        { id: Number(o.id), routeId: o.route_id === null ? null : Number(o.route_id), qty: String(o.qty) },
        Number(station),
        start,
        (body.Plan_End as string | undefined) ?? null,
      );
      await setStatus(c, o, event, {
        Work_Station_ID: station,
        ...(body.Plan_Start || levelled ? { Plan_Start: start } : {}),
        ...(levelled ? { Plan_End: levelled } : body.Plan_End ? { Plan_End: body.Plan_End } : {}),
      });
      return;
    }
    case 'Start': {
      // material first: an order whose BOM has components starts once a picking is approved
      if (o.bom_id) {
        const comps = await sql`SELECT 1 FROM bom_node WHERE bom_id = ${o.bom_id} LIMIT 1`.execute(c.tx);
        const picked = await sql`SELECT 1 FROM material_receive WHERE work_order_id = ${o.id}
          AND state = ${STATE.APPROVED} LIMIT 1`.execute(c.tx);
        if (comps.rows.length && !picked.rows.length)
          throw refuse(
            workOrder.label,
            '请先领料（审核领料单）再开工',
            'pick the material first (approve a picking) before starting',
            409,
          );
      }
      await setStatus(c, o, event);
      return;
    }
    case 'Complete': {
      const total = await receiveGoods(c, o, body, true);
      await setStatus(c, o, event, { Received_Qty: total });
      return;
    }
    case 'Close':
      await setStatus(c, o, event, { Close_Reason: body.Close_Reason });
      return;
    default:
      await setStatus(c, o, event);
  }
}

/** Output reported against one operation; refused beyond the order quantity or the operation before. */
export async function reportOutput(c: HookContext, body: z.infer<typeof reportBody>): Promise<number> {
  const o = await lockOrder(c, body.Work_Order_ID);
  if (Number(o.schedule_status) !== 2)
    throw refuse(
      workOrder.label,
      '只有生产中的工单可以报工',
      'output can be reported only while in production',
      409,
    );
  const steps = await sql<{
    ser_no: number;
    process_id: number;
    work_station_id: number | null;
  }>`SELECT ser_no,
    process_id, work_station_id FROM set_process_steps WHERE parent_id = ${o.route_id ?? 0} ORDER BY ser_no`.execute(
    c.tx,
  );
  const at = steps.rows.findIndex((s) => s.ser_no === body.Step_NO);
  if (at < 0)
    throw refuse(
      workReport.fields.Step_NO.label,
      '不是该工单工艺路线中的工序',
      "is not an operation of the order's routing",
    ).at('Step_NO');
  const sums = await sql<{
    step_no: number;
    good: string;
    done: string;
  }>`SELECT step_no, sum(good_qty) AS good,
    sum(good_qty + scrap_qty) AS done FROM work_report WHERE work_order_id = ${o.id} GROUP BY step_no`.execute(
    c.tx,
  );
  const by = new Map(sums.rows.map((s) => [s.step_no, s]));
  const doneHere = addDecimal(
    String(by.get(body.Step_NO)?.done ?? '0'),
    addDecimal(body.Good_Qty, body.Scrap_Qty),
  );
  if (compareDecimal(doneHere, String(o.qty)) > 0)
    throw refuse(
      workReport.fields.Good_Qty.label,
      `该工序良品加报废合计 ${doneHere} 超过工单数量 ${o.qty}`,
      `good plus scrap at this operation would be ${doneHere}, more than the order's ${o.qty}`,
    ).at('Good_Qty');
  if (at > 0) {
    const before = String(by.get(steps.rows[at - 1].ser_no)?.good ?? '0');
    if (compareDecimal(doneHere, before) > 0)
      throw refuse(
        workReport.fields.Good_Qty.label,
        `超过上道工序的良品数 ${before}`,
        `is more than the ${before} good pieces of the operation before`,
      ).at('Good_Qty');
  }
  const step = steps.rows[at];
  const ins = await sql<{
    id: number;
  }>`INSERT INTO work_report (work_order_id, step_no, process_id, work_station_id,
    shift_id, employee_id, report_date, good_qty, scrap_qty, rework_qty, work_minutes, remark, created_by, updated_by)
  VALUES (${o.id}, ${body.Step_NO}, ${step.process_id}, ${body.Work_Station_ID ?? step.work_station_id ?? o.work_station_id},
    ${body.Shift_ID ?? null}, ${body.Employee_ID ?? null}, ${body.Report_Date ?? today()}, ${body.Good_Qty},
    ${body.Scrap_Qty}, ${body.Rework_Qty}, ${body.Work_Minutes}, ${body.Remark ?? null},
    ${c.user?.User_ID ?? null}, ${c.user?.User_ID ?? null}) RETURNING id`.execute(c.tx);
  // the order's good quantity is what left its last operation; scrap and rework add up over all
  const last = steps.rows[steps.rows.length - 1].ser_no;
  await sql`UPDATE work_order SET
    good_qty = coalesce((SELECT sum(good_qty) FROM work_report WHERE work_order_id = ${o.id} AND step_no = ${last}), 0),
    scrap_qty = coalesce((SELECT sum(scrap_qty) FROM work_report WHERE work_order_id = ${o.id}), 0),
    rework_qty = coalesce((SELECT sum(rework_qty) FROM work_report WHERE work_order_id = ${o.id}), 0),
    version = version + 1, updated_at = now() WHERE id = ${o.id}`.execute(c.tx);
  await writeLog(c, 'add', workReport.name, Number(ins.rows[0].id), body);
  return Number(ins.rows[0].id);
}
