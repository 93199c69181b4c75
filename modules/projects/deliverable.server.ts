import { defineHooks } from '@mes/engine-server';
import { sql } from 'kysely';
import { deliverable } from './deliverable.entity';
import { phaseOfGate } from './logic/gates';
import { deliverableRating } from './logic/rating';
import { todayText } from './store.server';

/** A deliverable keeps its RYG and completion date in step with its status (read fresh on the project page). */
export const deliverableHooks = defineHooks(deliverable, {
  async beforeSave(ctx, data, old) {
    const status = Number(data.Deliverable_Status ?? old?.Deliverable_Status ?? 1);
    if (status === 3 && !old?.Completed_Date) data.Completed_Date = todayText();
    if (status !== 3) data.Completed_Date = null;
    if (data.Phase === undefined && data.Gate !== undefined && data.Gate !== null)
      data.Phase = old?.Phase ?? phaseOfGate(Number(data.Gate));
    const id = old?.Deliverable_ID;
    const evidence = id
      ? Number(
          (
            await sql<{ n: number }>`SELECT count(*)::int AS n FROM attachment
              WHERE bz_table = 'ProjectDeliverable' AND bz_code = ${String(id)}`.execute(ctx.tx)
          ).rows[0].n,
        )
      : 0;
    data.Rating = deliverableRating(
      {
        status,
        due: (data.Due_Date ?? old?.Due_Date ?? null) as string | null,
        evidenceRequired: Boolean(data.Evidence_Required ?? old?.Evidence_Required),
        evidenceCount: evidence,
      },
      todayText(),
    );
  },
});
