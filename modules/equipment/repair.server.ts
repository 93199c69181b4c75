import {
  AppError,
  companyTimeZone,
  defineHooks,
  type Engine,
  type HookContext,
  notFound,
  type Row,
  type Tx,
} from '@mes/engine-server';
import { postMovements, reverseMovements } from '@mes/inventory/server';
import { formatInstant, labelOf, STATE } from '@mes/model';
import { sql } from 'kysely';
import { nextRepairStatus, REPAIR, type RepairAction } from './logic/repairFlow';
import { machine } from './machine.entity';
import { machineRepair, REPAIR_STATUS, repairExperience, repairRequest } from './repair.entity';

/** Movement type of the inventory ledger for parts a repair uses (MOVEMENT_TYPES of @mes/inventory). */
export const REPAIR_PARTS = 21;

/** Requests being accepted, by transaction: the one way a repair is created (see the hooks). */
const accepting = new WeakMap<Tx, Row>();

/** A machine is down while any request on it is open (reported and not closed or cancelled). */
export async function followOpenRequests(tx: Tx, machineId: number): Promise<void> {
  await sql`UPDATE em_machine m SET is_down = EXISTS (SELECT 1 FROM em_repair_request r
      WHERE r.machine_id = m.id AND r.state <> ${STATE.VOID}
        AND r.repair_status NOT IN (${REPAIR.CLOSED}, ${REPAIR.CANCELLED}))
    WHERE m.id = ${machineId}`.execute(tx);
}

export const repairRequestHooks = defineHooks(repairRequest, {
  // reported now, unless the reporter says when the fault began
  beforeSave(_ctx, data, old) {
    if (!old && !data.Request_Time) data.Request_Time = new Date().toISOString();
  },
  async afterSave(ctx, rec, old) {
    await followOpenRequests(ctx.tx, Number(rec.Machine_ID));
    if (old && old.Machine_ID !== rec.Machine_ID) await followOpenRequests(ctx.tx, Number(old.Machine_ID));
  },
});

export const machineRepairHooks = defineHooks(machineRepair, {
  validate(ctx, data, old) {
    if (!old && !accepting.has(ctx.tx)) throw new AppError('em.repair_by_request');
    const start = data.Down_Start ?? old?.Down_Start;
    const end = data.Down_End ?? old?.Down_End;
    if (start && end && new Date(String(end)) < new Date(String(start)))
      throw new AppError('em.down_order').at('Down_End');
  },
  beforeSave(ctx, data, old) {
    const req = old ? null : accepting.get(ctx.tx);
    if (!req) return;
    data.Request_ID = req.Request_ID;
    data.Machine_ID = req.Machine_ID;
    data.Repair_Status = REPAIR.ACCEPTED;
  },
});

const statusName = (s: number, ctx: HookContext) =>
  labelOf(REPAIR_STATUS.find((o) => o.value === s)?.label ?? { zh: String(s), en: String(s) }, ctx.lang);

function refuse(ctx: HookContext, status: number, action: RepairAction): never {
  const act = { zh: ACTION_NAMES[action][0], en: ACTION_NAMES[action][1] };
  throw new AppError('em.repair_action', { status: statusName(status, ctx), action: act }, 409);
}

const ACTION_NAMES: Record<RepairAction, [string, string]> = {
  Accept: ['受理', 'Accept'],
  Start: ['开始维修', 'Start repair'],
  Finish: ['完工', 'Finish'],
  Confirm: ['验收', 'Accept repair'],
  Reopen: ['退回', 'Send back'],
  Cancel: ['取消报修', 'Cancel request'],
};

async function today(tx: Tx): Promise<string> {
  return formatInstant(new Date(), await companyTimeZone(tx), 'date');
}

async function setStatus(tx: Tx, repairId: number | null, requestId: number, status: number) {
  if (repairId)
    await sql`UPDATE em_repair SET repair_status = ${status}, version = version + 1, updated_at = now()
      WHERE id = ${repairId}`.execute(tx);
  await sql`UPDATE em_repair_request SET repair_status = ${status}, version = version + 1, updated_at = now()
    WHERE id = ${requestId}`.execute(tx);
}

/** Only the person who reported the fault accepts the repair (or sends it back). */
function mustBeRequester(ctx: HookContext, request: Row) {
  if (Number(request.Created_By) !== ctx.user?.User_ID)
    throw new AppError(
      'em.only_requester',
      { name: String(request.Created_By_Name ?? request.Created_By) },
      403,
      403,
    );
}

/** Accepting a request makes its repair (维修) and assigns the technician. */
export async function acceptRequest(
  engine: Engine,
  c: HookContext,
  requestId: number,
  technicianId: number | null,
) {
  const request = await engine.service(repairRequest.name).get(requestId, c.tx, true);
  if (!request || request.State === STATE.VOID) throw notFound();
  const status = Number(request.Repair_Status);
  if (nextRepairStatus(status, 'Accept') === null) refuse(c, status, 'Accept');
  accepting.set(c.tx, request);
  try {
    const rec = await engine
      .service(machineRepair.name)
      .insert({ Technician_ID: technicianId, Fault_Type_ID: request.Fault_Type_ID ?? null }, c, c.tx);
    await setStatus(c.tx, null, requestId, REPAIR.ACCEPTED);
    return Number(rec.Repair_ID);
  } finally {
    accepting.delete(c.tx);
  }
}

