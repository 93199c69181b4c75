import {
  AppError,
  completeTodos,
  conflict,
  type Engine,
  forbidden,
  notify,
  ok,
  parseId,
  parseWith,
  portalAttachmentRule,
  type RequestContext,
  type Row,
  requestContext,
  type Tx,
  withTx,
  writeLog,
} from '@mes/engine-server';
import { addDecimal, compareDecimal, decimalString, mulDecimal } from '@mes/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { PORTAL_PATH, SRM_MENU } from './index';
import { OFFER_STATUS, offerEditable, offerTransition } from './logic/status';
import { offer } from './offer.entity';
import { supplierOfUser, sweepOverdue } from './store.server';

const items = offer.lines.Items.fields;
const quoteBody = z.strictObject({
  Sow_ID: z.number().int().positive(),
  Round_NO: z.number().int().positive(),
  Version: z.number().int().min(1).optional(),
  LTA: decimalString(offer.fields.LTA).nullable().optional(),
  QS: z.string().trim().max(60).nullable().optional(),
  Project_Node: z.string().trim().max(60).nullable().optional(),
  Remark: z.string().trim().max(500).nullable().optional(),
  Items: z
    .array(
      z.strictObject({
        Item_NO: z.number().int().positive(),
        Unit_Price: decimalString(items.Unit_Price).nullable().optional(),
        /** 不报价: the supplier declines this part; its price is cleared and it is never ranked. */
        Declined: z.boolean().optional(),
        Tooling_Cost: decimalString(items.Tooling_Cost).nullable().optional(),
        Lead_Time_Days: z.number().int().min(0).max(3650).nullable().optional(),
        MOQ: decimalString(items.MOQ).nullable().optional(),
        Remark: z.string().trim().max(200).nullable().optional(),
      }),
    )
    .max(500),
  /** false saves a draft; true submits (again, as a revision, until the end time). */
  Submit: z.boolean(),
});
const listQuery = z.object({
  Page: z.coerce.number().int().min(1).max(100000).default(1),
  PageSize: z.coerce.number().int().min(1).max(200).default(20),
  Offer_Status: z.coerce.number().int().min(1).max(5).optional(),
});

export type QuoteInput = z.infer<typeof quoteBody>;

/**
 * Saves a supplier's draft or submission for one round (logic/status.ts offerTransition decides
 * whether that is still possible) and returns the offer id.
 */
export async function saveQuote(
  tx: Tx,
  s: { id: number; name: string },
  b: QuoteInput,
  now: Date,
  ctx: RequestContext,
): Promise<number> {
  const user = ctx.user?.User_ID ?? null;
  const { rows } = await sql<{
    id: number;
    offer_status: number;
    start_time: string;
    end_time: string;
    version: number;
    offer_no: string;
    sow_no: string;
    buyer: number | null;
  }>`SELECT o.id, o.offer_status, o.start_time, o.end_time, o.version, o.offer_no, w.sow_no,
      coalesce(w.buyer_id, w.created_by) AS buyer
    FROM offer o JOIN sow w ON w.id = o.sow_id
    WHERE o.sow_id = ${b.Sow_ID} AND o.round_no = ${b.Round_NO} AND o.supplier_id = ${s.id} FOR UPDATE OF o`.execute(
    tx,
  );
  const o = rows[0];
  if (!o) throw new AppError('srm.not_invited', {}, 403, 403);
  if (b.Version !== undefined && b.Version !== o.version) throw conflict();
  const r = offerTransition(
    { status: o.offer_status as 1, start: new Date(o.start_time), end: new Date(o.end_time) },
    b.Submit ? 'submit' : 'saveDraft',
    now,
  );
  if (!r.ok) throw new AppError(r.reason, {}, 409);
  const { rows: parts } = await sql<{ item_no: number; annual_qty: string }>`SELECT item_no, annual_qty
    FROM sow_parts WHERE parent_id = ${b.Sow_ID}`.execute(tx);
  const seen = new Set<number>();
  for (const it of b.Items) {
    if (!parts.some((p) => p.item_no === it.Item_NO))
      throw new AppError('srm.unknown_item', { item: it.Item_NO });
    if (seen.has(it.Item_NO)) throw new AppError('srm.duplicate_item', { item: it.Item_NO });
    seen.add(it.Item_NO);
    const declined = it.Declined === true;
    // a price is a positive amount; 0 would be ranked as the lowest price (issue 25, bug 1)
    if (!declined && it.Unit_Price != null && compareDecimal(it.Unit_Price, '0') <= 0)
      throw new AppError('srm.price_not_positive', { item: it.Item_NO });
    await sql`UPDATE offer_items SET unit_price = ${declined ? null : (it.Unit_Price ?? null)},
        tooling_cost = ${declined ? null : (it.Tooling_Cost ?? null)}, declined = ${declined},
        lead_time_days = ${it.Lead_Time_Days ?? null}, moq = ${it.MOQ ?? null}, remark = ${it.Remark ?? null}
      WHERE parent_id = ${o.id} AND item_no = ${it.Item_NO}`.execute(tx);
  }
  const { rows: saved } = await sql<{
    item_no: number;
    unit_price: string | null;
    tooling_cost: string | null;
    declined: boolean;
  }>`
    SELECT item_no, unit_price, tooling_cost, declined FROM offer_items WHERE parent_id = ${o.id}
    ORDER BY item_no`.execute(tx);
  if (b.Submit) checkSubmittable(saved);
  let total = '0';
  let tooling = '0';
  for (const it of saved) {
    if (it.unit_price === null) continue;
    const qty = parts.find((p) => p.item_no === it.item_no)?.annual_qty ?? '0';
    total = addDecimal(total, mulDecimal(it.unit_price, qty, 4));
    tooling = addDecimal(tooling, it.tooling_cost ?? '0');
  }
  await sql`UPDATE offer SET offer_status = ${r.value.status},
      lta = ${b.LTA === undefined ? sql`lta` : b.LTA}, qs = ${b.QS === undefined ? sql`qs` : b.QS},
      project_node = ${b.Project_Node === undefined ? sql`project_node` : b.Project_Node},
      remark = ${b.Remark === undefined ? sql`remark` : b.Remark},
      total_amount = ${total}, tooling_total = ${tooling},
      revision = revision + ${b.Submit ? 1 : 0}, submitted_at = ${b.Submit ? now : sql`submitted_at`},
      version = version + 1, updated_at = now(), updated_by = ${user}
    WHERE id = ${o.id}`.execute(tx);
  await writeLog({ ...ctx, tx }, 'edit', offer.name, o.id, { submit: b.Submit, items: b.Items.length });
  // once submitted, the invitation is done; revising stays possible from the quotation list
  if (b.Submit) await completeTodos(tx, PORTAL_PATH, String(o.id));
  if (b.Submit && o.buyer) {
    const params = { supplier: s.name, sow: o.sow_no, round: b.Round_NO };
    await notify(tx, {
      to: [o.buyer],
      key: 'srm.msg_quote_submitted',
      params,
      route: '/SRM/sow',
      parameter: String(b.Sow_ID),
      menuCode: SRM_MENU.sow,
      from: user,
    });
  }
  return o.id;
}

