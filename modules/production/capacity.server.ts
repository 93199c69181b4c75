import type { Db } from '@mes/engine-server';
import { type Engine, type HookContext, ok, parseWith, requestContext, type Tx } from '@mes/engine-server';
import { dateString } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { type Booking, bookedByDay, daysBetween, levelOrder } from './logic/capacity';
import { routingMinutes } from './logic/routing';
import { workOrder } from './plan.entity';
import { refuse } from './refuse.server';

type Ex = Db | Tx;
/** Orders that hold station time: scheduled, in production or paused. */
const HOLDING_SQL = sql.join([1, 2, 3].map((v) => sql.lit(v)));

/** Minutes a station offers per day: the sum over its shifts; null when no capacity is declared. */
async function dailyCapacity(ex: Ex, stationIds: number[]): Promise<Map<number, string>> {
  const { rows } = await sql<{ station: number; minutes: string }>`SELECT parent_id AS station,
      sum(capacity_minutes)::text AS minutes FROM work_station_capacities
    WHERE parent_id IN (${sql.join(stationIds.length ? stationIds : [0])}) GROUP BY parent_id`.execute(ex);
  return new Map(rows.map((r) => [Number(r.station), r.minutes]));
}

/**
 * The holding orders of some stations, with their routing steps. The statuses are written out, not
 * bound: the partial index of holding orders (migration 0027) is chosen only for the same condition.
 */
export function bookingsSql(stationIds: number[], exceptOrder = 0) {
  return sql<{
    id: number;
    station: number;
    qty: string;
    plan_start: string;
    plan_end: string;
    std: string | null;
    setup: string | null;
  }>`SELECT o.id, o.work_station_id AS station, o.qty::text, o.plan_start::text, o.plan_end::text,
      s.std_minutes::text AS std, s.setup_minutes::text AS setup
    FROM work_order o LEFT JOIN set_process_steps s ON s.parent_id = o.route_id
    WHERE o.work_station_id IN (${sql.join(stationIds.length ? stationIds : [0])})
      AND o.schedule_status IN (${HOLDING_SQL}) AND o.id <> ${exceptOrder}
      AND o.plan_start IS NOT NULL AND o.plan_end IS NOT NULL`;
}

/** Each holding order's routing minutes for its quantity, with its planned days. */
async function bookings(ex: Ex, stationIds: number[], exceptOrder = 0): Promise<Map<number, Booking[]>> {
  const { rows } = await bookingsSql(stationIds, exceptOrder).execute(ex);
  const steps = new Map<
    number,
    { station: number; qty: string; start: string; end: string; steps: Step[] }
  >();
  for (const r of rows) {
    const e = steps.get(Number(r.id)) ?? {
      station: Number(r.station),
      qty: r.qty,
      start: r.plan_start.slice(0, 10),
      end: r.plan_end.slice(0, 10),
      steps: [],
    };
    if (r.std !== null) e.steps.push({ stdMinutes: r.std, setupMinutes: r.setup });
    steps.set(Number(r.id), e);
  }
  const out = new Map<number, Booking[]>();
  for (const e of steps.values())
    out.set(e.station, [
      ...(out.get(e.station) ?? []),
      { start: e.start, end: e.end, minutes: routingMinutes(e.steps, e.qty) },
    ]);
  return out;
}
type Step = { stdMinutes: string; setupMinutes: string | null };

/**
 * Levels a work order onto a station with a declared capacity: returns the planned end the
 * capacity allows (the order's minutes placed day by day after the orders already there), or
 * refuses when a requested end cannot be met, naming the minutes needed and free. Null when the
 * station declares no capacity (nothing to level against).
 */
