import { dateString, decimalString } from './schema';

/** Rules of spec part 1 §3 and §5 for custom (extended) fields, shared by the server and the dialog. */
export const MAX_CUSTOM_FIELDS = 6;
export const CUSTOM_DATA_TYPES = ['bit', 'date', 'decimal', 'int', 'string', 'enum'] as const;
export type CustomDataType = (typeof CUSTOM_DATA_TYPES)[number];
const COLUMNS = [
  'Extension_Field1',
  'Extension_Field2',
  'Extension_Field3',
  'Extension_Field4',
  'Extension_Field5',
  'Extension_Field6',
];

export interface CustomFieldConfig {
  ID?: number;
  Column_Name: string;
  Describe: string;
  Data_Type: string;
  Width?: number | null;
  Sort?: string | null;
  Mandatory?: boolean | null;
  enumOptionList?: { Enum_Name: string }[];
  /** An enum's options read from a list of ours instead of enumOptionList: `/{Entity}?filters`. */
  Bind_Url?: string | null;
}

/**
 * A Bind_Url taken apart: only the list route of one of our entities with its filters, never an
 * address elsewhere, a path with more segments, or a fragment. Null when it is not of that form.
 */
export function parseBindUrl(url: string): { entity: string; query: Record<string, string> } | null {
  const m = /^\/([A-Za-z][A-Za-z0-9_]{0,59})(?:\?([^#\\]*))?$/.exec(url.trim());
  if (!m) return null;
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(m[2] ?? '')) {
    if (!k || k in query) return null;
    query[k] = v;
  }
  return { entity: m[1], query };
}

/** The first of Extension_Field1..6 not yet used, or null when all six are taken. */
export function nextFreeColumn(list: Pick<CustomFieldConfig, 'Column_Name'>[]): string | null {
  const used = new Set(list.map((c) => c.Column_Name));
  return COLUMNS.find((c) => !used.has(c)) ?? null;
}

/** The message key of the first problem of a configuration list, or null when it may be saved. */
export function configProblem(list: CustomFieldConfig[]): { key: string; index?: number } | null {
  if (list.length > MAX_CUSTOM_FIELDS) return { key: 'custom_too_many' };
  const seen = new Set<string>();
  for (const [i, c] of list.entries()) {
    if (!COLUMNS.includes(c.Column_Name)) return { key: 'custom_column', index: i };
    if (seen.has(c.Column_Name)) return { key: 'custom_column_twice', index: i };
    seen.add(c.Column_Name);
    if (!c.Describe?.trim()) return { key: 'custom_describe', index: i };
    if (!(CUSTOM_DATA_TYPES as readonly string[]).includes(c.Data_Type))
      return { key: 'custom_type', index: i };
    if (c.Width !== undefined && c.Width !== null && (c.Width < 1 || c.Width > 4))
      return { key: 'custom_width', index: i };
    if (c.Sort && !/^\d{1,3}-[1-4]$/.test(c.Sort)) return { key: 'custom_sort', index: i };
    if (c.Bind_Url?.trim() && (c.Data_Type !== 'enum' || !parseBindUrl(c.Bind_Url)))
      return { key: 'custom_bind_url', index: i };
    if (
      c.Data_Type === 'enum' &&
      !c.Bind_Url?.trim() &&
      !(c.enumOptionList ?? []).some((o) => o.Enum_Name.trim())
    )
      return { key: 'custom_enum', index: i };
  }
  return null;
}

/**
 * A value typed into a custom field, checked against its type: the stored text, or an error key.
 * bit stores 'true' or 'false' (only the string true is true); enum stores the option's name (for a
 * bound enum the caller puts the options read from Bind_Url in enumOptionList).
 */
export function customValue(
  c: CustomFieldConfig,
  raw: string | null | undefined,
): { value: string | null } | { error: string } {
  const v = raw?.trim() ?? '';
  if (!v) return c.Mandatory ? { error: 'r_required' } : { value: null };
  switch (c.Data_Type) {
    case 'bit':
      return { value: v === 'true' ? 'true' : 'false' };
    case 'int':
      return /^-?\d{1,15}$/.test(v) ? { value: String(Number(v)) } : { error: 'r_not_int' };
    case 'decimal': {
      const r = decimalString({ precision: 30, scale: 10 }).safeParse(v);
      return r.success ? { value: r.data } : { error: 'decimal_invalid' };
    }
    case 'date': {
      const r = dateString().safeParse(v);
      return r.success ? { value: r.data } : { error: 'date_invalid' };
    }
    case 'enum':
      return (c.enumOptionList ?? []).some((o) => o.Enum_Name === v) ? { value: v } : { error: 'r_value' };
    default:
      return { value: v };
  }
}
