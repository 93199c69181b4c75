import type { Label } from './i18n';

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

export interface TextField extends FieldBase {
  kind: 'text';
  max: number;
  multiline?: boolean;
  /** Never sent to clients (password hashes, secrets). */
  secret?: boolean;
  format?: 'email' | 'phone' | 'code' | 'time';
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
}

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
}
export interface DateTimeField extends FieldBase {
  kind: 'datetime';
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

export function displayNameOf(name: string, f: RefField): string {
  return f.displayAs ?? `${name.replace(/_ID$/, '')}_Name`;
}

/** The TypeScript type a field carries on the wire. */
export type WireValue<F extends FieldDef> = F extends TextField | DateField | DateTimeField | DecimalField
  ? string
  : F extends IntField | EnumField | RefField
    ? number
    : F extends BoolField
      ? boolean
      : never;
