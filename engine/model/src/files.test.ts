import { describe, expect, it } from 'vitest';
import { attachmentType, contentMatches, safeFileName, sniff } from './files';

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
    expect(safeFileName('报价单\u0000.pdf')).toBe('报价单_.pdf');
  });
});
