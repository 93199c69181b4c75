import { AppError, defineHooks, type HookContext, type Row, type Tx } from '@mes/engine-server';
import { addDecimal, compareDecimal, mulDecimal } from '@mes/model';
import { sql } from 'kysely';
import { bidEvaluation } from './bidEvaluation.entity';
import { loadComparison } from './comparison.server';
import { type SupplierMarks, scoreSuppliers } from './logic/compare';
import { OFFER_STATUS, offerTransition, SOW_STATUS, sowTransition } from './logic/status';
import { lockSow, sowState, sweepOverdue, tellSuppliers } from './store.server';

interface OfferItem {
  offer_id: number;
  supplier_id: number;
  supplier_name: string;
  item_no: number;
  part_number: string;
  unit_price: string | null;
  tooling_cost: string | null;
}

/** Latest-round submitted quotations of a SOW, by supplier and item. */
async function lastRoundItems(tx: Tx, sowId: number, round: number): Promise<OfferItem[]> {
  const { rows } =
    await sql<OfferItem>`SELECT o.id AS offer_id, o.supplier_id, s.short_name AS supplier_name, i.item_no,
      i.part_number, i.unit_price, i.tooling_cost
    FROM offer o JOIN offer_items i ON i.parent_id = o.id JOIN supplier s ON s.id = o.supplier_id
    WHERE o.sow_id = ${sowId} AND o.round_no = ${round} AND o.offer_status = ${OFFER_STATUS.PROCESSED}`.execute(
      tx,
    );
  return rows;
}

/** An award names, for every part row once, a supplier that quoted it in the round being evaluated. */
async function checkAwards(ctx: HookContext, data: Row, old: Row | null) {
  const sowId = (data.Sow_ID ?? old?.Sow_ID) as number;
  await sweepOverdue(ctx.tx, new Date());
  const s = await lockSow(ctx.tx, sowId);
  const status = sowState(s).status;
  if (status !== SOW_STATUS.ROUND_CLOSED)
    throw new AppError(
      status === SOW_STATUS.CLOSED ? 'srm.sow_closed' : 'srm.sow_not_round_closed',
      {},
      409,
    ).at('Sow_ID');
  const { rows: other } = await sql<{ bid_no: string }>`SELECT bid_no FROM bid_evaluation
    WHERE sow_id = ${sowId} AND state IN (1, 2, 3) AND id <> ${(old?.Bid_ID as number) ?? 0}`.execute(ctx.tx);
  if (other[0]) throw new AppError('srm.award_exists', { no: other[0].bid_no }, 409).at('Sow_ID');
  const awards = (data.Awards ?? old?.Awards ?? []) as Row[];
  const { rows: parts } = await sql<{ item_no: number; annual_qty: string; part_number: string }>`
    SELECT item_no, annual_qty, part_number FROM sow_parts WHERE parent_id = ${sowId} ORDER BY line_no`.execute(
    ctx.tx,
  );
  const quoted = await lastRoundItems(ctx.tx, sowId, s.current_round ?? 0);
  const seen = new Set<number>();
  for (const a of awards) {
    const item = a.Item_NO as number;
    if (!parts.some((p) => p.item_no === item)) throw new AppError('srm.unknown_item', { item });
    if (seen.has(item)) throw new AppError('srm.duplicate_item', { item });
    seen.add(item);
    const q = quoted.find(
      (x) =>
        x.supplier_id === a.Supplier_ID &&
        x.item_no === item &&
        x.unit_price !== null &&
        compareDecimal(x.unit_price, '0') > 0,
    );
    if (!q) {
      const { rows } = await sql<{
        short_name: string;
      }>`SELECT short_name FROM supplier WHERE id = ${a.Supplier_ID}`.execute(ctx.tx);
      throw new AppError('srm.award_not_quoted', {
        supplier: rows[0]?.short_name ?? a.Supplier_ID,
        item,
        round: s.current_round,
      });
    }
  }
  for (const p of parts)
    if (!seen.has(p.item_no)) throw new AppError('srm.award_incomplete', { item: p.item_no });
  const mode = (data.Award_Mode ?? old?.Award_Mode) as number;
  if (mode === 2 && new Set(awards.map((a) => a.Supplier_ID)).size > 1)
    throw new AppError('srm.award_one_supplier');
  return { s, parts, quoted, awards };
}

