import { configProblem, MAX_CUSTOM_FIELDS, nextFreeColumn } from '@mes/model';
import type { CustomField } from './api';

export const QUARTER_SPAN = 6; // one width unit is a quarter of the 24-column grid row

/** A new field on the first unused Extension_FieldN, type string, width 1; null when six exist. */
export function newField(
  list: CustomField[],
  table: string,
  menuId: number,
  extendType: 1 | 2,
): CustomField | null {
  if (list.length >= MAX_CUSTOM_FIELDS) return null;
  const column = nextFreeColumn(list);
  if (!column) return null;
  return {
    Menu_ID: menuId,
    Table_Name: table,
    Table_ID: table,
    Column_Name: column,
    Describe: '',
    Data_Type: 'string',
    Is_Column: false,
    Extend_Type: extendType,
    Width: 1,
    Mandatory: false,
    Bind_Text: 'Enum_Name',
    Bind_Value: 'ID',
    enumOptionList: [],
  };
}

export function position(c: Pick<CustomField, 'Sort'>, fallback: number): number {
  const m = /^(\d+)-/.exec(c.Sort ?? '');
  return m ? Number(m[1]) : fallback;
}

/** Shown in their stored order ("position-length"), the ID breaking ties. */
export function ordered<T extends Pick<CustomField, 'Sort' | 'ID'>>(list: T[]): T[] {
  return list
    .map((c, i) => ({ c, p: position(c, 1000 + i) }))
    .sort((a, b) => a.p - b.p || (a.c.ID ?? 0) - (b.c.ID ?? 0))
    .map((x) => x.c);
}

/** The list as the dialog saves it: Sort from the order on screen, the type from where it was opened. */
export function forSave(list: CustomField[], extendType: 1 | 2): CustomField[] {
  return list.map((c, i) => ({
    ...c,
    Describe: c.Describe.trim(),
    Extend_Type: extendType,
    Width: Math.min(4, Math.max(1, Math.round(c.Width || 1))),
    Sort: `${i + 1}-${Math.min(4, Math.max(1, Math.round(c.Width || 1)))}`,
    Bind_Url: c.Data_Type === 'enum' ? c.Bind_Url?.trim() || null : null,
    enumOptionList:
      c.Data_Type === 'enum' && !c.Bind_Url?.trim()
        ? c.enumOptionList.map((o) => ({ ...o, Enum_Name: o.Enum_Name.trim() })).filter((o) => o.Enum_Name)
        : [],
  }));
}

/** The first problem of the list as a message key and row number (1-based), or null. */
export function listProblem(list: CustomField[]): { key: string; row: number } | null {
  const p = configProblem(list);
  return p ? { key: p.key, row: (p.index ?? 0) + 1 } : null;
}

/** Only the string true is true (spec part 1 §5). */
export const bitValue = (v: unknown): boolean => v === 'true';

/** The enum editor clears a value that is not among the options. */
export function enumValue(c: Pick<CustomField, 'enumOptionList'>, v: unknown): string | null {
  return typeof v === 'string' && c.enumOptionList.some((o) => o.Enum_Name === v) ? v : null;
}

/** The browser's check of a typed value: an error key of platform.custom, or null. */
export function valueProblem(c: Pick<CustomField, 'Data_Type' | 'Mandatory'>, v: unknown): string | null {
  const s = typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v);
  if (!s) return c.Mandatory ? 'required' : null;
  if (c.Data_Type === 'int' && !/^-?\d{1,15}$/.test(s)) return 'badInt';
  if (c.Data_Type === 'decimal' && !/^-?\d{1,20}(\.\d{1,10})?$/.test(s)) return 'badDecimal';
  return null;
}
