import {
  AppError,
  defineHooks,
  type Engine,
  ok,
  parseWith,
  type Row,
  requestContext,
  type Tx,
  withTx,
  writeLog,
} from '@mes/engine-server';
import { STATE } from '@mes/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { OFFER_STATUS, offerTransition, SOW_STATUS, type SowAction, sowTransition } from './logic/status';
import { sow } from './sow.entity';
import {
  endInvitations,
  lockSow,
  type SowRow,
  shortTime,
  sowState,
  suppliersById,
  sweepOverdue,
  tellSuppliers,
} from './store.server';

/** Draft rules: item numbers and suppliers once each; part rows link to the material of the same number. */
export const sowHooks = defineHooks(sow, {
  validate(_ctx, data) {
    const parts = (data.Parts as Row[] | undefined) ?? [];
    const seen = new Set<number>();
    for (const p of parts) {
      if (seen.has(p.Item_NO as number)) throw new AppError('srm.duplicate_item', { item: p.Item_NO });
      seen.add(p.Item_NO as number);
    }
    const suppliers = new Set<number>();
    for (const s of (data.Suppliers as Row[] | undefined) ?? []) {
      if (suppliers.has(s.Supplier_ID as number))
        throw new AppError('srm.duplicate_supplier', { supplier: s.Supplier_ID });
      suppliers.add(s.Supplier_ID as number);
    }
  },
  async beforeSave(ctx, data, old) {
    if (!old && data.Buyer_ID === undefined) data.Buyer_ID = ctx.user?.User_ID ?? null;
    if (!old) data.Sow_Status = SOW_STATUS.DRAFT;
    for (const p of (data.Parts as Row[] | undefined) ?? []) {
      if (p.Material_ID) continue;
      const { rows } = await sql<{
        id: number;
      }>`SELECT id FROM material WHERE material_number = ${p.Part_Number}`.execute(ctx.tx);
      p.Material_ID = rows[0]?.id ?? null;
    }
  },
});

const when = z.iso.datetime({ offset: true });
const releaseBody = z.strictObject({
  Sow_ID: z.number().int().positive(),
  Start_Time: when.optional(),
  End_Time: when,
});
const nextRoundBody = releaseBody.extend({
  /** The shortlist; all suppliers that submitted in the closed round when absent. */
  Supplier_IDs: z.array(z.number().int().positive()).min(1).max(50).optional(),
});
const idBody = z.strictObject({ Sow_ID: z.number().int().positive() });
const closeBody = z.strictObject({
  Sow_ID: z.number().int().positive(),
  Reason: z.string().trim().min(1).max(500),
});

function apply(s: SowRow, action: SowAction, now: Date) {
  const r = sowTransition(sowState(s), action, now);
  if (!r.ok) throw new AppError(r.reason, { max: s.offer_rounds }, 409);
  return r.value;
}

/** Opens a round: one offer per invited supplier with the SOW's part rows, and a to-do for each. */
async function openRound(
  tx: Tx,
  s: SowRow,
  round: number,
  start: Date,
  end: Date,
  supplierIds: number[],
  me: number | null,
) {
  const suppliers = await suppliersById(tx, supplierIds);
  for (const x of suppliers) {
    if (x.disabled) throw new AppError('srm.supplier_disabled', { supplier: x.name });
    if (!x.portal_user_id) throw new AppError('srm.supplier_no_account', { supplier: x.name });
  }
  const { rows: parts } = await sql<{ item_no: number; part_number: string; part_name: string }>`
    SELECT item_no, part_number, part_name FROM sow_parts WHERE parent_id = ${s.id} ORDER BY line_no`.execute(
    tx,
  );
  if (!parts.length) throw new AppError('srm.no_parts');
  for (const x of suppliers) {
    const { rows } = await sql<{
      id: number;
    }>`INSERT INTO offer (offer_no, sow_id, project_name, supplier_id, round_no,
        offer_status, start_time, end_time, currency_id, revision, created_by, updated_by)
      VALUES (${`${s.sow_no}-R${round}-${x.code}`}, ${s.id}, ${s.project_name}, ${x.id}, ${round}, ${OFFER_STATUS.PENDING},
        ${start}, ${end}, ${s.currency_id}, 0, ${me}, ${me}) RETURNING id`.execute(tx);
    const id = rows[0].id;
    let n = 0;
    for (const p of parts)
      await sql`INSERT INTO offer_items (parent_id, line_no, item_no, part_number, part_name)
        VALUES (${id}, ${++n}, ${p.item_no}, ${p.part_number}, ${p.part_name})`.execute(tx);
    await tellSuppliers(
      tx,
      [x.portal_user_id],
      'srm.msg_invited',
      { sow: s.sow_no, project: s.project_name, round, end: await shortTime(tx, end) },
      { offerId: id, todo: true, from: me },
    );
  }
}

