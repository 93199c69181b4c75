import {
  AppError,
  ApprovalService,
  defineHooks,
  type Engine,
  ok,
  parseWith,
  type Row,
  requestContext,
  type Tx,
  withTx,
} from '@mes/engine-server';
import { STATE } from '@mes/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { copyTemplate, phaseOfGate, type TemplateDeliverable } from './logic/gates';
import { RED } from './logic/rating';
import { project } from './project.entity';
import { deliverablesOf, projectLog, todayText } from './store.server';

const LOG = { CREATED: 1, CHANGED: 2, GATE: 6, TEAM: 8, CLOSED: 9 } as const;

/** The template a new project copies: the one named, else the default, else the first. */
async function templateOf(tx: Tx, id: unknown): Promise<{ id: number; name: string } | undefined> {
  const { rows } = await sql<{ id: number; template_name: string }>`SELECT id, template_name FROM mg_template
    ${id ? sql`WHERE id = ${Number(id)}` : sql``} ORDER BY is_default DESC, id LIMIT 1`.execute(tx);
  return rows[0] && { id: Number(rows[0].id), name: rows[0].template_name };
}

/** Copies the gate template onto a new project: its deliverables, owners by team role. */
async function copyGates(tx: Tx, rec: Row, templateId: number, me: number | null): Promise<number> {
  const { rows } = await sql<TemplateDeliverable>`SELECT gate AS "Gate", phase AS "Phase",
      deliverable_name AS "Deliverable_Name", owner_role AS "Owner_Role", due_offset_days AS "Due_Offset_Days",
      evidence_required AS "Evidence_Required"
    FROM mg_template_deliverables WHERE parent_id = ${templateId} ORDER BY line_no`.execute(tx);
  const team = ((rec.Team as Row[] | undefined) ?? []).map((m) => ({
    User_ID: Number(m.User_ID),
    Team_Role: Number(m.Team_Role),
  }));
  const copied = copyTemplate(
    rows,
    String(rec.Start_Date).slice(0, 10),
    team,
    (rec.Manager_ID as number) ?? null,
  );
  for (const d of copied)
    await sql`INSERT INTO project_deliverable (project_id, gate, phase, deliverable_name, owner_role, owner_id,
        due_date, evidence_required, deliverable_status, rating, created_by, updated_by)
      VALUES (${rec.Project_ID}, ${d.Gate}, ${d.Phase}, ${d.Deliverable_Name}, ${d.Owner_Role}, ${d.Owner_ID},
        ${d.Due_Date}::date, ${d.Evidence_Required}, 1, 1, ${me}, ${me})`.execute(tx);
  return copied.length;
}

export const projectHooks = defineHooks(project, {
  validate(_ctx, data) {
    const start = data.Start_Date as string | undefined;
    for (const f of ['Sop_Date', 'End_Date'])
      if (start && data[f] && String(data[f]) < String(start)) {
        const e = new AppError('pm.dates_order');
        e.field = f;
        throw e;
      }
  },
  async beforeSave(ctx, data, old) {
    if (!old) {
      if (data.Manager_ID === undefined || data.Manager_ID === null)
        data.Manager_ID = ctx.user?.User_ID ?? null;
      // without any template (a fresh system) the project starts with no deliverables
      const tpl = await templateOf(ctx.tx, data.Template_ID);
      data.Template_ID = tpl?.id ?? null;
      data.Current_Gate = 0;
    }
    data.Project_Phase = phaseOfGate(Number(data.Current_Gate ?? old?.Current_Gate ?? 0));
  },
  async afterSave(ctx, rec, old) {
    const me = ctx.user?.User_ID ?? null;
    const id = rec.Project_ID as number;
    if (!old) {
      const tpl = await templateOf(ctx.tx, rec.Template_ID);
      const count = tpl ? await copyGates(ctx.tx, rec, tpl.id, me) : 0;
      await projectLog(ctx.tx, id, LOG.CREATED, 'pm.log_created', { template: tpl?.name ?? '', count }, me);
      return;
    }
    const team = (rec.Team as Row[] | undefined)?.length ?? 0;
    const before = (old.Team as Row[] | undefined)?.length ?? 0;
    if (team !== before) await projectLog(ctx.tx, id, LOG.TEAM, 'pm.log_team', { count: team }, me);
    else await projectLog(ctx.tx, id, LOG.CHANGED, 'pm.log_changed', {}, me);
  },
});

const id = z.number().int().positive().max(2_147_483_647);
const fromSowBody = z.strictObject({
  Sow_ID: id,
  Template_ID: id.optional(),
  Start_Date: z.iso.date().optional(),
  Customer_ID: id.optional(),
});
const closeBody = z.strictObject({
  Project_ID: id,
  Closure_Type: z.union([z.literal(4), z.literal(9)]),
  Reason: z.string().trim().min(1).max(500),
});
const gateBody = z.strictObject({ Project_ID: id, Reason: z.string().trim().max(500).optional() });

