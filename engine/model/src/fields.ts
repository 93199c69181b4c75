import { addDecimal, decimalDigits, isDecimal, mulDecimal, normalizeDecimal } from './decimal';
import type { Fields, LinesDef } from './entity';
import type { Label, Lang } from './i18n';

interface FieldBase {
  label: Label;
  /** Required on create; the column is NOT NULL. */
  required?: boolean;
  /** Set by the server (hooks, numbering, computation); never accepted from a client. */
  readOnly?: boolean;
  /** Unique across the table (among rows that are not void). */
  unique?: boolean;
  /** Hidden from list columns by default (still selectable in column settings). */
  hiddenInList?: boolean;
  help?: Label;
}

/**
 * A list cell that opens the record it names (a ledger row's document number opens that document):
 * the row's `id` field holds the record's id; the entity is fixed, or chosen by the row's `by` field
 * through `map` (a value not in it shows the text alone).
 */
export interface RecordLink {
  id: string;
  entity: string | { by: string; map: Readonly<Record<number, string>> };
}

export interface TextField extends FieldBase {
  kind: 'text';
  max: number;
  link?: RecordLink;
  multiline?: boolean;
  /** Never sent to clients (password hashes, secrets). */
  secret?: boolean;
  format?: 'email' | 'phone' | 'code' | 'time';
  /**
   * Text users read in their language (a unit's, a role's or a parameter's name): the entity gets an
   * English companion field `<name>_En` (see `withEnglish`), shown to an English reader when filled.
   */
  bilingual?: boolean;
  /** Set on a companion field: the Chinese field it gives the English of. */
  englishOf?: string;
  /**
   * The value names an entity (its wire name) whose declaration has this feature: the form offers
   * those entities by their labels and the list shows the label in the reader's language
   * (a print layout's document type: `entityOf: 'print'`).
   */
  entityOf?: 'print' | 'approval';
}
/**
 * Whether a list's 合计 row adds the column up. Decimals (amounts, quantities) are added up unless
 * declared `total: false`: running balances, limits such as a safety stock, prices and rates, whose
 * sum means nothing. Whole numbers only when declared `total: true`: most are sequences, rounds,
 * sizes or ids.
 */
interface Totalled {
  total?: boolean;
}
export interface IntField extends FieldBase, Totalled {
  kind: 'int';
  min?: number;
  max?: number;
}
export interface DecimalField extends FieldBase, Totalled {
  kind: 'decimal';
  precision: number;
  scale: number;
  min?: string;
  /** Derived from other fields by the engine (`applyComputed`); the field must be read-only. */
  compute?: Compute;
}

/**
 * How a read-only decimal follows from the rest of its record, written once in the declaration so
 * that the server (before `beforeSave`) and the form (live, as the user types) derive the same value:
 * `product` multiplies fields of the same row (a line's amount = quantity × unit price; empty when a
 * factor is), `sum` adds a field over a line table (a document's totals). Rounded to the field's scale,
 * half away from zero, as PostgreSQL's numeric does.
 */
export type Compute =
  | { product: readonly [string, string, ...string[]] }
  | { sum: readonly [lines: string, field: string] };

/** Whether the 合计 row sums this field (see `Totalled`). */
export function totalled(f: FieldDef): boolean {
  if (f.kind === 'decimal') return f.total !== false;
  if (f.kind === 'int') return f.total === true;
  return false;
}
export interface BoolField extends FieldBase {
  kind: 'bool';
  default?: boolean;
}
export interface DateField extends FieldBase {
  kind: 'date';
  /**
   * 'today': a new record's form starts with the user's local date (a document's date). The form's
   * alone: the server cannot know the user's today, so a required date stays required on the wire.
   */
  default?: 'today';
}
export interface DateTimeField extends FieldBase {
  kind: 'datetime';
  /** 'now': a new record's form starts at the current minute (when material was fed); the form's alone, as a date's 'today'. */
  default?: 'now';
}
export interface EnumOption {
  value: number;
  label: Label;
}
export interface EnumField extends FieldBase {
  kind: 'enum';
  options: readonly EnumOption[];
  default?: number;
}
export interface RefField extends FieldBase {
  kind: 'ref';
  /** Entity name of the target (`Department`). */
  entity: string;
  /** The target's field shown beside the id (`Dept_Name`). */
  display: string;
  /**
   * The hand-written index (in a migration) that leads with this column and so serves the lookups
   * and the foreign key's checks; the column then gets no index of its own, which every write of the
   * row would pay for.
   */
  indexedBy?: string;
  /** Wire name of the display value in answers; defaults to `<field without _ID>_Name`. */
  displayAs?: string;
  /**
   * false: the column gets no foreign key. The engine still refuses deleting a target that rows
   * point at (its check before a delete); a key would add a lookup and a lock of the target for
   * every row inserted, on the few warehouses and materials that every posting shares. Only where
   * the service writing the rows checks the target and another table's key holds it against a
   * concurrent delete (the declaration says which, beside the field).
   */
  foreignKey?: false;
  /**
   * Narrows what may be chosen by another field of the form: only targets whose `field` equals the
   * value of `by` (a field of the entity's header, also for a field on a line). The picker lists only
   * those and the server refuses any other, by this one declaration (a work doc's routing is one of
   * its product's: `{ field: 'Material_ID', by: 'Material_ID' }`). No value in `by`: no narrowing.
   */
  filterBy?: RefFilter;
  /**
   * The picker's options come from this GET route (KeyWord and PageSize, plus each query parameter
   * of `params` filled from the record's header field it names), for a choice narrower than the
   * target's list; the entity's server hooks refuse on save what the route would not offer.
   */
  lookupBy?: { path: string; params: Record<string, string> };
}