export function sowRoutes(app: FastifyInstance, engine: Engine) {
  const svc = engine.service(sow.name);
  const records = [
    { entity: sow.name, in: 'body' as const, key: 'Sow_ID' },
    { entity: 'Supplier', in: 'body' as const, key: 'Supplier_IDs' },
  ];
  const edit = { config: { perm: { entity: sow.name, button: 'edit' as const }, records } };

  const act = async <B>(
    req: FastifyRequest,
    schema: z.ZodType<B>,
    fn: (tx: Tx, body: B, s: SowRow, now: Date, me: number | null) => Promise<Row>,
  ) => {
    const ctx = requestContext(req);
    const body = parseWith(schema, req.body, sow, ctx.lang);
    const id = (body as { Sow_ID: number }).Sow_ID;
    const now = new Date();
    const rec = await withTx(engine.db, async (tx) => {
      await sweepOverdue(tx, now);
      // outside the user's data authority the SOW is not there at all
      await svc.mustGet(id, tx, false, req.auth?.scope);
      const s = await lockSow(tx, id);
      const log = await fn(tx, body, s, now, ctx.user?.User_ID ?? null);
      await writeLog({ ...ctx, tx }, 'edit', sow.name, id, log);
      return svc.mustGet(id, tx);
    });
    return ok(rec, ctx);
  };

  app.post('/Sow/Release', edit, (req) => act(req, releaseBody, releaseSow));
  app.post('/Sow/NextRound', edit, (req) => act(req, nextRoundBody, nextRound));
  app.post('/Sow/CloseRound', edit, (req) => act(req, idBody, closeRound));
  app.post(
    '/Sow/CloseCase',
    { config: { perm: { entity: sow.name, button: 'close' as const }, records } },
    (req) => act(req, closeBody, closeCase),
  );
}

type Action<B> = (tx: Tx, body: B, s: SowRow, now: Date, me: number | null) => Promise<Row>;

/** Release: round 1 opens for every invited supplier. */
export const releaseSow: Action<z.infer<typeof releaseBody>> = async (tx, b, s, now, me) => {
  const start = b.Start_Time ? new Date(b.Start_Time) : now;
  const end = new Date(b.End_Time);
  apply(s, { kind: 'release', start, end }, now);
  const { rows } = await sql<{ supplier_id: number }>`SELECT supplier_id FROM sow_suppliers
    WHERE parent_id = ${s.id} ORDER BY line_no`.execute(tx);
  if (!rows.length) throw new AppError('srm.no_suppliers');
  await openRound(
    tx,
    s,
    1,
    start,
    end,
    rows.map((r) => r.supplier_id),
    me,
  );
  await sql`UPDATE sow SET sow_status = ${SOW_STATUS.QUOTING}, state = ${STATE.APPROVED}, current_round = 1,
      round_start = ${start}, round_end = ${end}, version = version + 1, updated_at = now(), updated_by = ${me}
    WHERE id = ${s.id}`.execute(tx);
  return { action: 'release', start, end, suppliers: rows.length };
};

/** Next round: the shortlist (all who submitted, by default) quotes again; the others are told. */
export const nextRound: Action<z.infer<typeof nextRoundBody>> = async (tx, b, s, now, me) => {
  const start = b.Start_Time ? new Date(b.Start_Time) : now;
  const end = new Date(b.End_Time);
  const next = apply(s, { kind: 'nextRound', start, end }, now);
  const pending =
    await sql`SELECT 1 FROM bid_evaluation WHERE sow_id = ${s.id} AND state IN (1, 2, 3)`.execute(tx);
  if (pending.rows.length) throw new AppError('srm.award_pending', {}, 409);
  const { rows: quoted } = await sql<{ supplier_id: number; id: number; portal_user_id: number | null }>`
    SELECT o.supplier_id, o.id, s.portal_user_id FROM offer o JOIN supplier s ON s.id = o.supplier_id
    WHERE o.sow_id = ${s.id} AND o.round_no = ${s.current_round} AND o.offer_status = ${OFFER_STATUS.PROCESSED}`.execute(
    tx,
  );
  if (!quoted.length) throw new AppError('srm.shortlist_empty', {}, 409);
  const shortlist = [...new Set(b.Supplier_IDs ?? quoted.map((q) => q.supplier_id))];
  if (shortlist.some((id) => !quoted.some((q) => q.supplier_id === id)))
    throw new AppError('srm.shortlist_invalid');
  // those left out hear that their quotation of this round was not taken further
  for (const q of quoted.filter((x) => !shortlist.includes(x.supplier_id))) {
    const r = offerTransition(
      { status: OFFER_STATUS.PROCESSED, start: now, end: now },
      'notShortlisted',
      now,
    );
    if (!r.ok) continue;
    await sql`UPDATE offer SET offer_status = ${r.value.status}, result_msg = ${'not shortlisted'},
        version = version + 1, updated_at = now() WHERE id = ${q.id}`.execute(tx);
    await tellSuppliers(
      tx,
      [q.portal_user_id],
      'srm.msg_not_shortlisted',
      {
        sow: s.sow_no,
        project: s.project_name,
        round: next.round,
      },
      { offerId: q.id, from: me },
    );
  }
  await openRound(tx, s, next.round, start, end, shortlist, me);
  await sql`UPDATE sow SET sow_status = ${SOW_STATUS.QUOTING}, current_round = ${next.round},
      round_start = ${start}, round_end = ${end}, version = version + 1, updated_at = now(), updated_by = ${me}
    WHERE id = ${s.id}`.execute(tx);
  return { action: 'nextRound', round: next.round, shortlist };
};

