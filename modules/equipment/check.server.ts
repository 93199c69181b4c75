import { AppError, defineHooks, type HookContext, type Row, translate } from '@mes/engine-server';
import { compareDecimal } from '@mes/model';
import { sql } from 'kysely';
import { patrolRecord, portalItem, portalRecord } from './check.entity';
import { engineOf } from './engine.server';
import { checkResult, RESULT, VALUE } from './logic/checks';
import { repairRequest } from './repair.entity';

const SOURCE = { CHECK: 2, PATROL: 3 } as const;

/** A repair request opened by a check or a patrol, marked with where it came from. */
async function openRequest(
  ctx: HookContext,
  o: { machineId: number; symptom: string; faultTypeId: number | null; source: number },
) {
  const made = await engineOf()
    .service(repairRequest.name)
    .insert(
      {
        Machine_ID: o.machineId,
        Symptom: o.symptom.slice(0, 500),
        Fault_Type_ID: o.faultTypeId,
        Request_Time: new Date().toISOString(),
        Urgency: 2,
      },
      ctx,
      ctx.tx,
    );
  const id = Number(made.Request_ID);
  await sql`UPDATE em_repair_request SET source = ${o.source} WHERE id = ${id}`.execute(ctx.tx);
  return id;
}

interface ItemRow {
  id: number;
  item_name: string;
  value_kind: number;
  lower_limit: string | null;
  upper_limit: string | null;
  fault_type_id: number | null;
}

type CheckLine = {
  Portal_Item_ID: number;
  Value?: string | null;
  Item_Result?: number | null;
  Remark?: string | null;
};

export const portalRecordHooks = defineHooks(portalRecord, {
  // each line's OK/NG is judged here against its item's limits, never taken from the client for numbers
  async beforeSave(ctx, data, old) {
    const lines = (data.Items ?? old?.Items ?? []) as CheckLine[];
    const ids = [...new Set(lines.map((l) => Number(l.Portal_Item_ID)))];
    const { rows } = await sql<ItemRow>`SELECT id, item_name, value_kind, lower_limit::text AS lower_limit,
        upper_limit::text AS upper_limit, fault_type_id FROM em_portal_item WHERE id = ANY(${sql.val(ids.length ? ids : [0])}::bigint[])`.execute(
      ctx.tx,
    );
    const items = new Map(rows.map((r) => [Number(r.id), r]));
    for (const l of lines) {
      const it = items.get(Number(l.Portal_Item_ID));
      if (!it) continue;
      if (it.value_kind === VALUE.NUMBER && (l.Value == null || l.Value === ''))
        throw new AppError('em.check_value', {
          item: it.item_name,
          need: { zh: '测量值', en: 'a value' },
        }).at('Items');
      l.Item_Result = checkResult(
        { kind: it.value_kind, lower: it.lower_limit, upper: it.upper_limit },
        l.Value ?? null,
        l.Item_Result ?? null,
      );
    }
    if (data.Items) data.Items = lines;
    data.Check_Result = lines.some((l) => l.Item_Result === RESULT.NG) ? RESULT.NG : RESULT.OK;
    failing.set(ctx.tx, { items, lines });
  },
  // an out-of-limit value or an NG opens one repair request, once per record
  async afterSave(ctx, rec) {
    const f = failing.get(ctx.tx);
    failing.delete(ctx.tx);
    if (!f || rec.Request_ID || rec.Check_Result !== RESULT.NG) return;
    const bad = f.lines.filter((l) => l.Item_Result === RESULT.NG);
    const names = bad.map((l) => {
      const it = f.items.get(Number(l.Portal_Item_ID));
      return `${it?.item_name ?? l.Portal_Item_ID}${l.Value != null && l.Value !== '' ? ` = ${l.Value}` : ' NG'}`;
    });
    const fault = bad.map((l) => f.items.get(Number(l.Portal_Item_ID))?.fault_type_id).find((x) => x != null);
    const request = await openRequest(ctx, {
      machineId: Number(rec.Machine_ID),
      symptom: translate('em.auto_symptom_check', ctx.lang, { items: names.join('；') }),
      faultTypeId: fault ?? null,
      source: SOURCE.CHECK,
    });
    await sql`UPDATE em_portal_record SET request_id = ${request} WHERE id = ${Number(rec.Portal_Record_ID)}`.execute(
      ctx.tx,
    );
  },
});

/** The judged lines between beforeSave and afterSave of one save (its transaction). */
const failing = new WeakMap<object, { items: Map<number, ItemRow>; lines: CheckLine[] }>();

export const portalItemHooks = defineHooks(portalItem, {
  validate(_ctx, data, old) {
    const lo = data.Lower_Limit !== undefined ? data.Lower_Limit : old?.Lower_Limit;
    const hi = data.Upper_Limit !== undefined ? data.Upper_Limit : old?.Upper_Limit;
    if (lo != null && hi != null && compareDecimal(String(lo), String(hi)) > 0)
      throw new AppError('em.limits_order').at('Lower_Limit');
  },
});

type Finding = { Machine_ID?: number | null; Finding: string; Open_Request?: number | null };

export const patrolRecordHooks = defineHooks(patrolRecord, {
  // a finding marked 报修 opens a request for its machine, once (on the record's first save)
  async afterSave(ctx, rec: Row, old) {
    if (old) return;
    for (const f of (rec.Findings ?? []) as Finding[])
      if (f.Open_Request === 2 && f.Machine_ID)
        await openRequest(ctx, {
          machineId: Number(f.Machine_ID),
          symptom: translate('em.auto_symptom_patrol', ctx.lang, { finding: f.Finding }),
          faultTypeId: null,
          source: SOURCE.PATROL,
        });
  },
});
