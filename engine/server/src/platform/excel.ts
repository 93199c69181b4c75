import { PassThrough } from 'node:stream';
import {
  contentMatches,
  type EntityDef,
  type FieldDef,
  isDecimal,
  type Lang,
  labelOf,
  normalizeDecimal,
  type Registry,
} from '@mes/model';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companyTimeZone } from '../clock';
import { pgCode, type Tx } from '../db/tx';
import type { Engine } from '../engine';
import { AppError } from '../errors';
import { requestContext } from '../http/envelope';
import { parseWith } from '../validation';
import { exportProgress, exportProgressRoutes, progressQuery } from './exportProgress';
import { runHeavy } from './heavyPool';
import { cellText, type RefFinder } from './importRefs';
import { importRoutes } from './importRoute';
import { formatValue } from './pdf';
import { resolveRefs } from './refText';
import type { SheetData } from './sheetRead';

export const MAX_IMPORT_ROWS = 5000;
const EXPORT_PAGE = 500;
const MAX_EXPORT_ROWS = 200_000;

/** A cell that starts like a formula is text, so that a spreadsheet never runs what a user typed. */
export function safeCell(v: string): string {
  return /^[=+\-@]/.test(v) ? `'${v}` : v;
}

/**
 * A cell as an export writes it: a number of an int or decimal field as a number (so that the sheet
 * sums it; as text a negative one was escaped as if it were a formula), unless it has more digits
 * than a spreadsheet's double keeps, then its exact text; anything else as `text`; text escaped.
 */
export function exportCell(f: FieldDef, v: unknown, text: string): string | number {
  if ((f.kind === 'int' || f.kind === 'decimal') && v !== null && v !== undefined && v !== '')
    return numberCell(v);
  return safeCell(text);
}

/** A number (a decimal's wire text) as a sheet's number where the double holds it exactly, else as text. */
export function numberCell(v: unknown): string | number {
  const n = Number(v);
  return isDecimal(String(v)) && String(n) === normalizeDecimal(String(v)) ? n : safeCell(String(v));
}

export const exportable = (def: EntityDef) =>
  Object.entries(def.fields).filter(([, f]) => !(f.kind === 'text' && f.secret));

/**
 * A cell's text for a field that needs no lookup (everything but a reference): its wire value, or
 * `null` for an option that does not exist. Numbers stay text for the schema to judge.
 */
export function plainCell(f: FieldDef, text: string): { value: unknown } | null {
  if (text === '') return { value: f.kind === 'bool' ? false : null };
  switch (f.kind) {
    case 'int':
      return /^-?\d+$/.test(text) ? { value: Number(text) } : { value: text };
    case 'bool':
      return { value: ['是', 'yes', 'true', '1', 'y'].includes(text.toLowerCase()) };
    case 'enum': {
      const o = f.options.find(
        (x) =>
          String(x.value) === text || x.label.zh === text || x.label.en.toLowerCase() === text.toLowerCase(),
      );
      return o ? { value: o.value } : null;
    }
    default:
      return { value: text };
  }
}

/** The value of a cell for a field on import, or an error text. */
export async function cellValue(
  tx: Tx,
  registry: Registry,
  f: FieldDef,
  raw: unknown,
  lang: Lang,
  /** the column's references, read beforehand (refFinders) */
  find?: RefFinder,
): Promise<{ value: unknown } | { error: string }> {
  const text = cellText(raw);
  if (f.kind === 'ref' && text !== '') {
    // as the export wrote it ("code name" for a target named with its code), by code, or by a name
    // only one record has
    const found = (find ?? (await resolveRefs(tx, registry, f, [text])))(text);
    if (found) return { value: found.id };
    return { error: `${labelOf(f.label, lang)}: ${text}` };
  }
  return plainCell(f, text) ?? { error: `${labelOf(f.label, lang)}: ${text}` };
}

