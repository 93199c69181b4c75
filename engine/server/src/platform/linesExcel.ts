import {
  codeNameOf,
  displayNameOf,
  type EntityDef,
  type FieldDef,
  type Lang,
  type LinesDef,
  labelOf,
  lineSchema,
} from '@mes/model';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Row } from '../db';
import { withTx } from '../db/tx';
import type { Engine } from '../engine';
import { AppError } from '../errors';
import { requestContext } from '../http/envelope';
import { parseWith, zodError } from '../validation';
import { exportCell, plainCell, readUploadSheet, safeCell } from './excel';
import { columnCells, headerColumns, type RefFinder, refFinders } from './importRefs';
import { formatValue } from './pdf';
import { namedRows, resolveRefs, shownAs } from './refText';

/**
 * A document's line table to and from Excel (ERPNext's Download / Upload of a child table): the
 * lines in the form are written to a sheet, counted or priced there, and read back into the form.
 * Nothing is stored by either: the form saves what it holds, checked as any save is.
 */
/** The most rows any line table may exchange with a sheet (a stocktake's lines run to thousands). */
const MAX_LINE_ROWS = 5000;
const linesQuery = z.object({ Lines: z.string().min(1).max(100) });
const exportBody = z.object({
  Lines: z.string().min(1).max(100),
  Rows: z.array(z.record(z.string().max(100), z.unknown())).max(MAX_LINE_ROWS),
});

function linesOf(def: EntityDef, key: string): LinesDef {
  const lines = Object.hasOwn(def.lines, key) ? def.lines[key] : undefined;
  if (!lines) throw new AppError('lines_unknown', { name: key });
  return lines;
}

/** The columns a sheet carries: what the user enters, not what the server computes. */
const editable = (lines: LinesDef) =>
  Object.entries(lines.fields).filter(([, f]) => !f.readOnly && !(f.kind === 'text' && f.secret));

/**
 * A cell as the sheet gets it: options and yes/no as a printed record reads them (formatValue),
 * references as "code name", numbers and times as the wire has them, so that they read back.
 */
function cellOf(
  name: string,
  f: FieldDef,
  r: Row,
  lang: Lang,
  names: Map<string, string> | undefined,
): string | number {
  const v = r[name];
  if (v === null || v === undefined) return '';
  if (f.kind === 'enum' || f.kind === 'bool') return safeCell(formatValue(name, f, r, lang));
  // a reference's code and name are typed by users like any text
  if (f.kind === 'ref') return safeCell(names?.get(String(v)) ?? String(v));
  return exportCell(f, v, String(v));
}

/** One cell read back, or what is wrong with it. */
function readCell(
  f: FieldDef,
  text: string,
  ref: RefFinder | undefined,
  lang: Lang,
): { value: unknown; name?: string; code?: string } | { error: string } {
  const wrong = () => ({
    error: new AppError('import_unknown_value', { detail: `${labelOf(f.label, lang)}: ${text}` }).text(lang),
  });
  if (f.kind === 'ref' && text !== '') {
    const r = ref?.(text);
    return r ? { value: r.id, name: r.name ?? undefined, code: r.code ?? undefined } : wrong();
  }
  // a spreadsheet may hold a number as 12.5 or as the text "1,250.00"
  if (f.kind === 'decimal') return { value: text === '' ? null : text.replace(/,/g, '') };
  return plainCell(f, text) ?? wrong();
}

