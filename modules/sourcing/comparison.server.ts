import {
  type Db,
  type Engine,
  ok,
  parseId,
  parseWith,
  type Row,
  requestContext,
  type Tx,
} from '@mes/engine-server';
import { decimalString } from '@mes/model';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  type Comparison,
  compareOffers,
  type PartRow,
  type QuotedOffer,
  scoreSuppliers,
} from './logic/compare';
import { OFFER_STATUS } from './logic/status';
import { sow } from './sow.entity';
import { sweepOverdue } from './store.server';

export interface LoadedComparison {
  parts: PartRow[];
  suppliers: Row[];
  /** Every offer's status per round, for the round overview (drafts included, prices not). */
  offers: Row[];
  comparison: Comparison;
  lifeYears: number;
  round: number;
}

const SUBMITTED: number[] = [OFFER_STATUS.PROCESSED, OFFER_STATUS.PASSED, OFFER_STATUS.REJECTED];

export async function loadComparison(ex: Db | Tx, sowId: number): Promise<LoadedComparison> {
  const { rows: head } = await sql<{ life_time_years: number; current_round: number | null }>`
    SELECT life_time_years, current_round FROM sow WHERE id = ${sowId}`.execute(ex);
  const { rows: parts } = await sql<PartRow>`SELECT item_no AS "Item_NO", part_number AS "Part_Number",
      part_name AS "Part_Name", annual_qty AS "Annual_Qty", target_price AS "Target_Price"
    FROM sow_parts WHERE parent_id = ${sowId} ORDER BY line_no`.execute(ex);
  const { rows: offers } =
    await sql<Row>`SELECT o.id AS "Offer_ID", o.offer_no AS "Offer_NO", o.supplier_id AS "Supplier_ID",
      o.round_no AS "Round_NO", o.offer_status AS "Offer_Status", o.submitted_at AS "Submitted_At",
      o.revision AS "Revision", o.total_amount AS "Total_Amount", o.tooling_total AS "Tooling_Total", o.lta AS "LTA"
    FROM offer o WHERE o.sow_id = ${sowId} ORDER BY o.round_no, o.supplier_id`.execute(ex);
  const { rows: items } =
    await sql<Row>`SELECT i.parent_id, i.item_no AS "Item_NO", i.unit_price AS "Unit_Price",
      i.tooling_cost AS "Tooling_Cost", i.lead_time_days AS "Lead_Time_Days", i.moq AS "MOQ",
      i.declined AS "Declined"
    FROM offer_items i JOIN offer o ON o.id = i.parent_id WHERE o.sow_id = ${sowId}`.execute(ex);
  const { rows: suppliers } = await sql<Row>`SELECT s.id AS "Supplier_ID", s.supplier_code AS "Supplier_Code",
      s.short_name AS "Short_Name", s.risk_score AS "Risk_Score"
    FROM supplier s WHERE s.id IN (SELECT supplier_id FROM sow_suppliers WHERE parent_id = ${sowId}
      UNION SELECT supplier_id FROM offer WHERE sow_id = ${sowId}) ORDER BY s.id`.execute(ex);
  const quoted: QuotedOffer[] = offers.map((o) => ({
    Offer_ID: o.Offer_ID as number,
    Supplier_ID: o.Supplier_ID as number,
    Round_NO: o.Round_NO as number,
    Submitted: SUBMITTED.includes(o.Offer_Status as number) && o.Submitted_At !== null,
    Items: items.filter((i) => i.parent_id === o.Offer_ID) as unknown as QuotedOffer['Items'],
  }));
  const lifeYears = head[0]?.life_time_years ?? 1;
  return {
    parts,
    suppliers,
    offers,
    comparison: compareOffers(parts, quoted, lifeYears),
    lifeYears,
    round: head[0]?.current_round ?? 0,
  };
}