export const bidEvaluationHooks = defineHooks(bidEvaluation, {
  async validate(ctx, data, old) {
    await checkAwards(ctx, data, old);
  },

  async beforeSave(ctx, data, old) {
    const { s, parts, quoted, awards } = await checkAwards(ctx, data, old);
    if (!old) data.Eval_Status = 1;
    data.Project_Name = s.project_name;
    data.Round_NO = s.current_round;
    let annual = '0';
    const filled = awards.map((a) => {
      const q = quoted.find((x) => x.supplier_id === a.Supplier_ID && x.item_no === a.Item_NO)!;
      const part = parts.find((p) => p.item_no === a.Item_NO)!;
      annual = addDecimal(annual, mulDecimal(q.unit_price ?? '0', part.annual_qty, 4));
      return {
        Item_NO: a.Item_NO,
        Supplier_ID: a.Supplier_ID,
        Reason: a.Reason ?? null,
        Part_Number: part.part_number,
        Offer_ID: q.offer_id,
        Unit_Price: q.unit_price,
        Tooling_Cost: q.tooling_cost,
      };
    });
    data.Awards = filled;
    data.Annual_Amount = annual;
    // the scores are recomputed from the quotations and the buyer's marks whenever either changes
    const cmp = await loadComparison(ctx.tx, s.id);
    const marks = ((data.Scores ?? old?.Scores ?? []) as Row[]).map(
      (m): SupplierMarks => ({
        Supplier_ID: m.Supplier_ID as number,
        Quality_Score: (m.Quality_Score as string | null) ?? '0',
        Delivery_Score: (m.Delivery_Score as string | null) ?? '0',
        Risk_Score: (m.Risk_Score as string | null) ?? '0',
      }),
    );
    const w = (k: string) => String(data[k] ?? old?.[k] ?? '0');
    const lastRound = cmp.comparison.totals.filter((t) => t.Round_NO === s.current_round);
    data.Scores = scoreSuppliers(
      lastRound,
      marks,
      {
        price: w('Price_Weight'),
        quality: w('Quality_Weight'),
        delivery: w('Delivery_Weight'),
        risk: w('Risk_Weight'),
      },
      parts.length,
    );
  },

  /** Approval publishes the award: offers Passed or Rejected, messages, the SOW awarded, price history. */
  async onApprove(ctx, record) {
    const now = new Date();
    const s = await lockSow(ctx.tx, record.Sow_ID as number);
    const next = sowTransition(sowState(s), { kind: 'award' }, now);
    if (!next.ok) throw new AppError(next.reason, {}, 409);
    const awards = record.Awards as Row[];
    const winners = new Map<number, string[]>();
    for (const a of awards)
      winners.set(a.Supplier_ID as number, [
        ...(winners.get(a.Supplier_ID as number) ?? []),
        a.Part_Number as string,
      ]);
    const { rows: offers } = await sql<{
      id: number;
      supplier_id: number;
      offer_status: number;
      start_time: string;
      end_time: string;
      round_no: number;
      portal_user_id: number | null;
    }>`SELECT o.id, o.supplier_id, o.offer_status, o.start_time, o.end_time, o.round_no, s.portal_user_id
      FROM offer o JOIN supplier s ON s.id = o.supplier_id WHERE o.sow_id = ${s.id} ORDER BY o.round_no`.execute(
      ctx.tx,
    );
    // latest offer and portal account per supplier, for one message each
    const latest = new Map<number, { id: number; user: number | null }>();
    for (const o of offers) {
      latest.set(o.supplier_id, { id: o.id, user: o.portal_user_id });
      const won = winners.has(o.supplier_id);
      // a winner's earlier rounds were superseded by its final quotation, not rejected
      if (won && o.round_no !== s.current_round) continue;
      const r = offerTransition(
        { status: o.offer_status as 1, start: new Date(o.start_time), end: new Date(o.end_time) },
        won ? 'awarded' : 'notAwarded',
        now,
      );
      if (!r.ok || r.value.status === o.offer_status) continue;
      await sql`UPDATE offer SET offer_status = ${r.value.status},
          result_msg = ${won ? (winners.get(o.supplier_id) ?? []).join(', ') : null}, version = version + 1,
          updated_at = now() WHERE id = ${o.id}`.execute(ctx.tx);
    }
    for (const [supplierId, o] of latest) {
      const won = winners.get(supplierId);
      const params = { sow: s.sow_no, project: s.project_name, parts: won?.join(', ') ?? '' };
      await tellSuppliers(ctx.tx, [o.user], won ? 'srm.msg_passed' : 'srm.msg_rejected', params, {
        offerId: o.id,
        from: ctx.user?.User_ID ?? null,
      });
    }
    await sql`UPDATE sow SET sow_status = ${SOW_STATUS.AWARDED}, version = version + 1, updated_at = now()
      WHERE id = ${s.id}`.execute(ctx.tx);
    await sql`UPDATE bid_evaluation SET eval_status = 2, award_date = coalesce(award_date, ${now.toISOString().slice(0, 10)}::date)
      WHERE id = ${record.Bid_ID}`.execute(ctx.tx);
    await writePriceHistory(ctx.tx, record, s.id, s.currency_id, now);
  },

  beforeUnapprove() {
    throw new AppError('srm.award_published', {}, 409);
  },
});

/** The awarded price becomes the material's price: a history row per part and the material's latest price. */
async function writePriceHistory(tx: Tx, record: Row, sowId: number, currency: number, now: Date) {
  const day = (record.Award_Date as string | null) ?? now.toISOString().slice(0, 10);
  for (const a of record.Awards as Row[]) {
    const { rows } = await sql<{
      material_id: number | null;
      part_number: string;
    }>`SELECT p.material_id, p.part_number
      FROM sow_parts p WHERE p.parent_id = ${sowId} AND p.item_no = ${a.Item_NO}`.execute(tx);
    const part = rows[0];
    if (!part) continue;
    const material =
      part.material_id ??
      (
        await sql<{
          id: number;
        }>`SELECT id FROM material WHERE material_number = ${part.part_number}`.execute(tx)
      ).rows[0]?.id ??
      null;
    await sql`INSERT INTO material_price_history (material_id, part_number, supplier_id, unit_price, tooling_cost,
        currency_id, valid_from, sow_id, bid_id)
      VALUES (${material}, ${part.part_number}, ${a.Supplier_ID}, ${a.Unit_Price}, ${a.Tooling_Cost ?? null}, ${currency},
        ${day}::date, ${sowId}, ${record.Bid_ID})`.execute(tx);
    if (material)
      await sql`UPDATE material SET historical_price = ${a.Unit_Price}, version = version + 1, updated_at = now()
        WHERE id = ${material}`.execute(tx);
  }
}