/** RefField.filterBy: the target's field that must equal the header's field `by`. */
export interface RefFilter {
  field: string;
  by: string;
}

export type FieldDef =
  | TextField
  | IntField
  | DecimalField
  | BoolField
  | DateField
  | DateTimeField
  | EnumField
  | RefField;

type Opts<F> = Omit<F, 'kind' | 'label'>;

export const text = (label: Label, o: Partial<Opts<TextField>> = {}): TextField => ({
  kind: 'text',
  label,
  max: 100,
  ...o,
});
export const int = (label: Label, o: Opts<IntField> = {}): IntField => ({ kind: 'int', label, ...o });
/** Money and quantities: exact numeric, sent on the wire as a decimal string. */
export const decimal = (label: Label, o: Partial<Opts<DecimalField>> = {}): DecimalField => ({
  kind: 'decimal',
  label,
  precision: 18,
  scale: 4,
  ...o,
});
export const bool = (label: Label, o: Opts<BoolField> = {}): BoolField => ({ kind: 'bool', label, ...o });
export const date = (label: Label, o: Opts<DateField> = {}): DateField => ({ kind: 'date', label, ...o });
export const datetime = (label: Label, o: Opts<DateTimeField> = {}): DateTimeField => ({
  kind: 'datetime',
  label,
  ...o,
});
export const enumOf = (
  label: Label,
  options: readonly EnumOption[],
  o: Partial<Opts<EnumField>> = {},
): EnumField => ({
  kind: 'enum',
  label,
  options,
  ...o,
});
export const ref = (
  label: Label,
  entity: string,
  display: string,
  o: Partial<Opts<RefField>> = {},
): RefField => ({
  kind: 'ref',
  label,
  entity,
  display,
  ...o,
});

/** `[1, '草稿', 'Draft']` tuples read better in declarations than nested objects. */
export function options(...rows: [number, string, string][]): EnumOption[] {
  return rows.map(([value, zh, en]) => ({ value, label: { zh, en } }));
}

/** The values of the spec's level select: 1 to 4 (spec part 2 §5 and §9). */
export const LEVELS = options(
  [1, '1级', 'Level 1'],
  [2, '2级', 'Level 2'],
  [3, '3级', 'Level 3'],
  [4, '4级', 'Level 4'],
);

/** A level field, picked from 1 to 4 in the generic forms and refused outside it by the server. */
export const levelOf = (label: Label, o: Partial<Opts<EnumField>> = {}): EnumField =>
  enumOf(label, LEVELS, o);

/**
 * Whether the server fills the field when a new record leaves it out (the column's DEFAULT, so the
 * create schema lets it be left out). A date's 'today' is not one: see `DateField.default`.
 */
export function hasServerDefault(f: FieldDef): boolean {
  return (f.kind === 'bool' || f.kind === 'enum') && f.default !== undefined;
}

export function displayNameOf(name: string, f: RefField): string {
  return f.displayAs ?? `${name.replace(/_ID$/, '')}_Name`;
}

/**
 * Where a line carries the code of a record it refers to (`Material_Code` beside `Material_Name`):
 * a warehouse holds same-named materials (two 纸箱 of different sizes) that a name alone does not
 * tell apart on a document's lines, in the form or printed.
 */
export function codeNameOf(name: string): string {
  return `${name.replace(/_ID$/, '')}_Code`;
}

/** Where a row carries the place a referenced record belongs to (`Location_Within`: its warehouse's name). */
export function withinNameOf(name: string): string {
  return `${name.replace(/_ID$/, '')}_Within`;
}

/**
 * A referenced record as people read it: "code name", and where it belongs first ("原料仓 / A-01
 * 货架A01"); the one rule for lists, prints, line tables and messages.
 */
export function shownName(parts: { code?: unknown; name?: unknown; within?: unknown }): string {
  const given = (v: unknown) => v !== null && v !== undefined && v !== '';
  const name = given(parts.name) ? String(parts.name) : '';
  const code = given(parts.code) && String(parts.code) !== name ? String(parts.code) : '';
  const own = [code, name].filter(Boolean).join(' ');
  return given(parts.within) && own ? `${String(parts.within)} / ${own}` : own;
}

/** The English companion of a bilingual text field: `Unit_Name` → `Unit_Name_En`. */
export function englishNameOf(name: string): string {
  return `${name}_En`;
}

/** A bilingual text in the reader's language: the English companion for an English reader, else Chinese. */
export function localText(row: Record<string, unknown>, name: string, lang: Lang): unknown {
  const en = lang === 'en' ? row[englishNameOf(name)] : undefined;
  return en !== null && en !== undefined && en !== '' ? en : row[name];
}

