import type { FieldDef, RefField } from '@mes/model';
import type { Named } from './refText';

/** A cell's value as the importer reads it: a date as its day, anything else trimmed text. */
export function cellText(raw: unknown): string {
  if (raw instanceof Date) return raw.toISOString().slice(0, 10);
  return raw === null || raw === undefined ? '' : String(raw).trim();
}

export type RefFinder = (text: string) => Named | undefined;

/**
 * The references of a sheet's columns read back with one lookup per column, not one per cell (a
 * sheet of 5,000 rows and three reference columns sent 15,000 statements). A reference to the
 * entity being imported is left to be read cell by cell: a row may name a record (a parent
 * department) that a row above it brings.
 */
export async function refFinders(
  columns: readonly ([string, FieldDef] | undefined)[],
  cells: (col: number) => Iterable<unknown>,
  importing: string,
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
