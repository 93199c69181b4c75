import { columnOf, type EntityDef, type FieldDef, type Lang, labelOf, STATE } from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { Row } from '../db';
import type { Tx } from '../db/tx';
import { AppError } from '../errors';

/**
 * How an import treats a row whose code already names a record: `add` keeps the old behaviour for
 * new records only (an existing one is skipped, not refused), `update` changes existing records only,
 * `both` does either (the default: re-importing an exported sheet updates what it exported).
 */
export const IMPORT_MODES = ['add', 'update', 'both'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const importQuery = z.strictObject({
  Mode: z.enum(IMPORT_MODES).default('both'),
  /** validate and report, change nothing */
  Dry_Run: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export type RowStatus = 'added' | 'updated' | 'skipped' | 'error';

/** One line of the downloadable report: what became of a sheet row. */
export interface RowReport {
  Row: number;
  Status: RowStatus;
  Message?: string;
  /** the code the row was matched by, when it has one */
  Key?: string;
}

/**
 * The fields a sheet row names its record by: the numbering field and every unique text field (a
 * location's code, a material's number), in the declaration's order. The first of them the sheet
 * fills is the one a row is matched by.
 */
export function matchFields(def: EntityDef): string[] {
  const out: string[] = [];
  const numbered = def.features.numbering?.field;
  if (numbered) out.push(numbered);
  for (const [n, f] of Object.entries(def.fields))
    if (f.kind === 'text' && f.unique && !f.secret && !out.includes(n)) out.push(n);
  return out;
}

/** The existing record a row names by one of its codes, within the user's data authority. */
export async function findExisting(
  tx: Tx,
  def: EntityDef,
  payload: Row,
  scope: RawBuilder<unknown> | null | undefined,
): Promise<{ id: number; version: number; createdBy: number | null; field: string; value: string } | null> {
  for (const field of matchFields(def)) {
    const value = payload[field];
    if (value === undefined || value === null || value === '') continue;
    const { rows } = await sql<{ id: number | string; version: number; created_by: number | string | null }>`
      SELECT t.id, t.version, t.created_by FROM ${sql.table(def.table)} AS t
      WHERE ${sql.ref(`t.${columnOf(field)}`)} = ${String(value)}
        ${def.kind === 'document' ? sql`AND t.state <> ${STATE.VOID}` : sql``}
        AND ${scope ?? sql`TRUE`}
      LIMIT 1`.execute(tx);
    const r = rows[0];
    // a code is matched by the first field the row fills: another code field does not rescue it
    if (!r) return null;
    return {
      id: Number(r.id),
      version: Number(r.version),
      createdBy: r.created_by === null ? null : Number(r.created_by),
      field,
      value: String(value),
    };
  }
  return null;
}

/** The label of a field for a report's message. */
export function fieldLabel(def: EntityDef, field: string, lang: Lang): string {
  const f: FieldDef | undefined = def.fields[field];
  return f ? labelOf(f.label, lang) : field;
}

/** The answer's message: done, failed, or what a dry run would do. */
export function importMessage(
  counts: { added: number; updated: number; skipped: number; errors: number },
  dryRun: boolean,
  lang: Lang,
): string {
  if (counts.errors)
    return new AppError(dryRun ? 'import_dry_run_failed' : 'import_failed', { n: counts.errors }).text(lang);
  return new AppError(dryRun ? 'import_dry_run' : 'import_done_detail', counts).text(lang);
}
