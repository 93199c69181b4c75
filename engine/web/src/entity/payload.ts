import {
  applyComputed,
  CUSTOM_FIELD_NAMES,
  createSchema,
  type EntityDef,
  type FieldDef,
  type Fields,
  formatInstant,
  isDecimal,
  normalizeDecimal,
  updateSchema,
} from '@mes/model';
import { companyTimeZone, type Row } from './format';

/**
 * The form holds wire-shaped values (decimal strings, 'YYYY-MM-DD' dates, ids), so that the payload is
 * the form's values minus empties and the zod schema of the server can judge it as it stands.
 */
export type FormValues = Record<string, unknown>;
export type Mode = 'create' | 'update';

export function editableFields(fields: Fields): [string, FieldDef][] {
  return Object.entries(fields).filter(([, f]) => !f.readOnly);
}

/**
 * Today on the company's clock (system parameter 公司时区), 'YYYY-MM-DD': a document started at
 * 07:00 in Shanghai is dated that day, whatever the browser's own zone or UTC say (issue 25).
 */
export function localToday(now = new Date(), timeZone = companyTimeZone()): string {
  return formatInstant(now, timeZone, 'date');
}

/** The current minute as the wire carries a datetime (UTC, ISO). */
export function thisMinute(now = new Date()): string {
  const d = new Date(now);
  d.setSeconds(0, 0);
  return d.toISOString();
}

function emptyValue(f: FieldDef): unknown {
  switch (f.kind) {
    case 'date':
      return f.default === 'today' ? localToday() : null;
    case 'datetime':
      return f.default === 'now' ? thisMinute() : null;
    case 'text':
    case 'decimal':
      return '';
    case 'bool':
      return f.default ?? false;
    case 'enum':
      return f.default ?? null;
    default:
      return null;
  }
}

function formValue(f: FieldDef, v: unknown): unknown {
  if (v !== undefined && v !== null) return v;
  return f.kind === 'text' || f.kind === 'decimal' ? '' : null;
}

/**
 * Values for a new record (declared defaults, then the page's presets) or for an existing one (its
 * wire values).
 */
export function initialValues(def: EntityDef, record?: Row, presets?: FormValues): FormValues {
  const out: FormValues = {};
  for (const [name, f] of Object.entries(def.fields))
    out[name] = record ? formValue(f, record[name]) : (presets?.[name] ?? emptyValue(f));
  // custom fields hold their stored text; the configuration decides which of the six are shown
  if (def.features.customFields)
    for (const n of CUSTOM_FIELD_NAMES) out[n] = (record?.[n] as string | null | undefined) ?? null;
  for (const [key, lines] of Object.entries(def.lines)) {
    out[key] = lineValues(lines.fields, Array.isArray(record?.[key]) ? (record[key] as Row[]) : []);
  }
  return out;
}

/** Lines as the form holds them, from rows in wire shape (a record's, or rows the server proposed). */
export function lineValues(fields: Fields, rows: readonly Row[]): FormValues[] {
  return rows.map((r) => {
    const line: FormValues = {};
    for (const [n, f] of Object.entries(fields)) line[n] = formValue(f, r[n]);
    return line;
  });
}

export function newLine(fields: Fields): FormValues {
  const line: FormValues = {};
  for (const [n, f] of Object.entries(fields)) line[n] = emptyValue(f);
  return line;
}

type Path = (string | number)[];

/**
 * A stored '2.50' is the computed '2.5': left as it is, or the first keystroke in a loaded stocktake
 * set every line's amount again, each setting costing a pass over all the table's fields.
 */
function sameDecimal(computed: string, shown: unknown): boolean {
  const was = shown === null || shown === undefined ? '' : String(shown);
  if (computed === was) return true;
  return (
    isDecimal(computed) &&
    isDecimal(was.trim()) &&
    normalizeDecimal(computed) === normalizeDecimal(was.trim())
  );
}

/**
 * The computed fields (`DecimalField.compute`) the form's values now give, where they differ from what
 * it shows: the same `applyComputed` the server runs before saving, so that a line's amount and the
 * totals follow the quantities and prices as they are typed. Empty where a factor is empty or half typed.
 */