const weight = decimalString({ precision: 5, scale: 2, min: '0' });
const query = z.object({
  Price_Weight: weight.optional(),
  Quality_Weight: weight.optional(),
  Delivery_Weight: weight.optional(),
  Risk_Weight: weight.optional(),
});

/** The default marks for a supplier: quality and delivery 80, risk from its file (100 − risk score). */
function defaultMarks(s: Row) {
  const risk = s.Risk_Score === null ? 80 : Math.max(0, 100 - Number(s.Risk_Score));
  return {
    Supplier_ID: s.Supplier_ID as number,
    Quality_Score: '80',
    Delivery_Score: '80',
    Risk_Score: risk.toFixed(2),
  };
}

/** GET /Sow/{id}/Comparison: the bid evaluation's comparison and weighted scores for one SOW. */
export function comparisonRoutes(app: FastifyInstance, engine: Engine) {
  const svc = engine.service(sow.name);
  const route = {
    config: {
      perm: { entity: sow.name, button: 'view' as const },
      records: [{ entity: sow.name, in: 'params' as const, key: 'id' }],
    },
  };
  app.get('/Sow/:id/Comparison', route, async (req) => {
    const ctx = requestContext(req);
    const id = parseId((req.params as { id: string }).id);
    const q = parseWith(query, req.query, undefined, ctx.lang);
    await sweepOverdue(engine.db, new Date());
    const head = await svc.mustGet(id, undefined, false, req.auth?.scope);
    const data = await loadComparison(engine.db, id);
    const { rows: bids } = await sql<Row>`SELECT id AS "Bid_ID", bid_no AS "Bid_NO", state AS "State",
        eval_status AS "Eval_Status", price_weight AS "Price_Weight", quality_weight AS "Quality_Weight",
        delivery_weight AS "Delivery_Weight", risk_weight AS "Risk_Weight"
      FROM bid_evaluation WHERE sow_id = ${id} AND state <> 0 ORDER BY id DESC LIMIT 1`.execute(engine.db);
    const bid = bids[0] ?? null;
    const { rows: marks } = bid
      ? await sql<Row>`SELECT supplier_id AS "Supplier_ID", quality_score AS "Quality_Score",
          delivery_score AS "Delivery_Score", risk_score AS "Risk_Score"
        FROM bid_evaluation_scores WHERE parent_id = ${bid.Bid_ID}`.execute(engine.db)
      : { rows: [] as Row[] };
    const weights = {
      price: q.Price_Weight ?? String(bid?.Price_Weight ?? '40'),
      quality: q.Quality_Weight ?? String(bid?.Quality_Weight ?? '20'),
      delivery: q.Delivery_Weight ?? String(bid?.Delivery_Weight ?? '20'),
      risk: q.Risk_Weight ?? String(bid?.Risk_Weight ?? '20'),
    };
    const given = data.suppliers.map(
      (s) =>
        (marks.find((m) => m.Supplier_ID === s.Supplier_ID) as ReturnType<typeof defaultMarks>) ??
        defaultMarks(s),
    );
    const latestRound = data.comparison.totals.filter((t) => t.Round_NO === data.round);
    const scores = scoreSuppliers(latestRound, given, weights, data.parts.length);
    return ok(
      {
        Sow: {
          Sow_ID: head.Sow_ID,
          Sow_NO: head.Sow_NO,
          Project_Name: head.Project_Name,
          Vehicle_Model: head.Vehicle_Model,
          Currency_Name: head.Currency_Name,
          Sow_Status: head.Sow_Status,
          Current_Round: head.Current_Round,
          Offer_Rounds: head.Offer_Rounds,
          Life_Time_Years: head.Life_Time_Years,
          Round_End: head.Round_End,
        },
        Parts: data.parts,
        Suppliers: data.suppliers,
        Offers: data.offers,
        Rounds: data.comparison.rounds,
        Rows: data.comparison.rows,
        Totals: data.comparison.totals,
        Weights: weights,
        Marks: given,
        Scores: scores,
        Bid: bid,
      },
      ctx,
    );
  });
}