/** Close this round now: unsubmitted offers become Overdue Closed. */
export const closeRound: Action<z.infer<typeof idBody>> = async (tx, _b, s, now, me) => {
  apply(s, { kind: 'closeRound' }, now);
  await cutOffers(tx, s, now);
  await sql`UPDATE sow SET sow_status = ${SOW_STATUS.ROUND_CLOSED}, round_end = ${now}, version = version + 1,
      updated_at = now(), updated_by = ${me} WHERE id = ${s.id}`.execute(tx);
  const users = await roundUsers(tx, s);
  await tellSuppliers(
    tx,
    users,
    'srm.msg_round_closed',
    {
      sow: s.sow_no,
      project: s.project_name,
      round: s.current_round,
    },
    { from: me },
  );
  return { action: 'closeRound', round: s.current_round };
};

/** Close the case, with a reason: open offers end, the suppliers are told. */
export const closeCase: Action<z.infer<typeof closeBody>> = async (tx, b, s, now, me) => {
  apply(s, { kind: 'closeCase' }, now);
  const users = await roundUsers(tx, s);
  const { rows } = await sql<{ id: number; offer_status: number; start_time: string; end_time: string }>`
    SELECT id, offer_status, start_time, end_time FROM offer WHERE sow_id = ${s.id}
      AND offer_status IN (${OFFER_STATUS.PENDING}, ${OFFER_STATUS.PROCESSED})`.execute(tx);
  for (const o of rows) {
    const r = offerTransition(
      { status: o.offer_status as 1, start: new Date(o.start_time), end: new Date(o.end_time) },
      'caseClosed',
      now,
    );
    if (r.ok)
      await sql`UPDATE offer SET offer_status = ${r.value.status}, end_time = ${r.value.end}, result_msg = ${b.Reason},
          version = version + 1, updated_at = now() WHERE id = ${o.id}`.execute(tx);
  }
  // their end time is past now, so their invitations are no longer to-dos (the sweep marks done
  // only the invitations of the offers it closes itself)
  await endInvitations(
    tx,
    rows.map((o) => o.id),
  );
  await sql`UPDATE sow SET sow_status = ${SOW_STATUS.CLOSED}, state = ${STATE.CLOSED}, close_reason = ${b.Reason},
      round_end = CASE WHEN round_end > ${now} THEN ${now} ELSE round_end END,
      version = version + 1, updated_at = now(), updated_by = ${me} WHERE id = ${s.id}`.execute(tx);
  await tellSuppliers(
    tx,
    users,
    'srm.msg_case_closed',
    {
      sow: s.sow_no,
      project: s.project_name,
      reason: b.Reason,
    },
    { from: me },
  );
  return { action: 'closeCase', reason: b.Reason };
};

/** Cuts the current round's open offers off now: the unsubmitted ones become Overdue Closed. */
async function cutOffers(tx: Tx, s: SowRow, now: Date) {
  const { rows } = await sql<{ id: number; offer_status: number; start_time: string; end_time: string }>`
    SELECT id, offer_status, start_time, end_time FROM offer WHERE sow_id = ${s.id} AND round_no = ${s.current_round}`.execute(
    tx,
  );
  for (const o of rows) {
    const r = offerTransition(
      { status: o.offer_status as 1, start: new Date(o.start_time), end: new Date(o.end_time) },
      'cutOff',
      now,
    );
    if (r.ok)
      await sql`UPDATE offer SET offer_status = ${r.value.status}, end_time = ${r.value.end}, version = version + 1,
          updated_at = now() WHERE id = ${o.id}`.execute(tx);
  }
  // as in closeCase: the sweep would not mark these invitations done
  await endInvitations(
    tx,
    rows.map((o) => o.id),
  );
}

async function roundUsers(tx: Tx, s: SowRow): Promise<(number | null)[]> {
  const { rows } = await sql<{ portal_user_id: number | null }>`SELECT DISTINCT s.portal_user_id FROM offer o
    JOIN supplier s ON s.id = o.supplier_id WHERE o.sow_id = ${s.id} AND o.round_no = ${s.current_round ?? 0}`.execute(
    tx,
  );
  return rows.map((r) => r.portal_user_id);
}