export function linesExcelRoutes(app: FastifyInstance, engine: Engine) {
  for (const svc of engine.allServices()) {
    const def = svc.def;
    if (!def.api || def.kind === 'log' || !Object.keys(def.lines).length) continue;

    app.post(
      `/${def.name}/LinesExport`,
      { config: { perm: { entity: def.name, button: 'export' }, records: [] } },
      async (req, reply) => {
        const ctx = requestContext(req);
        const body = parseWith(exportBody, req.body, def, ctx.lang);
        const lines = linesOf(def, body.Lines);
        const fields = editable(lines);
        const names = new Map<string, Map<string, string>>();
        for (const [col, f] of fields) {
          if (f.kind !== 'ref') continue;
          const ids = [...new Set(body.Rows.map((r) => Number(r[col])).filter(Number.isSafeInteger))];
          const rows = await namedRows(engine.db, engine.registry, f, sql`id = ANY(${ids})`);
          names.set(col, new Map(rows.map((r) => [String(r.id), shownAs(r)])));
        }
        const book = new ExcelJS.Workbook();
        const sheet = book.addWorksheet(labelOf(lines.label, ctx.lang).slice(0, 31));
        sheet.columns = fields.map(([n, f]) => ({ header: labelOf(f.label, ctx.lang), key: n, width: 20 }));
        for (const r of body.Rows)
          sheet.addRow(
            Object.fromEntries(fields.map(([n, f]) => [n, cellOf(n, f, r, ctx.lang, names.get(n))])),
          );
        const file = `${labelOf(def.label, ctx.lang)}-${labelOf(lines.label, ctx.lang)}.xlsx`;
        return reply
          .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file)}`)
          .header('X-Content-Type-Options', 'nosniff')
          .send(Buffer.from(await book.xlsx.writeBuffer()));
      },
    );

    app.post(
      `/${def.name}/LinesImport`,
      { config: { perm: { entity: def.name, button: 'import' }, records: [] } },
      async (req, reply) => {
        const ctx = requestContext(req);
        const linesName = parseWith(linesQuery, req.query, def, ctx.lang).Lines;
        const lines = linesOf(def, linesName);
        const max = Math.min(lines.maxRows ?? MAX_LINE_ROWS, MAX_LINE_ROWS);
        // a longer sheet is refused as soon as its reading passes the bound, not counted to its end
        const sheet = await readUploadSheet(req, max).catch((e: unknown) => {
          if (e instanceof AppError && e.key === 'import_too_many')
            throw new AppError('lines_too_many', { n: `${max}+`, max });
          throw e;
        });
        const columns = headerColumns(sheet.rows.find((r) => r.at === 1)?.cells, editable(lines));
        const noResult = new Set(sheet.noResult);
        const rows: { at: number; cells: Map<string, string> }[] = [];
        for (const { at, cells: texts } of sheet.rows) {
          if (at < 2) continue;
          const cells = new Map<string, string>();
          for (const [col, target] of columns.entries()) {
            const text = target ? (texts[col] ?? '') : '';
            if (target && text !== '') cells.set(target[0], text);
          }
          if (cells.size || noResult.has(at)) rows.push({ at, cells });
        }
        if (!rows.length) throw new AppError('import_empty');
        if (rows.length > max) throw new AppError('lines_too_many', { n: rows.length, max });

        // nothing is saved here, so no line refers to one a row above brings: every reference
        // column is read with one lookup
        const finders = await refFinders(
          columns,
          (col) => columnCells(sheet.rows, col),
          null,
          (f, texts) => resolveRefs(engine.db, engine.registry, f, texts),
        );
        const refs = new Map<string, RefFinder>();
        for (const [col, find] of finders) {
          const name = columns[col]?.[0];
          if (name) refs.set(name, find);
        }
        const schema = lineSchema(lines);
        const errors: { Row: number; Message: string }[] = [];
        const out: Row[] = [];
        for (const { at, cells } of rows) {
          const line: Row = {};
          const shown: Row = {};
          let problem = noResult.has(at) ? new AppError('import_no_result').text(ctx.lang) : null;
          for (const [col, f] of editable(lines)) {
            const v = readCell(f, cells.get(col) ?? '', refs.get(col), ctx.lang);
            if ('error' in v) problem ??= v.error;
            else if (v.value !== null) {
              line[col] = v.value;
              // code beside name, as a read of the document's lines gives them
              if (f.kind === 'ref' && v.name) shown[displayNameOf(col, f)] = v.name;
              if (f.kind === 'ref' && v.code) shown[codeNameOf(col)] = v.code;
            }
          }
          const checked = problem ? null : schema.safeParse(line);
          // named as the line's own fields: a row of the table is the record here
          if (checked && !checked.success)
            problem = zodError(checked.error, { ...def, fields: lines.fields, lines: {} }, ctx.lang).text(
              ctx.lang,
            );
          if (problem) errors.push({ Row: at, Message: problem });
          else out.push({ ...line, ...shown });
          if (errors.length >= 200) break;
        }
        if (errors.length)
          return reply.status(400).send({
            Code: 1,
            Message: new AppError('import_failed', { n: errors.length }).text(ctx.lang),
            Data: { Total: rows.length, Imported: 0, Errors: errors },
          });
        const filled = engine.service(def.name).hooks.linesImported;
        if (filled)
          await withTx(engine.db, (tx) =>
            Promise.resolve(filled({ ...ctx, tx, registry: engine.registry }, linesName, out)),
          );
        return {
          Code: 0,
          Message: new AppError('import_done', { n: out.length }).text(ctx.lang),
          Data: { Total: rows.length, Imported: out.length, Rows: out },
        };
      },
    );
  }
}
