import {
  AppError,
  defineHooks,
  type Engine,
  type HookContext,
  notFound,
  ok,
  parseWith,
  type Row,
  requestContext,
  withTx,
  writeLog,
} from '@mes/engine-server';
import { addDecimal, compareDecimal, dateString, STATE, STATE_LABELS } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { equation } from './engineering.entity';
import { nextWorkDocStatus, type WorkDocEvent, workDocStatusFromOrders } from './logic/states';
import { workDoc, workOrder } from './plan.entity';
import { refuse } from './refuse.server';
import { closeOrder } from './workOrder.server';

const qty = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/);
// a date the database holds, as the engine reads one
const date = dateString();

export const issueBody = z.strictObject({
  Work_Doc_ID: z.number().int().positive(),
  /** A split into several work orders; one order for the whole quantity when absent. */
  Orders: z
    .array(
      z.strictObject({
        Qty: qty,
        Order_Type: z.number().int().min(1).max(6).optional(),
        Work_Station_ID: z.number().int().positive().optional(),
        Plan_Start: date.optional(),
        Plan_End: date.optional(),
      }),
    )
    .min(1)
    .max(50)
    .optional(),
});
const docBody = z.strictObject({ Work_Doc_ID: z.number().int().positive() });
const closeBody = z.strictObject({
  Work_Doc_ID: z.number().int().positive(),
  Close_Reason: z.string().trim().min(1).max(500),
});

const statusName = (s: number) =>
  workDoc.fields.Work_Status.options.find((o) => o.value === s)?.label ?? { zh: String(s), en: String(s) };

/** Refusal of a status change the state machine does not allow. */
export function badStatus(what: typeof workDoc.label, from: number, label = statusName(from)) {
  return new AppError(
    'validation',
    {
      field: what,
      reason: {
        zh: `当前状态「${label.zh}」不能执行此操作`,
        en: `this is not possible in status "${label.en}"`,
      },
    },
    409,
  );
}

export async function moveDoc(ctx: HookContext, doc: Row, event: WorkDocEvent, extra: Row = {}) {
  const to = nextWorkDocStatus(Number(doc.Work_Status), event);
  if (to === null) throw badStatus(workDoc.label, Number(doc.Work_Status));
  await sql`UPDATE work_doc SET work_status = ${to}, close_reason = coalesce(${(extra.Close_Reason as string) ?? null}, close_reason),
    version = version + 1, updated_at = now(), updated_by = ${ctx.user?.User_ID ?? null} WHERE id = ${doc.Work_Doc_ID}`.execute(
    ctx.tx,
  );
  await writeLog(ctx, 'edit', workDoc.name, Number(doc.Work_Doc_ID), { Work_Status: to, event, ...extra });
  return to;
}

/** Brings a work doc's status in line with its work orders after one of them moved. */
export async function syncDocStatus(ctx: HookContext, docId: number | null) {
  if (!docId) return;
  const { rows } = await sql<{
    work_status: number;
  }>`SELECT work_status FROM work_doc WHERE id = ${docId} FOR UPDATE`.execute(ctx.tx);
  if (!rows[0]) return;
  const orders = await sql<{
    s: number;
  }>`SELECT schedule_status AS s FROM work_order WHERE work_doc_id = ${docId}`.execute(ctx.tx);
  const to = workDocStatusFromOrders(
    rows[0].work_status,
    orders.rows.map((o) => o.s),
  );
  if (to !== null && to !== rows[0].work_status)
    await sql`UPDATE work_doc SET work_status = ${to}, version = version + 1, updated_at = now() WHERE id = ${docId}`.execute(
      ctx.tx,
    );
}

/** The default BOM and routing of a product, when a document names none. */
export async function defaultsFor(ctx: HookContext, materialId: number) {
  const b = await sql<{
    id: number;
  }>`SELECT id FROM bom WHERE material_id = ${materialId} AND is_default`.execute(ctx.tx);
  const r = await sql<{ id: number }>`SELECT id FROM set_process WHERE material_id = ${materialId}
    ORDER BY is_default DESC, id LIMIT 1`.execute(ctx.tx);
  return { bomId: b.rows[0] ? Number(b.rows[0].id) : null, routeId: r.rows[0] ? Number(r.rows[0].id) : null };
}

