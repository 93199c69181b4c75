import type { FieldDef, RefField } from '@mes/model';
import type { Named } from './refText';
import type { SheetRow } from './sheetRead';

/**
 * A cell's value as the importers read it: a date as its day, a formula as its result, rich text
 * and a link as their text, anything else trimmed text, without the quote of an escaped formula. (ExcelJS gives the last three as objects,
 * which read as "[object Object]" when taken for text.)
 */
export function cellText(raw: unknown): string {
  if (raw === null || raw === undefined) return '';
  if (raw instanceof Date) return raw.toISOString().slice(0, 10);
  if (typeof raw === 'object') {
    if ('result' in raw) return cellText(raw.result);
    if ('richText' in raw && Array.isArray(raw.richText))
      return raw.richText
        .map((p: { text?: unknown }) => String(p.text ?? ''))
        .join('')
        .trim();
    if ('text' in raw) return cellText(raw.text);
    // a cell in error (#N/A, #REF!) holds no value
    if ('error' in raw) return '';
  }
  const text = String(raw).trim();
  // the quote an export put before text that starts like a formula (safeCell) is not part of it
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

/**
 * Which field each column of a sheet is, from its first row: a field's label in either language or
 * its wire name, in any case. Indexed as the sheet's columns are (from 1); undefined where a
 * header names no field.
 */
export function headerColumns(
  header: readonly (string | undefined)[] | undefined,
  fields: readonly [string, FieldDef][],
): ([string, FieldDef] | undefined)[] {
  const byHeader = new Map<string, [string, FieldDef]>();
  for (const [n, f] of fields)
    for (const h of [n, f.label.zh, f.label.en]) byHeader.set(h.toLowerCase(), [n, f]);
  const columns: ([string, FieldDef] | undefined)[] = [];
  header?.forEach((text, col) => {
    if (text) columns[col] = byHeader.get(text.toLowerCase());
  });
  return columns;
}

/** A column's cells below the header, as refFinders takes them. */
export function* columnCells(rows: readonly SheetRow[], col: number): Generator<string> {
  for (const r of rows) if (r.at > 1) yield r.cells[col] ?? '';
}

export type RefFinder = (text: string) => Named | undefined;

/**
 * The references of a sheet's columns read back with one lookup per column, not one per cell (a
 * sheet of 5,000 rows and three reference columns sent 15,000 statements). A reference to the
 * entity being imported (`importing`) is left to be read cell by cell: a row may name a record (a
 * parent department) that a row above it brings.
 */
export async function refFinders(
  columns: readonly ([string, FieldDef] | undefined)[],
  cells: (col: number) => Iterable<unknown>,
  importing: string | null,
  resolve: (f: RefField, texts: string[]) => Promise<RefFinder>,
): Promise<Map<number, RefFinder>> {
  const out = new Map<number, RefFinder>();
  for (const [col, target] of columns.entries()) {
    const f = target?.[1];
    if (!f || f.readOnly || f.kind !== 'ref' || f.entity === importing) continue;
    const texts = new Set<string>();
    for (const raw of cells(col)) {
      const text = cellText(raw);
      if (text) texts.add(text);
    }
    if (texts.size) out.set(col, await resolve(f, [...texts]));
  }
  return out;
}