export function projectRoutes(app: FastifyInstance, engine: Engine) {
  const svc = engine.service(project.name);
  const approvals = new ApprovalService(engine);
  const body = (key: string, entity = project.name) => [{ entity, in: 'body' as const, key }];
  const isAdmin = (req: FastifyRequest) => !!req.auth?.grants.isAdmin;

  /** 项目立项 from a sourcing SOW: name, vehicle, factory and the SOW link carried over. */
  app.post(
    '/Project/FromSow',
    { config: { perm: { entity: project.name, button: 'add' }, records: body('Sow_ID', 'Sow') } },
    async (req) => {
      const ctx = requestContext(req);
      const b = parseWith(fromSowBody, req.body, project, ctx.lang);
      const rec = await withTx(engine.db, async (tx) => {
        const { rows } = await sql<{
          sow_no: string;
          project_name: string;
          vehicle_model: string | null;
          factory_id: number | null;
        }>`
          SELECT sow_no, project_name, vehicle_model, factory_id FROM sow WHERE id = ${b.Sow_ID} AND state <> 0`.execute(
          tx,
        );
        const s = rows[0];
        if (!s) throw new AppError('not_found', {}, 404);
        const { rows: had } = await sql<{ project_no: string }>`SELECT project_no FROM project
          WHERE sow_id = ${b.Sow_ID} AND state <> 0 LIMIT 1`.execute(tx);
        if (had[0])
          throw new AppError('pm.sow_has_project', { sow: s.sow_no, project: had[0].project_no }, 409);
        const made = await svc.insert(
          {
            Project_Name: s.project_name,
            Vehicle_Model: s.vehicle_model,
            Factory_ID: s.factory_id,
            Sow_ID: b.Sow_ID,
            Template_ID: b.Template_ID,
            Customer_ID: b.Customer_ID,
            Start_Date: b.Start_Date ?? todayText(),
          },
          ctx,
          tx,
        );
        await projectLog(
          tx,
          made.Project_ID as number,
          LOG.CREATED,
          'pm.log_from_sow',
          { sow: s.sow_no },
          ctx.user?.User_ID ?? null,
        );
        return made;
      });
      return ok(rec, ctx);
    },
  );

  /** Closing: the engine's Complete (State 9) with the reason, and whether it closed normally (9) or not (4). */
  app.post(
    '/Project/Close',
    { config: { perm: { entity: project.name, button: 'close' }, records: body('Project_ID') } },
    async (req) => {
      const ctx = requestContext(req);
      const b = parseWith(closeBody, req.body, project, ctx.lang);
      await approvals.act(project, 'Complete', { id: b.Project_ID, reason: b.Reason }, ctx, {
        isAdmin: isAdmin(req),
        scope: req.auth?.scope,
      });
      await withTx(engine.db, async (tx) => {
        await sql`UPDATE project SET closure_type = ${b.Closure_Type}, closure_reason = ${b.Reason}
          WHERE id = ${b.Project_ID}`.execute(tx);
        await projectLog(
          tx,
          b.Project_ID,
          LOG.CLOSED,
          'pm.log_closed',
          { reason: b.Reason },
          ctx.user?.User_ID ?? null,
        );
      });
      return ok(await svc.mustGet(b.Project_ID), ctx);
    },
  );

  /**
   * The gate review's decision: the project passes its current gate to the next. Red deliverables of
   * the gates so far refuse it, unless the approver gives the reason to pass anyway (logged).
   */
  app.post(
    '/Project/PassGate',
    { config: { perm: { entity: project.name, button: 'approve' }, records: body('Project_ID') } },
    async (req) => {
      const ctx = requestContext(req);
      const b = parseWith(gateBody, req.body, project, ctx.lang);
      const rec = await withTx(engine.db, async (tx) => {
        const p = await svc.mustGet(b.Project_ID, tx, true, req.auth?.scope);
        if (p.State !== STATE.APPROVED) throw new AppError('pm.project_not_approved', {}, 409);
        const gate = Number(p.Current_Gate ?? 0);
        if (gate >= 8) throw new AppError('pm.last_gate', {}, 409);
        const red = (await deliverablesOf(tx, [b.Project_ID], todayText())).filter(
          (d) => d.gate <= gate && d.rating === RED,
        );
        if (red.length && !b.Reason)
          throw new AppError(
            'pm.gate_red',
            { gate, items: red.map((d) => d.deliverable_name).join('、') },
            409,
          );
        await sql`UPDATE project SET current_gate = ${gate + 1}, project_phase = ${phaseOfGate(gate + 1)},
            version = version + 1, updated_at = now(), updated_by = ${ctx.user?.User_ID ?? null}
          WHERE id = ${b.Project_ID}`.execute(tx);
        await projectLog(
          tx,
          b.Project_ID,
          LOG.GATE,
          'pm.log_gate',
          { gate, reason: b.Reason ? `（${b.Reason}）` : '' },
          ctx.user?.User_ID ?? null,
        );
        return svc.mustGet(b.Project_ID, tx);
      });
      return ok(rec, ctx);
    },
  );
}