/** A positive quantity; the end not before the start. */
export async function checkProductRefs(
  _ctx: HookContext,
  label: typeof workDoc.label,
  data: Row,
  old: Row | null,
  fields: typeof workDoc.fields | typeof workOrder.fields,
) {
  // BOM and routing are the product's own by their declaration (RefField.filterBy), checked by the engine
  const q = data.Qty ?? old?.Qty;
  if (q !== undefined && compareDecimal(String(q), '0') <= 0)
    throw refuse(fields.Qty.label, '必须大于 0', 'must be greater than 0').at('Qty');
  const start = String(data.Plan_Start ?? old?.Plan_Start ?? '');
  const end = String(data.Plan_End ?? old?.Plan_End ?? '');
  if (start && end && end < start)
    throw refuse(fields.Plan_End.label, '不能早于计划开工', 'cannot be before the planned start').at(
      'Plan_End',
    );
  void label;
}

export const workDocHooks = defineHooks(workDoc, {
  async validate(ctx, data, old) {
    await checkProductRefs(ctx, workDoc.label, data, old, workDoc.fields);
  },
  async beforeSave(ctx, data, old) {
    if (old) return;
    data.Work_Status = 1;
    const d = await defaultsFor(ctx, Number(data.Material_ID));
    if (!data.Bom_ID) data.Bom_ID = d.bomId;
    if (!data.Route_ID) data.Route_ID = d.routeId;
  },
  async onApprove(_ctx, record) {
    if (!record.Bom_ID)
      throw refuse(
        workDoc.fields.Bom_ID.label,
        '产品没有BOM，不能审核',
        'the product has no BOM; approval is not possible',
      );
  },
  async beforeUnapprove(_ctx, record) {
    if (Number(record.Work_Status) !== 1) throw new AppError('has_dependants', {}, 409);
  },
});

export const equationHooks = defineHooks(equation, {
  validate(_ctx, data) {
    // parts, not percentages: every ingredient needs a share above zero
    const items = data.Items as { Ratio: string }[] | undefined;
    for (const [i, it] of (items ?? []).entries())
      if (compareDecimal(String(it.Ratio), '0') <= 0)
        throw refuse(
          equation.lines.Items.fields.Ratio.label,
          `第 ${i + 1} 行必须大于 0`,
          `row ${i + 1} must be greater than 0`,
        ).at('Items');
  },
});

/** Issuing: the approved doc's quantity becomes work orders (one, or a split that adds up to it). */
export async function issueDoc(
  engine: Engine,
  c: HookContext,
  body: z.infer<typeof issueBody>,
): Promise<Row[]> {
  const doc = await engine.service(workDoc.name).get(body.Work_Doc_ID, c.tx, true);
  if (!doc || doc.State === STATE.VOID) throw notFound();
  if (doc.State !== STATE.APPROVED)
    throw refuse(workDoc.label, '审核后才能下达', 'must be approved before it is issued', 409);
  if (nextWorkDocStatus(Number(doc.Work_Status), 'issue') === null)
    throw badStatus(workDoc.label, Number(doc.Work_Status));
  const split = body.Orders ?? [{ Qty: String(doc.Qty) }];
  const total = split.reduce((s, o) => addDecimal(s, o.Qty), '0');
  if (compareDecimal(total, String(doc.Qty)) !== 0)
    throw refuse(
      workOrder.fields.Qty.label,
      `合计 ${total} 应等于任务单数量 ${doc.Qty}`,
      `the orders add up to ${total}; they must add up to the work doc's ${doc.Qty}`,
    ).at('Orders');
  const made: Row[] = [];
  for (const o of split)
    made.push(
      await engine.service(workOrder.name).insert(
        {
          Work_Doc_ID: doc.Work_Doc_ID,
          Order_Type: o.Order_Type ?? doc.Order_Type,
          Material_ID: doc.Material_ID,
          Qty: o.Qty,
          Bom_ID: doc.Bom_ID,
          Route_ID: doc.Route_ID,
          Work_Station_ID: o.Work_Station_ID ?? null,
          Location_ID: doc.Location_ID,
          Plan_Start: o.Plan_Start ?? doc.Plan_Start,
          Plan_End: o.Plan_End ?? doc.Plan_End,
        },
        c,
        c.tx,
      ),
    );
  await moveDoc(c, doc, 'issue');
  return made;
}

