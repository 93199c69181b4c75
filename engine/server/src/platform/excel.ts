import { PassThrough } from 'node:stream';
import { contentMatches, type EntityDef, type FieldDef, type Lang, labelOf, type Registry } from '@mes/model';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Row } from '../db';
import { type Tx, withTx } from '../db/tx';
import type { Engine } from '../engine';
import { AppError } from '../errors';
import { requestContext } from '../http/envelope';
import { parseWith } from '../validation';
import { exportProgress, exportProgressRoutes, progressQuery } from './exportProgress';
import { cellText, columnCells, headerColumns, type RefFinder, refFinders } from './importRefs';
import { formatValue } from './pdf';
import { resolveRefs } from './refText';

export const MAX_IMPORT_ROWS = 5000;
const EXPORT_PAGE = 500;
const MAX_EXPORT_ROWS = 200_000;

/** A cell that starts like a formula is text, so that a spreadsheet never runs what a user typed. */
export function safeCell(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

const exportable = (def: EntityDef) =>
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
async function cellValue(
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
                    Object.fromEntries(fields.map(([n, f]) => [n, safeCell(formatValue(n, f, r, ctx.lang))])),
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
    app.post(
      `/${def.name}/Import`,
      { config: { perm: { entity: def.name, button: 'import' }, records: [] } },
      async (req, reply) => {
        const ctx = requestContext(req);
        const file = await readUpload(req);
        const book = new ExcelJS.Workbook();
        try {
          await book.xlsx.load(file as unknown as ArrayBuffer);
        } catch {
          throw new AppError('import_bad_file');
        }
        const sheet = book.worksheets[0];
        if (!sheet || sheet.rowCount < 2) throw new AppError('import_empty');
        if (sheet.rowCount - 1 > MAX_IMPORT_ROWS)
          throw new AppError('import_too_many', { max: MAX_IMPORT_ROWS });
        const columns = headerColumns(sheet, exportable(def));
        const errors: { Row: number; Message: string }[] = [];
        let imported = 0;
        const rollback = new Error('rollback');
        try {
          await withTx(engine.db, async (tx) => {
            const finders = await refFinders(
              columns,
              (col) => columnCells(sheet, col),
              def.name,
              (f, texts) => resolveRefs(tx, engine.registry, f, texts),
            );
            for (let r = 2; r <= sheet.rowCount; r++) {
              const row = sheet.getRow(r);
              if (!row.hasValues) continue;
              const payload: Row = {};
              let problem: string | null = null;
              for (const [col, target] of columns.entries()) {
                if (!target || target[1].readOnly) continue;
                const v = await cellValue(
                  tx,
                  engine.registry,
                  target[1],
                  row.getCell(col).value,
                  ctx.lang,
                  finders.get(col),
                );
                if ('error' in v) problem ??= unknownValue(v.error, ctx.lang);
                else if (v.value !== null) payload[target[0]] = v.value;
              }
              if (problem) {
                errors.push({ Row: r, Message: problem });
                continue;
              }
              await sql`SAVEPOINT import_row`.execute(tx);
              try {
                await svc.insert(payload, ctx, tx);
                await sql`RELEASE SAVEPOINT import_row`.execute(tx);
                imported++;
              } catch (e) {
                await sql`ROLLBACK TO SAVEPOINT import_row`.execute(tx);
                errors.push({
                  Row: r,
                  Message:
                    e instanceof AppError ? e.text(ctx.lang) : String((e as Error).message).slice(0, 200),
                });
              }
              if (errors.length >= 200) break;
            }
            // all or nothing: one bad row and nothing is kept
            if (errors.length) throw rollback;
          });
        } catch (e) {
          if (e !== rollback) throw e;
        }
        const report = { Total: sheet.rowCount - 1, Imported: errors.length ? 0 : imported, Errors: errors };
        if (errors.length)
          return reply.status(400).send({
            Code: 1,
            Message: new AppError('import_failed', { n: errors.length }).text(ctx.lang),
            Data: report,
          });
        return {
          Code: 0,
          Message: new AppError('import_done', { n: imported }).text(ctx.lang),
          Data: report,
        };
      },
    );
  }
}

function unknownValue(detail: string, lang: Lang): string {
  return new AppError('import_unknown_value', { detail }).text(lang);
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