/**
 * Every bilingual text field followed by its English companion (same size, optional, not a list column
 * of its own: the list shows the one column in the reader's language).
 */
export function withEnglish<F extends Fields>(fields: F): F {
  const out: Fields = {};
  for (const [name, f] of Object.entries(fields)) {
    out[name] = f;
    if (f.kind !== 'text' || !f.bilingual) continue;
    const en = englishNameOf(name);
    if (en in fields) throw new Error(`${en} is declared twice`);
    out[en] = {
      kind: 'text',
      label: { zh: `${f.label.zh}（英文）`, en: `${f.label.en} (English)` },
      max: f.max,
      multiline: f.multiline,
      hiddenInList: true,
      englishOf: name,
    };
  }
  return out as F;
}

export function refShown(
  name: string,
  f: RefField,
  row: Record<string, unknown>,
  lang: Lang = 'zh',
): string | undefined {
  // a target whose name is bilingual also answers `<shown>_En`
  const shown = localText(row, displayNameOf(name, f), lang);
  if (shown === null || shown === undefined) return undefined;
  // "code name" where the row carries the code, after the place it belongs to where it carries that
  return shownName({ code: row[codeNameOf(name)], name: shown, within: row[withinNameOf(name)] });
}

/** The TypeScript type a field carries on the wire. */
export type WireValue<F extends FieldDef> = F extends TextField | DateField | DateTimeField | DecimalField
  ? string
  : F extends IntField | EnumField | RefField
    ? number
    : F extends BoolField
      ? boolean
      : never;

type Values = Record<string, unknown>;

/** A value as a decimal string, or null when it is empty or not (yet) a number: half-typed in a form. */
function decimalOf(v: unknown): string | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : null;
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return isDecimal(s) ? s : null;
}

const rounded = (v: string, scale: number) => normalizeDecimal(mulDecimal(v, '1', scale));

function productOf(values: unknown[], scale: number): string | null {
  const xs = values.map(decimalOf);
  if (xs.some((x) => x === null)) return null;
  // exact until the end, so that three factors round once, like the database would
  const exact = (xs as string[]).reduce((a, b) =>
    mulDecimal(a, b, decimalDigits(a).fracDigits + decimalDigits(b).fracDigits),
  );
  return rounded(exact, scale);
}

function sumOf(rows: unknown[], field: string, scale: number): string {
  let total = '0';
  for (const r of rows) {
    const x = decimalOf((r as Values | null)?.[field]);
    if (x !== null) total = addDecimal(total, x);
  }
  return rounded(total, scale);
}

/** Computes the declared fields of one record or row in declaration order (a product may use a sum above it). */
function computeRow(fields: Fields, row: Values, old: Values | null): void {
  for (const [name, f] of Object.entries(fields)) {
    if (f.kind !== 'decimal' || !f.compute) continue;
    const c = f.compute;
    if ('product' in c) {
      // an update that changes none of the factors keeps what is stored
      if (old && !c.product.some((n) => n in row)) continue;
      row[name] = productOf(
        c.product.map((n) => (n in row ? row[n] : old?.[n])),
        f.scale,
      );
    } else {
      // lines left out of an update stay as they are, and so do their totals
      const rows = row[c.sum[0]];
      if (Array.isArray(rows)) row[name] = sumOf(rows, c.sum[1], f.scale);
    }
  }
}

/**
 * Fills the computed fields of a record about to be saved (`old` on update: the stored record) or of
 * a form's values: every line given first (lines are replaced whole, each row stands alone), then the
 * record's own fields. Mutates `data`, as hooks do.
 */
export function applyComputed(
  def: { fields: Fields; lines: Record<string, LinesDef> },
  data: Values,
  old: Values | null = null,
): void {
  for (const [key, lines] of Object.entries(def.lines)) {
    const rows = data[key];
    if (Array.isArray(rows))
      for (const r of rows) if (r && typeof r === 'object') computeRow(lines.fields, r, null);
  }
  computeRow(def.fields, data, old);
}

/** Refuses a computation that names what is not there; `where` names the entity in the message. */
export function checkComputed(where: string, fields: Fields, lines: Record<string, LinesDef> = {}): void {
  const numeric = (fs: Fields, n: string) => fs[n]?.kind === 'decimal' || fs[n]?.kind === 'int';
  for (const [name, f] of Object.entries(fields)) {
    if (f.kind !== 'decimal' || !f.compute) continue;
    const at = `${where}.${name}`;
    if (!f.readOnly) throw new Error(`${at}: a computed field is read-only`);
    const c = f.compute;
    if ('product' in c) {
      for (const n of c.product)
        if (n === name || !numeric(fields, n))
          throw new Error(`${at}: factor ${n} is not a number field beside it`);
    } else {
      const [key, field] = c.sum;
      if (!lines[key] || !numeric(lines[key].fields, field))
        throw new Error(`${at}: ${key}.${field} is not a number field of a line table`);
    }
  }
  for (const [key, l] of Object.entries(lines)) checkComputed(`${where}.${key}`, l.fields);
}