/** Issue, recall, void and case close of work docs. */
export function workDocRoutes(app: FastifyInstance, engine: Engine) {
  const run = <T>(req: Parameters<typeof requestContext>[0], fn: (c: HookContext) => Promise<T>) =>
    withTx(engine.db, (tx) => fn({ ...requestContext(req), tx, registry: engine.registry }));
  const docs = engine.service(workDoc.name);
  const docRoute = (button: 'edit' | 'close') => ({
    config: {
      perm: { entity: workDoc.name, button },
      records: [{ entity: workDoc.name, in: 'body' as const, key: 'Work_Doc_ID' }],
    },
  });
  const lockDoc = async (c: HookContext, id: number) => {
    const doc = await docs.get(id, c.tx, true, null);
    if (!doc || doc.State === STATE.VOID) throw notFound();
    return doc;
  };

  app.post('/WorkDoc/Issue', docRoute('edit'), async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(issueBody, req.body, workDoc, ctx.lang);
    const created = await run(req, (c) => issueDoc(engine, c, body));
    return ok(created, ctx);
  });

  // withdraw the work orders of a doc while none has been picked for, reported or started
  app.post('/WorkDoc/Recall', docRoute('edit'), async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(docBody, req.body, workDoc, ctx.lang);
    await run(req, async (c) => {
      const doc = await lockDoc(c, body.Work_Doc_ID);
      if (nextWorkDocStatus(Number(doc.Work_Status), 'recall') === null)
        throw badStatus(workDoc.label, Number(doc.Work_Status));
      const { rows } =
        await sql`SELECT 1 FROM work_order o WHERE o.work_doc_id = ${doc.Work_Doc_ID} AND (o.schedule_status > 1
          OR EXISTS (SELECT 1 FROM material_receive r WHERE r.work_order_id = o.id AND r.state <> 0)
          OR EXISTS (SELECT 1 FROM work_report w WHERE w.work_order_id = o.id)) LIMIT 1`.execute(c.tx);
      if (rows.length)
        throw refuse(
          workDoc.label,
          '已有工单领料、报工或开工，不能撤回',
          'work orders have been picked for, reported or started; it cannot be recalled',
          409,
        );
      await sql`DELETE FROM work_order WHERE work_doc_id = ${doc.Work_Doc_ID}`.execute(c.tx);
      await moveDoc(c, doc, 'recall');
    });
    return ok(await docs.mustGet(body.Work_Doc_ID), ctx);
  });

  app.post('/WorkDoc/Void', docRoute('close'), async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(closeBody, req.body, workDoc, ctx.lang);
    await run(req, async (c) => {
      const doc = await lockDoc(c, body.Work_Doc_ID);
      if (doc.State !== STATE.APPROVED)
        throw new AppError('approval_state', { state: STATE_LABELS[Number(doc.State)] ?? doc.State }, 409);
      await moveDoc(c, doc, 'void', { Close_Reason: body.Close_Reason });
      await sql`UPDATE work_doc SET state = ${STATE.CLOSED} WHERE id = ${doc.Work_Doc_ID}`.execute(c.tx);
    });
    return ok(await docs.mustGet(body.Work_Doc_ID), ctx);
  });

  // case close (Factory menu): the doc is done with; open work orders are closed with it
  app.post('/WorkDoc/CaseClose', docRoute('close'), async (req) => {
    const ctx = requestContext(req);
    const body = parseWith(closeBody, req.body, workDoc, ctx.lang);
    await run(req, async (c) => {
      const doc = await lockDoc(c, body.Work_Doc_ID);
      if (nextWorkDocStatus(Number(doc.Work_Status), 'close') === null)
        throw badStatus(workDoc.label, Number(doc.Work_Status));
      const { rows } = await sql<{
        id: number;
        schedule_status: number;
      }>`SELECT id, schedule_status FROM work_order
        WHERE work_doc_id = ${doc.Work_Doc_ID} AND schedule_status <> 9 FOR UPDATE`.execute(c.tx);
      if (rows.some((o) => o.schedule_status === 2))
        throw refuse(
          workDoc.label,
          '有工单正在生产，请先暂停或完工',
          'a work order is in production; pause or complete it first',
          409,
        );
      for (const o of rows) await closeOrder(c, Number(o.id), body.Close_Reason);
      await moveDoc(c, doc, 'close', { Close_Reason: body.Close_Reason });
      await sql`UPDATE work_doc SET state = ${STATE.CLOSED} WHERE id = ${doc.Work_Doc_ID}`.execute(c.tx);
    });
    return ok(await docs.mustGet(body.Work_Doc_ID), ctx);
  });
}
