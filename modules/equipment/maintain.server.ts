import {
  AppError,
  companyTimeZone,
  type Db,
  defineHooks,
  type Row,
  type Tx,
  withTx,
} from '@mes/engine-server';
import { postMovements, reverseMovements } from '@mes/inventory/server';
import { formatInstant, STATE } from '@mes/model';
import { sql } from 'kysely';
import { CYCLE, dueOccurrences, isCounterRule } from './logic/plans';
import { machineConserve, maintainRecord, maintainRule } from './maintain.entity';

/** Movement type of the inventory ledger for parts maintenance uses (MOVEMENT_TYPES of @mes/inventory). */
export const MAINTAIN_PARTS = 22;
const PLAN = { OPEN: 1, DONE: 2, PARTIAL: 3 } as const;
/** Any number: the key of the lock that lets one process at a time generate plans. */
const PLAN_LOCK = 4242_0042;

export const maintainRuleHooks = defineHooks(maintainRule, {
  validate(_ctx, data, old) {
    const group = data.Machine_Group_ID !== undefined ? data.Machine_Group_ID : old?.Machine_Group_ID;
    const one = data.Machine_ID !== undefined ? data.Machine_ID : old?.Machine_ID;
    if (!group && !one) throw new AppError('em.rule_target').at('Machine_Group_ID');
  },
});

export const planHooks = defineHooks(machineConserve, {
  scopes: {
    // past its date, or its machine's counter past the due count and the tolerance, and not done
    Overdue: sql<boolean>`t.plan_status IN (${PLAN.OPEN}, ${PLAN.PARTIAL}) AND (t.due_date < current_date
      OR EXISTS (SELECT 1 FROM em_machine m JOIN em_maintain_rule r ON r.id = t.rule_id
        WHERE m.id = t.machine_id AND t.due_counter IS NOT NULL
          AND (CASE r.cycle_kind WHEN ${CYCLE.HOURS} THEN m.run_hours ELSE m.shot_count END)
              > t.due_counter + coalesce(r.tolerance, 0)))`,
  },
});

type Part = { Material_ID: number; Location_ID: number; Qty: string };

export const maintainRecordHooks = defineHooks(maintainRecord, {
  validate(_ctx, data, old) {
    // what was posted stays as posted: a correction voids the record and enters it again
    if (old && data.Parts !== undefined && JSON.stringify(partsOf(data)) !== JSON.stringify(partsOf(old)))
      throw new AppError('em.parts_posted').at('Parts');
  },
  async beforeSave(ctx, data, old) {
    // the reading at the time of the work: the machine's counter of the rule's kind, unless typed
    if (old || data.Counter_At != null || !data.Plan_ID) return;
    const { rows } = await sql<{ c: string | null }>`SELECT (CASE r.cycle_kind WHEN ${CYCLE.HOURS}
        THEN m.run_hours ELSE m.shot_count END)::text AS c
      FROM em_maintain_plan p JOIN em_maintain_rule r ON r.id = p.rule_id JOIN em_machine m ON m.id = p.machine_id
      WHERE p.id = ${Number(data.Plan_ID)}`.execute(ctx.tx);
    data.Counter_At = rows[0]?.c ?? null;
  },
  async afterSave(ctx, rec, old) {
    if (old) return;
    const parts = partsOf(rec);
    if (parts.length)
      await postMovements(ctx, {
        Doc_Type: MAINTAIN_PARTS,
        Doc_ID: Number(rec.Record_ID),
        Doc_NO: String(rec.Record_NO),
        Posting_Date: String(rec.Done_Date).slice(0, 10),
        lines: parts.map((p, i) => ({
          Line_NO: i + 1,
          Material_ID: p.Material_ID,
          Location_ID: p.Location_ID,
          Qty: `-${String(p.Qty).replace(/^-/, '')}`,
        })),
      });
    if (rec.Plan_ID)
      await sql`UPDATE em_maintain_plan SET plan_status = ${rec.Is_Partial ? PLAN.PARTIAL : PLAN.DONE},
          done_date = ${String(rec.Done_Date).slice(0, 10)}, version = version + 1, updated_at = now()
        WHERE id = ${Number(rec.Plan_ID)}`.execute(ctx.tx);
  },
  async beforeDelete(ctx, old) {
    await reverseMovements(ctx, MAINTAIN_PARTS, Number(old.Record_ID));
    if (old.Plan_ID)
      await sql`UPDATE em_maintain_plan SET plan_status = ${PLAN.OPEN}, done_date = NULL, version = version + 1
        WHERE id = ${Number(old.Plan_ID)}`.execute(ctx.tx);
  },
});

