import { defineHooks, type HookContext, type Row } from '@mes/engine-server';
import { postMovements, reverseMovements } from '@mes/inventory/server';
import { sql } from 'kysely';
import { mixingFeeding } from './plan.entity';
import { refuse } from './refuse.server';
import { FEEDING } from './stock.server';

const IN_PRODUCTION = 2;

async function orderOf(ctx: HookContext, orderId: unknown, lock = false) {
  const { rows } = await sql<{ s: number; material_id: number }>`SELECT schedule_status AS s, material_id
    FROM work_order WHERE id = ${Number(orderId)} ${lock ? sql`FOR UPDATE` : sql``}`.execute(ctx.tx);
  return rows[0];
}

/**
 * Mixing and feeding (配料投料): the record of what went into a running order's batch. Approval
 * issues its lines from stock to the order through the inventory's posting API (a shortage refuses
 * the approval); UnApprove reverses them while the order is not completed.
 */
export const feedingHooks = defineHooks(mixingFeeding, {
  async validate(ctx, data, old) {
    const orderId = data.Work_Order_ID ?? old?.Work_Order_ID;
    const o = await orderOf(ctx, orderId);
    if (!o)
      throw refuse(mixingFeeding.fields.Work_Order_ID.label, '工单不存在', 'no such work order').at(
        'Work_Order_ID',
      );
    if (o.s >= 4)
      throw refuse(
        mixingFeeding.fields.Work_Order_ID.label,
        '已完工、结算或关闭的工单不能投料',
        'material cannot be fed to a completed, settled or closed order',
        409,
      ).at('Work_Order_ID');
    // a formula belongs to the product it makes: another product's formula is not this order's
    const equationId = data.Equation_ID !== undefined ? data.Equation_ID : old?.Equation_ID;
    if (equationId) {
      const { rows } = await sql<{
        material_id: number | null;
      }>`SELECT material_id FROM equation WHERE id = ${Number(equationId)}`.execute(ctx.tx);
      const made = rows[0]?.material_id;
      if (made !== null && made !== undefined && Number(made) !== Number(o.material_id))
        throw refuse(
          mixingFeeding.fields.Equation_ID.label,
          '配方的产出物料不是该工单的产品',
          "the formula's output is not the order's product",
        ).at('Equation_ID');
    }
    const items = data.Items as Row[] | undefined;
    if (items !== undefined && !items.length)
      throw refuse(mixingFeeding.lines.Items.label, '至少需要一行', 'needs at least one line').at('Items');
  },
  async onApprove(ctx, record) {
    const o = await orderOf(ctx, record.Work_Order_ID, true);
    if (!o || o.s !== IN_PRODUCTION)
      throw refuse(
        mixingFeeding.fields.Work_Order_ID.label,
        '只有生产中的工单可以投料',
        'material can be fed only to an order in production',
        409,
      );
    const items = record.Items as {
      Material_ID: number;
      Location_ID: number;
      Batch_NO: string | null;
      Qty: string;
    }[];
    await postMovements(ctx, {
      Doc_Type: FEEDING,
      Doc_ID: Number(record.Feeding_ID),
      Doc_NO: String(record.List_NO),
      Posting_Date: (record.Feed_Time instanceof Date
        ? record.Feed_Time.toISOString()
        : String(record.Feed_Time)
      ).slice(0, 10),
      lines: items.map((l, i) => ({
        Line_NO: i + 1,
        Material_ID: l.Material_ID,
        Location_ID: l.Location_ID,
        Batch_NO: l.Batch_NO,
        Bucket_ID: (record.Bucket_ID as number | null) ?? null,
        Qty: `-${String(l.Qty).replace(/^-/, '')}`,
      })),
    });
  },
  async beforeUnapprove(ctx, record) {
    const o = await orderOf(ctx, record.Work_Order_ID);
    if (o && o.s >= 4)
      throw refuse(
        mixingFeeding.label,
        '工单已完工，不能反审核',
        'the order is completed; it cannot be unapproved',
        409,
      );
  },
  async onUnapprove(ctx, record) {
    await reverseMovements(ctx, FEEDING, Number(record.Feeding_ID));
  },
});
