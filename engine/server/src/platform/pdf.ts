import {
  addDecimal,
  DEFAULT_TIME_ZONE,
  type EntityDef,
  type FieldDef,
  type Fields,
  fill,
  formatInstant,
  isDecimal,
  type Lang,
  labelOf,
  mulDecimal,
  normalizeDecimal,
  refShown,
  totalled,
} from '@mes/model';
import type { Row } from '../db';
import { runHeavy } from './heavyPool';
import { type PrintHeader, type PrintModel, TEXT } from './pdfRender';
import type { TableColumn } from './pdfTable';

export { cjkFonts, type PrintHeader } from './pdfRender';

/** A value as printed and exported; times on the company's clock (system parameter 公司时区). */
export function formatValue(
  name: string,
  f: FieldDef,
  rec: Row,
  lang: Lang,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const v = rec[name];
  if (v === null || v === undefined || v === '') return '';
  switch (f.kind) {
    case 'enum':
      return labelOf(f.options.find((o) => o.value === v)?.label ?? { zh: String(v), en: String(v) }, lang);
    case 'ref':
      return refShown(name, f, rec, lang) ?? String(v);
    case 'bool':
      return labelOf(v ? TEXT.yes : TEXT.no, lang);
    case 'datetime':
      return formatInstant(v, timeZone, 'minute');
    default:
      return String(v);
  }
}

const visible = (fields: Fields) =>
  Object.entries(fields).filter(([, f]) => !(f.kind === 'text' && f.secret));

/** The largest scale printed as it is declared (money, prices with two places): quantities use their unit's. */
const FIXED_SCALE_MAX = 2;

/**
 * A decimal as a printed document shows it: thousands separated, money at its declared places,
 * a quantity at its unit's decimals when known (else as stored, without trailing zeros).
 */
export function printNumber(value: string, scale: number | undefined): string {
  if (!isDecimal(value)) return value;
  const fixed = scale === undefined ? normalizeDecimal(value) : mulDecimal(value, '1', scale);
  const [int, frac = ''] = fixed.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const places = scale === undefined ? frac : frac.padEnd(scale, '0');
  return `${sign}${grouped}${places ? `.${places}` : ''}`;
}

/** The printed text of a field: numbers formatted (printNumber), anything else as formatValue. */
function printValue(
  name: string,
  f: FieldDef,
  rec: Row,
  lang: Lang,
  unitScale?: number,
  timeZone?: string,
): string {
  const v = rec[name];
  if (v === null || v === undefined || v === '') return '';
  if (f.kind === 'decimal') return printNumber(String(v), f.scale <= FIXED_SCALE_MAX ? f.scale : unitScale);
  if (f.kind === 'int' && f.total) return printNumber(String(v), 0);
  return formatValue(name, f, rec, lang, timeZone);
}

/** An administrator's print layout of one document type (PrintLayout), as the print applies it. */
export interface PrintOptions {
  title?: string | null;
  /** field names or column titles (either language) not printed */
  hidden?: readonly string[];
  footer?: string | null;
  hideTotals?: boolean;
  /** signature line labels; the default when absent */
  signatures?: readonly string[];
  /** a line's (or a record's) unit decimals, when its unit is known */
  unitScale?: (row: Row) => number | undefined;
  /** whether a record is an unapproved draft, printed marked 草稿 / DRAFT */
  isDraft?: (rec: Row) => boolean;
}

const isHidden = (o: PrintOptions, name: string, f: FieldDef) =>
  !!o.hidden?.some((h) => h === name || h === f.label.zh || h.toLowerCase() === f.label.en.toLowerCase());

/** A record as an A4 PDF: title, header fields in two columns, its lines as a table, page numbers. */
export function renderRecordPdf(def: EntityDef, rec: Row, lang: Lang, head: PrintHeader): Promise<Buffer> {
  return renderRecordsPdf(def, [rec], lang, head);
}

/**
 * Records of one entity as one A4 PDF, a section starting on a new page per record. The texts are
 * formatted here; the drawing, seconds for thousands of lines, runs in a worker thread so that
 * other requests are served meanwhile.
 */
