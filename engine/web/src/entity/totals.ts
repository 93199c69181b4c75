import { addDecimal, type EntityDef, type FieldDef, isDecimal } from '@mes/model';
import { FIXED_SCALE_MAX, type Row } from './format';

/**
 * One column of the 合计 row: the scale the total shows with (as the cells do), and whether it is a
 * quantity. Adding 5 kg to 3 pcs gives a meaningless 8, so a quantity's total shows only when every
 * row on the page has the same unit (ERPNext leaves it blank too); money and plain counts always add up.
 */
export interface Summed {
  scale?: number;
  quantity?: boolean;
}

/** The unit a row's quantities are counted in, as a comparable text ('' when the row has none). */
export type UnitOf = (row: Row) => string;

/**
 * Where a row's unit comes from: its own field (a reference to a unit, or a unit's name), or a
 * reference to a record that declares the unit (the material and its base unit), looked up by id.
 */
export interface UnitSource {
  field: string;
  via?: { entity: EntityDef; unit: string };
}

const ownUnit = (fields: Readonly<Record<string, FieldDef>>) =>
  Object.entries(fields).find(([, f]) => f.kind === 'ref' && f.entity === 'Unit')?.[0];

/**
 * The unit source of a declaration's rows, from the declarations alone: its reference to a unit
 * (`Unit_ID`); else its first reference to an entity that declares one (`Material_ID`: the material's
 * base unit); else, that entity unknown here, a reference to the material, one unit per material.
 * None: nothing on the row tells, and its quantities add up as before.
 */
export function unitSourceOf(
  fields: Readonly<Record<string, FieldDef>>,
  entityOf: (name: string) => EntityDef | undefined,
): UnitSource | undefined {
  const own = ownUnit(fields);
  if (own) return { field: own };
  for (const [name, f] of Object.entries(fields)) {
    if (f.kind !== 'ref') continue;
    const target = entityOf(f.entity);
    const unit = target && ownUnit(target.fields);
    if (target && unit) return { field: name, via: { entity: target, unit } };
  }
  const material = Object.entries(fields).find(([, f]) => f.kind === 'ref' && f.entity === 'Material');
  return material ? { field: material[0] } : undefined;
}

/**
 * A quantity is a decimal with more decimals than money carries (format.ts draws the same line:
 * scale ≤ 2 is money or a percentage). Whole numbers summed (`total: true`) are counts of pieces.
 */
export function isQuantity(f: FieldDef): boolean {
  return f.kind === 'decimal' && f.scale > FIXED_SCALE_MAX;
}

/** How the 合计 row treats a declared field it sums (see `totalled` for which it sums). */
export function summedField(f: FieldDef): Summed {
  return f.kind === 'decimal' ? { scale: f.scale, quantity: isQuantity(f) } : { scale: 0 };
}

/** Row keys of report rows that fix the unit, in the order they are trusted (see `unitSourceOf`). */
export const REPORT_UNIT_KEYS = ['Unit_ID', 'Unit_Name', 'Material_ID', 'Material_Number'] as const;

/**
 * The unit source of report rows: the first of REPORT_UNIT_KEYS they carry; an id that is the key of
 * an entity declaring a unit (`Material_ID`) is looked up there.
 */
export function reportUnitSource(
  rows: readonly Row[],
  entities: Iterable<EntityDef>,
): UnitSource | undefined {
  const field = REPORT_UNIT_KEYS.find((k) => rows.some((r) => r[k] !== undefined));
  if (!field) return undefined;
  for (const e of entities) {
    const unit = e.key === field ? ownUnit(e.fields) : undefined;
    if (unit) return { field, via: { entity: e, unit } };
  }
  return { field };
}

/** A report column is a quantity when its scale says so, or without one by name (`Qty`, `Good_Qty`, `Qty_1`). */
export function isReportQuantity(key: string, scale: number | undefined): boolean {
  if (scale !== undefined) return scale > FIXED_SCALE_MAX;
  return /(^|_)Qty(_|$)/i.test(key);
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * A row's unit by its source: its own field, or the looked-up unit of the record it references
 * (`units`: id → unit); a record not (yet) looked up counts as a unit of its own, so rows of one
 * material still add up while rows of several wait for their units.
 */
export function unitOf(source: UnitSource, units?: ReadonlyMap<string, string>): UnitOf {
  return (r) => {
    const id = text(r[source.field]);
    if (!source.via || !id) return id;
    return units?.get(id) ?? `${source.field}:${id}`;
  };
}

function decimalText(v: unknown): string {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return s && isDecimal(s) ? s : '';
}

/** The column's total over the rows shown, exact on the decimal text; blanks and junk are skipped. */
export function sumColumn(rows: readonly Row[], name: string): string | null {
  let total: string | null = null;
  for (const r of rows) {
    const s = decimalText(r[name]);
    if (s) total = total === null ? s : addDecimal(total, s);
  }
  return total;
}

/** Whether every row with a figure in the column has the same unit (a blank unit is one more unit). */
export function sameUnit(rows: readonly Row[], name: string, unit: UnitOf): boolean {
  let seen: string | undefined;
  for (const r of rows) {
    if (!decimalText(r[name])) continue;
    const u = unit(r);
    if (seen === undefined) seen = u;
    else if (u !== seen) return false;
  }
  return true;
}

/** The 合计 cell of a column: its sum, or null when there is none or its rows' units differ. */
export function columnTotal(
  rows: readonly Row[],
  name: string,
  summed: Summed,
  unit: UnitOf | undefined,
): string | null {
  if (summed.quantity && unit && !sameUnit(rows, name, unit)) return null;
  return sumColumn(rows, name);
}
