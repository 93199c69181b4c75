import type { MessageParams } from '@mes/engine-server';
import { type Db, renderMessage, type Tx } from '@mes/engine-server';
import { sql } from 'kysely';
import { deliverableRating, type Ryg } from './logic/rating';

/** Writes one project log row (log types 1–10), its text in both languages. */
export async function projectLog(
  tx: Tx | Db,
  projectId: number,
  type: number,
  key: string,
  params: MessageParams,
  by: number | null,
): Promise<void> {
  await sql`INSERT INTO project_log (project_id, log_type, content, content_en, created_by, updated_by)
    VALUES (${projectId}, ${type}, ${renderMessage(key, params, 'zh').slice(0, 1000)},
      ${renderMessage(key, params, 'en').slice(0, 1000)}, ${by}, ${by})`.execute(tx);
}

/** Today as the server's calendar date. */
export const todayText = (now = new Date()) => now.toISOString().slice(0, 10);

export interface DeliverableRow {
  id: number;
  project_id: number;
  gate: number;
  deliverable_name: string;
  deliverable_status: number;
  due_date: string | null;
  evidence_required: boolean;
  evidence: number;
  owner_id: number | null;
  owner_name: string | null;
}

/** A project's deliverables with their evidence count and a fresh RYG. */
export async function deliverablesOf(
  ex: Tx | Db,
  projectIds: number[],
  today: string,
): Promise<(DeliverableRow & { rating: Ryg })[]> {
  if (!projectIds.length) return [];
  const { rows } = await sql<DeliverableRow>`SELECT d.id, d.project_id, d.gate, d.deliverable_name,
      d.deliverable_status, to_char(d.due_date, 'YYYY-MM-DD') AS due_date, d.evidence_required, d.owner_id,
      (SELECT user_name FROM users u WHERE u.id = d.owner_id) AS owner_name,
      (SELECT count(*)::int FROM attachment a WHERE a.bz_table = 'ProjectDeliverable'
        AND a.bz_code = d.id::text) AS evidence
    FROM project_deliverable d WHERE d.project_id = ANY(${projectIds}::bigint[]) AND d.state <> 0
    ORDER BY d.gate, d.due_date, d.id`.execute(ex);
  return rows.map((r) => ({
    ...r,
    rating: deliverableRating(
      {
        status: r.deliverable_status,
        due: r.due_date,
        evidenceRequired: r.evidence_required,
        evidenceCount: Number(r.evidence),
      },
      today,
    ),
  }));
}
