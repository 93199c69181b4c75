import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fill, type Label, type Lang, labelOf } from '@mes/model';
import PDFDocument from 'pdfkit';
import { drawTable, FONT, layoutColumns, NORMAL_SIZE, type TableBox, type TableColumn } from './pdfTable';

/**
 * The drawing half of a print: a plain, cloneable model (texts already formatted by pdf.ts) laid out
 * with pdfkit. It runs in a worker thread (heavyJobs.ts), so it reads no declaration and no database.
 */

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** Noto Sans SC comes with the project's dependencies, so Chinese prints on any machine. */
export function cjkFonts() {
  fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
    ),
    bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf')),
  };
  return fonts;
}

/** The PDF's own words, in both languages like every visible text. */
export const TEXT = {
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
  colon: { zh: '：', en: ': ' },
  rowNo: { zh: '序号', en: 'No.' },
  printedBy: { zh: '打印人：{name}', en: 'Printed by: {name}' },
  printedAt: { zh: '打印时间：{at}', en: 'Printed at: {at}' },
  page: { zh: '第 {n} 页 / 共 {total} 页', en: 'Page {n} of {total}' },
  /** a document named by its type (print.titleBy): 入库 → 入库单 */
  typedTitle: { zh: '{type}单', en: '{type}' },
  /** an unapproved document's mark, beside its title and across each page */
  draft: { zh: '草稿', en: 'DRAFT' },
  total: { zh: '合计', en: 'Total' },
  /** a document's signature lines, unless its print layout names others */
  signatures: [
    { zh: '制单', en: 'Prepared by' },
    { zh: '审核', en: 'Approved by' },
    { zh: '签收', en: 'Received by' },
  ],
} satisfies Record<string, Label | Label[]>;

export interface PrintHeader {
  company: string;
  operator: string;
  printedAt: string;
  /** The company's time zone, in which the record's times are printed. */
  timeZone?: string;
  /** the print layout's footer text, on every page */
  footer?: string;
}

/** A header field as printed; a wide one (a multi-line remark) takes a row of its own. */
export interface PrintField {
  label: string;
  value: string;
  wide: boolean;
}

export interface PrintRecord {
  title: string;
  fields: PrintField[];
  tables: { label: string; cols: TableColumn[] }[];
  /** set on an unapproved document: its mark (草稿 / DRAFT) */
  draft?: string;
  /** signature line labels under the lines (制单, 审核, 签收) */
  signatures?: string[];
}

export interface PrintModel {
  lang: Lang;
  /** The file's title (its metadata). */
  title: string;
  head: PrintHeader;
  records: PrintRecord[];
}

const MARGIN = 40;
/** A4 in points, upright. */
const A4 = { width: 595.28, height: 841.89 };

/** Records as one A4 PDF, a section starting on a new page per record. */
export function renderPrint(model: PrintModel): Promise<Uint8Array> {
  const { lang, head } = model;
  const { regular, bold } = cjkFonts();
  // pages are added per record: a record whose lines are too wide for A4 upright prints across
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: model.title },
  });
  doc.registerFont(FONT.regular, regular);
  doc.registerFont(FONT.bold, bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((ok) => doc.on('end', () => ok(Buffer.concat(chunks))));
  const left = MARGIN;
  // the footer line sits in the last 30 points above the bottom margin
  const bottom = () => doc.page.height - doc.page.margins.bottom - 30;

  // several records print as one file, each starting on a page of its own and numbered on its own
  const starts: number[] = [];
  for (const rec of model.records) {
    const layout = orientation(
      doc,
      rec.tables.map((x) => x.cols),
    );
    const page = { size: 'A4', margin: MARGIN, layout } as const;
    const width = (layout === 'landscape' ? A4.height : A4.width) - 2 * MARGIN;
    const box: TableBox = { left, width, bottom, newPage: () => doc.addPage(page) };
    doc.addPage(page);
    starts.push(doc.bufferedPageRange().count - 1);
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor('#606266')
      .text(head.company, left, doc.page.margins.top, { width, align: 'center' });
    doc
      .font(FONT.bold)
      .fontSize(18)
      .fillColor('#000')
      .text(rec.draft ? `${rec.title}（${rec.draft}）` : rec.title, left, doc.y, { width, align: 'center' });
    doc.y += 12;
    drawFields(doc, rec.fields, lang, box);

    for (const { label, cols } of rec.tables) {
      doc.y += 10;
      if (doc.y + 60 > box.bottom()) box.newPage();
      doc.font(FONT.bold).fontSize(12).fillColor('#000').text(label, left, doc.y, { width });
      doc.y += 4;
      drawTable(doc, cols, box);
    }
    if (rec.signatures?.length) drawSignatures(doc, rec.signatures, lang, box);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - doc.page.margins.bottom - 12;
    const k = starts.findLastIndex((s) => s <= i - range.start);
    const first = starts[k];
    const total = (starts[k + 1] ?? range.count) - first;
    const footer = [
      fill(labelOf(TEXT.printedBy, lang), { name: head.operator }),
      fill(labelOf(TEXT.printedAt, lang), { at: head.printedAt }),
      fill(labelOf(TEXT.page, lang), { n: i - range.start - first + 1, total }),
    ].join('    ');
    if (model.records[k]?.draft) watermark(doc, model.records[k].draft as string);
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor('#606266')
      .text(footer, left, y, { width: doc.page.width - 2 * MARGIN, align: 'right', lineBreak: false });
    if (head.footer)
      doc.text(head.footer, left, y, {
        width: (doc.page.width - 2 * MARGIN) / 2,
        lineBreak: false,
        ellipsis: true,
      });
  }
  doc.end();
  return done;
}