/** Cancelling a request (and its repair, when accepted but not started) brings the machine back up. */
export async function cancelRequest(engine: Engine, c: HookContext, requestId: number) {
  const request = await engine.service(repairRequest.name).get(requestId, c.tx, true);
  if (!request || request.State === STATE.VOID) throw notFound();
  const status = Number(request.Repair_Status);
  if (nextRepairStatus(status, 'Cancel') === null) refuse(c, status, 'Cancel');
  const { rows } = await sql<{
    id: number;
  }>`SELECT id FROM em_repair WHERE request_id = ${requestId}`.execute(c.tx);
  await setStatus(c.tx, rows[0] ? Number(rows[0].id) : null, requestId, REPAIR.CANCELLED);
  await followOpenRequests(c.tx, Number(request.Machine_ID));
}

type RepairStep = Exclude<RepairAction, 'Accept' | 'Cancel'>;

/** One step of a repair (start, finish, accept, send back), its guard and what it posts. */
export async function repairStep(engine: Engine, c: HookContext, action: RepairStep, repairId: number) {
  const repairs = engine.service(machineRepair.name);
  const rec = await repairs.get(repairId, c.tx, true);
  if (!rec || rec.State === STATE.VOID) throw notFound();
  const status = Number(rec.Repair_Status);
  const next = nextRepairStatus(status, action);
  if (next === null) refuse(c, status, action);
  const requestId = Number(rec.Request_ID);
  const request = await engine.service(repairRequest.name).mustGet(requestId, c.tx);
  if (action === 'Start')
    await sql`UPDATE em_repair SET down_start = coalesce(down_start, ${request.Request_Time as Date})
      WHERE id = ${repairId}`.execute(c.tx);
  if (action === 'Finish') {
    if (!rec.Fault_Type_ID || !String(rec.Solution ?? '').trim()) throw new AppError('em.repair_needs');
    await sql`UPDATE em_repair SET down_end = coalesce(down_end, now()) WHERE id = ${repairId}`.execute(c.tx);
    await postParts(c, rec);
  }
  if (action === 'Confirm' || action === 'Reopen') mustBeRequester(c, request);
  if (action === 'Reopen') await reverseMovements(c, REPAIR_PARTS, repairId);
  if (action === 'Confirm') {
    await sql`UPDATE em_repair SET accepted_by = ${c.user?.User_ID ?? null}, accepted_at = now()
      WHERE id = ${repairId}`.execute(c.tx);
    await learn(engine, c, rec, request);
  }
  await setStatus(c.tx, repairId, requestId, next as number);
  if (action === 'Confirm') await followOpenRequests(c.tx, Number(rec.Machine_ID));
}

/** The parts a finished repair used leave stock; inventory refuses more than is on hand. */
async function postParts(c: HookContext, rec: Row) {
  const parts = (rec.Parts ?? []) as { Material_ID: number; Location_ID: number; Qty: string }[];
  if (!parts.length) return;
  await postMovements(c, {
    Doc_Type: REPAIR_PARTS,
    Doc_ID: Number(rec.Repair_ID),
    Doc_NO: String(rec.Repair_NO),
    Posting_Date: await today(c.tx),
    lines: parts.map((p, i) => ({
      Line_NO: i + 1,
      Material_ID: p.Material_ID,
      Location_ID: p.Location_ID,
      Qty: `-${String(p.Qty).replace(/^-/, '')}`,
    })),
  });
}

/** An accepted repair's solution becomes repair knowledge (维修经验), found by the next request. */
async function learn(engine: Engine, c: HookContext, rec: Row, request: Row) {
  const m = await engine.service(machine.name).mustGet(Number(rec.Machine_ID), c.tx);
  const title = [m.Machine_Name, rec.Fault_Type_Name].filter(Boolean).join(' · ');
  const made = await engine.service(repairExperience.name).insert(
    {
      Title: String(title).slice(0, 100),
      Machine_Type: m.Machine_Type ?? null,
      Machine_Group_ID: m.Machine_Group_ID ?? null,
      Fault_Type_ID: rec.Fault_Type_ID ?? null,
      Symptom: String(request.Symptom ?? '').slice(0, 500),
      Cause: rec.Cause ? String(rec.Cause).slice(0, 500) : null,
      Solution: String(rec.Solution),
    },
    c,
    c.tx,
  );
  await sql`UPDATE em_repair_experience SET source = 1, repair_id = ${Number(rec.Repair_ID)}
    WHERE id = ${Number(made.Experience_ID)}`.execute(c.tx);
}