function partsOf(r: Row): Part[] {
  return ((r.Parts ?? []) as Part[]).map((p) => ({
    Material_ID: Number(p.Material_ID),
    Location_ID: Number(p.Location_ID),
    Qty: String(Number(p.Qty)),
  }));
}

interface RulePair {
  rule_id: number;
  machine_id: number;
  cycle_kind: number;
  cycle_value: number;
  tolerance: string | null;
  count_from: number;
  start_date: string;
  lead_days: number | null;
  assignee_id: number | null;
  counter: string | null;
  last_date: string | null;
  last_counter: string | null;
}

/**
 * The background job: the plans every enabled rule should have by now, for each of its machines
 * (the machine named, or every machine of the group not scrapped or sold). One process at a time
 * runs it (an advisory lock held by the transaction, which PGlite has too); the unique occurrence
 * key makes a second run — or a process that slipped past the lock — add nothing twice.
 */
export async function generatePlans(db: Db, now = new Date()): Promise<number> {
  return withTx(db, async (tx) => {
    const { rows: got } = await sql<{
      ok: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${PLAN_LOCK}) AS ok`.execute(tx);
    if (!got[0]?.ok) return 0;
    return generatePlansIn(tx, now);
  });
}

/** The job's work in the caller's transaction (the demo seed's): see generatePlans. */
export async function generatePlansIn(tx: Tx, now = new Date()): Promise<number> {
  {
    const today = formatInstant(now, await companyTimeZone(tx), 'date');
    const { rows } =
      await sql<RulePair>`SELECT r.id AS rule_id, m.id AS machine_id, r.cycle_kind, r.cycle_value,
        r.tolerance::text AS tolerance, r.count_from, to_char(r.start_date, 'YYYY-MM-DD') AS start_date,
        r.lead_days, r.assignee_id,
        (CASE r.cycle_kind WHEN ${CYCLE.HOURS} THEN m.run_hours ELSE m.shot_count END)::text AS counter,
        to_char(last.done_date, 'YYYY-MM-DD') AS last_date, last.counter_at::text AS last_counter
      FROM em_maintain_rule r
      JOIN em_machine m ON (r.machine_id = m.id OR (r.machine_id IS NULL AND m.machine_group_id = r.machine_group_id))
      LEFT JOIN LATERAL (SELECT rec.done_date, rec.counter_at FROM em_maintain_record rec
          JOIN em_maintain_plan p ON p.id = rec.plan_id
          WHERE p.rule_id = r.id AND p.machine_id = m.id AND rec.state <> ${STATE.VOID} AND NOT rec.is_partial
          ORDER BY rec.done_date DESC, rec.id DESC LIMIT 1) last ON TRUE
      WHERE NOT r.disabled AND r.state <> ${STATE.VOID} AND m.machine_status NOT IN (6, 7)`.execute(tx);
    const values = rows.flatMap((p) =>
      dueOccurrences(
        {
          ruleId: Number(p.rule_id),
          kind: p.cycle_kind,
          every: p.cycle_value,
          tolerance: p.tolerance,
          countFrom: p.count_from,
          start: p.start_date,
          leadDays: p.lead_days ?? 0,
        },
        {
          machineId: Number(p.machine_id),
          counter: isCounterRule(p.cycle_kind) ? (p.counter ?? '0') : '0',
          lastDone: p.last_date ? { date: p.last_date, counter: p.last_counter } : null,
        },
        today,
      ).map(
        (o) => sql`(${o.key}, ${p.rule_id}, ${p.machine_id}, ${o.dueDate}::date, ${o.dueCounter}::numeric,
        ${p.assignee_id})`,
      ),
    );
    if (!values.length) return 0;
    let made = 0;
    // in slices: a plant with thousands of machines stays within the statement's parameter limit
    for (let i = 0; i < values.length; i += 500) {
      const r =
        await sql`INSERT INTO em_maintain_plan (occurrence_key, rule_id, machine_id, due_date, due_counter,
          assignee_id) VALUES ${sql.join(values.slice(i, i + 500))} ON CONFLICT DO NOTHING`.execute(tx);
      made += Number(r.numAffectedRows ?? 0);
    }
    return made;
  }
}

/** How often the job looks for plans falling due (counters move with every report). */
export const PLAN_JOB_MS = 5 * 60_000;