/**
 * A submitted quotation prices every part or declines it (不报价) explicitly, and prices at least
 * one: an empty line is a forgotten price, not an offer.
 */
function checkSubmittable(lines: { item_no: number; unit_price: string | null; declined: boolean }[]) {
  const open = lines.filter(
    (l) => !l.declined && (l.unit_price === null || compareDecimal(l.unit_price, '0') <= 0),
  );
  if (open.length) throw new AppError('srm.price_missing', { items: open.map((l) => l.item_no).join(', ') });
  if (!lines.some((l) => !l.declined)) throw new AppError('srm.nothing_quoted');
}

const OFFER_COLUMNS = sql`o.id AS "Offer_ID", o.offer_no AS "Offer_NO", o.sow_id AS "Sow_ID", w.sow_no AS "Sow_NO",
  o.project_name AS "Project_Name", w.vehicle_model AS "Vehicle_Model", o.round_no AS "Round_NO",
  o.offer_status AS "Offer_Status", o.start_time AS "Start_Time", o.end_time AS "End_Time", o.lta AS "LTA", o.qs AS "QS",
  o.project_node AS "Project_Node", o.currency_id AS "Currency_ID", c.currency_name AS "Currency_Name",
  o.total_amount AS "Total_Amount", o.tooling_total AS "Tooling_Total", o.revision AS "Revision",
  o.submitted_at AS "Submitted_At", o.result_msg AS "Result_Msg", o.remark AS "Remark", o.version AS "Version"`;
const OFFER_FROM = sql`offer o JOIN sow w ON w.id = o.sow_id LEFT JOIN currency c ON c.id = o.currency_id`;

function editable(r: Row, now: Date): boolean {
  return offerEditable(
    {
      status: r.Offer_Status as 1,
      start: new Date(r.Start_Time as string),
      end: new Date(r.End_Time as string),
    },
    now,
  );
}

/**
 * The supplier portal: a supplier user sees only its own offers (one per round it was invited to)
 * and the SOW facts needed to quote; never the target prices, other suppliers or internal pages.
 */
/** Suppliers see the drawings of the SOWs they quote for, and keep files on their own open quotations. */
portalAttachmentRule('Offer', async (engine, req, id, button) => {
  const s = await supplierOfUser(engine.db, req.auth!.session.user_id);
  const { rows } = await sql<{ offer_status: number; start_time: string; end_time: string }>`
    SELECT offer_status, start_time, end_time FROM offer WHERE id = ${id} AND supplier_id = ${s.id}`.execute(
    engine.db,
  );
  const o = rows[0];
  if (!o) throw new AppError('not_found', {}, 404);
  const state = { status: o.offer_status as 1, start: new Date(o.start_time), end: new Date(o.end_time) };
  if (button === 'edit' && !offerEditable(state, new Date())) throw new AppError('srm.offer_closed', {}, 409);
});
portalAttachmentRule('Sow', async (engine, req, id, button) => {
  if (button !== 'view') throw forbidden();
  const s = await supplierOfUser(engine.db, req.auth!.session.user_id);
  const { rows } =
    await sql`SELECT 1 FROM offer WHERE sow_id = ${id} AND supplier_id = ${s.id} LIMIT 1`.execute(engine.db);
  if (!rows.length) throw new AppError('not_found', {}, 404);
});

