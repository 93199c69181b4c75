import { type RawBuilder, sql } from 'kysely';
import type { RequestContext } from './context';
import type { Db } from './db';
import type { Tx } from './db/tx';

export type Verb =
  | 'add'
  | 'edit'
  | 'delete'
  | 'approve'
  | 'unapprove'
  | 'reject'
  | 'submit'
  | 'withdraw'
  | 'close'
  | 'login'
  | 'login_failed'
  | 'denied';

const MAX_CONTENT = 20000;

/** One row per write, in the writer's transaction, so that a rolled-back change leaves no log either. */
export async function writeLog(
  ctx: RequestContext & { tx: Tx | Db },
  verb: Verb,
  entity: string,
  recordId: number | null,
  content: unknown,
): Promise<void> {
  await logInsert(ctx, verb, entity, recordId, content).execute(ctx.tx);
}

/** The INSERT of a log row, for callers that fold it into a statement of their own. */
export function logInsert(
  ctx: RequestContext,
  verb: Verb,
  entity: string,
  recordId: number | null,
  content: unknown,
  /** a stand-in in the content that the statement replaces (a document number given in it) */
  swap?: { text: string; by: RawBuilder<string> },
): RawBuilder<unknown> {
  let text = typeof content === 'string' ? content : JSON.stringify(content);
  if (text.length > MAX_CONTENT) text = `${text.slice(0, MAX_CONTENT - 3)}...`;
  const value = swap ? sql`replace(${text}, ${swap.text}, ${swap.by})` : sql`${text}`;
  return sql`INSERT INTO operation_log (verb, entity_name, record_id, operator_id, operator_name, ip, op_time, content)
    VALUES (${verb}, ${entity}, ${recordId}, ${ctx.user?.User_ID ?? null}, ${ctx.user?.User_Name ?? null}, ${ctx.ip.slice(0, 64)}, now(), ${value})`;
}

/** What changed, as `{field: [before, after]}`, for the log. */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) {
    if (k === 'Version' || k === 'Updated_At') continue;
    if (JSON.stringify(before[k] ?? null) !== JSON.stringify(v ?? null))
      out[k] = [before[k] ?? null, v ?? null];
  }
  return out;
}
