import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { date, decimal, defineEntity, enumOf, type Lang, options, ref, text } from '@mes/model';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { cjkFonts, renderRecordsPdf } from './pdf';
import { FONT, layoutColumns, share, type TableColumn } from './pdfTable';

// The shape of an inventory stock document (modules/inventory/stockDoc.entity.ts), declared here
// because the engine does not import modules: many header fields, some empty, and a wide table.
const doc = defineEntity({
  name: 'PrintDoc',
  label: { zh: '库存单据', en: 'Stock documents' },
  kind: 'document',
  display: 'Doc_NO',
  fields: {
    Doc_NO: text({ zh: '单据编号', en: 'Document no.' }, { max: 30 }),
    Doc_Type: enumOf(
      { zh: '单据类型', en: 'Document type' },
      options([1, '入库', 'Receipt'], [2, '出库', 'Issue']),
    ),
    Doc_Date: date({ zh: '业务日期', en: 'Posting date' }),
    Warehouse_ID: ref({ zh: '仓库', en: 'Warehouse' }, 'Warehouse', 'Warehouse_Name'),
    Department_ID: ref({ zh: '部门', en: 'Department' }, 'Department', 'Dept_Name'),
    Supplier_ID: ref({ zh: '供应商', en: 'Supplier' }, 'Supplier', 'Short_Name'),
    Customer_ID: ref({ zh: '客户', en: 'Customer' }, 'Customer', 'Short_Name'),
    Source_NO: text({ zh: '来源单号', en: 'Source no.' }, { max: 40 }),
    Total_Qty: decimal({ zh: '总数量', en: 'Total quantity' }, { precision: 18, scale: 4 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true }),
  },
  features: { print: { titleBy: 'Doc_Type' } },
  lines: {
    Lines: {
      label: { zh: '明细', en: 'Lines' },
      fields: {
        Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name'),
        Location_ID: ref({ zh: '库位', en: 'Location' }, 'Location', 'Location_Name'),
        To_Location_ID: ref({ zh: '调入库位', en: 'To location' }, 'Location', 'Location_Name'),
        Batch_NO: text({ zh: '批次号', en: 'Batch number' }, { max: 40, format: 'code' }),
        Bucket_ID: ref({ zh: '料桶', en: 'Bucket' }, 'Bucket', 'Bucket_Name'),
        Qty: decimal({ zh: '数量', en: 'Quantity' }, { precision: 18, scale: 4 }),
        Book_Qty: decimal({ zh: '账面数量', en: 'Book quantity' }, { precision: 18, scale: 4 }),
        Diff_Qty: decimal({ zh: '差异数量', en: 'Difference' }, { precision: 18, scale: 4 }),
        Unit_Price: decimal({ zh: '单价', en: 'Unit price' }, { precision: 18, scale: 6 }),
        Amount: decimal({ zh: '金额', en: 'Amount' }, { precision: 18, scale: 2 }),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
      },
    },
  },
});

// every line column filled, so that every header is printed; one long material, one long remark
const line = (i: number) => ({
  Material_ID: i,
  Material_Name:
    i === 2 ? '不锈钢法兰盘 DN50 PN16 304 材质（带螺栓孔加工） Stainless flange' : `冷轧钢板 ${i}`,
  Location_ID: 1,
  Location_Name: 'A-01-03',
  To_Location_ID: 2,
  To_Location_Name: 'B-02-11',
  Batch_NO: `B2024060${i}`,
  Bucket_ID: 1,
  Bucket_Name: 'TB-0007',
  Qty: '1200.0000',
  Book_Qty: '1000.0000',
  Diff_Qty: '200.0000',
  Unit_Price: '12.345600',
  Amount: '14814.72',
  Remark: i === 3 ? 'A long remark that wraps inside its cell without overlapping the next row at all' : 'OK',
});
// supplier, customer, department, source number and remark empty: the walk-through's case
const rec = {
  ID: 1,
  Doc_NO: 'IV2024060001',
  Doc_Type: 1,
  Doc_Date: '2024-06-01',
  Warehouse_ID: 3,
  Warehouse_Name: '原料仓',
  Department_ID: null,
  Supplier_ID: null,
  Customer_ID: null,
  Source_NO: '',
  Total_Qty: '6000.0000',
  Remark: '',
  Lines: [1, 2, 3, 4, 5].map(line),
};
const head = { company: '苏州精密制造有限公司', operator: 'admin', printedAt: '2024-06-01 10:00' };

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn('[pdf] NOTICE: pdftotext (poppler-utils) not found: the PDF layout checks are SKIPPED');
    return false;
  }
})();