/** A draft's mark across the page, light enough to read the document through it. */
function watermark(doc: PDFKit.PDFDocument, text: string) {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-30, { origin: [width / 2, height / 2] });
  doc
    .font(FONT.bold)
    .fontSize(96)
    .fillColor('#d0d0d0')
    .fillOpacity(0.35)
    .text(text, 0, height / 2 - 60, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}

/** Signature lines in one row under the lines: a label and a rule to sign on, each. */
function drawSignatures(doc: PDFKit.PDFDocument, labels: string[], lang: Lang, box: TableBox) {
  const colon = labelOf(TEXT.colon, lang);
  doc.y += 28;
  if (doc.y + 20 > box.bottom()) box.newPage();
  const w = box.width / labels.length;
  const y = doc.y;
  doc.font(FONT.regular).fontSize(10).fillColor('#000');
  labels.forEach((l, i) => {
    const x = box.left + i * w;
    const text = `${l}${colon}`;
    doc.text(text, x, y, { width: w, lineBreak: false });
    const start = x + doc.widthOfString(text) + 4;
    doc
      .moveTo(start, y + 12)
      .lineTo(x + w - 12, y + 12)
      .lineWidth(0.5)
      .strokeColor('#000')
      .stroke();
  });
  doc.y = y + 20;
}

/**
 * Upright unless a line table does not fit A4 upright at the normal size and fits better across:
 * wide lines printed upright shrank to 7 points and broke their words.
 */
export function orientation(doc: PDFKit.PDFDocument, tables: TableColumn[][]): 'portrait' | 'landscape' {
  const upright = A4.width - 2 * MARGIN;
  const across = A4.height - 2 * MARGIN;
  const wider = tables.some((cols) => {
    const up = layoutColumns(doc, cols, upright);
    return up.size < NORMAL_SIZE && layoutColumns(doc, cols, across).size > up.size;
  });
  return wider ? 'landscape' : 'portrait';
}

/**
 * The header fields, two to a row; a multi-line text (a remark) takes a row of its own. Every cell
 * is measured first and the row advances by the tallest, so an empty value (no supplier on a stock
 * document) still takes its line and a long one pushes the next row down instead of under it.
 */
function drawFields(doc: PDFKit.PDFDocument, fields: PrintField[], lang: Lang, box: TableBox) {
  const size = 10;
  const gap = 16;
  const colW = (box.width - gap) / 2;
  const colon = labelOf(TEXT.colon, lang);
  const labels = fields.map((f) => `${f.label}${colon}`);
  doc.font(FONT.bold).fontSize(size);
  // one label column for all, as wide as the longest label (a label may wrap only past 40%)
  const labelW = Math.min(Math.ceil(Math.max(0, ...labels.map((l) => doc.widthOfString(l)))) + 6, colW * 0.4);
  const wide = (i: number) => fields[i].wide;
  const rows: number[][] = [];
  let pair: number[] = [];
  fields.forEach((_, i) => {
    if (wide(i)) {
      if (pair.length) rows.push(pair);
      rows.push([i]);
      pair = [];
    } else if (pair.push(i) === 2) {
      rows.push(pair);
      pair = [];
    }
  });
  if (pair.length) rows.push(pair);

  for (const row of rows) {
    const valueW = (row.length === 1 && wide(row[0]) ? box.width : colW) - labelW;
    const cells = row.map((i) => ({
      label: labels[i],
      value: fields[i].value,
    }));
    const h = Math.max(
      ...cells.map(({ label, value }) => {
        doc.font(FONT.bold).fontSize(size);
        const line = doc.currentLineHeight(true);
        const lh = doc.heightOfString(label, { width: labelW });
        doc.font(FONT.regular).fontSize(size);
        return Math.max(line, lh, value ? doc.heightOfString(value, { width: valueW }) : 0);
      }),
    );
    if (doc.y + h > box.bottom()) box.newPage();
    const y = doc.y;
    cells.forEach(({ label, value }, j) => {
      const x = box.left + j * (colW + gap);
      doc.font(FONT.bold).fontSize(size).fillColor('#303133').text(label, x, y, { width: labelW });
      if (value)
        doc
          .font(FONT.regular)
          .fillColor('#000')
          .text(value, x + labelW, y, { width: valueW });
    });
    doc.y = y + h + 3;
  }
}
