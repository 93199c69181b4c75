import { AppError, defineHooks, type HookContext, type Row } from '@mes/engine-server';
import { compareDecimal, labelOf } from '@mes/model';
import { sql } from 'kysely';
import { engineOf } from './engine.server';
import { machine, machineStatusRecord } from './machine.entity';

const COUNTERS = ['Run_Hours', 'Shot_Count'] as const;

/** A counter only grows: a reading below the stored one is a typing error, not a reset. */
function refuseCounterBack(ctx: HookContext, data: Row, old: Row | null) {
  if (!old) return;
  for (const f of COUNTERS) {
    const now = data[f];
    const before = old[f];
    if (now == null || before == null) continue;
    if (compareDecimal(String(now), String(before)) < 0)
      throw new AppError('em.counter_back', {
        field: labelOf(machine.fields[f].label, ctx.lang),
        old: String(before),
      }).at(f);
  }
}

/** The machine takes the status of its latest record (by effective time, then by entry). */
export async function followLatestStatus(ctx: HookContext, machineId: number): Promise<void> {
  await sql`UPDATE em_machine m SET machine_status = r.machine_status, status_since = r.start_time
    FROM (SELECT machine_status, start_time FROM em_status_record
          WHERE machine_id = ${machineId} ORDER BY start_time DESC, id DESC LIMIT 1) r
    WHERE m.id = ${machineId}`.execute(ctx.tx);
}

export const machineHooks = defineHooks(machine, {
  validate: refuseCounterBack,
  // the register starts the machine's timeline: its first status record
  async afterSave(ctx, rec, old) {
    if (old) return;
    await engineOf()
      .service(machineStatusRecord.name)
      .insert(
        {
          Machine_ID: rec.Machine_ID,
          Machine_Status: rec.Machine_Status ?? 2,
          Start_Time: new Date().toISOString(),
          Reason: ctx.lang === 'en' ? 'Registered' : '建档',
        },
        ctx,
        ctx.tx,
      );
  },
  // a machine registered by mistake goes with its registration entry; one with any further history
  // (a status change, a repair, a plan) stays referenced and the engine refuses the delete
  async beforeDelete(ctx, old) {
    await sql`DELETE FROM em_status_record WHERE machine_id = ${old.Machine_ID}
      AND (SELECT count(*) FROM em_status_record WHERE machine_id = ${old.Machine_ID}) = 1`.execute(ctx.tx);
  },
});

export const statusRecordHooks = defineHooks(machineStatusRecord, {
  async afterSave(ctx, rec, old) {
    await followLatestStatus(ctx, Number(rec.Machine_ID));
    if (old && old.Machine_ID !== rec.Machine_ID) await followLatestStatus(ctx, Number(old.Machine_ID));
  },
});
