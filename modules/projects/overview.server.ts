import { type Engine, ok, parseId, requestContext } from '@mes/engine-server';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { actionRed, RED, scorecard } from './logic/rating';
import { project } from './project.entity';
import { deliverablesOf, todayText } from './store.server';
import { isOverdue, scheduleOf } from './task.server';

/** Deliverables of the PPAP gate (P6) count for the PPAP row of the scorecard. */
const PPAP_GATE = 6;
/** Issue type 2 is quality (options.ts ISSUE_TYPES). */
const QUALITY_ISSUE = 2;

/**
 * GET /Project/:id/Overview: what the project page's Summary, P0…P8 and Scorecard tabs show, derived
 * fresh: deliverables with RYG and evidence count, the scorecard, red items, next gate, key dates, log.
 */
export function overviewRoutes(app: FastifyInstance, engine: Engine) {
  const svc = engine.service(project.name);
  app.get(
    '/Project/:id/Overview',
    {
      config: {
        perm: { entity: project.name, button: 'view' as const },
        records: [{ entity: project.name, in: 'params' as const, key: 'id' }],
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      const id = parseId((req.params as { id: string }).id);
      const p = await svc.mustGet(id, engine.db, false, req.auth?.scope);
      const today = todayText();
      const gate = Number(p.Current_Gate ?? 0);
      const deliverables = await deliverablesOf(engine.db, [id], today);
      const plan = await scheduleOf(engine.db, id);
      const { rows: actions } = await sql<{
        id: number;
        action_no: string;
        description: string;
        closed: boolean;
        verified: boolean;
        due: string | null;
        priority: number;
        issue_type: number | null;
      }>`SELECT id, action_no, description, closed, verified, to_char(due_date, 'YYYY-MM-DD') AS due, priority, issue_type
        FROM action_tracker WHERE project_id = ${id} ORDER BY due_date NULLS LAST, id`.execute(engine.db);
      const { rows: log } = await sql<{
        log_type: number;
        content: string;
        content_en: string | null;
        at: string;
        by: string | null;
      }>`
        SELECT l.log_type, l.content, l.content_en, l.created_at AS at, u.user_name AS by FROM project_log l
        LEFT JOIN users u ON u.id = l.created_by WHERE l.project_id = ${id} ORDER BY l.id DESC LIMIT 50`.execute(
        engine.db,
      );
      const redActions = actions.filter((a) =>
        actionRed({ closed: a.closed, due: a.due, priority: a.priority }, today),
      );
      const overdue = plan.filter((t) => isOverdue(Number(t.row.task_status), t.end, today));
      const card = scorecard({
        deliverables: deliverables.map((d) => ({
          rating: d.rating,
          gate: d.gate,
          ppap: d.gate === PPAP_GATE,
        })),
        tasks: plan.map((t) => ({
          overdue: isOverdue(Number(t.row.task_status), t.end, today),
          milestone: Boolean(t.row.is_milestone),
        })),
        actions: actions.map((a) => ({
          open: !a.closed,
          red: redActions.includes(a),
          quality: a.issue_type === QUALITY_ISSUE,
        })),
        currentGate: gate,
      });
      const milestones = plan
        .filter((t) => t.row.is_milestone)
        .map((t) => ({ Task_Name: t.name, Date: t.end }));
      return ok(
        {
          Project: p,
          Next_Gate: gate < 8 ? gate + 1 : null,
          Next_Gate_Due: deliverables
            .filter((d) => d.gate === gate)
            .reduce<string | null>((m, d) => (d.due_date && (!m || d.due_date > m) ? d.due_date : m), null),
          Deliverables: deliverables.map((d) => ({
            Deliverable_ID: d.id,
            Gate: d.gate,
            Deliverable_Name: d.deliverable_name,
            Deliverable_Status: d.deliverable_status,
            Due_Date: d.due_date,
            Evidence_Required: d.evidence_required,
            Evidence_Count: Number(d.evidence),
            Owner_ID: d.owner_id,
            Owner_Name: d.owner_name,
            Rating: d.rating,
          })),
          Red_Items: {
            Deliverables: deliverables
              .filter((d) => d.rating === RED && d.gate <= gate)
              .map((d) => d.deliverable_name),
            Tasks: overdue.map((t) => t.name),
            Actions: redActions.map((a) => `${a.action_no} ${a.description}`),
          },
          Scorecard: card.map((c) => ({ Category: c.category, Rating: c.rating, Facts: c.facts })),
          Milestones: milestones,
          Counts: {
            Tasks: plan.length,
            Open_Actions: actions.filter((a) => !a.closed).length,
            Deliverables: deliverables.length,
          },
          Log: log.map((l) => ({
            Log_Type: l.log_type,
            Content: ctx.lang === 'en' && l.content_en ? l.content_en : l.content,
            At: l.at,
            By: l.by,
          })),
        },
        ctx,
      );
    },
  );
}