/** GET /{Entity}/Export and POST /{Entity}/Import for every entity with generic routes. */
export function excelRoutes(app: FastifyInstance, engine: Engine) {
  exportProgressRoutes(app);
  for (const svc of engine.allServices()) {
    const def = svc.def;
    if (!def.api) continue;
    app.get(
      `/${def.name}/Export`,
      { config: { perm: { entity: def.name, button: 'export' }, records: [], cookieAuth: true } },
      async (req, reply) => {
        const ctx = requestContext(req);
        const { Progress_Token, ...filters } = req.query as Record<string, unknown>;
        const token = parseWith(progressQuery, { Progress_Token }, undefined, ctx.lang).Progress_Token;
        const q = svc.parseQuery({ ...filters, Page: '1', PageSize: String(EXPORT_PAGE) }, ctx);
        // the first page is read before the answer starts: its total makes the browser's percentage
        const first = await svc.list(q, undefined, req.auth?.scope, MAX_EXPORT_ROWS + EXPORT_PAGE);
        const total = Math.min(first.paging.TotalCount, MAX_EXPORT_ROWS + EXPORT_PAGE);
        const report = exportProgress(ctx.user?.User_ID, token, total);
        const fields = exportable(def);
        const timeZone = await companyTimeZone(engine.db);
        const out = new PassThrough();
        const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
        const sheet = book.addWorksheet(labelOf(def.label, ctx.lang).slice(0, 31));
        sheet.columns = fields.map(([name, f]) => ({
          header: labelOf(f.label, ctx.lang),
          key: name,
          width: 18,
        }));
        // rows are written page by page while the file streams out
        void (async () => {
          try {
            for (let page = 1; page * EXPORT_PAGE <= MAX_EXPORT_ROWS + EXPORT_PAGE; page++) {
              const { rows } =
                page === 1 ? first : await svc.list({ ...q, Page: page }, undefined, req.auth?.scope, 0);
              for (const r of rows)
                sheet
                  .addRow(
                    Object.fromEntries(
                      fields.map(([n, f]) => [
                        n,
                        exportCell(f, r[n], formatValue(n, f, r, ctx.lang, timeZone)),
                      ]),
                    ),
                  )
                  .commit();
              report.wrote(rows.length);
              if (rows.length < EXPORT_PAGE) break;
            }
            sheet.commit();
            await book.commit();
            report.finish();
          } catch (e) {
            req.log.error({ err: e }, 'export failed');
            out.destroy(e as Error);
          }
        })();
        return reply
          .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header(
            'Content-Disposition',
            `attachment; filename*=UTF-8''${encodeURIComponent(`${labelOf(def.label, ctx.lang)}.xlsx`)}`,
          )
          .header('X-Content-Type-Options', 'nosniff')
          .header('X-Total-Count', String(total))
          .send(out);
      },
    );

    if (def.kind === 'log') continue;
    importRoutes(app, engine, svc);
  }
}

export function unknownValue(detail: string, lang: Lang): string {
  return new AppError('import_unknown_value', { detail }).text(lang);
}

/**
 * Why a row was not saved, in words for the user: a database's own message (a numeric overflow, a
 * date out of range) names tables and columns and is in English, so it goes to the log, not to the
 * report.
 */
export function rowError(e: unknown, req: FastifyRequest): AppError {
  if (e instanceof AppError) return e;
  req.log.warn({ err: e }, 'import row refused by the database');
  const code = pgCode(e) ?? '';
  // class 22 is a data exception (a value out of range, badly formed); anything else is said plainly
  if (code.startsWith('22')) return new AppError('import_row_invalid');
  return new AppError('import_row_failed');
}

/**
 * The uploaded xlsx's first sheet as texts, read in a worker thread (sheetRead.ts), refused beyond
 * `maxRows` data rows before it is read whole.
 */
export async function readUploadSheet(req: FastifyRequest, maxRows: number): Promise<SheetData> {
  const file = await readUpload(req);
  // moved to the worker, not copied, when the upload owns its memory (not a slice of Node's pool)
  const owned = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
  return runHeavy('sheet', { file, maxRows }, owned ? [file.buffer as ArrayBuffer] : []);
}

/** The uploaded xlsx of a multipart request, refused unless it is one. */
export async function readUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('upload_no_file');
  let data: Buffer | null = null;
  let name = '';
  try {
    for await (const part of req.parts())
      if (part.type === 'file') {
        data = await part.toBuffer();
        name = part.filename;
      }
  } catch {
    throw new AppError(
      'upload_too_large',
      { limit: `${Number(process.env.ATTACHMENT_MAX_MB ?? 20)} MB` },
      413,
    );
  }
  if (!data?.length) throw new AppError('upload_no_file');
  if (!/\.xlsx$/i.test(name) || !contentMatches('x.xlsx', data.subarray(0, 8)))
    throw new AppError('import_bad_file');
  return data;
}