export async function renderRecordsPdf(
  def: EntityDef,
  recs: Row[],
  lang: Lang,
  head: PrintHeader,
  options: PrintOptions = {},
): Promise<Buffer> {
  const pdf = await runHeavy('pdf', printModel(def, recs, lang, head, options));
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

/** What renderPrint draws: every text of the records, formatted in the user's language. */
export function printModel(
  def: EntityDef,
  recs: Row[],
  lang: Lang,
  head: PrintHeader,
  o: PrintOptions = {},
): PrintModel {
  const fields = visible(def.fields).filter(([n, f]) => !isHidden(o, n, f));
  const signatures = o.signatures?.length
    ? [...o.signatures]
    : def.kind === 'document'
      ? TEXT.signatures.map((l) => labelOf(l, lang))
      : [];
  return {
    lang,
    title: labelOf(def.label, lang),
    head: o.footer ? { ...head, footer: o.footer } : head,
    records: recs.map((rec) => ({
      title: o.title || titleOf(def, rec, lang),
      draft: o.isDraft?.(rec) ? labelOf(TEXT.draft, lang) : undefined,
      fields: fields.map(([name, f]) => ({
        label: labelOf(f.label, lang),
        value: printValue(name, f, rec, lang, o.unitScale?.(rec), head.timeZone),
        wide: f.kind === 'text' && !!f.multiline,
      })),
      tables: lineTables(def, rec, lang, o, head.timeZone),
      signatures,
    })),
  };
}

/** A record's line tables as printed: row number first, columns empty on every line left out. */
function lineTables(
  def: EntityDef,
  rec: Row,
  lang: Lang,
  o: PrintOptions,
  timeZone?: string,
): { label: string; cols: TableColumn[] }[] {
  return Object.entries(def.lines).map(([key, lines]) => {
    const rows = (rec[key] as Row[] | undefined) ?? [];
    const shownFields = visible(lines.fields).filter(([n, f]) => !isHidden(o, n, f));
    // a 合计 row under the lines: the columns a list's 合计 adds up; quantities only when all the
    // lines share one unit's decimals (kilograms and pieces do not add up)
    const scales = new Set(rows.map((r) => o.unitScale?.(r)));
    const sums =
      !o.hideTotals && rows.length > 1
        ? shownFields.map(([name, f]) => {
            if (!totalled(f) || (f.kind === 'decimal' && f.scale > FIXED_SCALE_MAX && scales.size > 1))
              return '';
            const sum = rows.reduce((acc, r) => {
              const v = r[name];
              return v === null || v === undefined || v === '' ? acc : addDecimal(acc, String(v));
            }, '0');
            const scale = f.kind === 'decimal' ? (f.scale <= FIXED_SCALE_MAX ? f.scale : [...scales][0]) : 0;
            return printNumber(sum, scale);
          })
        : null;
    const totals = sums?.some(Boolean) ? sums : null;
    const cols: TableColumn[] = shownFields.map(([name, f], i) => ({
      title: labelOf(f.label, lang),
      values: [
        ...rows.map((r) => printValue(name, f, r, lang, o.unitScale?.(r), timeZone)),
        ...(totals ? [totals[i]] : []),
      ],
      align: f.kind === 'int' || f.kind === 'decimal' ? 'right' : 'left',
      noWrap: NO_WRAP_KINDS.has(f.kind) || (f.kind === 'text' && f.format === 'code'),
    }));
    // a column empty on every line (the target location of a receipt) is left out; with no lines
    // at all every header stays, so the empty table still says what it would hold
    const shown = rows.length ? cols.filter((c) => c.values.some(Boolean)) : cols;
    const no: TableColumn = {
      title: labelOf(TEXT.rowNo, lang),
      values: [...rows.map((_, n) => String(n + 1)), ...(totals ? [labelOf(TEXT.total, lang)] : [])],
      align: 'right',
      noWrap: true,
    };
    return { label: labelOf(lines.label, lang), cols: [no, ...shown] };
  });
}

/** The printed title: the record's type where the declaration names one (print.titleBy), else the entity. */
function titleOf(def: EntityDef, rec: Row, lang: Lang): string {
  const by = typeof def.features.print === 'object' ? def.features.print.titleBy : undefined;
  const f = by ? def.fields[by] : undefined;
  const option = f?.kind === 'enum' ? f.options.find((o) => o.value === rec[by as string]) : undefined;
  return option
    ? fill(labelOf(TEXT.typedTitle, lang), { type: labelOf(option.label, lang) })
    : labelOf(def.label, lang);
}

/** Kinds whose values are one token (a number, a date): never split over two lines. */
const NO_WRAP_KINDS = new Set<FieldDef['kind']>(['int', 'decimal', 'date', 'datetime']);
