import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { displayNameOf, type EntityDef, type FieldDef, type Fields, type Lang, labelOf } from '@mes/model';
import PDFDocument from 'pdfkit';
import type { Row } from '../db';

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** Noto Sans SC comes with the project's dependencies, so Chinese prints on any machine. */
function cjkFonts() {
  fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
    ),
    bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf')),
  };
  return fonts;
}

export function formatValue(name: string, f: FieldDef, rec: Row, lang: Lang): string {
  const v = rec[name];
  if (v === null || v === undefined || v === '') return '';
  switch (f.kind) {
    case 'enum':
      return labelOf(f.options.find((o) => o.value === v)?.label ?? { zh: String(v), en: String(v) }, lang);
    case 'ref':
      return String(rec[displayNameOf(name, f)] ?? v);
    case 'bool':
      return v ? (lang === 'zh' ? '是' : 'Yes') : lang === 'zh' ? '否' : 'No';
    case 'datetime':
      return String(v).replace('T', ' ').slice(0, 16);
    default:
      return String(v);
  }
}

const visible = (fields: Fields) =>
  Object.entries(fields).filter(([, f]) => !(f.kind === 'text' && f.secret));

export interface PrintHeader {
  company: string;
  operator: string;
  printedAt: string;
}

/** A record as an A4 PDF: title, header fields in two columns, its lines as a table, page numbers. */
export function renderRecordPdf(def: EntityDef, rec: Row, lang: Lang, head: PrintHeader): Promise<Buffer> {
  return renderRecordsPdf(def, [rec], lang, head);
}

/** Records of one entity as one A4 PDF, a section starting on a new page per record. */
export function renderRecordsPdf(
  def: EntityDef,
  recs: Row[],
  lang: Lang,
  head: PrintHeader,
): Promise<Buffer> {
  const { regular, bold } = cjkFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    bufferPages: true,
    info: { Title: labelOf(def.label, lang) },
  });
  doc.registerFont('cjk', regular);
  doc.registerFont('cjk-bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((ok) => doc.on('end', () => ok(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 30;

  // several records print as one file, each starting on a page of its own
  for (const [k, rec] of recs.entries()) {
    if (k > 0) doc.addPage();
    doc.font('cjk').fontSize(9).fillColor('#606266').text(head.company, left, 40, { width, align: 'center' });
    doc
      .font('cjk-bold')
      .fontSize(18)
      .fillColor('#000')
      .text(labelOf(def.label, lang), { width, align: 'center' });
    doc.moveDown(0.8);

    const fields = visible(def.fields);
    const colW = width / 2;
    doc.font('cjk').fontSize(10);
    for (let i = 0; i < fields.length; i += 2) {
      const y = doc.y;
      let maxY = y;
      for (const [j, [name, f]] of fields.slice(i, i + 2).entries()) {
        const x = left + j * colW;
        doc.font('cjk-bold').text(`${labelOf(f.label, lang)}：`, x, y, { width: 90, continued: false });
        doc.font('cjk').text(formatValue(name, f, rec, lang), x + 90, y, { width: colW - 100 });
        maxY = Math.max(maxY, doc.y);
      }
      doc.y = maxY + 4;
      if (doc.y > bottom()) doc.addPage();
    }

    for (const [key, lines] of Object.entries(def.lines)) {
      const rows = (rec[key] as Row[] | undefined) ?? [];
      const cols = visible(lines.fields);
      doc.moveDown(0.6);
      doc.font('cjk-bold').fontSize(12).text(labelOf(lines.label, lang), left, doc.y);
      doc.moveDown(0.3);
      const cw = width / (cols.length + 1);
      const header = () => {
        const y = doc.y;
        doc
          .rect(left, y - 2, width, 18)
          .fill('#ecf5ff')
          .fillColor('#000');
        doc
          .font('cjk-bold')
          .fontSize(9)
          .text('#', left + 2, y, { width: cw - 4 });
        for (const [i, [, f]] of cols.entries())
          doc.text(labelOf(f.label, lang), left + (i + 1) * cw + 2, y, { width: cw - 4 });
        doc.y = y + 18;
      };
      header();
      doc.font('cjk').fontSize(9);
      rows.forEach((r, n) => {
        if (doc.y > bottom()) {
          doc.addPage();
          header();
          doc.font('cjk').fontSize(9);
        }
        const y = doc.y;
        let maxY = y;
        doc.text(String(n + 1), left + 2, y, { width: cw - 4 });
        cols.forEach(([name, f], i) => {
          doc.text(formatValue(name, f, r, lang), left + (i + 1) * cw + 2, y, { width: cw - 4 });
          maxY = Math.max(maxY, doc.y);
        });
        doc
          .moveTo(left, maxY + 2)
          .lineTo(left + width, maxY + 2)
          .strokeColor('#dcdfe6')
          .stroke();
        doc.y = maxY + 5;
      });
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - doc.page.margins.bottom - 12;
    const footer = `${lang === 'zh' ? '打印人' : 'Printed by'}：${head.operator}    ${lang === 'zh' ? '打印时间' : 'Printed at'}：${head.printedAt}    ${i + 1} / ${range.count}`;
    doc
      .font('cjk')
      .fontSize(8)
      .fillColor('#606266')
      .text(footer, left, y, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