export async function levelOnStation(
  c: HookContext,
  order: { id: number; routeId: number | null; qty: string },
  stationId: number,
  start: string,
  deadline: string | null,
): Promise<string | null> {
  const capacity = (await dailyCapacity(c.tx, [stationId])).get(stationId);
  if (!capacity) return null;
  const { rows } = await sql<{ std: string; setup: string | null }>`SELECT std_minutes::text AS std,
      setup_minutes::text AS setup FROM set_process_steps WHERE parent_id = ${order.routeId ?? 0}`.execute(
    c.tx,
  );
  const need = routingMinutes(
    rows.map((r) => ({ stdMinutes: r.std, setupMinutes: r.setup })),
    order.qty,
  );
  const booked = bookedByDay(
    (await bookings(c.tx, [stationId], order.id)).get(stationId) ?? [],
    start,
    '9999-12-31',
  );
  const r = levelOrder({ capacityPerDay: capacity, booked, need, start, deadline });
  if (!r.overloaded) return deadline ?? r.end;
  const earliest = r.end
    ? { zh: `，最早 ${r.end} 完工`, en: `; the earliest end is ${r.end}` }
    : { zh: '，一年内排不下', en: '; it does not fit within a year' };
  throw refuse(
    workOrder.fields.Work_Station_ID.label,
    `产能不足：需要 ${need} 分钟，${start} 至 ${deadline ?? start} 只剩 ${r.freeBeforeDeadline} 分钟${earliest.zh}`,
    `over capacity: ${need} minutes needed, ${r.freeBeforeDeadline} free from ${start} to ${deadline ?? start}${earliest.en}`,
    409,
  ).at('Plan_End');
}

/** Station load per day against its capacity, for the Gantt: minutes booked and minutes available. */
export function capacityRoutes(app: FastifyInstance, engine: Engine) {
  // a date the database holds, as the engine reads one
  const date = dateString();
  app.get(
    '/WorkOrder/Load',
    { config: { perm: { entity: workOrder.name, button: 'view' }, records: [] } },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(z.object({ From: date, To: date }), req.query, workOrder, ctx.lang);
      if (q.To < q.From || daysBetween(q.From, q.To) > 400)
        throw refuse(workOrder.fields.Plan_End.label, '日期范围无效', 'the date range is not valid');
      const { rows } = await sql<{ id: number }>`SELECT id FROM work_station WHERE NOT disabled`.execute(
        engine.db,
      );
      const ids = rows.map((r) => Number(r.id));
      const capacity = await dailyCapacity(engine.db, ids);
      const booked = await bookings(engine.db, ids);
      return ok(
        ids
          .filter((id) => capacity.has(id) || booked.has(id))
          .map((id) => ({
            Work_Station_ID: id,
            Capacity_Minutes: capacity.get(id) ?? null,
            Days: Object.fromEntries(bookedByDay(booked.get(id) ?? [], q.From, q.To)),
          })),
        ctx,
      );
    },
  );

  // the Gantt: orders with planned dates in a window, by work station
  app.get(
    '/WorkOrder/Gantt',
    {
      config: {
        perm: { entity: workOrder.name, button: 'view' },
        records: [{ entity: 'WorkStation', in: 'query', key: 'Work_Station_ID' }],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const q = parseWith(
        z.object({ From: date, To: date, Work_Station_ID: z.coerce.number().int().positive().optional() }),
        req.query,
        workOrder,
        ctx.lang,
      );
      if (q.To < q.From)
        throw refuse(
          workOrder.fields.Plan_End.label,
          '结束日期不能早于开始日期',
          'the end is before the start',
        );
      const { rows } = await ganttSql(q).execute(engine.db);
      return ok(rows, ctx);
    },
  );
}

/**
 * The Gantt's orders: those whose planned days meet the window. Found by planned end through its
 * index (migration 0027): orders ending on or after the window's start are the recent ones.
 */
export function ganttSql(q: { From: string; To: string; Work_Station_ID?: number }) {
  return sql<Record<string, unknown>>`SELECT o.id AS "Work_Order_ID", o.order_no AS "Order_NO",
      o.schedule_status AS "Schedule_Status", o.order_type AS "Order_Type", o.plan_start AS "Plan_Start",
      o.plan_end AS "Plan_End", o.qty AS "Qty", o.good_qty AS "Good_Qty", o.work_station_id AS "Work_Station_ID",
      w.station_name AS "Station_Name", m.material_number AS "Material_Number", m.material_name AS "Material_Name"
    FROM work_order o JOIN material m ON m.id = o.material_id LEFT JOIN work_station w ON w.id = o.work_station_id
    WHERE o.plan_start <= ${q.To} AND o.plan_end >= ${q.From} AND o.schedule_status <> 9
      ${q.Work_Station_ID ? sql`AND o.work_station_id = ${q.Work_Station_ID}` : sql``}
    ORDER BY w.station_code NULLS LAST, o.plan_start, o.id LIMIT 2000`;
}
