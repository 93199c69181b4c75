import { describe, expect, it } from 'vitest';
import { attachmentType, contentDisposition, contentMatches, safeFileName, sniff } from './files';

const bytes = (...b: number[]) => new Uint8Array(b);
const PDF = bytes(0x25, 0x50, 0x44, 0x46, 0x2d);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const EXE = bytes(0x4d, 0x5a, 0x90, 0x00);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04);

describe('files', () => {
  it('sniffs content', () => {
    expect(sniff(PDF)).toBe('pdf');
    expect(sniff(PNG)).toBe('png');
    expect(sniff(EXE)).toBe('unknown');
  });
  it('types attachments by extension in any letter case', () => {
    expect(attachmentType('a.JPG')).toBe(2);
    expect(attachmentType('b.Pdf')).toBe(1);
    expect(attachmentType('c.xlsx')).toBe(1);
    expect(attachmentType('d.rar')).toBe(1);
    expect(attachmentType('e.exe')).toBeNull();
    expect(attachmentType('f.docx', true)).toBeNull();
    expect(attachmentType('noext')).toBeNull();
  });
  it('refuses a renamed file', () => {
    expect(contentMatches('report.pdf', PDF)).toBe(true);
    expect(contentMatches('report.pdf', EXE)).toBe(false);
    expect(contentMatches('photo.png', PDF)).toBe(false);
    expect(contentMatches('sheet.xlsx', ZIP)).toBe(true);
    expect(contentMatches('virus.exe', EXE)).toBe(false);
  });
  it('keeps no path in names', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Windows\\a.pdf')).toBe('a.pdf');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('报价单\u0000.pdf')).toBe('报价单.pdf');
  });
  it('strips control characters and bidirectional controls, which disguise a name', () => {
    // shown as "invoiceexe.pdf" with the override, but an .exe in fact
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    const bidi = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
    const controls = ['\u0001', '\u001F', '\u007F', '\u0080', '\u009B', '\u009F', '\n', '\t'];
    expect(safeFileName(`a${[...bidi, ...controls].join('')}b.pdf`)).toBe('ab.pdf');
    expect(safeFileName('\u202E\u0000')).toBe('file');
    // other text is kept: Chinese, spaces inside, accents
    expect(safeFileName('报价 单 é.pdf')).toBe('报价 单 é.pdf');
  });
  it('sends a clean name in Content-Disposition, a slash being part of it', () => {
    expect(contentDisposition('attachment', 'BOM_M\u202E01/2_V1.xlsx')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('BOM_M01_2_V1.xlsx')}`,
    );
    expect(contentDisposition('inline', '报价.pdf')).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent('报价.pdf')}`,
    );
  });
});
