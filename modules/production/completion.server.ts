import type { HookContext, Row, Tx } from '@mes/engine-server';
import { addDecimal, compareDecimal, divDecimal, mulDecimal, subDecimal } from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import { minus } from './logic/exact';
import { workOrder } from './plan.entity';
import { refuse } from './refuse.server';
import { COMPLETION, FEEDING, PICKING, postCompletion } from './stock.server';

/** The statement of orderCost (its plan is tested: the ledger through its document index). */
export function orderCostSql(orderId: number): RawBuilder<{ issued: string; received: string }> {
  return sql<{ issued: string; received: string }>`SELECT
      coalesce(-sum(l.amount) FILTER (WHERE l.doc_type <> ${COMPLETION}), 0)::text AS issued,
      coalesce(sum(l.amount) FILTER (WHERE l.doc_type = ${COMPLETION}), 0)::text AS received
    FROM stock_ledger l
    -- each kind of document through the ledger's document index; as one condition of ORs, the
    -- planner read every picking and feeding ever posted
    WHERE (l.doc_type, l.doc_id) IN (
      SELECT ${PICKING}::int, id FROM material_receive WHERE work_order_id = ${orderId}
      UNION ALL SELECT ${FEEDING}::int, id FROM mixing_feeding WHERE work_order_id = ${orderId}
      UNION ALL SELECT ${COMPLETION}::int, ${orderId}::bigint)`;
}

/**
 * What the order has taken out of stock (its approved pickings and feedings, net of reversals) and
 * what its receipts of finished goods have carried into stock so far, both as ledger values.
 */
export async function orderCost(tx: Tx, orderId: number): Promise<{ issued: string; received: string }> {
  const { rows } = await orderCostSql(orderId).execute(tx);
  return { issued: rows[0]?.issued ?? '0', received: rows[0]?.received ?? '0' };
}

/**
 * The value of a receipt of `qty` finished goods at the actual cost of the material the order took.
 * The last receipt (completion) takes all that is not yet received, so that over all receipts,
 * earlier partial ones included, the goods carry exactly what was issued to the order. A partial
 * receipt before it takes its share of the order quantity, never more than is left.
 */
export function receiptValue(p: {
  issued: string;
  received: string;
  qty: string;
  orderQty: string;
  final: boolean;
}): string {
  const left = subDecimal(p.issued, p.received);
  if (compareDecimal(left, '0') <= 0) return '0';
  if (p.final) return left;
  const share = divDecimal(mulDecimal(p.issued, p.qty, 6), p.orderQty, 2);
  return compareDecimal(share, left) > 0 ? left : share;
}

/**
 * Receives finished goods of a work order into stock (完工入库): refused beyond the open quantity or
 * the good quantity reported; valued at the order's actual material cost. Returns the new total
 * received. `final`: the order completes with this receipt.
 */
export async function receiveGoods(c: HookContext, o: Row, body: Row, final: boolean): Promise<string> {
  const received = String(o.received_qty ?? '0');
  const good = String(o.good_qty ?? '0');
  const q = (body.Qty as string | undefined) ?? minus(good, received);
  const open = minus(String(o.qty), received);
  if (compareDecimal(q, open) > 0)
    throw refuse(
      workOrder.fields.Received_Qty.label,
      `完工入库 ${q} 超过工单未完成数量 ${open}`,
      `${q} to receive is more than the ${open} still open on the order`,
    ).at('Qty');
  if (compareDecimal(addDecimal(received, q), good) > 0)
    throw refuse(
      workOrder.fields.Received_Qty.label,
      `完工入库 ${q} 超过已报工良品数 ${good}`,
      `${q} to receive is more than the ${good} good pieces reported`,
    ).at('Qty');
  if (!final && compareDecimal(q, '0') <= 0)
    throw refuse(workOrder.fields.Received_Qty.label, '入库数量必须大于 0', 'must be greater than 0').at(
      'Qty',
    );
  const location = (body.Location_ID as number | undefined) ?? o.location_id;
  if (compareDecimal(q, '0') > 0 && !location)
    throw refuse(workOrder.fields.Location_ID.label, '完工入库需要库位', 'is needed to receive the goods').at(
      'Location_ID',
    );
  if (compareDecimal(q, '0') > 0) {
    const cost = await orderCost(c.tx, Number(o.id));
    const value = receiptValue({ ...cost, qty: q, orderQty: String(o.qty), final });
    await postCompletion(c, {
      orderId: Number(o.id),
      orderNo: String(o.order_no),
      materialId: Number(o.material_id),
      locationId: Number(location),
      qty: q,
      // an order that took nothing from stock (no BOM) has no actual cost: the material's own cost counts
      unitPrice: compareDecimal(cost.issued, '0') === 0 ? null : divDecimal(value, q, 6),
      date: (body.Posting_Date as string | undefined) ?? new Date().toISOString().slice(0, 10),
    });
  }
  return addDecimal(received, q);
}