const dir = mkdtempSync(join(tmpdir(), 'pdf-layout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Word {
  page: number;
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Every word pdftotext finds, with its box in points. */
function words(pdf: Buffer, name: string): { words: Word[]; pageWidth: number } {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const out: Word[] = [];
  let page = -1;
  let pageWidth = 0;
  const re =
    /<page width="([\d.]+)"|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const m of html.matchAll(re)) {
    if (m[1]) {
      page++;
      pageWidth = Number(m[1]);
    } else
      out.push({ page, text: m[6], x0: Number(m[2]), y0: Number(m[3]), x1: Number(m[4]), y1: Number(m[5]) });
  }
  return { words: out, pageWidth };
}

/** Pairs of words whose boxes share more than a hair (lines set one under the other touch exactly). */
function overlaps(ws: Word[]): string[] {
  const eps = 0.5;
  const found: string[] = [];
  for (const [i, a] of ws.entries())
    for (const b of ws.slice(i + 1))
      if (
        a.page === b.page &&
        Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > eps &&
        Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > eps
      )
        found.push(`"${a.text}" / "${b.text}" on page ${a.page + 1}`);
  return found;
}

describe('renderRecordsPdf layout', () => {
  for (const lang of ['en', 'zh'] as Lang[])
    it.skipIf(!hasPdftotext)(`${lang}: no two texts overlap, empty header fields included`, async () => {
      const { words: ws, pageWidth } = words(await renderRecordsPdf(doc, [rec], lang, head), `doc-${lang}`);
      expect(overlaps(ws)).toEqual([]);
      // every header label is printed, each on a line of its own height
      const colon = lang === 'zh' ? '：' : ':';
      for (const f of Object.values(doc.fields)) {
        const label = f.label[lang].split(' ').at(-1) ?? '';
        expect(ws.some((w) => w.text.endsWith(`${label}${colon}`))).toBe(true);
      }
      // nothing spills past the right margin
      expect(Math.max(...ws.map((w) => w.x1))).toBeLessThanOrEqual(pageWidth - 40 + 0.5);
    });

  it.skipIf(!hasPdftotext)('en: a column header breaks between words, never inside one', async () => {
    const { words: ws } = words(await renderRecordsPdf(doc, [rec], 'en', head), 'head-en');
    const printed = new Set(ws.map((w) => w.text));
    for (const f of Object.values(doc.lines.Lines.fields))
      for (const word of f.label.en.split(' ')) expect(printed, `header word "${word}"`).toContain(word);
    // the long remark is whole words too, and the row under it starts below its last line
    const remark = ws.filter((w) =>
      'A long remark that wraps inside its cell without overlapping the next row at all'
        .split(' ')
        .includes(w.text),
    );
    expect(remark.map((w) => w.text)).toContain('overlapping');
    const four = ws.find((w) => w.text === '4' && w.x0 < 60);
    expect(four?.y0).toBeGreaterThanOrEqual(Math.max(...remark.map((w) => w.y1)) - 0.5);
  });

  it.skipIf(!hasPdftotext)('a long table continues on further pages, header repeated', async () => {
    const many = { ...rec, Lines: Array.from({ length: 80 }, (_, i) => line((i % 5) + 1)) };
    const { words: ws } = words(await renderRecordsPdf(doc, [many], 'en', head), 'many');
    const pages = new Set(ws.map((w) => w.page));
    expect(pages.size).toBeGreaterThan(1);
    for (const p of pages) expect(ws.some((w) => w.page === p && w.text === 'Quantity')).toBe(true);
    expect(overlaps(ws)).toEqual([]);
  });
});

describe('renderRecordsPdf, page orientation', () => {
  const narrow = {
    ...rec,
    ID: 3,
    Lines: [1, 2].map((i) => ({ Material_ID: i, Material_Name: `冷轧钢板 ${i}`, Qty: '10.0000' })),
  };
  const widths = (pdf: Buffer, name: string) => {
    const file = join(dir, `${name}.pdf`);
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
    return [...html.matchAll(/<page width="([\d.]+)" height="([\d.]+)"/g)].map((m) => [
      Math.round(Number(m[1])),
      Math.round(Number(m[2])),
    ]);
  };

  it.skipIf(!hasPdftotext)(
    'prints lines too wide for A4 upright across the page, at the normal size',
    async () => {
      for (const lang of ['zh', 'en'] as Lang[]) {
        expect(widths(await renderRecordsPdf(doc, [rec], lang, head), `wide-${lang}`)).toEqual([[842, 595]]);
        // across, the table's texts still stand apart
        const { words: ws } = words(await renderRecordsPdf(doc, [rec], lang, head), `wide-size-${lang}`);
        expect(overlaps(ws)).toEqual([]);
      }
      expect(widths(await renderRecordsPdf(doc, [narrow], 'zh', head), 'narrow')).toEqual([[595, 842]]);
    },
  );

  it.skipIf(!hasPdftotext)(
    'turns each record of a batch its own way, on every page it runs onto',
    async () => {
      const many = { ...rec, Lines: Array.from({ length: 80 }, (_, i) => line((i % 5) + 1)) };
      const pages = widths(await renderRecordsPdf(doc, [narrow, many, narrow], 'zh', head), 'mixed');
      expect(pages.length).toBeGreaterThan(3);
      expect(pages[0]).toEqual([595, 842]);
      expect(pages.slice(1, -1).every(([w, h]) => w === 842 && h === 595)).toBe(true);
      expect(pages.at(-1)).toEqual([595, 842]);
    },
  );
});

describe('renderRecordsPdf, several records', () => {
  /** The text of each page. */
  const pages = (pdf: Buffer, name: string) => {
    const file = join(dir, `${name}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
  };
  const long = { ...rec, Lines: Array.from({ length: 80 }, (_, i) => line((i % 5) + 1)) };
  const issue = { ...rec, ID: 2, Doc_Type: 2 };

  it.skipIf(!hasPdftotext)('each is titled by its type and numbers its own pages', async () => {
    const zh = pages(await renderRecordsPdf(doc, [long, issue], 'zh', head), 'two-zh');
    expect(zh.length).toBeGreaterThan(2);
    const n = zh.length - 1;
    expect(zh[0]).toContain('入库单');
    expect(zh[0]).toContain(`第 1 页 / 共 ${n} 页`);
    expect(zh[n - 1]).toContain(`第 ${n} 页 / 共 ${n} 页`);
    expect(zh[n]).toContain('出库单');
    expect(zh[n]).toContain('第 1 页 / 共 1 页');
    const en = pages(await renderRecordsPdf(doc, [issue, long], 'en', head), 'two-en');
    expect(en[0]).toMatch(/^\s*\S.*\n\s*Issue\s*$/m);
    expect(en[0]).toContain('Page 1 of 1');
    expect(en[1]).toMatch(/^\s*Receipt\s*$/m);
    expect(en[1]).toContain(`Page 1 of ${en.length - 1}`);
  });
});

describe('layoutColumns', () => {
  const pdf = new PDFDocument({ size: 'A4' });
  const { regular, bold } = cjkFonts();
  pdf.registerFont(FONT.regular, regular);
  pdf.registerFont(FONT.bold, bold);
  const col = (title: string, values: string[], noWrap = false): TableColumn => ({
    title,
    values,
    align: noWrap ? 'right' : 'left',
    noWrap,
  });

  it('gives every column its longest header word and its numbers whole, within the width', () => {
    const cols = [
      col('No.', ['1'], true),
      col('Material', ['Cold rolled steel sheet 1.2 mm']),
      col('Book quantity', ['1000.0000'], true),
      col('Difference', ['200.0000'], true),
      col('Unit price', ['12.345600'], true),
      col('Remarks', ['A long remark that wraps inside its cell']),
    ];
    const { widths, size } = layoutColumns(pdf, cols, 300);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(300);
    for (const [i, c] of cols.entries()) {
      pdf.font(FONT.bold).fontSize(size);
      for (const w of c.title.split(' ')) expect(widths[i]).toBeGreaterThan(pdf.widthOfString(`${w} `));
      pdf.font(FONT.regular).fontSize(size);
      if (c.noWrap) expect(widths[i]).toBeGreaterThan(pdf.widthOfString(c.values[0]));
    }
  });

  it('shrinks the font before it lets a header word break', () => {
    const cols = Array.from({ length: 12 }, () => col('Quantity', ['1200.0000'], true));
    const roomy = layoutColumns(pdf, cols.slice(0, 4), 515);
    const tight = layoutColumns(pdf, cols, 515);
    expect(roomy.size).toBe(9);
    expect(tight.size).toBeLessThan(9);
  });

  it('shares the spare first to columns that want little, so their text stays on one line', () => {
    // two columns want 10 and 100 more; 40 to share: the first gets its 10, the second the other 30
    expect(share([20, 20], [30, 120], 80)).toEqual([30, 50]);
    // everything wanted fits: the rest goes in proportion to the preferred widths
    expect(share([10, 10], [20, 20], 60)).toEqual([30, 30]);
    // not even the minimums fit: scaled down
    expect(share([60, 40], [60, 40], 50)).toEqual([30, 20]);
  });
});
