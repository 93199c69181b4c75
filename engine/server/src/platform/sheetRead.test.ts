import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet } from './sheetRead';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('s');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The temporary files this process has (ExcelJS spools a sheet that comes before its strings). */
const spooled = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`tmp-${process.pid}-`));

describe('readSheet', () => {
  it('reads the first sheet as texts and leaves no temporary file behind, read whole or refused', async () => {
    const before = spooled();
    const small = await readSheet({
      file: await xlsx([
        ['a', 'b'],
        ['x', 1],
      ]),
      maxRows: 10,
    });
    expect(small.rows).toEqual([
      { at: 1, cells: [undefined, 'a', 'b'] },
      { at: 2, cells: [undefined, 'x', '1'] },
    ]);
    const long = await xlsx(Array.from({ length: 30 }, (_, i) => [`r${i}`]));
    await expect(readSheet({ file: long, maxRows: 10 })).rejects.toMatchObject({ key: 'import_too_many' });
    expect(spooled()).toEqual(before);
  });
});
