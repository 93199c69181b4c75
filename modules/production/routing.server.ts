import type { Db, Tx } from '@mes/engine-server';
import { defineHooks } from '@mes/engine-server';
import { sql } from 'kysely';
import { setProcess } from './engineering.entity';
import { routingUnitCost } from './logic/routing';
import { refuse } from './refuse.server';

/**
 * Operation cost of one unit of each material with a routing (its default one, else its first):
 * steps' minutes at the operation's hourly rate, or the station's when the operation has none.
 */
export async function operationCosts(ex: Db | Tx): Promise<Map<number, string>> {
  const { rows } = await sql<{
    material_id: number;
    batch_qty: string | null;
    std_minutes: string;
    setup_minutes: string | null;
    rate: string | null;
  }>`WITH pick AS (SELECT DISTINCT ON (material_id) id, material_id, batch_qty FROM set_process
      ORDER BY material_id, is_default DESC, id)
    SELECT pick.material_id, pick.batch_qty, s.std_minutes, s.setup_minutes, coalesce(p.hour_rate, w.hour_rate) AS rate
    FROM pick JOIN set_process_steps s ON s.parent_id = pick.id JOIN work_process p ON p.id = s.process_id
    LEFT JOIN work_station w ON w.id = coalesce(s.work_station_id, p.work_station_id)`.execute(ex);
  const by = new Map<
    number,
    { batch: string; steps: { stdMinutes: string; setupMinutes: string | null; hourRate: string | null }[] }
  >();
  for (const r of rows) {
    const m = Number(r.material_id);
    const e = by.get(m) ?? {
      batch: r.batch_qty && Number(r.batch_qty) > 0 ? String(r.batch_qty) : '1',
      steps: [],
    };
    e.steps.push({ stdMinutes: String(r.std_minutes), setupMinutes: r.setup_minutes, hourRate: r.rate });
    by.set(m, e);
  }
  return new Map([...by].map(([m, e]) => [m, routingUnitCost(e.steps, e.batch)]));
}

/** One default routing per product; steps in a strictly increasing order. */
export const setProcessHooks = defineHooks(setProcess, {
  validate(_ctx, data) {
    const steps = data.Steps as { Ser_NO: number }[] | undefined;
    if (steps) {
      const seen = new Set<number>();
      for (const s of steps) {
        if (seen.has(s.Ser_NO))
          throw refuse(
            setProcess.lines.Steps.fields.Ser_NO.label,
            `顺序 ${s.Ser_NO} 重复`,
            `sequence ${s.Ser_NO} is used twice`,
          );
        seen.add(s.Ser_NO);
      }
    }
  },
  async afterSave(ctx, record) {
    if (record.Is_Default)
      await sql`UPDATE set_process SET is_default = FALSE WHERE material_id = ${record.Material_ID}
        AND id <> ${record.Route_ID} AND is_default`.execute(ctx.tx);
  },
});
