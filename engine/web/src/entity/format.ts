import {
  DEFAULT_TIME_ZONE,
  displayNameOf,
  type EnumField,
  type FieldDef,
  formatInstant,
  type InstantStyle,
  type Lang,
  labelOf,
  localText,
  type Paging,
  parseInstant,
  refShown,
  timeZoneOr,
} from '@mes/model';
import dayjs, { type Dayjs } from 'dayjs';

export type Row = Record<string, unknown>;

/** Spec part 1 §9: placeholder dates some data carries for "no date"; they show as blank. */
export const EMPTY_DATE_SENTINELS = [
  '0001-01-01T00:00:00',
  '1900-01-01T00:00:00',
  '1900/1/1 0:00:00',
  '1970-01-01T08:00:00',
];

function isEmptyDate(v: string): boolean {
  return EMPTY_DATE_SENTINELS.some(
    (s) => v === s || v.startsWith(`${s}.`) || v.startsWith(`${s}Z`) || v === `${s}+08:00`,
  );
}

/** A list's total as a figure: "10000+" when more rows match than the server counted (Paging.Capped). */
export function totalText(paging: Paging | undefined): string {
  return `${paging?.TotalCount ?? 0}${paging?.Capped ? '+' : ''}`;
}

/** Up to this declared scale a decimal is money or a percentage, shown with all its decimals. */
export const FIXED_SCALE_MAX = 2;

/**
 * A decimal as every screen shows it (list cells, the 合计 row, read-only form values), with
 * thousands separators put on the text itself: going through a float would lose digits.
 * The field's declared scale decides the decimals:
 * - scale ≤ 2 (money, percentages): exactly `scale` decimals, `71` → `71.00`, `13266.6` → `13,266.60`
 *   (more digits than that, which a declared field never carries, are rounded half away from zero);
 * - scale > 2 (quantities, unit costs, rates): the digits there are, trailing zeros trimmed
 *   (`120`, `0.5`, `1.234567`): a quantity of 3 is not `3.0000`;
 * - no scale (custom fields, figures of unknown kind): the text as it came, separators added.
 */
export function formatDecimal(v: unknown, scale?: number): string {
  if (v === null || v === undefined || v === '') return '';
  const s = String(v).trim();
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return s;
  let [intPart, frac] = [m[2], m[3] ?? ''];
  if (scale !== undefined && scale <= FIXED_SCALE_MAX) {
    if (frac.length > scale) [intPart, frac] = roundDigits(intPart, frac, scale);
    frac = frac.padEnd(scale, '0');
  } else if (scale !== undefined) frac = frac.replace(/0+$/, '');
  intPart = intPart.replace(/^0+(?=\d)/, '');
  const negative = m[1] === '-' && /[1-9]/.test(intPart + frac);
  return `${negative ? '-' : ''}${intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

/** The digits rounded half away from zero to `scale` decimals, exactly (bigint, not float). */
function roundDigits(intPart: string, frac: string, scale: number): [string, string] {
  const kept = BigInt(intPart + frac.slice(0, scale)) + (Number(frac[scale]) >= 5 ? 1n : 0n);
  const digits = kept.toString().padStart(scale + 1, '0');
  return [digits.slice(0, digits.length - scale), digits.slice(digits.length - scale)];
}

export function formatDate(v: unknown): string {
  if (typeof v !== 'string' || !v || isEmptyDate(v)) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const d = dayjs(v);
  return d.isValid() ? d.format('YYYY-MM-DD') : v;
}

/**
 * The company's time zone (system parameter 公司时区, read at sign-in): every time on every screen
 * is shown on that clock, not the browser's (issue 25, bug 6). One per page, like the language.
 */
let companyZone = DEFAULT_TIME_ZONE;
export function setCompanyTimeZone(name: unknown): void {
  companyZone = timeZoneOr(name);
}
export function companyTimeZone(): string {
  return companyZone;
}

/** An instant on the company's clock: "2026-12-04 17:00:00", or "…17:00" with style 'minute'. */
export function formatDateTime(v: unknown, style: InstantStyle = 'second'): string {
  if (v instanceof Date) return formatInstant(v, companyZone, style);
  if (typeof v !== 'string' || !v || isEmptyDate(v)) return '';
  return formatInstant(v, companyZone, style);
}

/**
 * An instant as a picker holds it: a dayjs showing the company's wall-clock time (pickers work on
 * the browser's clock, so the wall time is carried over as it reads).
 */
export function toWallClock(v: unknown): Dayjs | null {
  const s = v instanceof Date || typeof v === 'string' ? formatInstant(v, companyZone) : '';
  return s ? dayjs(s) : null;
}

/** A wall-clock time picked on the company's clock as the instant the wire carries (UTC ISO). */
export function fromWallClock(d: Dayjs): string {
  return (parseInstant(d.format('YYYY-MM-DDTHH:mm:ss'), companyZone) ?? d.toDate()).toISOString();
}

export function enumLabel(field: EnumField, value: unknown, lang: Lang): string {
  if (value === null || value === undefined) return '';
  const o = field.options.find((x) => x.value === Number(value));
  return o ? labelOf(o.label, lang) : String(value);
}

/** The row property a column reads: a ref shows its display value, not the id. */
export function cellKey(name: string, field: FieldDef): string {
  return field.kind === 'ref' ? displayNameOf(name, field) : name;
}

/** Plain text of a cell (used by the table and by anything that exports or prints it). */
export function cellText(
  name: string,
  field: FieldDef,
  row: Row,
  lang: Lang,
  yesNo: [string, string],
): string {
  // a bilingual text (and a reference to a bilingual name) reads in the reader's language
  const v = field.kind === 'text' ? localText(row, name, lang) : row[cellKey(name, field)];
  switch (field.kind) {
    case 'decimal':
      return formatDecimal(v, field.scale);
    case 'date':
      return formatDate(v);
    case 'datetime':
      return formatDateTime(v);
    case 'ref':
      // "code name" where the row carries the code (a target named with it: naming.onReferences)
      return refShown(name, field, row, lang) ?? '';
    case 'enum':
      return enumLabel(field, v, lang);
    case 'bool':
      return v === true ? yesNo[0] : v === false ? yesNo[1] : '';
    case 'int':
      return v === null || v === undefined ? '' : String(v);
    default:
      return v === null || v === undefined ? '' : String(v);
  }
}
