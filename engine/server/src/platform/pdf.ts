import {
  DEFAULT_TIME_ZONE,
  type EntityDef,
  type FieldDef,
  type Fields,
  fill,
  formatInstant,
  type Lang,
  labelOf,
  refShown,
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
      return refShown(name, f, rec) ?? String(v);
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
): Promise<Buffer> {
  const pdf = await runHeavy('pdf', printModel(def, recs, lang, head));
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

/** What renderPrint draws: every text of the records, formatted in the user's language. */
export function printModel(def: EntityDef, recs: Row[], lang: Lang, head: PrintHeader): PrintModel {
  const fields = visible(def.fields);
  return {
    lang,
    title: labelOf(def.label, lang),
    head,
    records: recs.map((rec) => ({
      title: titleOf(def, rec, lang),
      fields: fields.map(([name, f]) => ({
        label: labelOf(f.label, lang),
        value: formatValue(name, f, rec, lang, head.timeZone),
        wide: f.kind === 'text' && !!f.multiline,
      })),
      tables: lineTables(def, rec, lang, head.timeZone),
    })),
  };
}

/** A record's line tables as printed: row number first, columns empty on every line left out. */
function lineTables(
  def: EntityDef,
  rec: Row,
  lang: Lang,
  timeZone?: string,
): { label: string; cols: TableColumn[] }[] {
  return Object.entries(def.lines).map(([key, lines]) => {
    const rows = (rec[key] as Row[] | undefined) ?? [];
    const cols: TableColumn[] = visible(lines.fields).map(([name, f]) => ({
      title: labelOf(f.label, lang),
      values: rows.map((r) => formatValue(name, f, r, lang, timeZone)),
      align: f.kind === 'int' || f.kind === 'decimal' ? 'right' : 'left',
      noWrap: NO_WRAP_KINDS.has(f.kind) || (f.kind === 'text' && f.format === 'code'),
    }));
    // a column empty on every line (the target location of a receipt) is left out; with no lines
    // at all every header stays, so the empty table still says what it would hold
    const shown = rows.length ? cols.filter((c) => c.values.some(Boolean)) : cols;
    const no: TableColumn = {
      title: labelOf(TEXT.rowNo, lang),
      values: rows.map((_, n) => String(n + 1)),
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
