import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { AppError } from '../errors';
import { cellText } from './importRefs';

/**
 * An uploaded workbook's first sheet as texts, read in a worker thread (heavyJobs.ts) and refused as
 * early as possible: a 1.5 MB file of 300,000 rows used to be loaded whole (+550 MB) before its row
 * count was looked at. The zip is inflated once only to count its bytes (a zip bomb stops at
 * MAX_UNZIPPED, whatever sizes it declares), then the sheet is streamed row by row and refused at
 * the first row past the limit.
 */
export interface SheetInput {
  file: Uint8Array;
  /** data rows, below the header */
  maxRows: number;
}

export interface SheetRow {
  /** the row's number in the sheet (the header is 1) */
  at: number;
  /** each cell's text as cellText reads it, indexed by column from 1 as ExcelJS does */
  cells: string[];
}

export interface SheetData {
  rows: SheetRow[];
  /** rows holding a formula whose value the file does not carry (never calculated: written by a program) */
  noResult: number[];
}

/**
 * ExcelJS spools a sheet that comes before the shared strings (as Excel and ExcelJS write them) to a
 * temporary file of the `tmp` package, and removes it only when the sheet was read to its end: one
 * left behind by every import that reads only the first sheet or stops at the row limit. Its
 * creations are watched here, so that every job removes its own.
 */
type TmpFile = (...args: unknown[]) => void;
const tmp = createRequire(createRequire(import.meta.url).resolve('exceljs'))('tmp') as { file: TmpFile };

async function removingSpooled<T>(run: () => Promise<T>): Promise<T> {
  const made: (() => void)[] = [];
  const file = tmp.file;
  tmp.file = (...args: unknown[]) => {
    const done = args.pop() as (err: unknown, path: string, fd: number, remove: () => void) => void;
    file(...args, (err: unknown, path: string, fd: number, remove: () => void) => {
      if (!err) made.push(remove);
      done(err, path, fd, remove);
    });
  };
  try {
    return await run();
  } finally {
    tmp.file = file;
    for (const remove of made)
      try {
        remove();
      } catch {
        // already removed by ExcelJS
      }
  }
}

/** The most bytes all parts of a workbook may inflate to: a sheet at the row limit needs about a tenth. */
export const MAX_UNZIPPED = Number(process.env.IMPORT_MAX_UNZIPPED_MB || 200) * 2 ** 20;
/** An xlsx has a dozen parts; thousands are no workbook a user made. */
const MAX_ENTRIES = 2000;

export async function readSheet(input: SheetInput): Promise<SheetData> {
  return removingSpooled(() => streamSheet(input));
}

async function streamSheet({ file, maxRows }: SheetInput): Promise<SheetData> {
  const data = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  await checkZip(data, maxRows + 1);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    sharedStrings: 'cache',
    // dates are numbers with a date format: without the styles they would read as numbers
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const out: SheetData = { rows: [], noResult: [] };
  let seen = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        // every row the file has counts, as a loaded sheet's rowCount counted it
        if (++seen > maxRows + 1) throw new AppError('import_too_many', { max: maxRows });
        const cells: string[] = [];
        let any = false;
        let noResult = false;
        row.eachCell((cell, col) => {
          const v = cell.value as unknown;
          if (v && typeof v === 'object' && 'formula' in v && !hasResult(v)) noResult = true;
          const text = cellText(v);
          cells[col] = text;
          if (text !== '') any = true;
        });
        if (noResult) out.noResult.push(row.number);
        if (any) out.rows.push({ at: row.number, cells });
      }
      // the first sheet only
      break;
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('import_bad_file');
  }
  return out;
}

/** A streamed formula's value: a number is NaN when the file holds none. */
function hasResult(v: object): boolean {
  const r = (v as { result?: unknown }).result;
  return r !== undefined && r !== null && !(typeof r === 'number' && Number.isNaN(r));
}

/**
 * Reads the zip's central directory and inflates every entry, counting (not keeping) the bytes:
 * refused as not an xlsx if it is no zip, as too large past MAX_UNZIPPED, and as too long when the
 * first sheet's `<dimension>` (its first bytes, where spreadsheets write it) says it has more than
 * `maxRows` rows. The dimension may be missing or wrong: the rows are counted again as they stream.
 */
export async function checkZip(data: Buffer, maxRows: number): Promise<void> {
  const bad = () => new AppError('import_bad_file');
  // the end-of-central-directory record is in the last 22 bytes plus at most a 64 KB comment
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--)
    if (data.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw bad();
  const count = data.readUInt16LE(end + 10);
  if (count > MAX_ENTRIES) throw bad();
  let at = data.readUInt32LE(end + 16);
  let budget = MAX_UNZIPPED;
  let sheetSeen = false;
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) throw bad();
    const method = data.readUInt16LE(at + 10);
    const packed = data.readUInt32LE(at + 20);
    const local = data.readUInt32LE(at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + data.readUInt16LE(at + 28));
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    if (local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50) throw bad();
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (start + packed > data.length) throw bad();
    const body = data.subarray(start, start + packed);
    const peek =
      !sheetSeen && /^xl\/worksheets\/[^/]+\.xml$/.test(name) ? dimensionCheck(maxRows) : undefined;
    if (peek) sheetSeen = true;
    if (method === 0) {
      budget -= packed;
      peek?.(body);
    } else if (method === 8) budget -= await inflatedSize(body, budget, peek);
    else throw bad();
    if (budget < 0) throw tooLarge();
  }
}

const tooLarge = () => new AppError('import_unzipped_too_large', { limit: `${MAX_UNZIPPED / 2 ** 20} MB` });

/** Throws import_too_many when the start of a sheet declares more rows than `maxRows`. */
function dimensionCheck(maxRows: number): (start: Buffer) => void {
  return (start) => {
    const m = /<dimension\s+ref="[A-Z]+(\d+)(?::[A-Z]+(\d+))?"/.exec(start.toString('latin1', 0, 4096));
    const last = Number(m?.[2] ?? m?.[1] ?? 0);
    if (last > maxRows) throw new AppError('import_too_many', { max: maxRows - 1 });
  };
}

/**
 * The inflated size of a deflated entry, stopping as soon as it passes `limit`; `peek` sees the
 * first chunk and may refuse the file.
 */
function inflatedSize(body: Buffer, limit: number, peek?: (start: Buffer) => void): Promise<number> {
  return new Promise((ok, fail) => {
    const z = createInflateRaw();
    let n = 0;
    z.on('data', (chunk: Buffer) => {
      if (n === 0 && peek)
        try {
          peek(chunk);
        } catch (e) {
          z.destroy();
          fail(e);
          return;
        }
      n += chunk.length;
      if (n > limit) {
        z.destroy();
        fail(tooLarge());
      }
    });
    z.on('end', () => ok(n));
    z.on('error', () => fail(new AppError('import_bad_file')));
    z.end(body);
  });
}
