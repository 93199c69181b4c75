import { type FieldDef, int, ref, text } from '@mes/model';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellText, columnCells, headerColumns, type RefFinder, refFinders } from './importRefs';
import { readSheet } from './sheetRead';

const label = { zh: 'x', en: 'x' };
const columns: ([string, FieldDef] | undefined)[] = [
  undefined,
  ['Code', text(label)],
  ['Unit_ID', ref(label, 'Unit', 'Unit_Name')],
  ['Parent_ID', ref(label, 'Material', 'Material_Name')],
  undefined,
  ['Class_ID', ref(label, 'Classify', 'Class_Name')],
  ['Qty', int(label)],
];
const sheet: unknown[][] = [
  // column 0 stands for ExcelJS's unused first column
  [null, 'M-1', 'PCS', null, null, '  Bolts ', 1],
  [null, 'M-2', 'KG 千克', 'M-1', 'ignored', null, 2],
  [null, 'M-3', 'PCS', 'M-2', null, 'Bolts', 3],
  [null, 'M-4', new Date('2026-11-25T00:00:00Z'), null, null, '', 4],
];

describe('reading a sheet’s references', () => {
  it('looks each column up once, with its distinct texts, and leaves references to the imported entity cell by cell', async () => {
    const asked: [string, string[]][] = [];
    const finders = await refFinders(
      columns,
      (col) => sheet.map((r) => r[col]),
      'Material',
      async (f, texts) => {
        asked.push([f.kind === 'ref' ? f.entity : '', texts]);
        const found: RefFinder = (t) =>
          texts.includes(t) ? { id: texts.indexOf(t) + 1, code: t, name: t } : undefined;
        return found;
      },
    );
    expect(asked).toEqual([
      ['Unit', ['PCS', 'KG 千克', '2026-11-25']],
      ['Classify', ['Bolts']],
    ]);
    expect([...finders.keys()]).toEqual([2, 5]);
    expect(finders.get(2)?.('KG 千克')?.id).toBe(2);
  });

  it('reads a cell as the importer does: a date as its day, text trimmed, nothing as empty', () => {
    expect(cellText(new Date('2026-01-05T00:00:00Z'))).toBe('2026-01-05');
    expect(cellText('  a b ')).toBe('a b');
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(cellText(12)).toBe('12');
    expect(cellText({ formula: 'A1*2', result: 24 })).toBe('24');
    expect(cellText({ formula: 'TODAY()', result: new Date('2026-11-25T00:00:00Z') })).toBe('2026-11-25');
    expect(cellText({ richText: [{ text: ' 螺 ' }, { text: '栓 ' }] })).toBe('螺 栓');
    expect(cellText({ text: 'M-1', hyperlink: 'https://x' })).toBe('M-1');
    expect(cellText({ error: '#N/A' })).toBe('');
    // what an export escaped reads back as it was typed
    expect(cellText(`'=HYPERLINK("x")`)).toBe('=HYPERLINK("x")');
    expect(cellText(`'-5 mm`)).toBe('-5 mm');
    expect(cellText(`'quoted`)).toBe(`'quoted`);
  });

  it('knows a column by its field’s label in either language or its wire name, in any case', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('s');
    sheet.addRow(['code', 'Unknown', { richText: [{ text: 'Unit_ID' }] }, '类别']);
    const fields: [string, FieldDef][] = [
      ['Code', text({ zh: '编码', en: 'Code' })],
      ['Unit_ID', ref({ zh: '单位', en: 'Unit' }, 'Unit', 'Unit_Name')],
      ['Class_ID', ref({ zh: '类别', en: 'Class' }, 'Classify', 'Class_Name')],
    ];
    sheet.addRow(['a', 'b']);
    sheet.addRow(['c']);
    // read as an import reads an upload: streamed, as texts
    const { rows } = await readSheet({ file: Buffer.from(await book.xlsx.writeBuffer()), maxRows: 10 });
    const cols = headerColumns(rows[0].cells, fields);
    expect(cols.map((c) => c?.[0])).toEqual([undefined, 'Code', undefined, 'Unit_ID', 'Class_ID']);
    expect([...columnCells(rows, 1)]).toEqual(['a', 'c']);
    expect(headerColumns(undefined, fields)).toEqual([]);
  });
});
