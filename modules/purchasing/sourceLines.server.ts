import { AppError, type HookContext, type MessageKey, rowsAsArrays } from '@mes/engine-server';
import { type EntityDef, lineTable } from '@mes/model';
import { sql } from 'kysely';

/** A line of an earlier document that a later one builds on: its parent's id and its line number. */
export interface SourceKey {
  parent: number;
  line: number;
}

/** A source line as stored (snake_case columns), with its document's number, state and supplier. */
export type SourceLine = Record<string, unknown> & {
  parent_id: number;
  line_no: number;
  p_no: string;
  p_state: number;
  p_supplier: number | null;
};

export const keyOf = (k: SourceKey) => `${k.parent}:${k.line}`;

/**
 * The source lines the keys name, by key. With `lock` they are locked in (document, line) order, so
 * that two documents drawing on the same lines queue (the second then reads what the first left) and
 * documents drawing on several lines never lock them in opposite orders.
 */
export async function sourceLines(
  ctx: Pick<HookContext, 'tx'>,
  def: EntityDef,
  keys: SourceKey[],
  lock = false,
): Promise<Map<string, SourceLine>> {
  const out = new Map<string, SourceLine>();
  if (!keys.length) return out;
  const supplier = 'Supplier_ID' in def.fields ? sql`p.supplier_id` : sql`NULL::bigint`;
  const { rows } =
    await sql<SourceLine>`SELECT l.*, p.doc_no AS p_no, p.state AS p_state, ${supplier} AS p_supplier
    FROM ${sql.table(lineTable(def, 'Items'))} l
    JOIN ${sql.table(def.table)} p ON p.id = l.parent_id
    JOIN (SELECT DISTINCT parent, line FROM ${rowsAsArrays(
      'k',
      [
        ['parent', 'bigint'],
        ['line', 'int'],
      ],
      keys,
      (k) => [k.parent, k.line],
    )}) k ON k.parent = l.parent_id AND k.line = l.line_no
    ORDER BY l.parent_id, l.line_no ${lock ? sql`FOR UPDATE OF l` : sql``}`.execute(ctx.tx);
  for (const r of rows) {
    r.parent_id = Number(r.parent_id);
    out.set(keyOf({ parent: r.parent_id, line: r.line_no }), r);
  }
  return out;
}

/** Adds each delta to a counter column of its source line (Ordered_Qty, Received_Qty, Invoiced_Qty). */
export async function addToSourceLines(
  ctx: Pick<HookContext, 'tx'>,
  def: EntityDef,
  column: string,
  deltas: (SourceKey & { qty: string })[],
): Promise<void> {
  if (!deltas.length) return;
  await sql`UPDATE ${sql.table(lineTable(def, 'Items'))} AS l
    SET ${sql.ref(column)} = coalesce(l.${sql.ref(column)}, 0) + d.qty
    FROM (SELECT parent, line, sum(qty) AS qty FROM ${rowsAsArrays(
      'x',
      [
        ['parent', 'bigint'],
        ['line', 'int'],
        ['qty', 'numeric'],
      ],
      deltas,
      (k) => [k.parent, k.line, k.qty],
    )} GROUP BY parent, line) d
    WHERE l.parent_id = d.parent AND l.line_no = d.line`.execute(ctx.tx);
}

/**
 * Refuses an UnApprove while later documents (not void) name this one in their lines: the numbers of
 * those documents are given, so that the user knows what to unapprove first.
 */
export async function refuseWhenUsed(
  ctx: Pick<HookContext, 'tx'>,
  later: EntityDef,
  column: string,
  id: number,
  message: MessageKey,
  onlyApproved = false,
): Promise<void> {
  const { rows } = await sql<{ doc_no: string }>`SELECT DISTINCT p.doc_no FROM ${sql.table(later.table)} p
    JOIN ${sql.table(lineTable(later, 'Items'))} l ON l.parent_id = p.id
    WHERE l.${sql.ref(column)} = ${id} AND p.state ${onlyApproved ? sql`= 3` : sql`<> 0`}
    ORDER BY p.doc_no LIMIT 5`.execute(ctx.tx);
  if (rows.length) throw new AppError(message, { docs: rows.map((r) => r.doc_no).join('、') }, 409);
}