export function computedChanges(def: EntityDef, values: FormValues): [Path, string][] {
  const data: FormValues = { ...values };
  for (const key of Object.keys(def.lines))
    if (Array.isArray(values[key])) data[key] = (values[key] as FormValues[]).map((r) => ({ ...r }));
  applyComputed(def, data);
  const out: [Path, string][] = [];
  const diff = (fields: Fields, now: FormValues, was: FormValues | undefined, at: Path) => {
    for (const [n, f] of Object.entries(fields))
      if (f.kind === 'decimal' && f.compute) {
        const v = (now[n] as string | null | undefined) ?? '';
        if (!sameDecimal(v, was?.[n])) out.push([[...at, n], v]);
      }
  };
  for (const [key, lines] of Object.entries(def.lines))
    if (Array.isArray(data[key]))
      (data[key] as FormValues[]).forEach((r, i) => {
        diff(lines.fields, r, (values[key] as FormValues[])[i], [key, i]);
      });
  diff(def.fields, data, values, []);
  return out;
}

/** Empty inputs mean "no value": the schema then says "required" or accepts null. */
function wireValue(v: unknown): unknown {
  if (v === undefined || v === '') return null;
  if (typeof v === 'string' && v.trim() === '') return null;
  return v;
}

/** One line as the payload carries it: its editable fields, empties as null. */
export function linePayload(fields: Fields, row: unknown): FormValues {
  const r = row as FormValues | null | undefined;
  const out: FormValues = {};
  for (const [n] of editableFields(fields)) out[n] = wireValue(r?.[n]);
  return out;
}

export function linesPayload(fields: Fields, rows: unknown): FormValues[] {
  return Array.isArray(rows) ? rows.map((r) => linePayload(fields, r)) : [];
}

/** The payload's fields; without the line tables (`lines` false) its cost does not grow with the rows. */
export function fieldsPayload(def: EntityDef, values: FormValues, lines = true): FormValues {
  const out: FormValues = {};
  for (const [n] of editableFields(def.fields)) out[n] = wireValue(values[n]);
  if (def.features.customFields) for (const n of CUSTOM_FIELD_NAMES) out[n] = wireValue(values[n]);
  if (lines)
    for (const [key, table] of Object.entries(def.lines)) out[key] = linesPayload(table.fields, values[key]);
  return out;
}

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An update's payload: key, Version and what differs from `before` (the record's own payload). */
export function changedPayload(
  def: EntityDef,
  now: FormValues,
  before: FormValues,
  record?: Row,
): FormValues {
  const out: FormValues = { [def.key]: record?.[def.key], Version: record?.Version };
  for (const [k, v] of Object.entries(now)) if (!same(v, before[k])) out[k] = v;
  return out;
}

/**
 * Create: every editable field. Update: key, Version and what changed; a changed lines array goes whole,
 * because the server replaces lines wholesale.
 */
export function toPayload(def: EntityDef, values: FormValues, mode: Mode, record?: Row): FormValues {
  const now = fieldsPayload(def, values);
  if (mode === 'create') return now;
  return changedPayload(def, now, fieldsPayload(def, initialValues(def, record)), record);
}

/**
 * Whether values differ from the record's (or a new record's) own, its payload computed once: the form
 * asks on every keystroke, and a stocktake has hundreds of lines.
 */
export function dirtyCheck(
  def: EntityDef,
  record?: Row,
  presets?: FormValues,
): (values: FormValues) => boolean {
  const before = JSON.stringify(fieldsPayload(def, initialValues(def, record, presets)));
  return (values) => JSON.stringify(fieldsPayload(def, values)) !== before;
}

export function isDirty(def: EntityDef, values: FormValues, record?: Row, presets?: FormValues): boolean {
  return dirtyCheck(def, record, presets)(values);
}

export function schemaFor(def: EntityDef, mode: Mode) {
  return mode === 'create' ? createSchema(def) : updateSchema(def);
}

export function samePath(a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean {
  return a.length === b.length && a.every((x, i) => String(x) === String(b[i]));
}

/** The value a path points at, to tell "required" from "wrong". */
export function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = values;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** An antd form rule whose verdict comes from the zod schema. */
export interface ZodRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}