export function portalRoutes(app: FastifyInstance, engine: Engine) {
  const db = engine.db;
  const portal = { config: { perm: { menu: SRM_MENU.portalQuote }, portal: true } };
  const me = (req: FastifyRequest) => req.auth!.session.user_id;

  app.get('/SRM/Portal/Offers', portal, async (req) => {
    const ctx = requestContext(req);
    const q = parseWith(listQuery, req.query, undefined, ctx.lang);
    const now = new Date();
    await sweepOverdue(db, now);
    const s = await supplierOfUser(db, me(req));
    const where = sql`o.supplier_id = ${s.id} ${q.Offer_Status ? sql`AND o.offer_status = ${q.Offer_Status}` : sql``}`;
    const { rows } = await sql<Row>`SELECT ${OFFER_COLUMNS}, count(*) OVER () AS __total FROM ${OFFER_FROM}
      WHERE ${where} ORDER BY o.end_time DESC, o.id DESC LIMIT ${q.PageSize} OFFSET ${(q.Page - 1) * q.PageSize}`.execute(
      db,
    );
    const total = rows.length ? Number(rows[0].__total) : 0;
    for (const r of rows) {
      delete r.__total;
      r.Editable = editable(r, now);
    }
    return ok(rows, ctx, { TotalCount: total, Page: q.Page, PageSize: q.PageSize });
  });

  const detail = async (supplierId: number, offerId: number, now: Date) => {
    const { rows } = await sql<Row>`SELECT ${OFFER_COLUMNS}, w.tooling_payment_term AS "Tooling_Payment_Term",
        w.life_time_years AS "Life_Time_Years", w.as_of_date AS "As_Of_Date", w.supplier_lta AS "Supplier_LTA",
        w.qs AS "Sow_QS", w.customer_po_no AS "Customer_PO_NO"
      FROM ${OFFER_FROM} WHERE o.id = ${offerId} AND o.supplier_id = ${supplierId}`.execute(db);
    const r = rows[0];
    // another supplier's offer is simply not there
    if (!r) throw new AppError('not_found', {}, 404);
    // the part rows as the supplier needs them; the buyer's target price stays internal
    const { rows: lines } = await sql<Row>`SELECT p.item_no AS "Item_NO", p.part_number AS "Part_Number",
        p.part_name AS "Part_Name", p.drawing_no AS "Drawing_NO", u.unit_name AS "Unit_Name", u.unit_name_en AS "Unit_Name_En", p.assembly AS "Assembly",
        p.annual_qty AS "Annual_Qty", p.qc AS "QC", p.tooling AS "Tooling", p.cav AS "CAV",
        i.unit_price AS "Unit_Price", i.tooling_cost AS "Tooling_Cost", i.lead_time_days AS "Lead_Time_Days",
        i.moq AS "MOQ", i.remark AS "Remark", coalesce(i.declined, false) AS "Declined"
      FROM sow_parts p LEFT JOIN unit u ON u.id = p.unit_id
        LEFT JOIN offer_items i ON i.parent_id = ${offerId} AND i.item_no = p.item_no
      WHERE p.parent_id = ${r.Sow_ID} ORDER BY p.line_no`.execute(db);
    // its own earlier rounds of the same SOW, for the supplier's history
    const { rows: history } = await sql<Row>`SELECT o.id AS "Offer_ID", o.round_no AS "Round_NO",
        o.offer_status AS "Offer_Status", o.total_amount AS "Total_Amount", o.tooling_total AS "Tooling_Total",
        o.submitted_at AS "Submitted_At", o.end_time AS "End_Time"
      FROM offer o WHERE o.sow_id = ${r.Sow_ID} AND o.supplier_id = ${supplierId} ORDER BY o.round_no`.execute(
      db,
    );
    return {
      ...r,
      Editable: editable(r, now),
      Server_Time: now.toISOString(),
      Items: lines,
      History: history,
    };
  };

  app.get('/SRM/Portal/Offers/:id', portal, async (req) => {
    const ctx = requestContext(req);
    const id = parseId((req.params as { id: string }).id);
    const now = new Date();
    await sweepOverdue(db, now);
    const s = await supplierOfUser(db, me(req));
    return ok(await detail(s.id, id, now), ctx);
  });

  app.post('/SRM/Portal/Quote', portal, async (req) => {
    const ctx = requestContext(req);
    const b = parseWith(quoteBody, req.body, offer, ctx.lang);
    const now = new Date();
    const user = me(req);
    const id = await withTx(db, async (tx) => {
      await sweepOverdue(tx, now);
      const s = await supplierOfUser(tx, user);
      return saveQuote(tx, s, b, now, ctx);
    });
    const s = await supplierOfUser(db, user);
    return ok(await detail(s.id, id, now), ctx);
  });
}

export { OFFER_STATUS };
